// An Effects that only records what a component asked for, for tests that drive one component with
// plain messages and timers, the way etcd-io/raft's tests drive Step and read Ready.

import type { Effects, Emitted, Probe, HostProcessInfo, Message, MessageBody, ReplyAddress, SendMeta, SystemctlAction } from './component';
import type { MessageId, Millis, ProcessId, RecordId, TimerId } from './units';

export interface SentMessage {
  id: MessageId;
  to: ProcessId | ReplyAddress;
  body: MessageBody;
  meta: SendMeta;
}

export interface SetTimer {
  id: TimerId;
  afterMs: number;
  name: string;
  payload: unknown;
}

export class RecordingEffects implements Effects {
  now: Millis;
  self: ProcessId;
  host: string;
  sent: SentMessage[] = [];
  timers: SetTimer[] = [];
  cancelled: TimerId[] = [];
  closed: MessageId[] = [];
  persisted: unknown = undefined;
  logs: string[] = [];
  emitted: Emitted[] = [];
  /** What hostProcesses() answers; a test sets it. */
  processes: HostProcessInfo[] = [];
  /** systemctl() calls, in order. */
  systemctlCalls: { action: SystemctlAction; id: ProcessId }[] = [];
  private nextId = 1000;
  private curCause: RecordId = 0;
  private randSeq: number[];

  constructor(opts: { self?: ProcessId; host?: string; now?: number; rand?: number[] } = {}) {
    this.self = opts.self ?? 'test';
    this.host = opts.host ?? 'test-host';
    this.now = (opts.now ?? 0) as Millis;
    this.randSeq = opts.rand ?? [];
  }

  rand(): number {
    return this.randSeq.length ? this.randSeq.shift()! : 0.5;
  }
  send<B extends MessageBody>(to: ProcessId | ReplyAddress, body: B, meta: SendMeta): MessageId {
    const id = this.nextId++;
    this.sent.push({ id, to, body, meta });
    return id;
  }
  reply<B extends MessageBody>(msg: Message, body: B, meta?: Partial<SendMeta>): MessageId {
    return this.send({ process: msg.from, incarnation: msg.fromIncarnation }, body, {
      summary: meta?.summary ?? 'reply',
      phase: meta?.phase ?? msg.phase,
      object: meta?.object ?? msg.object,
      stream: meta?.stream ?? msg.stream,
    });
  }
  closeStream(stream: MessageId): void {
    this.closed.push(stream);
  }
  setTimer(afterMs: number, name: string, payload?: unknown): TimerId {
    const id = this.nextId++;
    this.timers.push({ id, afterMs, name, payload });
    return id;
  }
  cancelTimer(id: TimerId): void {
    this.cancelled.push(id);
  }
  persist(data: unknown): void {
    this.persisted = data;
  }
  log(line: string): void {
    this.logs.push(line);
  }
  cause(id?: RecordId): RecordId {
    if (id !== undefined) this.curCause = id;
    return this.curCause;
  }
  emit(e: Emitted): void {
    this.emitted.push(e);
  }
  /** A test that wants the probes sets this; they are kept in `probes`. */
  probing = false;
  probes: Probe[] = [];
  probe(p: Probe): void {
    if (this.probing) this.probes.push(p);
  }
  /** What hostData() answers, by process kind; a test sets it. */
  hostDataByKind: Record<string, unknown> = {};
  hostData(kind: string): unknown {
    return this.hostDataByKind[kind];
  }
  hostProcesses(): HostProcessInfo[] {
    return structuredClone(this.processes);
  }
  /** exit() calls: the restart delay asked for (null: no restart). */
  exits: (number | null)[] = [];

  exit(restartAfterMs?: number): void {
    this.exits.push(restartAfterMs ?? null);
  }

  /** fail() calls: the exit statuses. */
  failures: number[] = [];

  fail(status: number): void {
    this.failures.push(status);
  }

  systemctl(action: SystemctlAction, id: ProcessId): boolean {
    this.systemctlCalls.push({ action, id });
    return this.processes.some((p) => p.id === id) && id !== this.self;
  }
  /** Forget what was recorded so far (between steps of a test). */
  clear(): void {
    this.sent = [];
    this.timers = [];
    this.cancelled = [];
    this.closed = [];
    this.logs = [];
    this.emitted = [];
  }
}

/** Build a delivered message for a test. */
export function testMessage<B extends MessageBody>(body: B, opts: Partial<Message<B>> = {}): Message<B> {
  return {
    id: opts.id ?? 1,
    from: opts.from ?? 'peer',
    fromIncarnation: opts.fromIncarnation ?? 1,
    to: opts.to ?? 'test',
    body,
    sentAt: (opts.sentAt ?? 0) as Millis,
    phase: opts.phase ?? 'user',
    summary: opts.summary ?? body.type,
    object: opts.object,
    stream: opts.stream,
  };
}
