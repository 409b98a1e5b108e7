// The contract between the kernel and every component (etcd member, kube-apiserver, scheduler,
// kubelet, containerd, kubectl, ...). A component is plain state plus functions over it, in the
// shape of etcd-io/raft: it takes one input (a delivered message or a fired timer), changes its own
// state and asks for effects (send, set a timer, persist, log). It never sends, sleeps or reads a
// clock by itself, so it can be driven in tests with plain data (see recording-effects.ts).

import type { TraceStep } from './trace';
import type { HostName, MessageId, Millis, ProcessId, RecordId, TimerId } from './units';

/**
 * The phase a trace record belongs to: the seed's four phases of a request (1 validation and
 * persistence, 2 watch, 3 scheduling, 4 execution) plus the background work of a cluster.
 */
export type Phase =
  | 'persistence'
  | 'watch'
  | 'scheduling'
  | 'execution'
  | 'raft'
  | 'heartbeat'
  | 'networking'
  | 'controller'
  | 'user';

export const PHASES: readonly Phase[] = [
  'persistence',
  'watch',
  'scheduling',
  'execution',
  'raft',
  'heartbeat',
  'networking',
  'controller',
  'user',
];

/** The Kubernetes object a record concerns, as kubectl names it (`pod/web`, `node/worker-1`). */
export interface ObjectRef {
  kind: string;
  name: string;
  namespace?: string;
}

/** Every message body is a plain object with a `type` discriminator (`http.request`, `cri.request`, ...). */
export interface MessageBody {
  type: string;
}

/** A message as the kernel delivers it. */
export interface Message<B extends MessageBody = MessageBody> {
  id: MessageId;
  from: ProcessId;
  fromIncarnation: number;
  to: ProcessId;
  body: B;
  sentAt: Millis;
  phase: Phase;
  summary: string;
  object?: ObjectRef;
  /** Set when this message belongs to a long-lived stream (a watch); the stream id is the id of the message that opened it. */
  stream?: MessageId;
}

export interface SendMeta {
  /** Defaults to the phase of the record being handled. */
  phase?: Phase;
  summary: string;
  object?: ObjectRef;
  /** `'open'` opens a stream whose id is this message's id; a number sends on that stream. */
  stream?: 'open' | MessageId;
  /** How the request this answers was handled, for the trace (TraceRecord.steps). */
  steps?: TraceStep[];
}

/**
 * Where a reply goes: the exact incarnation of the sender. A reply to a process that has been
 * restarted since is lost, as a TCP connection does not survive its process.
 */
export interface ReplyAddress {
  process: ProcessId;
  incarnation: number;
}

/** Bodies the kernel itself delivers. */
export interface StreamClosed extends MessageBody {
  type: 'stream.closed';
  stream: MessageId;
  /**
   * The connection broke (the peer's process exited, its machine answered a stale connection with
   * a reset) rather than the peer ending the stream on purpose.
   */
  lost?: boolean;
}
/** A message to a dead process on a live, reachable host: the host's TCP stack answers RST. */
export interface ConnectionRefused extends MessageBody {
  type: 'conn.refused';
  /** The message that could not be delivered. */
  inReplyTo: MessageId;
}

export interface Timer {
  id: TimerId;
  name: string;
  payload: unknown;
}

/**
 * What a component tells an outside observer that neither the trace nor its state keeps: the
 * watch events an informer applied, the writes an etcd member applied (a chaos run's invariants
 * check them). Never read back by the simulation, so a run is the same with or without listeners.
 */
export interface Probe {
  type: string;
  [k: string]: unknown;
}

/** Something a process tells the world outside the simulation (a CLI's output, say). */
export interface Emitted {
  type: string;
  [k: string]: unknown;
}

/**
 * A process on the caller's own host as that host's systemd and journald know it: its unit, whether
 * it runs, since when, and its journal. Plain data, read-only.
 */
export interface HostProcessInfo {
  id: ProcessId;
  kind: string;
  alive: boolean;
  incarnation: number;
  /** When the current (or last) incarnation started. */
  startedAt?: number;
  /** When it last stopped (unset while it has never stopped). */
  since?: number;
  /** How it last stopped: killed from outside, crashed, or exited on its own. */
  stopReason?: 'kill' | 'crash' | 'exit';
  log: { time: number; line: string }[];
  /** What the process left to survive a kill (read-only): kube-proxy's rules in the node's kernel. */
  persisted?: unknown;
  /** The status it exited with when it failed on its own (Effects.fail), not by a panic or a kill. */
  exitStatus?: number;
}

