// The kernel: one virtual clock, one event queue, one PRNG, the network and the processes on it.
// Everything it holds is plain data in `World`, so a snapshot is one structuredClone. Component
// logic lives in the registered ComponentTypes (functions), never in the world.

import type {
  AnyComponentType,
  Effects,
  Emitted,
  HostProcessInfo,
  Message,
  MessageBody,
  ObjectRef,
  Phase,
  Probe,
  ReplyAddress,
  SendMeta,
  StreamClosed,
  Timer,
} from './component';
import { heapPeek, heapPop, heapPush, heapRemoveWhere } from './heap';
import {
  createNetwork,
  isPartitioned,
  pairKey,
  sampleLatency,
  sampleLoss,
  type HostState,
  type LinkState,
  type NetworkState,
} from './network';
import { createPrng, nextFloat, type PrngState } from './prng';
import {
  createTraceHash,
  hashHex,
  hashRecord,
  type DropReason,
  type RecordKind,
  type TraceHash,
  type TraceRecord,
  type TraceStep,
} from './trace';
import type { HostName, MessageId, Millis, ProcessId, RecordId, TimerId } from './units';
import { panicLines, restartDelayMs, SUPERVISORS, type CrashRecord, type Supervisor } from './supervisor';
import { keptString } from './flat-string';

/** The pseudo-process that stands for the world outside: the person at the keyboard, the scenario. */
export const OUTSIDE: ProcessId = 'user';

export interface LogLine {
  time: Millis;
  line: string;
}

export interface ProcessState {
  id: ProcessId;
  host: HostName;
  kind: string;
  config: unknown;
  alive: boolean;
  /** Starts at 0; every start adds one. Replies and timers of an earlier incarnation are dropped. */
  incarnation: number;
  /** Started again when its host boots (an enabled systemd unit). */
  autostart: boolean;
  state: unknown;
  persisted: unknown;
  log: LogLine[];
  /** When the current (or last) incarnation started, for `systemctl status` (Active: ... since). */
  startedAt?: number;
  /** When the process last stopped. */
  stoppedAt?: number;
  /** How it last stopped: killed from outside, crashed (a panic, an exit with an error), or exited on its own. */
  stopReason?: 'kill' | 'crash' | 'exit';
  /** The status of its last exit when it failed on its own (Effects.fail). */
  exitStatus?: number;
  /** Who starts it again after a crash (supervisor.ts), and its crashes in a row. */
  supervisor?: Supervisor;
  crash?: CrashRecord;
}

export interface StreamState {
  id: MessageId;
  client: ProcessId;
  clientIncarnation: number;
  server: ProcessId;
  serverIncarnation: number;
}

type QueuedEvent =
  | { time: number; seq: number; kind: 'deliver'; msg: Message; toIncarnation?: number; local?: boolean }
  | {
      time: number;
      seq: number;
      kind: 'timer';
      process: ProcessId;
      incarnation: number;
      timer: Timer;
      cause: RecordId | null;
      phase: Phase;
    }
  | { time: number; seq: number; kind: 'start'; process: ProcessId };

export interface World {
  now: Millis;
  seq: number;
  nextRecordId: number;
  nextTimerId: number;
  prng: PrngState;
  queue: QueuedEvent[];
  cancelledTimers: Set<TimerId>;
  net: NetworkState;
  processes: Map<ProcessId, ProcessState>;
  streams: Map<MessageId, StreamState>;
  /**
   * Streams whose one end died with its machine, so the other end was never told (a half-open
   * TCP connection). The first time the surviving end sends to that process again, the machine
   * (booted since) answers with a reset and the survivor learns the stream is gone.
   */
  halfOpen: Map<MessageId, StreamState>;
  /**
   * Streams that lost a message (breakStream): the lost message's id, and when both ends will have
   * been told. A message on such a stream sent after the lost one never arrives, as TCP delivers
   * nothing past a hole; the entry is forgotten a while after the ends know.
   */
  broken: Map<MessageId, { lost: RecordId; toldAt: Millis }>;
  /**
   * Last delivery time per ordered process pair (sender, then receiver): a connection delivers in
   * order, like TCP. Nested by process so that a send looks it up without building a key string.
   */
  fifo: Map<ProcessId, Map<ProcessId, number>>;
  trace: TraceRecord[];
  traceLimit: number;
  traceCount: number;
  /** Kernel events run (deliveries, timers, starts): with the time and traceCount, a point a replay can reach exactly. */
  eventsRun: number;
  hash: TraceHash;
  emitted: Emitted[];
  logLimit: number;
}

/** A probe as an outside listener gets it: which process (and incarnation) made it, and when. */
export interface ProbeEvent {
  process: ProcessId;
  incarnation: number;
  time: Millis;
  note: Probe;
}

export interface SimulationOptions {
  seed: number;
  traceLimit?: number;
  /** Where the clock starts. A cluster boots at negative time so that a scenario's 0s finds it ready. */
  startTime?: number;
}

