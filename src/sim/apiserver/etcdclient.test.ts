// The apiserver's etcd client over several members, as clientv3 behaves: a member that says it
// cannot serve (no leader, leader changed, timed out) makes the next call go to the next endpoint;
// a read is retried there at once (retry_interceptor.go retries immutable RPCs on Unavailable), a
// write is not (isSafeRetryMutableRPC: it may have been applied) and its error goes back.
import { describe, expect, it } from 'vitest';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { ETCD_ERRORS, opPut, opRange, type EtcdError, type EtcdResponseBody } from '../etcd/protocol';
import { createEtcdClient, etcdCall, etcdOnMessage, etcdOnWatchCanceled } from './etcdclient';

const header = { clusterId: 'c', memberId: 'm', revision: 5, raftTerm: 2 };
const endpoints = ['etcd/etcd-1', 'etcd/etcd-2', 'etcd/etcd-3'];

function failWith(ctx: RecordingEffects, c: ReturnType<typeof createEtcdClient>, requestId: number, error: EtcdError) {
  const body: EtcdResponseBody = { type: 'etcd.response', requestId, header, error };
  return etcdOnMessage(ctx, c, testMessage(body));
}

describe('etcd client failover', () => {
  it('returns a write that timed out to the caller and sends the next call to the next member', () => {
    const ctx = new RecordingEffects();
    const c = createEtcdClient(endpoints, 10_000);
    const id = etcdCall(ctx, c, opPut('/k', 'v'), { kind: 'initialList' }, 'Put /k');
    const out = failWith(ctx, c, id, ETCD_ERRORS.timeout);
    expect(out && 'error' in out ? out.error.message : undefined).toBe('etcdserver: request timed out');
    etcdCall(ctx, c, opRange('/k'), { kind: 'initialList' }, 'Range /k');
    expect(ctx.sent.map((m) => m.to)).toEqual(['etcd/etcd-1', 'etcd/etcd-2']);
  });

  it('retries a read that met a leader change on the next member', () => {
    const ctx = new RecordingEffects();
    const c = createEtcdClient(endpoints, 10_000);
    const id = etcdCall(ctx, c, opRange('/k'), { kind: 'initialList' }, 'Range /k');
    expect(failWith(ctx, c, id, ETCD_ERRORS.leaderChanged)).toBeUndefined();
    const retry = ctx.sent[1]!;
    expect(retry.to).toBe('etcd/etcd-2');
    const ok: EtcdResponseBody = { type: 'etcd.response', requestId: retry.id, header, result: { op: 'range', kvs: [], more: false, count: 0 } };
    const out = etcdOnMessage(ctx, c, testMessage(ok));
    expect(out && 'response' in out).toBe(true);
  });

  it('with one member, hands every error back and stays on it', () => {
    const ctx = new RecordingEffects();
    const c = createEtcdClient(['etcd/etcd-1'], 10_000);
    const id = etcdCall(ctx, c, opRange('/k'), { kind: 'initialList' }, 'Range /k');
    const out = failWith(ctx, c, id, ETCD_ERRORS.noLeader);
    expect(out && 'error' in out ? out.error.message : undefined).toBe('etcdserver: no leader');
    expect(c.current).toBe(0);
  });

  it('lists and watches through the next member after a watch ended for want of a leader', () => {
    const c = createEtcdClient(endpoints, 10_000);
    etcdOnWatchCanceled(c, 'mvcc: required revision has been compacted');
    expect(c.current).toBe(0);
    etcdOnWatchCanceled(c, 'etcdserver: no leader');
    expect(c.current).toBe(1);
  });
});
