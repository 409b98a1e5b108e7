// A signal sent from the host to a PID that containerd started (`kill -9 PID` in a node shell). The
// kernel delivers it; containerd hears of the death from the shim that waits on the process:
// - a container's main process: the task exits (128 + 9 = 137 for SIGKILL) and the kubelet sees
//   CONTAINER_STOPPED as for any crash, and restarts it per the pod's restartPolicy;
// - a process the main one forked (nginx's worker): its parent forks a new one, the container runs on;
// - the sandbox's /pause: the sandbox is no longer ready, and the kubelet makes a new one;
// - the shim: containerd cleans up after a dead shim (its tasks are killed and reported exited 137),
//   and the sandbox is no longer ready.

import type { Effects } from '../../kernel/component';
import type { CriContainerEvent, PodSandboxInfo, RuntimeInfo } from './cri';
import { exitContainer, stopContainer } from './process';
import { endContainerProcesses, endPause, endSandboxProcesses, findProc, respawnChild, type HostProc } from './host-pids';
import { systemdCgroupsPath } from './cgroups';
import { SANDBOX_IMAGE, clog, type Container, type ContainerdState, type Sandbox } from './state';

export interface HostSignal {
  type: 'host.signal';
  pid: number;
  signal: 'SIGKILL' | 'SIGTERM';
}

export function sandboxInfo(sb: Sandbox): PodSandboxInfo {
  const { creating: _c, stopping: _s, networkLeft: _n, pid: _p, ns: _ns, cgroupParent: _cg, ...info } = sb;
  return info;
}

/** The sandbox's namespaces a container joins, by /pause's PID (the runtime spec containerd writes). */
function nsPaths(types: string[], sandboxPid: number | undefined): RuntimeInfo['namespaces'] {
  return types.map((type) => ({ type, path: `/proc/${sandboxPid ?? 0}/ns/${type === 'network' ? 'net' : type}` }));
}

/** The network namespace CNI's netns manager made for the sandbox: /var/run/netns/cni-<uuid>. */
export function netnsPath(sandboxId: string): string {
  const h = sandboxId;
  return `/var/run/netns/cni-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** containerd's verbose ContainerStatus info: the task's PID and the runtime spec's namespaces and cgroup. */
export function containerVerboseInfo(s: ContainerdState, c: Container): RuntimeInfo {
  const sb = s.sandboxes.get(c.podSandboxId);
  const pid = c.state === 'CONTAINER_RUNNING' ? (c.pid ?? 0) : 0;
  return {
    pid,
    cgroupsPath: sb ? systemdCgroupsPath(sb, c.id) : '',
    // The pod's containers join the sandbox's network, IPC and UTS namespaces and get their own PID and mount ones.
    namespaces: [{ type: 'pid' }, ...nsPaths(['ipc', 'uts'], sb?.pid), { type: 'mount' }, ...nsPaths(['network'], sb?.pid), { type: 'cgroup' }],
  };
}

export function sandboxVerboseInfo(sb: Sandbox): RuntimeInfo {
  const pid = sb.state === 'SANDBOX_READY' ? (sb.pid ?? 0) : 0;
  return { pid, cgroupsPath: systemdCgroupsPath(sb, sb.id), namespaces: [{ type: 'pid' }, { type: 'ipc' }, { type: 'uts' }, { type: 'mount' }, { type: 'network', path: netnsPath(sb.id) }, { type: 'cgroup' }], image: SANDBOX_IMAGE };
}

/** The sandbox's task exited: it is not ready any more, and the kubelet hears of it (evented PLEG). */
function sandboxDied(s: ContainerdState, ctx: Effects, sb: Sandbox): void {
  if (sb.state !== 'SANDBOX_READY') return;
  sb.state = 'SANDBOX_NOTREADY';
  // Its network namespace stays until the kubelet stops the sandbox (StopPodSandbox's CNI DEL).
  sb.networkLeft = true;
  clog(ctx, 'info', `TaskExit event container_id:"${sb.id}" exit_status:137`);
  const ev: CriContainerEvent = {
    type: 'cri.event',
    containerEventType: 'CONTAINER_STOPPED_EVENT',
    container: { id: sb.id, podSandboxId: sb.id, metadata: { name: sb.metadata.name, attempt: sb.metadata.attempt }, image: SANDBOX_IMAGE, imageRef: '', state: 'CONTAINER_EXITED', createdAt: sb.createdAt, exitCode: 137, labels: sb.labels },
    podSandboxStatus: sandboxInfo(sb),
  };
  for (const sub of s.subscribers) ctx.send({ process: sub.process, incarnation: sub.incarnation }, ev, { summary: `CONTAINER_STOPPED_EVENT sandbox ${sb.metadata.name}`, phase: 'execution', stream: sub.stream });
}

function signalContainer(s: ContainerdState, ctx: Effects, p: HostProc, sig: HostSignal['signal']): void {
  const c = p.containerId ? s.containers.get(p.containerId) : undefined;
  if (!c || c.state !== 'CONTAINER_RUNNING') return;
  if (p.forkedFrom !== undefined) {
    s.pids!.procs = s.pids!.procs.filter((x) => x.pid !== p.pid);
    respawnChild(s, p, ctx.now);
    return;
  }
  if (sig === 'SIGKILL') return exitContainer(s, c, 137, ctx, 'SIGKILL');
  // SIGTERM from the host: a server exits cleanly; a shell as PID 1 has no handler and goes on.
  if (c.program.onSigterm === 'exit0') stopContainer(s, c, 1, ctx);
}

export function onHostSignal(s: ContainerdState, ctx: Effects, sig: HostSignal): void {
  const p = findProc(s, sig.pid);
  if (!p) return;
  const sb = s.sandboxes.get(p.sandboxId);
  if (p.role === 'container') return signalContainer(s, ctx, p, sig.signal);
  if (p.role === 'pause') {
    // pause exits on SIGTERM as on SIGKILL (it handles SIGINT and SIGTERM by exiting).
    endPause(s, p.sandboxId);
    if (sb) sandboxDied(s, ctx, sb);
    return;
  }
  // The shim: containerd's cleanup after a dead shim kills its tasks and reports them exited.
  clog(ctx, 'info', `shim disconnected`, `id=${p.sandboxId} namespace=k8s.io`);
  for (const c of s.containers.values()) {
    if (c.podSandboxId !== p.sandboxId || c.state !== 'CONTAINER_RUNNING') continue;
    exitContainer(s, c, 137, ctx, 'SIGKILL');
    endContainerProcesses(s, c.id);
  }
  endSandboxProcesses(s, p.sandboxId);
  if (sb) sandboxDied(s, ctx, sb);
}