const LOG_LIMIT = 5000;
/** How long after a stream lost a message its ends learn that it broke (an HTTP/2 health check's 30 s + 15 s). */
export const STREAM_BREAK_DETECT_MS = 45_000;

export class Simulation {
  world: World;
  private types = new Map<string, AnyComponentType>();
  private recordListeners: ((r: TraceRecord) => void)[] = [];
  private probeListeners: ((p: ProbeEvent) => void)[] = [];

  constructor(opts: SimulationOptions) {
    this.world = {
      now: (opts.startTime ?? 0) as Millis,
      seq: 0,
      nextRecordId: 1,
      nextTimerId: 1,
      prng: createPrng(opts.seed),
      queue: [],
      cancelledTimers: new Set(),
      net: createNetwork(),
      processes: new Map(),
      streams: new Map(),
      halfOpen: new Map(),
      broken: new Map(),
      fifo: new Map(),
      trace: [],
      traceLimit: opts.traceLimit ?? Number.POSITIVE_INFINITY,
      traceCount: 0,
      eventsRun: 0,
      hash: createTraceHash(),
      emitted: [],
      logLimit: LOG_LIMIT,
    };
  }

  // ---------------------------------------------------------------- setup

  register(type: AnyComponentType): void {
    this.types.set(type.kind, type);
  }

  /** Called for every new trace record (the worker streams them to the UI). */
  onRecord(listener: (r: TraceRecord) => void): void {
    this.recordListeners.push(listener);
  }

  /**
   * Called for every probe a component makes (Effects.probe). Components build probes only while
   * someone listens, so a run without listeners pays nothing; a listener must not change the run.
   */
  onProbe(listener: (p: ProbeEvent) => void): void {
    this.probeListeners.push(listener);
  }

  addHost(name: HostName, address: string, extraLatencyMs = 0): void {
    this.world.net.hosts.set(name, { name, address, up: true, boots: 1, extraLatencyMs });
  }

  addProcess(id: ProcessId, host: HostName, kind: string, config: unknown, autostart = true): void {
    if (!this.world.net.hosts.has(host)) throw new Error(`no host ${host}`);
    if (!this.types.has(kind)) throw new Error(`no component type ${kind}`);
    this.world.processes.set(id, {
      id,
      host,
      kind,
      config,
      alive: false,
      incarnation: 0,
      autostart,
      state: undefined,
      persisted: undefined,
      log: [],
      ...(SUPERVISORS[kind] && { supervisor: SUPERVISORS[kind] }),
    });
  }

  setLink(a: HostName, b: HostName, link: Partial<LinkState>): void {
    const key = pairKey(a, b);
    const cur = this.world.net.links.get(key) ?? { ...(a === b ? this.world.net.defaults.loopback : this.world.net.defaults.lan) };
    this.world.net.links.set(key, { ...cur, ...link });
  }

  // ---------------------------------------------------------------- queries

  get now(): Millis {
    return this.world.now;
  }

  process(id: ProcessId): ProcessState | undefined {
    return this.world.processes.get(id);
  }

  host(name: HostName): HostState | undefined {
    return this.world.net.hosts.get(name);
  }

  /**
   * Whether a new connection from `from` to `to` is refused now: `to`'s machine is up and reachable
   * from `from`'s, but `to` does not run, so nothing listens on its port and the machine answers
   * with a reset (deliver() answers a message that arrives so with `conn.refused`). A machine that
   * is off or cut off answers nothing: that is no refusal but a timeout.
   */
  refuses(from: ProcessId, to: ProcessId): boolean {
    const src = this.world.processes.get(from);
    const dest = this.world.processes.get(to);
    if (!src || !dest || dest.alive) return false;
    return this.world.net.hosts.get(dest.host)!.up && !isPartitioned(this.world.net, src.host, dest.host);
  }

  traceHash(): string {
    return hashHex(this.world.hash);
  }

  nextEventTime(): Millis | undefined {
    this.skipDeadEvents();
    const top = heapPeek(this.world.queue);
    return top ? (top.time as Millis) : undefined;
  }

  /** Messages sent but not yet delivered at the current time (for the UI's dots). */
  inFlight(): Message[] {
    const out: Message[] = [];
    for (const e of this.world.queue) if (e.kind === 'deliver') out.push(e.msg);
    return out;
  }

  drainEmitted(): Emitted[] {
    const out = this.world.emitted;
    this.world.emitted = [];
    return out;
  }

  /**
   * A copy of the whole world, from which restore() continues exactly as this run would. With
   * `traceKept` only that many of the newest trace records are copied: the trace window is for
   * showing, nothing in the simulation reads it, and the hash covers every record either way.
   */
  snapshot(traceKept?: number): World {
    if (traceKept === undefined || this.world.trace.length <= traceKept) return structuredClone(this.world);
    const trace = this.world.trace;
    this.world.trace = trace.slice(trace.length - traceKept);
    try {
      return structuredClone(this.world);
    } finally {
      this.world.trace = trace;
    }
  }

  restore(w: World): void {
    this.world = structuredClone(w);
  }

  // ---------------------------------------------------------------- running

