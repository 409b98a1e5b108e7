// The node's process table, for what containerd starts: one containerd-shim-runc-v2 per pod sandbox,
// its /pause, and each container's own processes, each with a host PID handed out in order as they
// start (the kernel's PID allocator counts up), new namespaces numbered as the kernel numbers them
// (inodes of the nsfs, from 4026532xxx), and the cgroup each one lives in. The table lives in the
// node's kernel, so it outlives a restart of containerd (the shims keep their processes) and is
// gone after a power cycle; containerd keeps it with what it persists, as it keeps `kernel`.

import type { Container, ContainerdState, Sandbox } from './state';
import { PAUSE_PROCESS, containerProcesses, shimProcess, type ProcessSpec } from './container-processes';

export interface HostProc {
  pid: number;
  ppid: number;
  uid: number;
  args: string;
  comm: string;
  startedAt: number;
  vszKb: number;
  rssKb: number;
  role: 'shim' | 'pause' | 'container';
  sandboxId: string;
  containerId?: string;
  /** The process a container's main process forked (nginx's workers), respawned when it dies. */
  forkedFrom?: number;
}

export type NsType = 'cgroup' | 'ipc' | 'mnt' | 'net' | 'pid' | 'time' | 'user' | 'uts';
export type Namespaces = Record<NsType, number>;

export interface HostPidTable {
  nextPid: number;
  nextNs: number;
  procs: HostProc[];
}

/**
 * After boot, systemd, containerd (712) and the kubelet (2817) have their PIDs; what containerd
 * starts comes later. pid_max is 4194304 (systemd sets it on 64-bit machines).
 */
const FIRST_POD_PID = 3400;
/** PID 1's namespaces on a 5.15 kernel, the ones every host process shares. */
export const HOST_NAMESPACES: Namespaces = { cgroup: 4026531835, ipc: 4026531839, mnt: 4026531841, net: 4026531840, pid: 4026531836, time: 4026531834, user: 4026531837, uts: 4026531838 };
const FIRST_NEW_NS = 4026532160;

export function newPidTable(): HostPidTable {
  return { nextPid: FIRST_POD_PID, nextNs: FIRST_NEW_NS, procs: [] };
}

function table(s: ContainerdState): HostPidTable {
  return (s.pids ??= newPidTable());
}

function spawn(t: HostPidTable, spec: ProcessSpec, ppid: number, now: number, role: HostProc['role'], sandboxId: string, containerId?: string): HostProc {
  const p: HostProc = { pid: t.nextPid++, ppid, uid: spec.uid, args: spec.args, comm: spec.comm, startedAt: now, vszKb: spec.vszKb, rssKb: spec.rssKb, role, sandboxId };
  if (containerId) p.containerId = containerId;
  t.procs.push(p);
  return p;
}

function newNs(t: HostPidTable): number {
  return t.nextNs++;
}

/**
 * RunPodSandbox: containerd starts the sandbox's shim, and runc starts /pause in new network, IPC,
 * UTS, PID and mount namespaces (and a cgroup namespace on cgroup v2) that the pod's containers join.
 */
export function startSandboxProcesses(s: ContainerdState, sb: Sandbox, now: number): void {
  const t = table(s);
  const shim = spawn(t, shimProcess(sb.id), 1, now, 'shim', sb.id);
  const pause = spawn(t, PAUSE_PROCESS, shim.pid, now, 'pause', sb.id);
  sb.pid = pause.pid;
  sb.ns = { ...HOST_NAMESPACES, mnt: newNs(t), uts: newNs(t), ipc: newNs(t), pid: newNs(t), net: newNs(t), cgroup: newNs(t) };
}

/**
 * StartContainer: runc starts the container's process under the sandbox's shim, in the sandbox's
 * network, IPC and UTS namespaces and in PID, mount and cgroup namespaces of its own.
 */
export function startContainerProcesses(s: ContainerdState, c: Container, now: number, cpus: number): void {
  const t = table(s);
  const sb = s.sandboxes.get(c.podSandboxId);
  const shim = t.procs.find((p) => p.role === 'shim' && p.sandboxId === c.podSandboxId);
  if (!sb || !shim) return;
  const spec = containerProcesses(c.image, c.command, c.args, cpus);
  const main = spawn(t, spec, shim.pid, now, 'container', sb.id, c.id);
  for (const child of spec.children ?? []) spawn(t, child, main.pid, now, 'container', sb.id, c.id).forkedFrom = main.pid;
  c.pid = main.pid;
  const shared = sb.ns ?? HOST_NAMESPACES;
  c.ns = { ...shared, mnt: newNs(t), pid: newNs(t), cgroup: newNs(t) };
}

/** The container's processes are gone (it exited or was killed); its PID is kept for `crictl inspect`'s last state. */
export function endContainerProcesses(s: ContainerdState, containerId: string): void {
  if (!s.pids) return;
  s.pids.procs = s.pids.procs.filter((p) => p.containerId !== containerId);
}

/** The sandbox's /pause exited: the shim stays while the pod's containers run, then leaves too. */
export function endPause(s: ContainerdState, sandboxId: string): void {
  if (!s.pids) return;
  s.pids.procs = s.pids.procs.filter((p) => !(p.role === 'pause' && p.sandboxId === sandboxId));
}

/** The sandbox is stopped (or its shim killed): no process of the pod is left. */
export function endSandboxProcesses(s: ContainerdState, sandboxId: string): void {
  if (!s.pids) return;
  s.pids.procs = s.pids.procs.filter((p) => p.sandboxId !== sandboxId);
}

/** A forked child died (nginx's worker): its parent forks a new one with the next PID, as nginx's master does. */
export function respawnChild(s: ContainerdState, dead: HostProc, now: number): HostProc {
  const t = table(s);
  const { pid: _p, startedAt: _s, ...spec } = dead;
  const p: HostProc = { ...spec, pid: t.nextPid++, startedAt: now };
  t.procs.push(p);
  return p;
}

export function findProc(s: Pick<ContainerdState, 'pids'>, pid: number): HostProc | undefined {
  return s.pids?.procs.find((p) => p.pid === pid);
}

/** The machine lost power: every process died; the PID allocator and nsfs start again at boot. */
export function afterPowerLossPids(): HostPidTable {
  return newPidTable();
}
