// etcd leases on one member: LeaseGrant, Put with a lease, LeaseRevoke, and expiry by the lessor.
// Facts from etcd's docs (https://etcd.io/docs/v3.5/learning/api/#lease-api: "when a lease
// expires or is revoked, all keys attached to the lease are deleted") and server/lease/lessor.go
// (Revoke deletes the keys sorted, in one txn; Promote refreshes every lease to its TTL plus an
// extension; rpctypes ErrGRPCLeaseNotFound "etcdserver: requested lease not found").
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import type { Millis } from '../kernel/units';
import { apply } from './apply';
import { etcdMember, type EtcdMemberState } from './member';
import { LESSOR_TIMER } from './member-lessor';
import { currentKv, newStore } from './mvcc/kvstore';
import { lookupLease } from './mvcc/lessor';
import {
  cmpModRevision,
  etcdRequest,
  opDelete,
  opLeaseGrant,
  opLeaseRevoke,
  opPut,
  opTxn,
  opWatchPrefix,
  type EtcdRequest,
  type EtcdResponseBody,
  type EtcdWatchBody,
  type LeaseGrantResponse,
} from './protocol';

describe('leases in the store (applierV3)', () => {
  it('grants a lease with the asked TTL and an id the store chose', () => {
    const store = newStore();
    const res = apply(store, opLeaseGrant(3660));
    expect(res.result).toMatchObject({ op: 'leaseGrant', ttl: 3660 });
    const id = (res.result as LeaseGrantResponse).id;
    expect(id.toString(16)).toMatch(/^694d[0-9a-f]{8}$/);
    // A grant writes no key: the revision stays.
    expect(res.revision).toBe(1);
    expect(apply(store, opLeaseGrant(60)).result).not.toMatchObject({ id });
  });

  it('refuses a put with a lease it does not hold, inside a Txn too, and writes nothing', () => {
    const store = newStore();
    const key = '/registry/events/default/e1';
    expect(apply(store, opPut(key, { a: 1 }, { lease: 42 })).error?.message).toBe('etcdserver: requested lease not found');
    const txn = opTxn([cmpModRevision(key, '=', 0)], [opPut(key, { a: 1 }, { lease: 42 })], []);
    expect(apply(store, txn).error?.message).toBe('etcdserver: requested lease not found');
    expect(store.revision).toBe(1);
  });

  it('revoking a lease deletes its keys at one revision, in key order, with their last values', () => {
    const store = newStore();
    const id = (apply(store, opLeaseGrant(60)).result as LeaseGrantResponse).id;
    apply(store, opPut('/registry/events/default/b', { n: 'b' }, { lease: id }));
    apply(store, opPut('/registry/events/default/a', { n: 'a' }, { lease: id }));
    apply(store, opPut('/registry/pods/default/web', { n: 'web' }));
    const res = apply(store, opLeaseRevoke(id));
    expect(res.result).toEqual({ op: 'leaseRevoke' });
    expect(res.revision).toBe(5);
    expect(res.events.map((e) => [e.type, e.kv.key, e.kv.modRevision, (e.prevKv!.value as { n: string }).n])).toEqual([
      ['DELETE', '/registry/events/default/a', 5, 'a'],
      ['DELETE', '/registry/events/default/b', 5, 'b'],
    ]);
    expect(currentKv(store, '/registry/pods/default/web')).toBeDefined();
    expect(lookupLease(store, id)).toBeUndefined();
    expect(apply(store, opLeaseRevoke(id)).error?.message).toBe('etcdserver: requested lease not found');
  });

  it('a key put again without the lease, or deleted, is no longer the lease\'s to delete', () => {
    const store = newStore();
    const id = (apply(store, opLeaseGrant(60)).result as LeaseGrantResponse).id;
    apply(store, opPut('/k/kept', '1', { lease: id }));
    apply(store, opPut('/k/gone', '2', { lease: id }));
    apply(store, opPut('/k/kept', '3'));
    apply(store, opDelete('/k/gone'));
    const before = store.revision;
    const res = apply(store, opLeaseRevoke(id));
    expect(res.events).toEqual([]);
    // Nothing to delete: the revoke takes no revision, as an empty write txn takes none.
    expect(store.revision).toBe(before);
    expect(currentKv(store, '/k/kept')?.value).toBe('3');
  });
});