  /** Deliver exactly one message or fire exactly one timer. Returns false when nothing is queued. */
  step(): boolean {
    this.skipDeadEvents();
    const ev = heapPop(this.world.queue);
    if (!ev) return false;
    this.world.now = ev.time as Millis;
    this.world.eventsRun++;
    if (ev.kind === 'deliver') this.deliver(ev.msg, ev.toIncarnation, ev.local);
    else if (ev.kind === 'timer') this.fireTimer(ev);
    else this.start(ev.process);
    this.applyExit();
    return true;
  }

  /** Run every event up to and including time t, then set the clock to t. */
  runUntil(t: number): void {
    for (;;) {
      const next = this.nextEventTime();
      if (next === undefined || next > t) break;
      this.step();
    }
    if (t > this.world.now) this.world.now = t as Millis;
  }

  runFor(d: number): void {
    this.runUntil(this.world.now + d);
  }

  /**
   * Cancel a timer. It stays queued (skipped when it comes up) until cancelled timers are more than a
   * quarter of the queue; then they all go at once, as Go's runtime clears deleted timers from a P's
   * heap once they are over a quarter of it (runtime/proc.go checkTimers, clearDeletedTimers). Without it every
   * request's timeout stayed queued until its 30-60 s ran out: ~30 per pod at the lifecycle bench,
   * ~7 KB per pod (issue 14). Only skipped events go, so nothing that runs changes.
   */
  sweepCancelledTimers(id: TimerId): void {
    const cancelled = this.world.cancelledTimers;
    cancelled.add(id);
    const q = this.world.queue;
    if (cancelled.size * 4 <= q.length) return;
    heapRemoveWhere(q, (e) => e.kind === 'timer' && cancelled.has(e.timer.id));
    // Every id left names a timer that has fired already (cancelled by its own handler): none is queued.
    cancelled.clear();
  }

  private skipDeadEvents(): void {
    const q = this.world.queue;
    for (;;) {
      const top = heapPeek(q);
      if (!top || top.kind !== 'timer') return;
      const p = this.world.processes.get(top.process);
      const dead = this.world.cancelledTimers.has(top.timer.id) || !p || !p.alive || p.incarnation !== top.incarnation;
      if (!dead) return;
      this.world.cancelledTimers.delete(top.timer.id);
      heapPop(q);
    }
  }

  // ---------------------------------------------------------------- control (kill, restart, partition)

  /** Start a process (no-op if it runs). Its state is rebuilt from what it persisted. */
  start(id: ProcessId): void {
    const p = this.mustProcess(id);
    const host = this.world.net.hosts.get(p.host)!;
    if (p.alive || !host.up) return;
    const rec = this.control('start', id, `start ${id}`);
    p.alive = true;
    p.incarnation += 1;
    p.startedAt = this.world.now;
    const type = this.types.get(p.kind)!;
    const ctx = this.effects(p, rec.id, 'user');
    try {
      p.state = type.start(ctx, { config: p.config, persisted: p.persisted, incarnation: p.incarnation, boot: host.boots });
    } catch (e) {
      this.crash(p, e);
    }
    this.wakeKubelet(p, rec.id);
  }

  /**
   * A process the kubelet supervises (a static pod's, kube-proxy) started or stopped: its host's
   * kubelet hears of it at once, as the kubelet's evented PLEG hears containerd's container events.
   * The host is local: no message on the network.
   */
  private wakeKubelet(p: ProcessState, cause: RecordId): void {
    if (p.supervisor?.kind !== 'kubelet') return;
    for (const q of this.world.processes.values()) {
      if (q.host !== p.host || q.kind !== 'kubelet' || !q.alive) continue;
      this.enqueue({ time: this.world.now, seq: 0, kind: 'timer', process: q.id, incarnation: q.incarnation, timer: { id: this.world.nextTimerId++, name: 'pleg.event', payload: { process: p.id } }, cause, phase: 'execution' });
    }
  }

  /**
   * An exception escaped a handler: the process panicked. It dies as a killed process does (its
   * timers and memory gone, the OS closing its sockets), its log says why, and its supervisor
   * starts it again if it has one. The rest of the cluster goes on.
   */
  private crash(p: ProcessState, error: unknown, exitStatus?: number): void {
    if (!p.alive) return;
    const message = error instanceof Error ? error.message : String(error);
    if (exitStatus === undefined) for (const line of panicLines(error)) p.log.push({ time: this.world.now, line });
    const ranFor = this.world.now - (p.startedAt ?? this.world.now);
    const delay = restartDelayMs(p.supervisor, (p.crash ??= { crashes: 0 }), ranFor);
    const rec = this.control('crash', p.id, `${p.id} crashed: ${message}${delay === undefined ? '' : ` (started again in ${delay} ms)`}`);
    if (this.exitRequest?.id === p.id) this.exitRequest = undefined;
    this.stopProcess(p, rec.id, true);
    p.stopReason = 'crash';
    if (exitStatus !== undefined) p.exitStatus = exitStatus;
    else delete p.exitStatus;
    if (delay !== undefined) this.enqueue({ time: this.world.now + delay, seq: 0, kind: 'start', process: p.id });
  }

