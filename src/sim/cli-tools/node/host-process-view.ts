// Every process of a node as its /proc shows it, put together from what is local to the host:
// systemd as PID 1, the systemd units (containerd, the kubelet) from systemd itself
// (ctx.hostProcesses()), the pods whose container is a simulated process of the node (kube-proxy,
// the control plane's static pods) with their shim and pause, and the node's process table for what
// containerd started (runtime/host-pids.ts, read from the node's kernel with hostData).

import type { Effects, HostProcessInfo } from '../../kernel/component';
import type { ContainerdState } from '../../node/runtime/state';
import { HOST_NAMESPACES, type HostProc, type Namespaces } from '../../node/runtime/host-pids';
import { cpuMax, memoryMax, scopePath } from '../../node/runtime/cgroups';
import { PAUSE_PROCESS, shimProcess } from '../../node/runtime/container-processes';
import { hex64 } from '../../node/registry/digest';
import { pidOf, UNITS } from './systemd-format';

export interface ProcEntry {
  pid: number;
  ppid: number;
  uid: number;
  args: string;
  comm: string;
  startedAt: number;
  vszKb: number;
  rssKb: number;
  /** `0::<path>` of /proc/PID/cgroup. */
  cgroup: string;
  ns: Namespaces;
  /** What a signal to it reaches: a process containerd started, a systemd unit, or nothing killable here. */
  target: { kind: 'containerd'; } | { kind: 'unit'; id: string } | { kind: 'init' } | { kind: 'process-pod'; id: string };
  /** The container's cgroup limits, for the files of its scope. */
  memoryMax?: string;
  cpuMax?: string;
}

type ContainerdView = Pick<ContainerdState, 'sandboxes' | 'containers' | 'pids'>;

/** The pods whose container is one of the node's simulated processes, by process kind, with their command. */
const PROCESS_PODS: Record<string, { index: number; args: (node: string) => string }> = {
  etcd: { index: 0, args: () => 'etcd' },
  'kube-apiserver': { index: 1, args: () => 'kube-apiserver' },
  'kube-controller-manager': { index: 2, args: () => 'kube-controller-manager' },
  'kube-scheduler': { index: 3, args: () => 'kube-scheduler --authentication-kubeconfig=/etc/kubernetes/scheduler.conf --authorization-kubeconfig=/etc/kubernetes/scheduler.conf --bind-address=127.0.0.1 --kubeconfig=/etc/kubernetes/scheduler.conf --leader-elect=true' },
  // kube-proxy's DaemonSet command, with $(NODE_NAME) expanded (bootstrap/addons.ts).
  'kube-proxy': { index: 4, args: (node) => `/usr/local/bin/kube-proxy --config=/var/lib/kube-proxy/config.conf --hostname-override=${node}` },
};
const PROCESS_POD_FIRST_PID = 2880;
const RESTART_PID_STEP = 131;

const SYSTEMD: Omit<ProcEntry, 'startedAt'> = { pid: 1, ppid: 0, uid: 0, args: '/sbin/init', comm: 'systemd', vszKb: 167744, rssKb: 13056, cgroup: '0::/init.scope', ns: HOST_NAMESPACES, target: { kind: 'init' } };

function unitEntries(procs: HostProcessInfo[], boot: number): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const p of procs) {
    const u = UNITS[p.kind];
    if (!u || !p.alive) continue;
    const argv0 = u.binary.split(' ')[0]!;
    out.push({ pid: pidOf(u, p), ppid: 1, uid: 0, args: u.binary, comm: argv0.split('/').at(-1)!.slice(0, 15), startedAt: p.startedAt ?? boot, vszKb: p.kind === 'kubelet' ? 2046068 : 2060112, rssKb: p.kind === 'kubelet' ? 98304 : 52224, cgroup: `0::/system.slice/${u.unit}`, ns: HOST_NAMESPACES, target: { kind: 'unit', id: p.id } });
  }
  return out;
}

/** A process pod: its shim and pause (PIDs fixed per kind) and its process (a new PID per start). */
function processPodEntries(procs: HostProcessInfo[], node: string, boot: number): ProcEntry[] {
  const out: ProcEntry[] = [];
  for (const p of procs) {
    const pod = PROCESS_PODS[p.kind];
    if (!pod || !p.alive) continue;
    const sandboxId = hex64(`${node}:process-pod:${p.kind}`);
    const shim = PROCESS_POD_FIRST_PID + pod.index * 40;
    const slice = `/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod${hex64(`${node}:${p.kind}:uid`).slice(0, 32)}.slice`;
    const base = { startedAt: boot, cgroup: '0::/system.slice/containerd.service', ns: HOST_NAMESPACES, target: { kind: 'process-pod' as const, id: p.id } };
    const s = shimProcess(sandboxId);
    out.push({ ...base, ...s, pid: shim, ppid: 1 });
    // These pods use the host's network (hostNetwork: true), so they make no network namespace.
    out.push({ ...base, ...PAUSE_PROCESS, pid: shim + 21, ppid: shim, cgroup: `0::${slice}/cri-containerd-${sandboxId}.scope` });
    const args = pod.args(node);
    const argv0 = args.split(' ')[0]!;
    out.push({ ...base, pid: shim + 42 + Math.max(0, p.incarnation - 1) * RESTART_PID_STEP, ppid: shim, uid: 0, args, comm: argv0.split('/').at(-1)!.slice(0, 15), vszKb: 1290000, rssKb: 60000, startedAt: p.startedAt ?? boot, cgroup: `0::${slice}/cri-containerd-${hex64(`${node}:${p.kind}:${p.incarnation}`)}.scope` });
  }
  return out;
}

function containerdEntries(cd: ContainerdView | undefined): ProcEntry[] {
  if (!cd?.pids) return [];
  return cd.pids.procs.map((p: HostProc) => {
    const sb = cd.sandboxes.get(p.sandboxId);
    const c = p.containerId ? cd.containers.get(p.containerId) : undefined;
    const e: ProcEntry = { pid: p.pid, ppid: p.ppid, uid: p.uid, args: p.args, comm: p.comm, startedAt: p.startedAt, vszKb: p.vszKb, rssKb: p.rssKb, cgroup: '0::/system.slice/containerd.service', ns: HOST_NAMESPACES, target: { kind: 'containerd' } };
    if (p.role === 'pause' && sb) {
      e.cgroup = `0::${scopePath(sb, sb.id)}`;
      e.ns = sb.ns ?? HOST_NAMESPACES;
    }
    if (c && sb) {
      e.cgroup = `0::${scopePath(sb, c.id)}`;
      e.ns = c.ns ?? HOST_NAMESPACES;
      e.memoryMax = memoryMax(c);
      e.cpuMax = cpuMax(c);
    }
    return e;
  });
}

/** The node's processes in PID order, as /proc lists them. */
export function hostProcessView(ctx: Effects, node: string): ProcEntry[] {
  const procs = ctx.hostProcesses({ logs: false });
  // The machine booted when its first process of this boot started (systemd's own start is a moment before).
  const boot = Math.min(...procs.filter((p) => p.alive && p.startedAt !== undefined).map((p) => p.startedAt!), ctx.now);
  const all = [{ ...SYSTEMD, startedAt: boot }, ...unitEntries(procs, boot), ...processPodEntries(procs, node, boot), ...containerdEntries(ctx.hostData('containerd') as ContainerdView | undefined)];
  return all.sort((a, b) => a.pid - b.pid);
}
