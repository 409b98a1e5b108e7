// The apiserver's etcd client (clientv3 as the apiserver's storage backend uses it): every call is
// an `etcd.request` message to one member, remembered with what it is for, and answered by an
// `etcd.response`. A member that refuses the connection makes the client try the next endpoint; a
// member that has no leader or timed out makes the next call go to the next endpoint (and a read is
// retried there); a call that gets no answer in time fails with etcd's timeout error.

import type { Http2Ping, Http2Pong } from '../api/http';
import type { ConnectionRefused, Effects, Message } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import {
  ETCD_ERRORS,
  etcdRequest,
  opWatchProgress,
  summarizeRequest,
  type EtcdError,
  type EtcdRequest,
  type EtcdResponseBody,
} from '../etcd/protocol';
import { grpcMessageBytes, MAX_CALL_SEND_MSG_SIZE, sendLimitError, withValueSizes } from './grpc-limit';
import type { EtcdCall, EtcdClientState, EtcdPurpose } from './state';

/** Beyond etcd's own server-side timeout (5 s + 2 x election timeout): by then the member is gone. */
export const ETCD_REQUEST_TIMEOUT_MS = 10_000;
export const ETCD_TIMEOUT_TIMER = 'etcd.timeout';
export const ETCD_KEEPALIVE_TIMER = 'etcd.keepalive';
/**
 * The apiserver's etcd client keepalive (storagebackend/factory/etcd3.go: keepaliveTime 30 s,
 * keepaliveTimeout 10 s): after 30 s without a word from the member a gRPC PING goes out, and with
 * no answer in 10 s the connection is closed, so a watch on a member that vanished without closing
 * it (a machine that lost power, a partition) ends and the watch cache lists again elsewhere.
 */
export const ETCD_KEEPALIVE = { timeMs: 30_000, timeoutMs: 10_000 } as const;

/** What the apiserver reports when the call timed out without an answer (etcd's ErrTimeout text). */
export const ETCD_TIMEOUT_ERROR: EtcdError = { code: 'Unavailable', message: 'etcdserver: request timed out' };
/**
 * What a request fails with when no etcd endpoint accepts a connection: the gRPC error the etcd
 * client surfaces (kubeadm's stacked etcd listens on 127.0.0.1:2379).
 */
export const ETCD_REFUSED_ERROR: EtcdError = {
  code: 'Unavailable',
  message:
    'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:2379: connect: connection refused"',
};

export function createEtcdClient(endpoints: string[], timeoutMs: number): EtcdClientState {
  return { endpoints, current: 0, timeoutMs, pending: new Map() };
}

function send(ctx: Effects, c: EtcdClientState, call: Omit<EtcdCall, 'id'>, stream: boolean): MessageId {
  const to = c.endpoints[call.endpoint % c.endpoints.length]!;
  const id = ctx.send(to, etcdRequest(call.request), { summary: call.summary, stream: stream ? 'open' : undefined });
  const full: EtcdCall = { ...call, id };
  if (!stream) full.timer = ctx.setTimer(c.timeoutMs, ETCD_TIMEOUT_TIMER, id);
  c.pending.set(id, full);
  return id;
}

/**
 * Send one etcd call; the phase is the one of the record being handled (the client request's). A
 * request over gRPC's send limit is not sent: it fails at once, on a timer of 0 ms (grpc-limit.ts).
 */