  /** Kill a process: its timers and in-memory state are gone; what it persisted survives. */
  kill(id: ProcessId): void {
    const p = this.mustProcess(id);
    if (!p.alive) return;
    const rec = this.control('kill', id, `kill ${id}`);
    this.stopProcess(p, rec.id, true);
  }

  /**
   * The process exits with an error of its own (a scenario's `crash:`): as a panic in one of its
   * handlers, its supervisor starts it again after its back-off.
   */
  crashProcess(id: ProcessId, message: string): void {
    const p = this.mustProcess(id);
    this.crash(p, new Error(message));
  }

  restart(id: ProcessId): void {
    this.kill(id);
    this.start(id);
  }

  /** Power off a machine: every process on it dies and nothing tells their peers. */
  killHost(name: HostName): void {
    const h = this.mustHost(name);
    if (!h.up) return;
    const rec = this.control('kill', name, `power off ${name}`);
    for (const p of this.world.processes.values()) {
      if (p.host !== name) continue;
      if (p.alive) this.stopProcess(p, rec.id, false);
      const type = this.types.get(p.kind);
      if (type?.afterPowerOff && p.persisted !== undefined) p.persisted = type.afterPowerOff(p.persisted);
    }
    h.up = false;
  }

  /** Boot a machine: its enabled processes start. */
  startHost(name: HostName): void {
    const h = this.mustHost(name);
    if (h.up) return;
    this.control('start', name, `power on ${name}`);
    h.up = true;
    h.boots = (h.boots ?? 1) + 1;
    for (const p of this.world.processes.values()) if (p.host === name && p.autostart) this.start(p.id);
  }

  partition(a: HostName[], b: HostName[]): void {
    this.control('partition', a.join(','), `partition [${a.join(', ')}] from [${b.join(', ')}]`);
    for (const x of a) for (const y of b) if (x !== y) this.world.net.partitions.add(pairKey(x, y));
  }

  /** Heal the network: partitions are gone and links degraded with `degrade` are back to normal. */
  heal(): void {
    this.control('heal', '*', this.world.net.links.size ? 'heal all partitions and degraded links' : 'heal all partitions');
    this.world.net.partitions.clear();
    this.world.net.links.clear();
  }

  /** Set latency, jitter or loss on every link between the two groups (a slow or lossy network). */
  degrade(a: HostName[], b: HostName[], link: Partial<LinkState>): void {
    const what = Object.entries(link).map(([k, v]) => `${k}=${v}`).join(' ');
    this.control('link', a.join(','), `link [${a.join(', ')}] <-> [${b.join(', ')}] ${what}`);
    for (const x of a) for (const y of b) if (x !== y) this.setLink(x, y, link);
  }

  /** A message from outside the cluster (the person at the keyboard) to a process, delivered now. */
  inject(to: ProcessId, body: MessageBody, meta: SendMeta): MessageId {
    const rec = this.record('message', body.type, OUTSIDE, to, meta.summary, meta.phase ?? 'user', meta.object, null, {
      deliverAt: this.world.now,
    });
    const msg: Message = {
      id: rec.id,
      from: OUTSIDE,
      fromIncarnation: 0,
      to,
      body,
      sentAt: this.world.now,
      phase: rec.phase,
      summary: meta.summary,
      object: meta.object,
    };
    this.enqueue({ time: this.world.now, seq: 0, kind: 'deliver', msg });
    return rec.id;
  }

  // ---------------------------------------------------------------- internals

  private mustProcess(id: ProcessId): ProcessState {
    const p = this.world.processes.get(id);
    if (!p) throw new Error(`no process ${id}`);
    return p;
  }

  private mustHost(name: HostName): HostState {
    const h = this.world.net.hosts.get(name);
    if (!h) throw new Error(`no host ${name}`);
    return h;
  }

  private stopProcess(p: ProcessState, cause: RecordId, closeSockets: boolean): void {
    p.alive = false;
    p.stoppedAt = this.world.now;
    p.stopReason = 'kill';
    this.wakeKubelet(p, cause);
    p.state = undefined;
    // Half-open streams this process was the surviving end of die with it.
    for (const s of [...this.world.halfOpen.values()]) if (s.client === p.id || s.server === p.id) this.world.halfOpen.delete(s.id);
    // The OS closes the dead process's sockets and the peers see the connection end; a machine
    // that loses power tells nobody.
    for (const s of [...this.world.streams.values()]) {
      const isClient = s.client === p.id && s.clientIncarnation === p.incarnation;
      const isServer = s.server === p.id && s.serverIncarnation === p.incarnation;
      if (!isClient && !isServer) continue;
      this.world.streams.delete(s.id);
      if (!closeSockets) {
        this.world.halfOpen.set(s.id, s);
        continue;
      }
      const peer = isClient ? s.server : s.client;
      const peerInc = isClient ? s.serverIncarnation : s.clientIncarnation;
      const sent = this.sendRaw(p, { process: peer, incarnation: peerInc }, { type: 'stream.closed', stream: s.id, lost: true }, {
        summary: `connection closed (${p.id} exited)`,
        phase: 'networking',
      }, cause, 'networking');
      if (this.lastSendDropped === 'partition' || this.lastSendDropped === 'loss') this.noticeLost(s, sent, isClient ? 'server' : 'client');
    }
  }

