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
  ReplyAddress,
  SendMeta,
  Timer,
} from './component';
import { heapPeek, heapPop, heapPush } from './heap';
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
} from './trace';
import type { HostName, MessageId, Millis, ProcessId, RecordId, TimerId } from './units';

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
}

export interface StreamState {
  id: MessageId;
  client: ProcessId;
  clientIncarnation: number;
  server: ProcessId;
  serverIncarnation: number;
}

type QueuedEvent =
  | { time: number; seq: number; kind: 'deliver'; msg: Message; toIncarnation?: number }
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
  /** Last delivery time per ordered process pair: a connection delivers in order, like TCP. */
  fifo: Map<string, number>;
  trace: TraceRecord[];
  traceLimit: number;
  traceCount: number;
  hash: TraceHash;
  emitted: Emitted[];
  logLimit: number;
}

export interface SimulationOptions {
  seed: number;
  traceLimit?: number;
  /** Where the clock starts. A cluster boots at negative time so that a scenario's 0s finds it ready. */
  startTime?: number;
}

const LOG_LIMIT = 5000;

export class Simulation {
  world: World;
  private types = new Map<string, AnyComponentType>();
  private recordListeners: ((r: TraceRecord) => void)[] = [];

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
      fifo: new Map(),
      trace: [],
      traceLimit: opts.traceLimit ?? Number.POSITIVE_INFINITY,
      traceCount: 0,
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