export function etcdCall(ctx: Effects, c: EtcdClientState, req: EtcdRequest, purpose: EtcdPurpose, summary: string): MessageId {
  const sized = (limit: number): EtcdRequest => (req.op === 'put' || req.op === 'txn' ? withValueSizes(req, limit) : req);
  const request = sized(MAX_CALL_SEND_MSG_SIZE);
  if (grpcMessageBytes(request) > MAX_CALL_SEND_MSG_SIZE) {
    // grpc-go names the whole message's size: measured again, to the end (the body limit bounds it).
    const bytes = grpcMessageBytes(sized(Number.MAX_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
    c.localCalls = (c.localCalls ?? 0) + 1;
    const id = -c.localCalls as MessageId;
    const call: EtcdCall = { id, purpose, request, summary, endpoint: c.current, refused: 0, localError: sendLimitError(bytes) };
    call.timer = ctx.setTimer(0, ETCD_TIMEOUT_TIMER, id);
    c.pending.set(id, call);
    return id;
  }
  return send(ctx, c, { purpose, request, summary, endpoint: c.current, refused: 0 }, false);
}

/** Open the watch stream (no timeout: it lives until the member or the apiserver goes away). */
export function etcdWatch(ctx: Effects, c: EtcdClientState, request: EtcdRequest, summary: string): MessageId {
  const id = send(ctx, c, { purpose: { kind: 'watch' }, request, summary, endpoint: c.current, refused: 0 }, true);
  c.watchId = id;
  c.watchEndpoint = c.current;
  c.lastHeardAt = ctx.now;
  if (!c.keepalive) c.keepalive = { timer: ctx.setTimer(ETCD_KEEPALIVE.timeMs, ETCD_KEEPALIVE_TIMER) };
  return id;
}

/**
 * clientv3's RequestProgress: a WatchRequest with a progress_request sent on the open watch stream.
 * It has no answer of its own: the member's answer is an event-less message on that stream whose
 * header carries its current revision (v3rpc watch.go, RequestProgressAll). Returns false when
 * there is no watch to send it on.
 */
export function etcdRequestProgress(ctx: Effects, c: EtcdClientState): boolean {
  if (c.watchId === undefined) return false;
  const to = c.endpoints[(c.watchEndpoint ?? c.current) % c.endpoints.length]!;
  const request = opWatchProgress(c.watchId);
  ctx.send(to, etcdRequest(request), { summary: summarizeRequest(request), stream: c.watchId });
  return true;
}

/** Anything from the watch's member shows the connection is alive. */
export function etcdHeard(ctx: Effects, c: EtcdClientState, msg: Message): void {
  if (c.watchEndpoint !== undefined && msg.from === c.endpoints[c.watchEndpoint % c.endpoints.length]) c.lastHeardAt = ctx.now;
  if (msg.body.type === 'http2.pong' && c.keepalive?.ping === (msg.body as Http2Pong).inReplyTo) {
    ctx.cancelTimer(c.keepalive.timer);
    c.keepalive = { timer: ctx.setTimer(ETCD_KEEPALIVE.timeMs, ETCD_KEEPALIVE_TIMER) };
  }
}

/**
 * The keepalive timer. Returns true when the connection to the watch's member is lost: the caller
 * ends the watch (the stream is closed) and lists again; the next calls go to the next endpoint.
 */
export function etcdOnKeepalive(ctx: Effects, c: EtcdClientState): boolean {
  const k = c.keepalive;
  if (!k) return false;
  if (c.watchId === undefined) {
    c.keepalive = undefined;
    return false;
  }
  if (k.ping !== undefined) {
    c.keepalive = undefined;
    ctx.closeStream(c.watchId);
    c.pending.delete(c.watchId);
    c.watchId = undefined;
    if (c.endpoints.length > 1) c.current = ((c.watchEndpoint ?? c.current) + 1) % c.endpoints.length;
    return true;
  }
  const remaining = (c.lastHeardAt ?? 0) + ETCD_KEEPALIVE.timeMs - ctx.now;
  if (remaining >= 1) {
    c.keepalive = { timer: ctx.setTimer(remaining, ETCD_KEEPALIVE_TIMER) };
    return false;
  }
  const to = c.endpoints[(c.watchEndpoint ?? c.current) % c.endpoints.length]!;
  const ping = ctx.send<Http2Ping>(to, { type: 'http2.ping' }, { summary: 'gRPC keepalive PING (30 s without a word)', phase: 'heartbeat' });
  c.keepalive = { timer: ctx.setTimer(ETCD_KEEPALIVE.timeoutMs, ETCD_KEEPALIVE_TIMER), ping };
  return false;
}

export type EtcdOutcome =
  | { call: EtcdCall; response: EtcdResponseBody }
  | { call: EtcdCall; error: EtcdError };

/** Match a response, a refused connection or a closed watch to the call it ends. */
export function etcdOnMessage(ctx: Effects, c: EtcdClientState, msg: Message): EtcdOutcome | undefined {
  const b = msg.body;
  if (b.type === 'etcd.response') {
    const r = b as EtcdResponseBody;
    const call = c.pending.get(r.requestId);
    if (!call) return undefined;
    c.pending.delete(call.id);
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    if (r.error) return onErrorResponse(ctx, c, call, r.error);
    return { call, response: r };
  }
  if (b.type === 'conn.refused') {
    if (c.keepalive?.ping === (b as ConnectionRefused).inReplyTo) {
      // Nobody listens there any more: give up at once (the keepalive timer does the rest).
      ctx.cancelTimer(c.keepalive.timer);
      c.keepalive.timer = ctx.setTimer(0, ETCD_KEEPALIVE_TIMER);
      return undefined;
    }
    const call = c.pending.get((b as ConnectionRefused).inReplyTo);
    if (!call) return undefined;
    c.pending.delete(call.id);
    if (call.timer !== undefined) ctx.cancelTimer(call.timer);
    // The etcd client balances over its endpoints: try the next member before giving up.
    const refused = call.refused + 1;
    if (refused < c.endpoints.length) {
      c.current = (call.endpoint + 1) % c.endpoints.length;
      const stream = call.purpose.kind === 'watch';
      const id = send(ctx, c, { ...call, endpoint: c.current, refused }, stream);
      if (stream) {
        c.watchId = id;
        c.watchEndpoint = c.current;
      }
      return undefined;
    }
    return { call, error: ETCD_REFUSED_ERROR };
  }
  return undefined;
}

/** etcd errors that say "this member cannot serve you now": clientv3 moves to another endpoint. */
const UNAVAILABLE_MEMBER = new Set([
  ETCD_ERRORS.noLeader.message,
  ETCD_ERRORS.leaderChanged.message,
  ETCD_ERRORS.timeout.message,
  ETCD_ERRORS.timeoutDueToLeaderFail.message,
  ETCD_ERRORS.timeoutDueToConnectionLost.message,
  ETCD_ERRORS.stopped.message,
]);

/**
 * A member answered with an error. When it is one of "this member cannot serve now", the next call
 * goes to the next endpoint. clientv3's retry interceptor retries a read (an immutable RPC) on an
 * Unavailable error, once per endpoint here; a write is never retried, since it may have been
 * applied (isSafeRetryMutableRPC), so its error goes back to the caller.
 */
function onErrorResponse(ctx: Effects, c: EtcdClientState, call: EtcdCall, error: EtcdError): EtcdOutcome | undefined {
  if (c.endpoints.length < 2 || !UNAVAILABLE_MEMBER.has(error.message)) return { call, error };
  c.current = (call.endpoint + 1) % c.endpoints.length;
  const retries = call.retried ?? 0;
  // A timed-out read has used up its time; "no leader" and "leader changed" come back at once.
  const quick = error.message === ETCD_ERRORS.noLeader.message || error.message === ETCD_ERRORS.leaderChanged.message;
  if (call.request.op === 'range' && quick && retries + 1 < c.endpoints.length) {
    send(ctx, c, { ...call, endpoint: c.current, refused: 0, retried: retries + 1 }, false);
    return undefined;
  }
  return { call, error };
}

/** A call's timer fired: the call fails with the timeout error, and the next call tries another member. */
export function etcdOnTimeout(c: EtcdClientState, id: MessageId): EtcdOutcome | undefined {
  const call = c.pending.get(id);
  if (!call) return undefined;
  c.pending.delete(id);
  // Refused by the client itself: no member is to blame, the next call stays where it is.
  if (call.localError) return { call, error: call.localError };
  c.current = (call.endpoint + 1) % c.endpoints.length;
  return { call, error: ETCD_TIMEOUT_ERROR };
}

/**
 * The member ended the watch stream because it has no leader (clientv3.WithRequireLeader): the
 * list and watch that follow go to the next endpoint rather than back to a member without quorum.
 */
export function etcdOnWatchCanceled(c: EtcdClientState, reason: string | undefined): void {
  if (reason === ETCD_ERRORS.noLeader.message && c.endpoints.length > 1) c.current = (c.current + 1) % c.endpoints.length;
}