export type SystemctlAction = 'start' | 'stop' | 'restart';

export interface Effects {
  readonly now: Millis;
  readonly self: ProcessId;
  readonly host: HostName;
  /** The one PRNG of the simulation, in [0, 1). */
  rand(): number;
  send<B extends MessageBody>(to: ProcessId | ReplyAddress, body: B, meta: SendMeta): MessageId;
  /** Reply to the sender of `msg` (its exact incarnation), on its stream if it has one. Phase and object default to msg's. */
  reply<B extends MessageBody>(msg: Message, body: B, meta?: Partial<SendMeta>): MessageId;
  closeStream(stream: MessageId): void;
  setTimer(afterMs: number, name: string, payload?: unknown): TimerId;
  cancelTimer(id: TimerId): void;
  /** Replace what survives a kill of this process (etcd's data dir, the kubelet's checkpoint). */
  persist(data: unknown): void;
  /** Append to the process's own log (journalctl, kubectl logs of a static pod). */
  log(line: string): void;
  /** The record being handled; later effects are caused by it. Pass an id to attribute later effects to an earlier cause. */
  cause(id?: RecordId): RecordId;
  /** Hand something to the world outside (the CLI runner, the UI). */
  emit(e: Emitted): void;
  /** Whether anyone listens for probes (Simulation.onProbe): a component builds a probe only then. */
  readonly probing: boolean;
  /** Tell the outside observers (Simulation.onProbe) something; a no-op when nobody listens. */
  probe(p: Probe): void;
  /**
   * The processes on this process's own host, as a node shell reads them from systemd and journald
   * (`systemctl status`, `journalctl -u`). Not a message: systemd and journald are local to the host
   * and answer over no network, so a partition cannot hide them. Read-only plain data.
   */
  hostProcesses(opts?: { logs?: boolean }): HostProcessInfo[];
  /**
   * What the process of this kind on this host last persisted, read-only: state that lives on the
   * host rather than in the process (the kernel rules kube-proxy wrote, which a pod's packets go
   * through). Local to the host, like hostProcesses.
   */
  hostData(kind: string): unknown;
  /**
   * `systemctl start|stop|restart`: act on a process of this same host (never itself). Returns
   * false when the process is not on this host. Local to the host, like hostProcesses.
   */
  systemctl(action: SystemctlAction, id: ProcessId): boolean;
  /**
   * The process exits when this handler returns (a klog.Fatal, an `os.Exit`): its timers and memory
   * are gone and its sockets closed, as with a kill. With `restartAfterMs` it is started again that
   * much later, as the kubelet restarts a static pod's container or systemd a unit with Restart=.
   */
  exit(restartAfterMs?: number): void;
  /**
   * The process exits with this non-zero status when the handler returns, having logged why (a Go
   * program's `klog.ErrorS(err, "command failed")` then `os.Exit(1)`): no panic lines, and its
   * supervisor starts it again with its back-off as after a crash (CrashLoopBackOff for a pod's).
   */
  fail(status: number): void;
}

export interface StartInput<C> {
  config: C;
  /** What the previous incarnation persisted, or undefined on first boot. */
  persisted: unknown;
  incarnation: number;
  /**
   * The host's boot (HostState.boots): a process that finds a different boot in what it persisted
   * knows the machine lost power in between, and with it everything that was only in memory.
   * Unset where a test starts a component by hand.
   */
  boot?: number;
}

export interface ComponentType<S = unknown, C = unknown> {
  kind: string;
  start(ctx: Effects, input: StartInput<C>): S;
  onMessage(state: S, msg: Message, ctx: Effects): void;
  onTimer(state: S, timer: Timer, ctx: Effects): void;
  /**
   * The machine lost power: what the process persisted, less what lived only in the machine's
   * memory (kube-proxy's rules are the kernel's tables, gone at power off). Without it, everything
   * persisted is on disk and survives.
   */
  afterPowerOff?(persisted: unknown): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyComponentType = ComponentType<any, any>;