const config = { name: 'etcd-1', peers: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS };
let nextId = 1;

function boot(persisted?: unknown, now = 0): { s: EtcdMemberState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'etcd/etcd-1', host: 'control-plane', now });
  const s = etcdMember.start(ctx, { config, persisted, incarnation: persisted ? 2 : 1 });
  if (!persisted) ctx.persisted = (s as EtcdMemberState).dataDir;
  return { s, ctx };
}

function send(s: EtcdMemberState, ctx: RecordingEffects, req: EtcdRequest, stream = false) {
  const id = nextId++;
  const msg = testMessage(etcdRequest(req), { id, from: 'kube-apiserver', ...(stream ? { stream: id } : {}) });
  etcdMember.onMessage(s, msg, ctx);
  return msg;
}

const lastResponse = (ctx: RecordingEffects) => ctx.sent.filter((m) => m.body.type === 'etcd.response').map((m) => m.body as EtcdResponseBody).at(-1)!;

/** Fire the lessor's armed timer at its time, as the kernel would. */
function fireLessor(s: EtcdMemberState, ctx: RecordingEffects): void {
  const armed = s.lessor.timer!;
  ctx.now = armed.at as Millis;
  etcdMember.onTimer(s, { id: armed.id, name: LESSOR_TIMER, payload: undefined }, ctx);
}

describe('the lessor of a lone member', () => {
  it('revokes an expired lease when its TTL has run out, and the watchers see the keys DELETED', () => {
    const { s, ctx } = boot();
    send(s, ctx, opWatchPrefix('/registry/', { prevKv: true }), true);
    ctx.now = 5_000 as Millis;
    send(s, ctx, opLeaseGrant(3660));
    const id = (lastResponse(ctx).result as LeaseGrantResponse).id;
    send(s, ctx, opPut('/registry/events/default/e1', { reason: 'Scheduled' }, { lease: id }));
    expect(s.lessor.timer?.at).toBe(5_000 + 3_660_000);
    ctx.sent = [];
    fireLessor(s, ctx);
    const watch = ctx.sent.map((m) => m.body).filter((b): b is EtcdWatchBody => b.type === 'etcd.watch');
    expect(watch.flatMap((b) => b.events.map((e) => `${e.type} ${e.kv.key}`))).toEqual(['DELETE /registry/events/default/e1']);
    expect(currentKv(s.store, '/registry/events/default/e1')).toBeUndefined();
    expect(lookupLease(s.store, id)).toBeUndefined();
    expect(s.lessor.timer).toBeUndefined();
  });

  it('keeps the leases over a restart and gives each its whole TTL again plus the election timeout', () => {
    const first = boot();
    send(first.s, first.ctx, opLeaseGrant(60));
    const id = (lastResponse(first.ctx).result as LeaseGrantResponse).id;
    send(first.s, first.ctx, opPut('/registry/events/default/e1', {}, { lease: id }));
    const again = boot(first.s.dataDir, 50_000);
    expect(again.s.lessor.expiries.get(id)).toBe(50_000 + 60_000 + DEFAULT_TIMINGS.etcdElectionTimeoutMs);
    fireLessor(again.s, again.ctx);
    expect(currentKv(again.s.store, '/registry/events/default/e1')).toBeUndefined();
  });

  it('arms one timer for the earliest expiry, not a tick every 500 ms', () => {
    const { s, ctx } = boot();
    ctx.timers = [];
    send(s, ctx, opLeaseGrant(120));
    send(s, ctx, opLeaseGrant(60));
    send(s, ctx, opLeaseGrant(90));
    expect(ctx.timers.filter((t) => t.name === LESSOR_TIMER).map((t) => t.afterMs)).toEqual([120_000, 60_000]);
    expect(ctx.cancelled).toHaveLength(1);
  });
});
