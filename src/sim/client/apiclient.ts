// A client of kube-apiserver over the simulated network, as client-go is for real components.
// No closures or promises: every request in flight is a plain record in the component's state,
// tagged with a `purpose` (and data) so the component knows what to do with the answer.

import type { Credentials, Http2Ping, Http2Pong, HttpMethod, HttpRequest, HttpResponse } from '../api/http';
import type { ConnectionRefused, Effects, Message, ObjectRef, Phase, StreamClosed, Timer } from '../kernel/component';
import type { MessageId, Millis, ProcessId, RecordId, TimerId } from '../kernel/units';

export interface PendingCall {
  id: MessageId;
  purpose: string;
  data: unknown;
  method: HttpMethod;
  path: string;
  /** The query sent, for the URL in error messages. */
  query?: Record<string, string>;
  sentAt: Millis;
  /** The record that caused the request; the answer's handling continues that chain. */
  cause: RecordId;
  timer?: TimerId;
  /** A watch: it stays pending while its stream is open. */
  watch: boolean;
}

export interface ClientState {
  apiserver: ProcessId;
  credentials: Credentials;
  userAgent: string;
  timeoutMs: number;
  pending: Map<MessageId, PendingCall>;
  /** When anything last arrived from kube-apiserver (a response, a watch event, a PONG). */
  lastHeardAt: Millis;
  /** The connection health check, armed while a watch is open (see CONNECTION_HEALTH below). */
  health?: { timer: TimerId; ping?: MessageId };
}

export const CLIENT_TIMEOUT_TIMER = 'client.timeout';
export const CLIENT_HEALTH_TIMER = 'client.health';

/**
 * golang.org/x/net/http2's health check as client-go turns it on (ReadIdleTimeout 30 s,
 * PingTimeout 15 s): when nothing has been read on the connection for 30 s, send a PING; with no
 * PONG within 15 s the connection is lost and every request on it, watches included, fails with
 * "http2: client connection lost". This is how a watch notices a server that vanished without
 * closing it (a powered-off machine, a partition): the reflector then watches or lists again.
 */
export const CONNECTION_HEALTH = { readIdleTimeoutMs: 30_000, pingTimeoutMs: 15_000 } as const;


export function createClient(opts: {
  apiserver: ProcessId;
  credentials: Credentials;
  userAgent: string;
  timeoutMs: number;
}): ClientState {
  return { ...opts, pending: new Map(), lastHeardAt: 0 as Millis };
}

export interface RequestSpec {
  method: HttpMethod;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  /** Overrides the client's credentials (kubectl --as adds impersonation). */
  credentials?: Credentials;
  /** Overrides the client's User-Agent (a real kubectl's, through kubeplay serve). */
  userAgent?: string;
  accept?: string;
  /** Ask for a `watch.started` when the watch is established (HttpRequest.announceWatch). */
  announceWatch?: true;
}

export interface RequestMeta {
  phase: Phase;
  summary?: string;
  object?: ObjectRef;
  timeoutMs?: number;
  /** Open a watch stream instead of a unary call. */
  watch?: boolean;
}

export function summarize(req: RequestSpec): string {
  const q = req.query && Object.keys(req.query).length
    ? '?' + Object.entries(req.query).map(([k, v]) => `${k}=${v}`).join('&')
    : '';
  const verb = req.query?.watch === 'true' ? 'WATCH' : req.method;
  return `${verb} ${req.path}${q}`;
}

export function apiRequest(
  ctx: Effects,
  c: ClientState,
  req: RequestSpec,
  purpose: string,
  data: unknown,
  meta: RequestMeta,
): MessageId {
  const body: HttpRequest = {
    type: 'http.request',
    method: req.method,
    path: req.path,
    credentials: req.credentials ?? c.credentials,
    userAgent: req.userAgent ?? c.userAgent,
  };
  if (req.query) body.query = req.query;
  if (req.body !== undefined) body.body = req.body;
  if (req.contentType) body.contentType = req.contentType;
  if (req.accept) body.accept = req.accept;
  if (req.announceWatch) body.announceWatch = true;
  const id = ctx.send(c.apiserver, body, {
    phase: meta.phase,
    summary: meta.summary ?? summarize(req),
    object: meta.object,
    stream: meta.watch ? 'open' : undefined,
  });
  const call: PendingCall = {
    id,
    purpose,
    data,
    method: req.method,
    path: req.path,
    sentAt: ctx.now,
    ...(req.query && { query: req.query }),
    cause: ctx.cause(),
    watch: !!meta.watch,
  };
  if (!meta.watch) call.timer = ctx.setTimer(meta.timeoutMs ?? c.timeoutMs, CLIENT_TIMEOUT_TIMER, id);
  c.pending.set(id, call);
  if (meta.watch && !c.health) armHealth(c, ctx, CONNECTION_HEALTH.readIdleTimeoutMs);
  return id;
}

function armHealth(c: ClientState, ctx: Effects, afterMs: number, ping?: MessageId): void {
  c.health = { timer: ctx.setTimer(afterMs, CLIENT_HEALTH_TIMER) };
  if (ping !== undefined) c.health.ping = ping;
}

function hasOpenWatch(c: ClientState): boolean {
  for (const call of c.pending.values()) if (call.watch) return true;
  return false;
}

/** The connection is gone: every call on it ends with "http2: client connection lost". */
function connectionLost(c: ClientState, ctx: Effects): ClientEvent[] {
  const out: ClientEvent[] = [];
  for (const call of c.pending.values()) {
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    // Tell the server, if it can still hear, so that it forgets the watch.
    if (call.watch) ctx.closeStream(call.id);
    out.push({ kind: 'error', call, error: 'closed' });
  }
  c.pending.clear();
  c.health = undefined;
  return out;
}

