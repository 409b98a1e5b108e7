// Periodic bookmarks for watches that allow them, as kube-apiserver v1.31's cacher sends them
// (staging/src/k8s.io/apiserver/pkg/storage/cacher: cache_watcher.go nextBookmarkTime — every
// defaultBookmarkFrequency (1 min) and 2 s before the watch's deadline; cacher.go dispatchEvents —
// the BOOKMARK carries the last resourceVersion the cache processed; cache_watcher.go process —
// only versions newer than the one the watch started from reach the client).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, WatchEventBody } from '../api/http';
import type { EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { testMessage, type RecordingEffects } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { syncedApiserver } from './apiserver-fixture';
import { nextBookmarkAt, WATCH_BOOKMARK_TIMER } from './watch-bookmark';

const watch = (query: Record<string, string>, id: number) =>
  testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api/v1/namespaces/default/pods', query: { watch: 'true', ...query }, credentials: ADMIN_CREDENTIALS, userAgent: 'test' }, { id, stream: id, from: 'client' });

const podKv = (name: string, rev: number): KeyValue => ({
  key: `/registry/pods/default/${name}`,
  createRevision: rev,
  modRevision: rev,
  version: 1,
  value: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { containers: [{ name: 'c' }] } },
  valueSize: 10,
});

function etcdPut(s: ApiserverState, ctx: RecordingEffects, kv: KeyValue): void {
  const header = { clusterId: 'c', memberId: 'm', revision: kv.modRevision, raftTerm: 1 };
  kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv }], header }), ctx);
}

function fireBookmark(s: ApiserverState, ctx: RecordingEffects): void {
  const t = ctx.timers.find((x) => x.name === WATCH_BOOKMARK_TIMER)!;
  ctx.clear();
  ctx.now = (ctx.now + t.afterMs) as typeof ctx.now;
  kubeApiserver.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
}

describe('watch bookmarks (allowWatchBookmarks=true)', () => {
  it('are due a minute from now, or 2 s before the deadline when that is sooner, never after it', () => {
    expect(nextBookmarkAt(1_000, 1_000 + 300_000)).toBe(61_000);
    expect(nextBookmarkAt(1_000, 1_000 + 30_000)).toBe(29_000);
    expect(nextBookmarkAt(28_000, 31_000)).toBe(29_000);
    expect(nextBookmarkAt(29_000, 31_000)).toBeUndefined();
    expect(nextBookmarkAt(30_000, 31_000)).toBeUndefined();
  });

  it('send the cache\'s resourceVersion every minute once it is newer than where the watch started, and only to watchers that asked', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, watch({ allowWatchBookmarks: 'true', timeoutSeconds: '300' }, 300), ctx);
    kubeApiserver.onMessage(s, watch({ timeoutSeconds: '300' }, 301), ctx);
    const timers = ctx.timers.filter((t) => t.name === WATCH_BOOKMARK_TIMER);
    expect(timers.map((t) => [t.afterMs, t.payload])).toEqual([[60_000, 300]]);
    // Nothing newer than the start yet: no bookmark, but the next one is scheduled.
    fireBookmark(s, ctx);
    expect(ctx.sent).toEqual([]);
    expect(ctx.timers.map((t) => [t.name, t.afterMs])).toEqual([[WATCH_BOOKMARK_TIMER, 60_000]]);
    etcdPut(s, ctx, podKv('web', 5));
    etcdPut(s, ctx, { ...podKv('other', 6), key: '/registry/namespaces/other', value: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'other' } } });
    fireBookmark(s, ctx);
    const sent = ctx.sent.map((m) => (m.body as WatchEventBody));
    expect(sent.map((b) => `${b.watchId} ${b.event.type}`)).toEqual(['300 BOOKMARK']);
    expect(sent[0]!.event.object).toEqual({ kind: 'Pod', apiVersion: 'v1', metadata: { resourceVersion: '6', creationTimestamp: null } });
    expect(ctx.sent[0]!.meta.summary).toBe('BOOKMARK pod rv=6');
  });

  it('come 2 s before a short watch times out, then no more', () => {
    const { s, ctx } = syncedApiserver();
    etcdPut(s, ctx, podKv('web', 5));
    kubeApiserver.onMessage(s, watch({ allowWatchBookmarks: 'true', timeoutSeconds: '30', resourceVersion: '4' }, 300), ctx);
    expect(ctx.timers.filter((t) => t.name === WATCH_BOOKMARK_TIMER).map((t) => t.afterMs)).toEqual([28_000]);
    fireBookmark(s, ctx);
    expect(ctx.sent.map((m) => m.meta.summary)).toEqual(['BOOKMARK pod rv=5']);
    expect(ctx.timers).toEqual([]);
  });

  it('stop with the watch', () => {
    const { s, ctx } = syncedApiserver();
    etcdPut(s, ctx, podKv('web', 5));
    kubeApiserver.onMessage(s, watch({ allowWatchBookmarks: 'true', timeoutSeconds: '300', resourceVersion: '4' }, 300), ctx);
    kubeApiserver.onMessage(s, testMessage({ type: 'stream.closed', stream: 300 }), ctx);
    fireBookmark(s, ctx);
    expect(ctx.sent).toEqual([]);
  });
});