  private enqueue(ev: QueuedEvent): void {
    ev.seq = this.world.seq++;
    heapPush(this.world.queue, ev);
  }

  private record(
    kind: RecordKind,
    type: string,
    from: ProcessId,
    to: ProcessId,
    summary: string,
    phase: Phase,
    object: ObjectRef | undefined,
    cause: RecordId | null,
    extra?: { deliverAt?: Millis; dropped?: DropReason; inReplyTo?: RecordId; steps?: TraceStep[] },
  ): TraceRecord {
    const r: TraceRecord = {
      id: this.world.nextRecordId++,
      time: this.world.now,
      kind,
      type,
      from,
      to,
      summary,
      phase,
      cause,
    };
    if (object) r.object = object;
    if (extra?.deliverAt !== undefined) r.deliverAt = extra.deliverAt;
    if (extra?.dropped) r.dropped = extra.dropped;
    if (extra?.inReplyTo !== undefined) r.inReplyTo = extra.inReplyTo;
    if (extra?.steps) r.steps = extra.steps;
    hashRecord(this.world.hash, r);
    this.world.traceCount++;
    this.world.trace.push(r);
    if (this.world.trace.length > this.world.traceLimit * 1.25) this.world.trace.splice(0, this.world.trace.length - this.world.traceLimit);
    for (const l of this.recordListeners) l(r);
    return r;
  }

  /** Why the last message sendRaw sent was dropped at once, if it was. */
  private lastSendDropped: DropReason | undefined;

  /** A process asked to exit during the handler that just ran (Effects.exit). */
  private exitRequest: { id: ProcessId; incarnation: number; restartAfterMs?: number; failStatus?: number } | undefined;

  private applyExit(): void {
    const x = this.exitRequest;
    if (!x) return;
    this.exitRequest = undefined;
    const p = this.world.processes.get(x.id);
    if (!p || !p.alive || p.incarnation !== x.incarnation) return;
    if (x.failStatus !== undefined) return this.crash(p, new Error(`exit status ${x.failStatus}`), x.failStatus);
    const rec = this.control('exit', p.id, x.restartAfterMs === undefined ? `${p.id} exited` : `${p.id} exited (started again in ${x.restartAfterMs} ms)`);
    this.stopProcess(p, rec.id, true);
    p.stopReason = 'exit';
    if (x.restartAfterMs !== undefined) this.enqueue({ time: this.world.now + x.restartAfterMs, seq: 0, kind: 'start', process: p.id });
  }

  private control(type: string, target: string, summary: string): TraceRecord {
    return this.record('control', type, OUTSIDE, target, summary, 'user', undefined, null);
  }

  private sendRaw<B extends MessageBody>(
    sender: ProcessState,
    to: ProcessId | ReplyAddress,
    body: B,
    meta: SendMeta & { inReplyTo?: RecordId },
    cause: RecordId | null,
    defaultPhase: Phase,
  ): MessageId {
    const toId = typeof to === 'string' ? to : to.process;
    const toInc = typeof to === 'string' ? undefined : to.incarnation;
    const phase = meta.phase ?? defaultPhase;
    const dest = this.world.processes.get(toId);
    const net = this.world.net;
    let dropped: DropReason | undefined;
    let deliverAt = this.world.now;
    if (!dest) dropped = 'no-such-process';
    else {
      const destHost = net.hosts.get(dest.host)!;
      deliverAt = (this.world.now + sampleLatency(net, this.world.prng, sender.host, dest.host)) as Millis;
      if (!destHost.up) dropped = 'host-down';
      else if (isPartitioned(net, sender.host, dest.host)) dropped = 'partition';
      else if (sampleLoss(net, this.world.prng, sender.host, dest.host)) dropped = 'loss';
      else if (typeof meta.stream === 'number' && this.world.broken.has(meta.stream)) dropped = 'stream-broken';
      // A connection delivers in order: never let jitter overtake an earlier message on the same pair.
      let lastTo = this.world.fifo.get(sender.id);
      if (!lastTo) this.world.fifo.set(sender.id, (lastTo = new Map()));
      const last = lastTo.get(toId);
      if (last !== undefined && deliverAt < last) deliverAt = last as Millis;
      if (!dropped) lastTo.set(toId, deliverAt);
    }
    const rec = this.record('message', body.type, sender.id, toId, meta.summary, phase, meta.object, cause, {
      deliverAt,
      dropped,
      inReplyTo: meta.inReplyTo,
      steps: meta.steps,
    });
    this.lastSendDropped = dropped;
    let stream: MessageId | undefined;
    if (meta.stream === 'open') {
      stream = rec.id;
      if (dest) {
        this.world.streams.set(rec.id, {
          id: rec.id,
          client: sender.id,
          clientIncarnation: sender.incarnation,
          server: toId,
          // The server's incarnation is fixed when the opening message arrives.
          serverIncarnation: -1,
        });
      }
    } else if (typeof meta.stream === 'number') stream = meta.stream;
    if (dropped) {
      // A connection does not lose data: what it cannot deliver breaks it. A WATCH to a machine
      // that is off never opens its stream (breakStream says why); a stream that was open when
      // its machine lost power is half-open instead, and no longer in `streams`.
      if (stream !== undefined && (dropped === 'partition' || dropped === 'loss' || dropped === 'host-down')) this.breakStream(stream, rec.id);
      return rec.id;
    }
    const msg: Message = {
      id: rec.id,
      from: sender.id,
      fromIncarnation: sender.incarnation,
      to: toId,
      body,
      sentAt: this.world.now,
      phase,
      summary: meta.summary,
    };
    if (meta.object) msg.object = meta.object;
    if (stream !== undefined) msg.stream = stream;
    this.enqueue({ time: deliverAt, seq: 0, kind: 'deliver', msg, toIncarnation: toInc });
    return rec.id;
  }