/** The health timer: disarm with no watch open, PING after 30 s of silence, give up 15 s later. */
function onHealthTimer(c: ClientState, ctx: Effects): ClientEvent[] {
  const h = c.health;
  if (!h) return [];
  if (h.ping !== undefined) return connectionLost(c, ctx);
  if (!hasOpenWatch(c)) {
    c.health = undefined;
    return [];
  }
  // Heard from within the last 30 s: look again when it will have been 30 s. (Under a millisecond
  // to go counts as idle, so float rounding of the clock cannot re-arm the timer at the same instant.)
  const remaining = c.lastHeardAt + CONNECTION_HEALTH.readIdleTimeoutMs - ctx.now;
  if (remaining >= 1) {
    armHealth(c, ctx, remaining);
    return [];
  }
  const ping = ctx.send<Http2Ping>(c.apiserver, { type: 'http2.ping' }, { phase: 'heartbeat', summary: 'HTTP/2 PING (connection idle 30 s)' });
  armHealth(c, ctx, CONNECTION_HEALTH.pingTimeoutMs, ping);
  return [];
}

/**
 * How a call ended: an HTTP answer; no answer (timed out, connection refused, connection lost
 * with the call on it); or, for a watch, the server ending its stream cleanly.
 */
export type ClientEvent =
  | { kind: 'response'; call: PendingCall; response: HttpResponse }
  | { kind: 'error'; call: PendingCall; error: 'timeout' | 'refused' | 'closed' }
  | { kind: 'ended'; call: PendingCall };

/**
 * Match a delivered message to a pending call. Returns undefined for messages that are not answers
 * to this client's requests (watch events are routed by the informer, see informer.ts).
 */
export function clientOnMessage(c: ClientState, msg: Message, ctx: Effects): ClientEvent | undefined {
  const b = msg.body as { type: string };
  // A refusal or a lost connection is the local machine speaking, not the server.
  const local = b.type === 'conn.refused' || (b.type === 'stream.closed' && (msg.body as StreamClosed).lost);
  if (msg.from === c.apiserver && !local) c.lastHeardAt = ctx.now;
  if (b.type === 'http2.pong') {
    if (c.health?.ping === (b as Http2Pong).inReplyTo) {
      ctx.cancelTimer(c.health.timer);
      armHealth(c, ctx, CONNECTION_HEALTH.readIdleTimeoutMs);
    }
    return undefined;
  }
  if (b.type === 'http.response') {
    const resp = msg.body as HttpResponse;
    const call = c.pending.get(resp.requestId);
    if (!call) return undefined;
    // A watch's first response is an error status (403, 410, ...) when the server refuses it.
    c.pending.delete(call.id);
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    return { kind: 'response', call, response: resp };
  }
  if (b.type === 'conn.refused') {
    const refused = (msg.body as ConnectionRefused).inReplyTo;
    if (c.health?.ping === refused) {
      // Nobody listens any more: the connection is gone (the events come with the health timer).
      ctx.cancelTimer(c.health.timer);
      armHealth(c, ctx, 0, refused);
      return undefined;
    }
    const call = c.pending.get(refused);
    if (!call) return undefined;
    c.pending.delete(call.id);
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    return { kind: 'error', call, error: 'refused' };
  }
  if (b.type === 'stream.closed') {
    const closed = msg.body as StreamClosed;
    const call = c.pending.get(closed.stream);
    if (!call) return undefined;
    c.pending.delete(call.id);
    return closed.lost ? { kind: 'error', call, error: 'closed' } : { kind: 'ended', call };
  }
  return undefined;
}

/**
 * A fired timer of the client's: a request's timeout (one event) or the connection health check
 * (an event for every call on a lost connection). Undefined when the timer is not the client's.
 */
export function clientOnTimer(c: ClientState, t: Timer, ctx: Effects): ClientEvent[] | undefined {
  if (t.name === CLIENT_HEALTH_TIMER) return onHealthTimer(c, ctx);
  if (t.name !== CLIENT_TIMEOUT_TIMER) return undefined;
  const call = c.pending.get(t.payload as MessageId);
  if (!call) return [];
  c.pending.delete(call.id);
  return [{ kind: 'error', call, error: 'timeout' }];
}

/**
 * Whether a delivered message is this client's: an answer to, a watch event on or the end of one of
 * its calls, or the PONG of its health check. A process that runs one client per program (CoreDNS
 * and metrics-server containers on a node) routes each message with it.
 */
export function clientOwnsMessage(c: ClientState, msg: Message): boolean {
  const b = msg.body as { requestId?: MessageId; inReplyTo?: MessageId; stream?: MessageId; watchId?: MessageId };
  for (const id of [b.requestId, b.inReplyTo, b.stream, b.watchId, msg.stream]) {
    if (id !== undefined && (c.pending.has(id) || c.health?.ping === id)) return true;
  }
  return false;
}

/** The program using the client ended: its watch streams close and its health check stops. */
export function closeClient(c: ClientState, ctx: Effects): void {
  for (const call of c.pending.values()) if (call.watch) ctx.closeStream(call.id);
  if (c.health) ctx.cancelTimer(c.health.timer);
}

/** Paths in the shape the apiserver serves. */
export function resourcePath(opts: {
  group?: string;
  version?: string;
  resource: string;
  namespace?: string;
  name?: string;
  subresource?: string;
}): string {
  const version = opts.version ?? 'v1';
  let p = opts.group ? `/apis/${opts.group}/${version}` : `/api/${version}`;
  if (opts.namespace) p += `/namespaces/${opts.namespace}`;
  p += `/${opts.resource}`;
  if (opts.name) p += `/${opts.name}`;
  if (opts.subresource) p += `/${opts.subresource}`;
  return p;
}