  addHost(name: HostName, address: string, extraLatencyMs = 0): void {
    this.world.net.hosts.set(name, { name, address, up: true, extraLatencyMs });
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

  snapshot(): World {
    return structuredClone(this.world);
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
    if (ev.kind === 'deliver') this.deliver(ev.msg, ev.toIncarnation);
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
    p.state = type.start(ctx, { config: p.config, persisted: p.persisted, incarnation: p.incarnation });
  }

  /** Kill a process: its timers and in-memory state are gone; what it persisted survives. */
  kill(id: ProcessId): void {
    const p = this.mustProcess(id);
    if (!p.alive) return;
    const rec = this.control('kill', id, `kill ${id}`);
    this.stopProcess(p, rec.id, true);
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
    for (const p of this.world.processes.values()) if (p.host === name && p.alive) this.stopProcess(p, rec.id, false);
    h.up = false;
  }

  /** Boot a machine: its enabled processes start. */
  startHost(name: HostName): void {
    const h = this.mustHost(name);
    if (h.up) return;
    this.control('start', name, `power on ${name}`);
    h.up = true;
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
    p.state = undefined;
    // The OS closes the dead process's sockets and the peers see the connection end; a machine
    // that loses power tells nobody.
    for (const s of [...this.world.streams.values()]) {
      const isClient = s.client === p.id && s.clientIncarnation === p.incarnation;
      const isServer = s.server === p.id && s.serverIncarnation === p.incarnation;
      if (!isClient && !isServer) continue;
      this.world.streams.delete(s.id);
      if (!closeSockets) continue;
      const peer = isClient ? s.server : s.client;
      const peerInc = isClient ? s.serverIncarnation : s.clientIncarnation;
      this.sendRaw(p, { process: peer, incarnation: peerInc }, { type: 'stream.closed', stream: s.id }, {
        summary: `connection closed (${p.id} exited)`,
        phase: 'networking',
      }, cause, 'networking');
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
    extra?: { deliverAt?: Millis; dropped?: DropReason },
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
    hashRecord(this.world.hash, r);
    this.world.traceCount++;
    this.world.trace.push(r);
    if (this.world.trace.length > this.world.traceLimit * 1.25) this.world.trace.splice(0, this.world.trace.length - this.world.traceLimit);
    for (const l of this.recordListeners) l(r);
    return r;
  }

  /** A process asked to exit during the handler that just ran (Effects.exit). */
  private exitRequest: { id: ProcessId; incarnation: number; restartAfterMs?: number } | undefined;

  private applyExit(): void {
    const x = this.exitRequest;
    if (!x) return;
    this.exitRequest = undefined;
    const p = this.world.processes.get(x.id);
    if (!p || !p.alive || p.incarnation !== x.incarnation) return;
    const rec = this.control('exit', p.id, x.restartAfterMs === undefined ? `${p.id} exited` : `${p.id} exited (started again in ${x.restartAfterMs} ms)`);
    this.stopProcess(p, rec.id, true);
    if (x.restartAfterMs !== undefined) this.enqueue({ time: this.world.now + x.restartAfterMs, seq: 0, kind: 'start', process: p.id });
  }

  private control(type: string, target: string, summary: string): TraceRecord {
    return this.record('control', type, OUTSIDE, target, summary, 'user', undefined, null);
  }

  private sendRaw<B extends MessageBody>(
    sender: ProcessState,
    to: ProcessId | ReplyAddress,
    body: B,
    meta: SendMeta,
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
      // A connection delivers in order: never let jitter overtake an earlier message on the same pair.
      const key = `${sender.id}>${toId}`;
      const last = this.world.fifo.get(key);
      if (last !== undefined && deliverAt < last) deliverAt = last as Millis;
      if (!dropped) this.world.fifo.set(key, deliverAt);
    }
    const rec = this.record('message', body.type, sender.id, toId, meta.summary, phase, meta.object, cause, {
      deliverAt,
      dropped,
    });
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
    if (dropped) return rec.id;
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

  private deliver(msg: Message, toIncarnation: number | undefined): void {
    const dest = this.world.processes.get(msg.to);
    if (!dest) return;
    const net = this.world.net;
    const host = net.hosts.get(dest.host)!;
    const sender = this.world.processes.get(msg.from);
    const drop = (reason: DropReason): void => {
      this.record('drop', msg.body.type, msg.from, msg.to, `lost: ${msg.summary}`, msg.phase, msg.object, msg.id, {
        dropped: reason,
      });
    };
    if (!host.up) return drop('host-down');
    if (sender && isPartitioned(net, sender.host, dest.host)) return drop('partition');
    if (toIncarnation !== undefined && (toIncarnation !== dest.incarnation || !dest.alive)) return drop('stale-incarnation');
    if (!dest.alive) {
      drop('process-dead');
      // Nobody listens on the port, so the host answers with a reset: the client sees "connection refused".
      if (sender && sender.alive && msg.from !== OUTSIDE && sender.incarnation === msg.fromIncarnation && msg.stream === undefined) {
        this.sendRaw(dest, { process: sender.id, incarnation: sender.incarnation }, { type: 'conn.refused', inReplyTo: msg.id }, {
          summary: `connection refused by ${dest.host} (${dest.id} is not running)`,
          phase: 'networking',
        }, msg.id, 'networking');
      }
      return;
    }
    const s = msg.stream !== undefined ? this.world.streams.get(msg.stream) : undefined;
    if (s && s.id === msg.id && s.serverIncarnation === -1) s.serverIncarnation = dest.incarnation;
    const type = this.types.get(dest.kind)!;
    const ctx = this.effects(dest, msg.id, msg.phase);
    type.onMessage(dest.state, msg, ctx);
  }

  private fireTimer(ev: Extract<QueuedEvent, { kind: 'timer' }>): void {
    const p = this.world.processes.get(ev.process)!;
    const rec = this.record('timer', ev.timer.name, p.id, p.id, `timer ${ev.timer.name}`, ev.phase, undefined, ev.cause);
    const type = this.types.get(p.kind)!;
    type.onTimer(p.state, ev.timer, this.effects(p, rec.id, ev.phase));
  }

  private effects(p: ProcessState, causeId: RecordId, phase: Phase): Effects {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const sim = this;
    let cause: RecordId = causeId;
    const curPhase: Phase = phase;
    const w = this.world;
    return {
      get now() {
        return w.now;
      },
      self: p.id,
      host: p.host,
      rand: () => nextFloat(w.prng),
      send(to, body, meta) {
        return sim.sendRaw(p, to, body, meta, cause, curPhase);
      },
      reply(msg, body, meta) {
        return sim.sendRaw(
          p,
          { process: msg.from, incarnation: msg.fromIncarnation },
          body,
          { summary: meta?.summary ?? `reply to #${msg.id}`, phase: meta?.phase ?? msg.phase, object: meta?.object ?? msg.object, stream: meta?.stream ?? msg.stream },
          cause,
          curPhase,
        );
      },
      closeStream(stream) {
        const s = w.streams.get(stream);
        if (!s) return;
        w.streams.delete(stream);
        const iAmClient = s.client === p.id;
        const peer: ReplyAddress = iAmClient
          ? { process: s.server, incarnation: s.serverIncarnation }
          : { process: s.client, incarnation: s.clientIncarnation };
        sim.sendRaw(p, peer, { type: 'stream.closed', stream }, { summary: `stream #${stream} closed by ${p.id}`, phase: 'networking' }, cause, curPhase);
      },
      setTimer(afterMs, name, payload) {
        const id = w.nextTimerId++;
        sim.enqueue({
          time: w.now + Math.max(0, afterMs),
          seq: 0,
          kind: 'timer',
          process: p.id,
          incarnation: p.incarnation,
          timer: { id, name, payload },
          cause,
          phase: curPhase,
        });
        return id;
      },
      cancelTimer(id) {
        w.cancelledTimers.add(id);
      },
      persist(data) {
        p.persisted = data;
      },
      log(line) {
        p.log.push({ time: w.now, line });
        // Trim in chunks: splicing one line off the front of a full log on every write is O(n).
        if (p.log.length > w.logLimit * 1.25) p.log.splice(0, p.log.length - w.logLimit);
      },
      cause(id) {
        // Only the cause changes: the phase stays the handler's (senders name theirs), so nothing
        // here depends on which records the bounded trace window still holds.
        if (id !== undefined) cause = id;
        return cause;
      },
      emit(e) {
        w.emitted.push(e);
      },
      hostProcesses() {
        const out: HostProcessInfo[] = [];
        for (const q of w.processes.values()) {
          if (q.host !== p.host) continue;
          const info: HostProcessInfo = { id: q.id, kind: q.kind, alive: q.alive, incarnation: q.incarnation, log: q.log.map((l) => ({ time: l.time, line: l.line })) };
          if (q.startedAt !== undefined) info.startedAt = q.startedAt;
          if (q.stoppedAt !== undefined) info.since = q.stoppedAt;
          out.push(info);
        }
        return out;
      },
      exit(restartAfterMs) {
        sim.exitRequest = { id: p.id, incarnation: p.incarnation, ...(restartAfterMs !== undefined && { restartAfterMs }) };
      },
      systemctl(action, id) {
        const q = w.processes.get(id);
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
