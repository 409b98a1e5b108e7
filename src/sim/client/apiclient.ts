// A client of kube-apiserver over the simulated network, as client-go is for real components.
// No closures or promises: every request in flight is a plain record in the component's state,
// tagged with a `purpose` (and data) so the component knows what to do with the answer.

import type { Credentials, HttpMethod, HttpRequest, HttpResponse } from '../api/http';
import type { ConnectionRefused, Effects, Message, ObjectRef, Phase, Timer } from '../kernel/component';
import type { MessageId, Millis, ProcessId, RecordId, TimerId } from '../kernel/units';

export interface PendingCall {
  id: MessageId;
  purpose: string;
  data: unknown;
  method: HttpMethod;
  path: string;
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
}

export const CLIENT_TIMEOUT_TIMER = 'client.timeout';

export function createClient(opts: {
  apiserver: ProcessId;
  credentials: Credentials;
  userAgent: string;
  timeoutMs: number;
}): ClientState {
  return { ...opts, pending: new Map() };
}

export interface RequestSpec {
  method: HttpMethod;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  contentType?: string;
  /** Overrides the client's credentials (kubectl --as adds impersonation). */
  credentials?: Credentials;
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
    userAgent: c.userAgent,
  };
  if (req.query) body.query = req.query;
  if (req.body !== undefined) body.body = req.body;
  if (req.contentType) body.contentType = req.contentType;
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
    cause: ctx.cause(),
    watch: !!meta.watch,
  };
  if (!meta.watch) call.timer = ctx.setTimer(meta.timeoutMs ?? c.timeoutMs, CLIENT_TIMEOUT_TIMER, id);
  c.pending.set(id, call);
  return id;
}

export type ClientEvent =
  | { kind: 'response'; call: PendingCall; response: HttpResponse }
  | { kind: 'error'; call: PendingCall; error: 'timeout' | 'refused' | 'closed' };

/**
 * Match a delivered message to a pending call. Returns undefined for messages that are not answers
 * to this client's requests (watch events are routed by the informer, see informer.ts).
 */
export function clientOnMessage(c: ClientState, msg: Message, ctx: Effects): ClientEvent | undefined {
  const b = msg.body as { type: string };
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
    const call = c.pending.get((msg.body as ConnectionRefused).inReplyTo);
    if (!call) return undefined;
    c.pending.delete(call.id);
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    return { kind: 'error', call, error: 'refused' };
  }
  if (b.type === 'stream.closed') {
    const call = c.pending.get((msg.body as unknown as { stream: number }).stream);
    if (!call) return undefined;
    c.pending.delete(call.id);
    return { kind: 'error', call, error: 'closed' };
  }
  return undefined;
}

export function clientOnTimer(c: ClientState, t: Timer): ClientEvent | undefined {
  if (t.name !== CLIENT_TIMEOUT_TIMER) return undefined;
  const call = c.pending.get(t.payload as MessageId);
  if (!call) return undefined;
  c.pending.delete(call.id);
  return { kind: 'error', call, error: 'timeout' };
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
