// kube-apiserver's etcd compactor driven with plain messages, after k8s.io/apiserver/pkg/storage/
// etcd3/compact.go and its compact_test.go (TestCompact: the first round only records the
// revision; TestCompactConflict: a compactor that lost the compare-and-swap follows the other one)
// and the cacher's reaction to a compacted watch (it lists again).
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import type { EtcdRequestBody, EtcdResponseBody, EtcdResult, EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { COMPACT_REV_KEY, COMPACT_TIMER } from './compactor';

const header = (revision: number) => ({ clusterId: 'c', memberId: 'm', revision, raftTerm: 1 });

function started(): { s: ApiserverState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-apiserver' });
  const s = kubeApiserver.start(ctx, {
    config: { etcd: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS, tokens: {}, advertiseAddress: '10.0.0.10' },
    persisted: undefined,
    incarnation: 1,
  });
  return { s, ctx };
}

function fire(s: ApiserverState, ctx: RecordingEffects, name: string): void {
  const t = ctx.timers.filter((x) => x.name === name).at(-1)!;
  ctx.clear();
  kubeApiserver.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
}

/** The etcd request the apiserver just sent, and a function that answers it. */
function lastCall(s: ApiserverState, ctx: RecordingEffects) {
  const m = ctx.sent.filter((x) => x.body.type === 'etcd.request').at(-1)!;
  const answer = (revision: number, result: EtcdResult) => {
    const body: EtcdResponseBody = { type: 'etcd.response', requestId: m.id, header: header(revision), result };
    ctx.clear();
    kubeApiserver.onMessage(s, testMessage(body, { from: 'etcd/etcd-1' }), ctx);
  };
  return { req: (m.body as EtcdRequestBody).request, summary: m.meta.summary, answer };
}

const revKv = (version: number, value: string): KeyValue => ({ key: COMPACT_REV_KEY, createRevision: 2, modRevision: 50, version, value, valueSize: value.length });

describe('the etcd compactor', () => {
  it('runs every --etcd-compaction-interval (5 min), compacting to the revision the previous round saw', () => {
    const { s, ctx } = started();
    expect(ctx.timers.find((t) => t.name === COMPACT_TIMER)!.afterMs).toBe(300_000);
    fire(s, ctx, COMPACT_TIMER);
    const first = lastCall(s, ctx);
    expect(first.summary).toBe('Txn put compact_rev_key if version=0 (compactor)');
    expect(first.req).toMatchObject({ op: 'txn', compare: [{ key: COMPACT_REV_KEY, target: 'VERSION', result: '=', value: 0 }], success: [{ op: 'put', key: COMPACT_REV_KEY, value: '0' }] });
    // "We don't compact on bootstrap": the first round only records the revision.
    first.answer(100, { op: 'txn', succeeded: true, responses: [{ op: 'put' }] });
    expect(ctx.sent).toEqual([]);
    expect(ctx.timers.map((t) => [t.name, t.afterMs])).toEqual([[COMPACT_TIMER, 300_000]]);

    fire(s, ctx, COMPACT_TIMER);
    const second = lastCall(s, ctx);
    expect(second.req).toMatchObject({ compare: [{ value: 1 }], success: [{ value: '100' }] });
    second.answer(180, { op: 'txn', succeeded: true, responses: [{ op: 'put' }] });
    const compact = lastCall(s, ctx);
    expect(compact.req).toEqual({ op: 'compact', revision: 100, physical: false });
    compact.answer(180, { op: 'compact' });
    expect(ctx.logs).toEqual(['etcd: compacted rev (100), endpoints (etcd/etcd-1)']);
    expect(s.compactor).toEqual({ compactTime: 2, rev: 180, compactRevision: 100 });
  });

  it('follows another compactor that moved compact_rev_key on, and does not compact that round', () => {
    const { s, ctx } = started();
    fire(s, ctx, COMPACT_TIMER);
    lastCall(s, ctx).answer(400, { op: 'txn', succeeded: false, responses: [{ op: 'range', kvs: [revKv(7, '350')], count: 1, more: false }] });
    expect(ctx.sent).toEqual([]);
    fire(s, ctx, COMPACT_TIMER);
    expect(lastCall(s, ctx).req).toMatchObject({ compare: [{ value: 7 }], success: [{ value: '400' }] });
  });

  it('logs a failed round and tries again next interval', () => {
    const { s, ctx } = started();
    fire(s, ctx, COMPACT_TIMER);
    const m = ctx.sent.at(-1)!;
    ctx.clear();
    const body: EtcdResponseBody = { type: 'etcd.response', requestId: m.id, header: header(5), error: { code: 'Unavailable', message: 'etcdserver: request timed out' } };
    kubeApiserver.onMessage(s, testMessage(body, { from: 'etcd/etcd-1' }), ctx);
    expect(ctx.logs).toEqual(['etcd: endpoint (etcd/etcd-1) compact failed: etcdserver: request timed out']);
    expect(ctx.timers.map((t) => t.name)).toEqual([COMPACT_TIMER]);
  });
});

describe('the watch cache on a compacted etcd watch', () => {
  it('lists /registry/ again, since the events it missed are gone from etcd', () => {
    const { s, ctx } = started();
    const list = ctx.sent[0]!;
    const resp: EtcdResponseBody = { type: 'etcd.response', requestId: list.id, header: header(40), result: { op: 'range', kvs: [], more: false, count: 0 } };
    kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
    const watch = ctx.sent.find((m) => m.body.type === 'etcd.request' && (m.body as EtcdRequestBody).request.op === 'watchCreate')!;
    ctx.clear();
    const canceled: EtcdWatchBody = {
      type: 'etcd.watch',
      watchId: watch.id,
      events: [],
      header: header(90),
      created: true,
      canceled: true,
      compactRevision: 60,
      cancelReason: 'mvcc: required revision has been compacted',
    };
    kubeApiserver.onMessage(s, testMessage(canceled, { from: 'etcd/etcd-1', stream: watch.id }), ctx);
    expect(ctx.logs).toContain('cacher: etcd watch canceled: mvcc: required revision has been compacted');
    fire(s, ctx, 'cache.relist');
    expect(ctx.sent.map((m) => m.meta.summary)).toEqual(['Range /registry/ (prefix)']);
  });
});
