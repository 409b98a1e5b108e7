// Objects with a TTL (only Events: kube-apiserver --event-ttl, 1 h) are written to etcd with a
// lease, and etcd deletes them when it expires, so old events leave `kubectl get events` and
// watchers see them DELETED. Granting a lease per event would cost a Raft round each, so the
// apiserver reuses one (k8s.io/apiserver/pkg/storage/etcd3/lease_manager.go): it asks for a little
// extra TTL, min(60 s, 5 % of the TTL), and hands the same lease to every write made within that
// extra time. An event thus lives between its TTL and its TTL plus a minute.
//
// The real manager holds a mutex around the Grant, so concurrent writes wait for it and then reuse
// the new lease; here the writes that arrive while a grant is in flight wait in a list and all take
// the lease it returns. All of them ask for the same TTL (only events have one).

import { internalError } from '../api/errors';
import type { Effects } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { opLeaseGrant, type EtcdRequest, type LeaseGrantResponse, type RequestOp } from '../etcd/protocol';
import { etcdCall, type EtcdOutcome } from './etcdclient';
import { respond } from './respond';
import type { ApiserverState, RequestContext, RequestStep } from './state';

/** lease_manager.go newDefaultLeaseManager(client, 60, 0.05). */
const LEASE_REUSE_DURATION_SECONDS = 60;
const LEASE_REUSE_DURATION_PERCENT = 0.05;

export interface LeaseManagerState {
  prevLeaseId: number;
  /** When the cached lease runs out (ms), counted from the moment the grant was asked for. */
  prevLeaseExpirationMs: number;
  /** A LeaseGrant in flight: when it was asked for and with what TTL. */
  granting?: { at: number; ttlSeconds: number };
  /** Requests waiting for that grant. */
  waiting: MessageId[];
}

/** A write that waits for its lease: the etcd request to send once it has one. */
export interface PendingWrite {
  request: EtcdRequest;
  step: RequestStep;
  summary: string;
}

/** The TTL in seconds objects of this resource are stored with, if any (the registry's TTLFunc). */
export function ttlSecondsOf(s: ApiserverState, resource: string): number | undefined {
  return resource === 'events' ? Math.floor(s.config.timings.eventTtlMs / 1000) : undefined;
}

function manager(s: ApiserverState): LeaseManagerState {
  s.leases ??= { prevLeaseId: 0, prevLeaseExpirationMs: 0, waiting: [] };
  return s.leases;
}

function reuseSeconds(ttl: number): number {
  return Math.min(LEASE_REUSE_DURATION_SECONDS, Math.floor(LEASE_REUSE_DURATION_PERCENT * ttl));
}

/** GetLease's test: the cached lease outlives the TTL from now, but by no more than the reuse time. */
function reusable(lm: LeaseManagerState, now: number, ttl: number): number | undefined {
  if (!lm.prevLeaseId) return undefined;
  const valid = now + ttl * 1000 < lm.prevLeaseExpirationMs;
  const sufficient = now + (ttl + reuseSeconds(ttl)) * 1000 > lm.prevLeaseExpirationMs;
  return valid && sufficient ? lm.prevLeaseId : undefined;
}

/** The request with every Put it makes (at the top or in a Txn branch) attached to the lease. */
function withLease<R extends EtcdRequest | RequestOp>(req: R, lease: number): R {
  if (req.op === 'put') return { ...req, lease };
  if (req.op === 'txn') return { ...req, success: req.success.map((o) => withLease(o, lease)), failure: req.failure.map((o) => withLease(o, lease)) };
  return req;
}

function send(ctx: Effects, s: ApiserverState, rc: RequestContext, w: PendingWrite): void {
  s.requests.set(rc.msg.id, rc);
  etcdCall(ctx, s.etcd, w.request, { kind: 'request', requestId: rc.msg.id, step: w.step }, w.summary);
}

/** Send a write whose object has a TTL: with the cached lease, or once a new one is granted. */
export function writeWithLease(ctx: Effects, s: ApiserverState, rc: RequestContext, w: PendingWrite, ttl: number): void {
  const lm = manager(s);
  const cached = reusable(lm, ctx.now, ttl);
  if (cached) return send(ctx, s, rc, { ...w, request: withLease(w.request, cached) });
  rc.pendingWrite = w;
  s.requests.set(rc.msg.id, rc);
  lm.waiting.push(rc.msg.id);
  if (lm.granting) return;
  // Ask for a little extra TTL, so the lease can be shared by the writes of the next minute.
  const grantTtl = ttl + reuseSeconds(ttl);
  lm.granting = { at: ctx.now, ttlSeconds: grantTtl };
  etcdCall(ctx, s.etcd, opLeaseGrant(grantTtl), { kind: 'request', requestId: rc.msg.id, step: 'lease' }, `LeaseGrant TTL ${grantTtl}s`);
}

/** The LeaseGrant came back: the waiting writes go out with the lease, or fail with etcd's error. */
export function onLeaseGrant(ctx: Effects, s: ApiserverState, out: EtcdOutcome): void {
  const lm = manager(s);
  const asked = lm.granting;
  lm.granting = undefined;
  const waiting = lm.waiting;
  lm.waiting = [];
  const granted = 'error' in out ? undefined : (out.response.result as LeaseGrantResponse);
  if (granted && asked) {
    lm.prevLeaseId = granted.id;
    lm.prevLeaseExpirationMs = asked.at + granted.ttl * 1000;
  }
  for (const id of waiting) {
    const rc = s.requests.get(id);
    const w = rc?.pendingWrite;
    if (!rc || !w) continue;
    rc.pendingWrite = undefined;
    if (granted) send(ctx, s, rc, { ...w, request: withLease(w.request, granted.id) });
    else {
      s.requests.delete(id);
      respond(ctx, rc, 500, internalError('error' in out ? out.error.message : 'lease grant failed'), 'Storage');
    }
  }
}