  private deliver(msg: Message, toIncarnation: number | undefined, local = false): void {
    const dest = this.world.processes.get(msg.to);
    if (!dest) return;
    const net = this.world.net;
    const host = net.hosts.get(dest.host)!;
    const sender = this.world.processes.get(msg.from);
    if (!host.up) {
      if (msg.stream !== undefined && !local) this.breakStream(msg.stream, msg.id);
      return this.dropRecord(msg, 'host-down');
    }
    if (!local && sender && isPartitioned(net, sender.host, dest.host)) {
      if (msg.stream !== undefined) this.breakStream(msg.stream, msg.id);
      return this.dropRecord(msg, 'partition');
    }
    if (msg.stream !== undefined && this.world.broken.size > 0) {
      const b = this.world.broken.get(msg.stream);
      if (b && msg.id > b.lost) return this.dropRecord(msg, 'stream-broken');
    }
    if (sender && this.world.halfOpen.size > 0) this.resetHalfOpen(sender, dest, msg.id);
    if (toIncarnation !== undefined && (toIncarnation !== dest.incarnation || !dest.alive)) return this.dropRecord(msg, 'stale-incarnation');
    if (!dest.alive) {
      this.dropRecord(msg, 'process-dead');
      // Nobody listens on the port, so the host answers with a reset: the client sees "connection
      // refused". That holds for a request that would open a stream (a WATCH) too: the stream
      // never opened, so it is forgotten. Messages on an already open stream get nothing back,
      // as the stream's end was announced when its process died.
      const opensStream = msg.stream !== undefined && msg.stream === msg.id;
      if (opensStream) this.world.streams.delete(msg.id);
      if (sender && sender.alive && msg.from !== OUTSIDE && sender.incarnation === msg.fromIncarnation && (msg.stream === undefined || opensStream)) {
        this.sendRaw(dest, { process: sender.id, incarnation: sender.incarnation }, { type: 'conn.refused', inReplyTo: msg.id }, {
          summary: `connection refused by ${dest.host} (${dest.id} is not running)`,
          phase: 'networking',
          inReplyTo: msg.id,
        }, msg.id, 'networking');
      }
      return;
    }
    const s = msg.stream !== undefined ? this.world.streams.get(msg.stream) : undefined;
    if (s && s.id === msg.id && s.serverIncarnation === -1) s.serverIncarnation = dest.incarnation;
    const type = this.types.get(dest.kind)!;
    const ctx = this.effects(dest, msg.id, msg.phase);
    try {
      type.onMessage(dest.state, msg, ctx);
    } catch (e) {
      this.crash(dest, e);
    }
  }

  /** The trace record of a message lost on arrival (a method, not a closure made for every delivery). */
  private dropRecord(msg: Message, reason: DropReason): void {
    this.record('drop', msg.body.type, msg.from, msg.to, `lost: ${msg.summary}`, msg.phase, msg.object, msg.id, { dropped: reason });
  }

  /**
   * A message reached a machine that had lost power since it last talked with the sender: every
   * stream between the two whose far end was the process's old incarnation gets a reset, and the
   * sender sees it closed. A reset is not retransmitted, but the machine has no connection to keep
   * it from answering again: every later segment the sender sends gets a reset of its own (RFC
   * 9293, 3.10.7.1, state CLOSED). So a reset lost on the way (a lossy link, a partition) leaves
   * the stream half-open, and the sender's next message resets it again; forgetting it after the
   * first reset left a kubelet's pod watch open forever on a server that had rebooted (chaos seed
   * 5246).
   */
  private resetHalfOpen(sender: ProcessState, dest: ProcessState, cause: RecordId): void {
    for (const s of [...this.world.halfOpen.values()]) {
      const senderIsClient = s.client === sender.id && s.server === dest.id && s.serverIncarnation !== dest.incarnation;
      const senderIsServer = s.server === sender.id && s.client === dest.id && s.clientIncarnation !== dest.incarnation;
      if (!senderIsClient && !senderIsServer) continue;
      if (!sender.alive) {
        this.world.halfOpen.delete(s.id);
        continue;
      }
      this.sendRaw(dest, { process: sender.id, incarnation: sender.incarnation }, { type: 'stream.closed', stream: s.id, lost: true }, {
        summary: `connection reset by ${dest.host} (stream #${s.id} is from before it lost power)`,
        phase: 'networking',
      }, cause, 'networking');
      const d = this.lastSendDropped;
      if (d !== 'loss' && d !== 'partition') this.world.halfOpen.delete(s.id);
    }
  }

