// containerd's state: images in its content store, pod sandboxes, containers with the program each
// one runs, and the kubelet's CRI calls that wait on something (a pull, a CNI answer, a stop).
// Images, sandboxes and containers survive a restart of containerd (containerd-shim keeps the
// processes; the metadata is in /var/lib/containerd), so they are what it persists.

import { simEpochMs } from '../../api/time';
import type { Effects, ObjectRef, ReplyAddress } from '../../kernel/component';
import type { MessageId, ProcessId, RecordId, TimerId } from '../../kernel/units';
import type { HttpBehaviour, Program, Step } from '../registry/program';
import type { ContainerInfo, CriMethod, ImageInfo, PodSandboxInfo } from './cri';
import type { NodeKernel } from '../kernel/packet-path';
import type { OutgoingRequest } from './outgoing';
import type { LoadEnd, LoadGen } from './load-generator';
import type { RedisState } from './redis-server';
import type { DnsLookup } from './resolver';
import type { NslookupRun } from './nslookup';
import type { CorednsClientConfig, CorednsServer } from '../coredns/coredns';
import type { MetricsServer, MetricsServerClientConfig } from '../metrics-server/metrics-server';
import type { HostPidTable, Namespaces } from './host-pids';

export interface ContainerdConfig {
  nodeName: string;
  registry: ProcessId;
  cni: ProcessId;
  /** The identity and apiserver of the CoreDNS containers' kubernetes plugin (node/coredns/coredns.ts). */
  corednsClient?: CorednsClientConfig;
  /** The identity and apiserver of metrics-server containers (node/metrics-server/metrics-server.ts). */
  metricsServerClient?: MetricsServerClientConfig;
  /** Pre-pulled images (as the user wrote them; normalised on start). */
  images: string[];
  bandwidthBytesPerSec: number;
  /** The machine's CPUs (nginx forks one worker per CPU it sees). */
  cpus?: number;
}

/** A CRI request waiting for an answer, with the record that caused it. */
export interface Waiter {
  to: ReplyAddress;
  requestId: MessageId;
  method: CriMethod;
  cause: RecordId;
  /** The pod the call is about, for the trace. */
  object?: ObjectRef;
}

export interface Frame {
  steps: Step[];
  pc: number;
  loop: boolean;
}

export interface LogEntry {
  t: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface Container extends ContainerInfo {
  program: Program;
  frames: Frame[];
  files: string[];
  listening: { port: number; http?: HttpBehaviour }[];
  logs: LogEntry[];
  /** When the pending step timer is due (so a restarted containerd can re-arm it). */
  nextAt?: number;
  timer?: TimerId;
  killTimer?: TimerId;
  /** When the pending SIGKILL is due. */
  killAt?: number;
  stopWaiters: Waiter[];
  /** The process environment (PATH, HOSTNAME, image Env, CRI envs), for exec (the files it sees are `mounted`). */
  processEnv?: [string, string][];
  /** PID 1's command line (ps), and how many execs ran (their PIDs follow). */
  commandLine?: string;
  execs?: number;
  /** The cgroup's memory.max (from the CRI config), and what the program has touched so far. */
  memoryLimitInBytes?: number;
  memoryBytes?: number;
  /** The files of its configMap/secret/projected volumes by path, as the kubelet last wrote them. */
  mounted?: Record<string, string>;
  /** A redis server's keyspace and replication (redis-server.ts). */
  redis?: RedisState;
  /** The pod spec's command and args (runc's process.args, what ps shows). */
  command?: string[];
  args?: string[];
  /** The main process's host PID and its namespaces' inodes while it runs (host-pids.ts); the PID stays after it exits. */
  pid?: number;
  ns?: Namespaces;
  /** LinuxContainerResources: cpu.max's quota and period (microseconds); none means no limit. */
  cpuQuota?: number;
  cpuPeriod?: number;
}

export interface Sandbox extends PodSandboxInfo {
  /** RunPodSandbox waiting for the pause image or the CNI answer. */
  creating?: Waiter;
  stopping?: Waiter;
  /** Not ready because its machine lost power, with its network (the IP) not yet torn down. */
  networkLeft?: boolean;
  /** /pause's host PID and the namespaces it made for the pod (host-pids.ts). */
  pid?: number;
  ns?: Namespaces;
  /** LinuxPodSandboxConfig.cgroup_parent: the pod's systemd slice, `kubepods-besteffort-pod<uid>.slice`. */
  cgroupParent?: string;
}

export interface Pull {
  image: string;
  waiters: Waiter[];
  /** Sandboxes waiting for this image (the pause image). */
  sandboxes: string[];
  registryRequest?: MessageId;
  startedAt: number;
}

export interface ContainerdState {
  config: ContainerdConfig;
  images: Map<string, ImageInfo>;
  sandboxes: Map<string, Sandbox>;
  containers: Map<string, Container>;
  pulls: Map<string, Pull>;
  /** CNI request id -> sandbox id. */
  cniCalls: Map<MessageId, string>;
  /** Open GetContainerEvents streams. */
  subscribers: { stream: MessageId; process: ProcessId; incarnation: number }[];
  /** Shared with what is persisted, so ids stay unique across restarts. */
  counters: { seq: number; outgoing?: number; lookups?: number; nslookups?: number };
  /** Requests its containers are making (outgoing.ts). */
  outgoing?: Map<number, OutgoingRequest>;
  /** The node kernel's conntrack table and IPVS scheduler state (node/kernel/packet-path.ts). */
  kernel?: NodeKernel;
  /** Load generators running in its containers (the scenario's traffic step). */
  loads?: Map<number, LoadGen>;
  /** The latest load requests that ended short of an answer, and where (load-generator.ts LoadEnd). */
  loadEnds?: LoadEnd[];
  loadEndSeq?: number;
  /** DNS lookups its containers are making (resolver.ts), and the nslookup runs behind some (nslookup.ts). */
  lookups?: Map<number, DnsLookup>;
  nslookups?: Map<number, NslookupRun>;
  /** The CoreDNS programs of its running coredns containers (node/coredns/coredns.ts). */
  coredns?: Map<string, CorednsServer>;
  /** The metrics-server programs of its running metrics-server containers. */
  metricsServers?: Map<string, MetricsServer>;
  /** The node's process table for what containerd started (host-pids.ts), persisted with the kernel's tables. */
  pids?: HostPidTable;
}

export const SANDBOX_IMAGE = 'registry.k8s.io/pause:3.10';
export const CONTAINERD_VERSION = '1.7.20';
export const CONTAINERD_REVISION = '8fc6bcff51318944179630522a095cc9dbf9f353';
export const LOG_LINES_KEPT = 1000;

/** logrus's text format, as `journalctl -u containerd` shows it. */
export function clog(ctx: Effects, level: 'info' | 'error' | 'warning', msg: string, extra = ''): void {
  const t = nanoTime(ctx.now);
  ctx.log(`time="${t}" level=${level} msg="${msg.replace(/"/g, '\\"')}"${extra ? ' ' + extra : ''}`);
}

/** RFC 3339 with nanoseconds, as containerd and the CRI log format write it. */
export function nanoTime(simMs: number): string {
  const whole = Math.floor(simMs);
  const iso = new Date(simEpochMs() + whole).toISOString();
  const sub = Math.round((simMs - whole) * 1e6).toString().padStart(6, '0');
  return iso.replace('Z', `${sub}Z`);
}
