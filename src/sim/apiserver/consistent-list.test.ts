// ConsistentListFromCache (KEP-2340; beta, on by default in v1.31, pkg/features/kube_features.go):
// a LIST with no resourceVersion is served from the watch cache once the cache has seen etcd's
// current revision. staging/src/k8s.io/apiserver/pkg/storage/cacher/cacher.go GetList asks for it
// with storage.GetCurrentResourceVersionFromStorage (a LIST of the resource's prefix key with
// Limit 1, not recursive: a Range of that one key) and waits (watchCache.waitUntilFreshAndBlock);
// shouldDelegateList still sends a LIST with a continue token or an unsupported resourceVersionMatch
// to etcd; since v1.31 ("apiserver/storage/cacher: cache supports pagination") not one with a limit
// (kubectl get's limit=500). When the cache does not catch up within
// watch_cache.go's blockTimeout (3 s), GetList falls back to etcd (IsTooLargeResourceVersion).
// registry/generic/registry/store.go DeleteCollection (v1.31) lists through the same GetList with
// the request's options and Limit deleteCollectionPageSize (10000): v1.31's shouldDelegateList no
// longer delegates on a limit, so with no resourceVersion it is this same consistent read.
// While a read waits, cacher/watch_progress.go's conditionalProgressRequester asks etcd for a
// progress notification every 100 ms (clientv3 RequestProgress; etcd's v3rpc watch.go answers a
// progress_request with an event-less WatchResponse whose header is its revision) and the cache
// takes it as a bookmark (etcd3/watcher.go progressNotifyEvent, watchCache.UpdateResourceVersion).

import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { KubeList } from '../api/types';
import { DEFAULT_TIMINGS } from '../config';
import type { EtcdRequestBody, EtcdResponseBody, EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { CONSISTENT_LIST_BLOCK_MS, CONSISTENT_LIST_BLOCK_TIMER } from './stages/list';
import { PROGRESS_REQUEST_PERIOD_MS, PROGRESS_REQUEST_TIMER } from './watch-progress';
import { defaultRbacObjects } from './rbac-bootstrap';

const header = (revision: number) => ({ clusterId: 'c', memberId: 'm', revision, raftTerm: 1 });
const kv = (key: string, rev: number, value: unknown): KeyValue => ({ key, createRevision: rev, modRevision: rev, version: 1, value: value as KeyValue['value'], valueSize: 10 });
const nsKv = (name: string, rev: number) => kv(`/registry/namespaces/${name}`, rev, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
const podKv = (name: string, rev: number) => kv(`/registry/pods/default/${name}`, rev, { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c' }] } });

/** kube-apiserver with its watch cache listed at revision 4 and its etcd watch running. */
function synced(): { s: ApiserverState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-apiserver' });
  const s = kubeApiserver.start(ctx, { config: { etcd: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS, tokens: {}, advertiseAddress: '10.0.0.10' }, persisted: undefined, incarnation: 1 });
  const list = ctx.sent[0]!;
  const sa = kv('/registry/serviceaccounts/default/default', 4, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'default' } });
  const rbac = defaultRbacObjects().map(({ key, obj }) => kv(key, 1, obj));
  const kvs = [...['default', 'kube-system', 'kube-public', 'kube-node-lease'].map((n, i) => nsKv(n, i + 1)), sa, ...rbac];
  const resp: EtcdResponseBody = { type: 'etcd.response', requestId: list.id, header: header(4), result: { op: 'range', kvs, more: false, count: kvs.length } };
  kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
  ctx.clear();
  return { s, ctx };
}

const list = (query: Record<string, string> = {}) =>
  testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api/v1/namespaces/default/pods', query, credentials: ADMIN_CREDENTIALS, userAgent: 'test' }, { id: 100, from: 'client' });

/** Pod web at revision 5 with app=web, which the deletecollection's selector picks. */
const labelledWeb = (): KeyValue => {
  const web = podKv('web', 5);
  (web.value as { metadata: { labels?: Record<string, string> } }).metadata.labels = { app: 'web' };
  return web;
};
const deleteCollection = () =>
  testMessage<HttpRequest>(
    { type: 'http.request', method: 'DELETE', path: '/api/v1/namespaces/default/pods', query: { labelSelector: 'app=web' }, credentials: ADMIN_CREDENTIALS, userAgent: 'test' },
    { id: 101, from: 'client' },
  );

const etcdAt = (id: number, revision: number) =>
  testMessage<EtcdResponseBody>({ type: 'etcd.response', requestId: id, header: header(revision), result: { op: 'range', kvs: [], more: false, count: 0 } }, { from: 'etcd/etcd-1' });
const progress = (s: ApiserverState, revision: number) =>
  testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [], header: header(revision) }, { from: 'etcd/etcd-1' });