  /**
   * A message on a stream was lost (a partition, a lossy link). TCP never hands an application a
   * stream with a hole in it: it retransmits until it gives up, and a Kubernetes client notices
   * long before that by its HTTP/2 health check (30 s without reading, then 15 s for a PING's
   * answer). So a stream that lost a message is broken: each end is told by its own machine, that
   * much later, that the connection is lost, and nothing more travels on it.
   *
   * The message that opens a stream, sent to a machine that is off (or that loses power while it
   * travels), breaks it the same way: nothing answers the SYN, TCP sends it again until the
   * client's connect gives up (RFC 9293, 3.8.1; RFC 6298, 5), and the client learns the stream
   * never opened. Without that, kube-apiserver's etcd watch sent to a powered-off etcd-3 waited
   * for ever, its keepalive answered by the member once it booted, which knew nothing of the watch
   * (chaos seed 9867). The machine's side never had the stream, so only the client is told.
   */
  private breakStream(id: MessageId, cause: RecordId): void {
    const s = this.world.streams.get(id);
    if (!s) return;
    this.world.streams.delete(id);
    // Forget streams whose ends have long known they broke (nothing is sent on them any more).
    for (const [old, b] of this.world.broken) if (b.toldAt + STREAM_BREAK_DETECT_MS < this.world.now) this.world.broken.delete(old);
    this.world.broken.set(id, { lost: cause, toldAt: (this.world.now + STREAM_BREAK_DETECT_MS) as Millis });
    this.noticeLost(s, cause, 'both');
  }

  /** Tell a stream's ends, STREAM_BREAK_DETECT_MS from now and by their own machines, that it is lost. */
  private noticeLost(s: StreamState, cause: RecordId, who: 'both' | 'client' | 'server'): void {
    const id = s.id;
    const notice = (to: ProcessId, incarnation: number, peer: ProcessId): void => {
      const p = this.world.processes.get(to);
      if (!p || incarnation < 0) return;
      const rec = this.record('message', 'stream.closed', peer, to, `connection lost (stream #${id} could not deliver)`, 'networking', undefined, cause, {
        deliverAt: (this.world.now + STREAM_BREAK_DETECT_MS) as Millis,
      });
      const msg: Message = {
        id: rec.id,
        from: peer,
        fromIncarnation: this.world.processes.get(peer)?.incarnation ?? 0,
        to,
        body: { type: 'stream.closed', stream: id, lost: true } as StreamClosed,
        sentAt: this.world.now,
        phase: 'networking',
        summary: rec.summary,
      };
      this.enqueue({ time: this.world.now + STREAM_BREAK_DETECT_MS, seq: 0, kind: 'deliver', msg, toIncarnation: incarnation, local: true });
    };
    if (who !== 'server') notice(s.client, s.clientIncarnation, s.server);
    if (who !== 'client') notice(s.server, s.serverIncarnation, s.client);
  }

  private fireTimer(ev: Extract<QueuedEvent, { kind: 'timer' }>): void {
    const p = this.world.processes.get(ev.process)!;
    const rec = this.record('timer', ev.timer.name, p.id, p.id, `timer ${ev.timer.name}`, ev.phase, undefined, ev.cause);
    const type = this.types.get(p.kind)!;
    try {
      type.onTimer(p.state, ev.timer, this.effects(p, rec.id, ev.phase));
    } catch (e) {
      this.crash(p, e);
    }
  }

  /**
   * The Effects a process's handler gets. One object per process, made once and reused with the
   * record being handled and its phase set for each event: a handler runs to its end before the
   * next event, and never for its own process inside another's, so one at a time is enough; and
   * making a dozen closures for every event was a tenth of the kernel's time.
   */
  private effects(p: ProcessState, causeId: RecordId, phase: Phase): Effects {
    let e = this.effectsOf.get(p.id);
    if (!e || e.p !== p) {
      e = { p, cur: { cause: causeId, phase }, fx: this.makeEffects(p) };
      this.effectsOf.set(p.id, e);
    }
    e.cur.cause = causeId;
    e.cur.phase = phase;
    return e.fx;
  }

  private effectsOf = new Map<ProcessId, { p: ProcessState; cur: { cause: RecordId; phase: Phase }; fx: Effects }>();