const progressRequests = (ctx: RecordingEffects) => ctx.sent.filter((m) => (m.body as EtcdRequestBody).request?.op === 'watchProgress');
const fire = (s: ApiserverState, ctx: RecordingEffects, name: string) => {
  const t = ctx.timers.filter((x) => x.name === name && !ctx.cancelled.includes(x.id)).at(-1)!;
  kubeApiserver.onTimer!(s, { id: t.id, name: t.name, payload: t.payload } as never, ctx);
};

const answers = (ctx: RecordingEffects) => ctx.sent.filter((m) => m.body.type === 'http.response').map((m) => m.body as HttpResponse);

describe('a consistent LIST (no resourceVersion), ConsistentListFromCache on', () => {
  it("asks etcd for its current revision (a Range of the resource's key, limit 1), then the watch cache answers once it has seen that revision", () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, list(), ctx);
    const ask = ctx.sent.at(-1)!;
    expect(ask.meta.summary).toBe('Range /registry/pods (limit 1, current revision)');
    expect((ask.body as EtcdRequestBody).request).toEqual({ op: 'range', key: '/registry/pods', limit: 1 });
    // etcd is at 5; the cache has seen 4: no answer yet.
    kubeApiserver.onMessage(s, etcdAt(ask.id, 5), ctx);
    expect(answers(ctx)).toEqual([]);
    kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv: podKv('web', 5) }], header: header(5) }), ctx);
    const [answer] = answers(ctx);
    expect(answer?.status).toBe(200);
    const body = answer!.body as KubeList;
    expect(body.metadata.resourceVersion).toBe('5');
    expect(body.items.map((p) => p.metadata.name)).toEqual(['web']);
  });

  it('answers at once when the cache has seen the revision already', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, list(), ctx);
    const ask = ctx.sent.at(-1)!;
    expect(ask.meta.summary).toBe('Range /registry/pods (limit 1, current revision)');
    kubeApiserver.onMessage(s, etcdAt(ask.id, 4), ctx);
    expect(answers(ctx).map((a) => a.status)).toEqual([200]);
  });

  it('goes to etcd with a continue token or resourceVersionMatch=Exact, not with a limit (v1.31 cacher.go shouldDelegateList)', () => {
    const queries: Record<string, string>[] = [{ continue: 'x' }, { resourceVersionMatch: 'Exact' }];
    for (const query of queries) {
      const { s, ctx } = synced();
      kubeApiserver.onMessage(s, list(query), ctx);
      expect(ctx.sent.at(-1)!.meta.summary).toBe('Range /registry/pods/default/ (prefix)');
    }
    // kubectl get's limit=500: v1.31 serves a consistent LIST with a limit from the cache too.
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, list({ limit: '500' }), ctx);
    expect(ctx.sent.at(-1)!.meta.summary).toBe('Range /registry/pods (limit 1, current revision)');
  });

  it('falls back to etcd when the cache has not caught up after 3 s (cacher.go GetList, IsTooLargeResourceVersion)', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, list(), ctx);
    const ask = ctx.sent.at(-1)!;
    kubeApiserver.onMessage(s, etcdAt(ask.id, 5), ctx);
    const block = ctx.timers.find((t) => t.name === CONSISTENT_LIST_BLOCK_TIMER)!;
    expect(block.afterMs).toBe(CONSISTENT_LIST_BLOCK_MS);
    expect(CONSISTENT_LIST_BLOCK_MS).toBe(3000);
    // The cache's etcd watch is silent: after the block timeout the LIST reads etcd.
    kubeApiserver.onTimer!(s, { id: block.id, name: block.name, payload: block.payload } as never, ctx);
    const read = ctx.sent.at(-1)!;
    expect(read.meta.summary).toBe('Range /registry/pods/default/ (prefix)');
    expect(answers(ctx)).toEqual([]);
    kubeApiserver.onMessage(s, testMessage<EtcdResponseBody>({ type: 'etcd.response', requestId: read.id, header: header(5), result: { op: 'range', kvs: [podKv('web', 5)], more: false, count: 1 } }, { from: 'etcd/etcd-1' }), ctx);
    const [answer] = answers(ctx);
    expect(answer?.status).toBe(200);
    expect((answer!.body as KubeList).items.map((p) => p.metadata.name)).toEqual(['web']);
    // A watch event arriving later answers nothing twice.
    kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv: podKv('web', 5) }], header: header(5) }), ctx);
    expect(answers(ctx)).toHaveLength(1);
  });

  it('deletecollection asks etcd for its current revision and deletes what the cache lists once it has seen it (store.go DeleteCollection, cacher.go GetList)', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, deleteCollection(), ctx);
    const ask = ctx.sent.at(-1)!;
    expect(ask.meta.summary).toBe('Range /registry/pods (limit 1, current revision)');
    kubeApiserver.onMessage(s, etcdAt(ask.id, 5), ctx);
    // The cache is at 4 and has no pod yet: nothing is deleted and nothing answered.
    expect(ctx.sent.filter((m) => m.meta.summary.includes('/registry/pods/default/'))).toEqual([]);
    expect(answers(ctx)).toEqual([]);
    const web = labelledWeb();
    kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv: web }], header: header(5) }), ctx);
    const deleting = ctx.sent.filter((m) => m.body.type === 'etcd.request').map((m) => m.meta.summary);
    expect(deleting.at(-1)).toContain('/registry/pods/default/web');
    expect(answers(ctx)).toEqual([]);
  });

  it('deletecollection reads etcd after the 3 s block timeout and deletes what etcd lists (cacher.go GetList fallback)', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, deleteCollection(), ctx);
    const ask = ctx.sent.at(-1)!;
    kubeApiserver.onMessage(s, etcdAt(ask.id, 5), ctx);
    const block = ctx.timers.find((t) => t.name === CONSISTENT_LIST_BLOCK_TIMER)!;
    kubeApiserver.onTimer!(s, { id: block.id, name: block.name, payload: block.payload } as never, ctx);
    const read = ctx.sent.at(-1)!;
    expect(read.meta.summary).toBe('Range /registry/pods/default/ (prefix)');
    const web = labelledWeb();
    kubeApiserver.onMessage(s, testMessage<EtcdResponseBody>({ type: 'etcd.response', requestId: read.id, header: header(5), result: { op: 'range', kvs: [web, podKv('other', 5)], more: false, count: 2 } }, { from: 'etcd/etcd-1' }), ctx);
    expect(ctx.sent.at(-1)!.meta.summary).toContain('/registry/pods/default/web');
    expect(answers(ctx)).toEqual([]);
  });

  it("asks etcd for a progress notification on the cache's watch at once, and answers when it brings the cache to etcd's revision (a write its watch does not see)", () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, list(), ctx);
    const ask = ctx.sent.at(-1)!;
    // etcd is at 5 because of a write outside /registry/ (the compactor's compact_rev_key): no watch event will come.
    kubeApiserver.onMessage(s, etcdAt(ask.id, 5), ctx);
    const [req] = progressRequests(ctx);
    expect(req?.to).toBe('etcd/etcd-1');
    expect(req?.meta).toMatchObject({ stream: s.etcd.watchId, summary: `WatchProgress #${s.etcd.watchId}` });
    expect((req!.body as EtcdRequestBody).request).toEqual({ op: 'watchProgress', watchId: s.etcd.watchId });
    expect(answers(ctx)).toEqual([]);
    kubeApiserver.onMessage(s, progress(s, 5), ctx);
    const [answer] = answers(ctx);
    expect(answer?.status).toBe(200);
    expect((answer!.body as KubeList).metadata.resourceVersion).toBe('5');
    expect(s.revision).toBe(5);
    // Nobody waits any more: the requester's period timer is put away.
    const period = ctx.timers.find((t) => t.name === PROGRESS_REQUEST_TIMER)!;
    expect(period.afterMs).toBe(PROGRESS_REQUEST_PERIOD_MS);
    expect(ctx.cancelled).toContain(period.id);
  });

  it('asks again every 100 ms while a read waits, and not sooner than 100 ms after the last request (watch_progress.go progressRequestPeriod)', () => {
    const { s, ctx } = synced();
    expect(PROGRESS_REQUEST_PERIOD_MS).toBe(100);
    kubeApiserver.onMessage(s, list(), ctx);
    kubeApiserver.onMessage(s, etcdAt(ctx.sent.at(-1)!.id, 5), ctx);
    expect(progressRequests(ctx)).toHaveLength(1);
    // The member answers with a revision the cache already has (it lags): still waiting, asked again after 100 ms.
    kubeApiserver.onMessage(s, progress(s, 4), ctx);
    expect(answers(ctx)).toEqual([]);
    fire(s, ctx, PROGRESS_REQUEST_TIMER);
    expect(progressRequests(ctx)).toHaveLength(2);
    // The block timeout ends the wait (etcd's read) and with it the requests.
    fire(s, ctx, CONSISTENT_LIST_BLOCK_TIMER);
    const last = ctx.timers.filter((t) => t.name === PROGRESS_REQUEST_TIMER).at(-1)!;
    expect(ctx.cancelled).toContain(last.id);
    // A second read 0 ms after the last request waits out the period before asking.
    kubeApiserver.onMessage(s, { ...list(), id: 102 } as never, ctx);
    kubeApiserver.onMessage(s, etcdAt(ctx.sent.at(-1)!.id, 6), ctx);
    expect(progressRequests(ctx)).toHaveLength(2);
    expect(ctx.timers.at(-1)).toMatchObject({ name: PROGRESS_REQUEST_TIMER, afterMs: PROGRESS_REQUEST_PERIOD_MS });
    fire(s, ctx, PROGRESS_REQUEST_TIMER);
    expect(progressRequests(ctx)).toHaveLength(3);
  });
});