  private makeEffects(p: ProcessState): Effects {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sim = this;
    const cur = (): { cause: RecordId; phase: Phase } => sim.effectsOf.get(p.id)!.cur;
    return {
      get now() {
        return sim.world.now;
      },
      self: p.id,
      host: p.host,
      rand: () => nextFloat(sim.world.prng),
      send(to, body, meta) {
        return sim.sendRaw(p, to, body, meta, cur().cause, cur().phase);
      },
      reply(msg, body, meta) {
        return sim.sendRaw(
          p,
          { process: msg.from, incarnation: msg.fromIncarnation },
          body,
          { summary: meta?.summary ?? `reply to #${msg.id}`, phase: meta?.phase ?? msg.phase, object: meta?.object ?? msg.object, stream: meta?.stream ?? msg.stream, steps: meta?.steps, inReplyTo: msg.id },
          cur().cause,
          cur().phase,
        );
      },
      closeStream(stream) {
        const s = sim.world.streams.get(stream);
        if (!s) return;
        sim.world.streams.delete(stream);
        const iAmClient = s.client === p.id;
        const peer: ReplyAddress = iAmClient
          ? { process: s.server, incarnation: s.serverIncarnation }
          : { process: s.client, incarnation: s.clientIncarnation };
        const sent = sim.sendRaw(p, peer, { type: 'stream.closed', stream }, { summary: `stream #${stream} closed by ${p.id}`, phase: 'networking' }, cur().cause, cur().phase);
        // The end of a stream is part of it (TCP's FIN is retransmitted like data): if it cannot
        // get through, the peer learns the connection is lost, as when a message on it is lost.
        const d = sim.lastSendDropped;
        if (d === 'loss' || d === 'partition') sim.noticeLost(s, sent, iAmClient ? 'server' : 'client');
      },
      setTimer(afterMs, name, payload) {
        const id = sim.world.nextTimerId++;
        sim.enqueue({
          time: sim.world.now + Math.max(0, afterMs),
          seq: 0,
          kind: 'timer',
          process: p.id,
          incarnation: p.incarnation,
          timer: { id, name, payload },
          cause: cur().cause,
          phase: cur().phase,
        });
        return id;
      },
      cancelTimer(id) {
        sim.sweepCancelledTimers(id);
      },
      persist(data) {
        p.persisted = data;
      },
      log(line) {
        // Flat: a line built from template pieces is a tree of them, and logs keep thousands.
        p.log.push({ time: sim.world.now, line: keptString(line) });
        // Trim in chunks: splicing one line off the front of a full log on every write is O(n).
        if (p.log.length > sim.world.logLimit * 1.25) p.log.splice(0, p.log.length - sim.world.logLimit);
      },
      cause(id) {
        // Only the cause changes: the phase stays the handler's (senders name theirs), so nothing
        // here depends on which records the bounded trace window still holds.
        const c = cur();
        if (id !== undefined) c.cause = id;
        return c.cause;
      },
      emit(e) {
        sim.world.emitted.push(e);
      },
      get probing() {
        return sim.probeListeners.length > 0;
      },
      probe(note) {
        for (const l of sim.probeListeners) l({ process: p.id, incarnation: p.incarnation, time: sim.world.now, note });
      },
      hostProcesses(opts) {
        const out: HostProcessInfo[] = [];
        const withLogs = opts?.logs ?? true;
        for (const q of sim.world.processes.values()) {
          if (q.host !== p.host) continue;
          const info: HostProcessInfo = { id: q.id, kind: q.kind, alive: q.alive, incarnation: q.incarnation, log: withLogs ? q.log.map((l) => ({ time: l.time, line: l.line })) : [] };
          if (q.startedAt !== undefined) info.startedAt = q.startedAt;
          if (q.stoppedAt !== undefined) info.since = q.stoppedAt;
          if (q.stopReason !== undefined) info.stopReason = q.stopReason;
          if (q.exitStatus !== undefined && q.stopReason === 'crash') info.exitStatus = q.exitStatus;
          if (q.persisted !== undefined) info.persisted = q.persisted;
          out.push(info);
        }
        return out;
      },
      hostData(kind) {
        for (const q of sim.world.processes.values()) if (q.host === p.host && q.kind === kind) return q.persisted;
        return undefined;
      },
      exit(restartAfterMs) {
        sim.exitRequest = { id: p.id, incarnation: p.incarnation, ...(restartAfterMs !== undefined && { restartAfterMs }) };
      },
      fail(status) {
        sim.exitRequest = { id: p.id, incarnation: p.incarnation, failStatus: status };
      },
      systemctl(action, id) {
        const q = sim.world.processes.get(id);
        if (!q || q.host !== p.host || q.id === p.id) return false;
        if (action === 'stop') sim.kill(id);
        else if (action === 'start') sim.start(id);
        else sim.restart(id);
        return true;
      },
    };
  }

  /** A record by id, if it is still in the trace window. */
  findRecord(id: RecordId): TraceRecord | undefined {
    const t = this.world.trace;
    if (t.length === 0) return undefined;
    const first = t[0]!.id;
    const r = t[id - first];
    return r && r.id === id ? r : t.find((x) => x.id === id);
  }
}
