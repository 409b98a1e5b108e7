// The watch cache's window sizes itself by its events' age, as v1.31's
// staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go resizeCacheLocked: 100 events at
// first (defaultLowerBoundCapacity), doubled while the oldest is younger than eventFreshDuration (75 s),
// halved once the event a quarter back from the newest is older than that; a watch from a version that
// has left the window gets getAllEventsSinceLocked's 410 `too old resource version: N (oldest-1)`.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, WatchEventBody } from '../api/http';
import type { EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { syncedApiserver } from './apiserver-fixture';
import { windowEvents } from './watchcache';

const podKv = (rev: number): KeyValue => ({
  key: '/registry/pods/default/web',
  createRevision: 5,
  modRevision: rev,
  version: rev,
  value: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' }, spec: { containers: [{ name: 'c' }] } },
  valueSize: 10,
});

/** `n` writes of one pod from revision 5 on, `everyMs` apart (into a window of `capacity` events when given). */
function writes(n: number, everyMs: number, capacity?: number): { s: ApiserverState; ctx: ReturnType<typeof syncedApiserver>['ctx'] } {
  const { s, ctx } = syncedApiserver();
  if (capacity !== undefined) s.capacity = capacity;
  for (let i = 0; i < n; i++) {
    ctx.now = (i * everyMs) as typeof ctx.now;
    const rev = 5 + i;
    kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv: podKv(rev) }], header: { clusterId: 'c', memberId: 'm', revision: rev, raftTerm: 1 } }), ctx);
  }
  ctx.clear();
  return { s, ctx };
}

function watchFrom(s: ApiserverState, ctx: ReturnType<typeof syncedApiserver>['ctx'], rv: number): WatchEventBody['event'][] {
  ctx.clear();
  const msg = testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api/v1/namespaces/default/pods', query: { watch: 'true', resourceVersion: String(rv) }, credentials: ADMIN_CREDENTIALS, userAgent: 'test' }, { id: 900, stream: 900, from: 'client' });
  kubeApiserver.onMessage(s, msg, ctx);
  return ctx.sent.map((m) => (m.body as WatchEventBody).event);
}

describe('the watch cache window', () => {
  it('keeps 100 events when they come slowly: a version older than that is 410 Gone', () => {
    const { s, ctx } = writes(150, 1000);
    expect(windowEvents(s.cache.get('pods')!)).toBe(100);
    const gone = watchFrom(s, ctx, 20);
    expect(gone).toHaveLength(1);
    expect(gone[0]!.type).toBe('ERROR');
    // 150 writes from revision 5: the window holds 55..154, so it reaches back to 54.
    expect(gone[0]!.object).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 20 (54)' });
    expect(watchFrom(s, ctx, 54).map((e) => e.type)).toEqual(Array(100).fill('MODIFIED'));
  });

  it('grows while its oldest event is younger than 75 s, so a burst stays replayable', () => {
    const { s, ctx } = writes(300, 100);
    const c = s.cache.get('pods')!;
    expect(c.capacity).toBe(400);
    expect(windowEvents(c)).toBe(300);
    expect(watchFrom(s, ctx, 5)).toHaveLength(299);
  });

  it('shrinks back once a quarter of it is older than 75 s', () => {
    const { s, ctx } = writes(400, 100);
    expect(s.cache.get('pods')!.capacity).toBe(400);
    for (let i = 0; i < 200; i++) {
      ctx.now = (40_000 + 60_000 + i * 1000) as typeof ctx.now;
      const rev = 405 + i;
      kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId: s.etcd.watchId!, events: [{ type: 'PUT', kv: podKv(rev) }], header: { clusterId: 'c', memberId: 'm', revision: rev, raftTerm: 1 } }), ctx);
    }
    expect(s.cache.get('pods')!.capacity).toBeLessThan(400);
    expect(watchFrom(s, ctx, 300)[0]!.type).toBe('ERROR');
  });
});

describe('the watch cache window at its upper bound', () => {
  it('pushes out one event per write, and a watch from inside the window gets every event after it', () => {
    // 3,000 writes, 1 ms apart, into a window fixed at 1,000 (the `capacity` option): the window's
    // start moves without copying, and the array the events live in stays bounded.
    const { s, ctx } = writes(3000, 1, 1000);
    const c = s.cache.get('pods')!;
    expect(windowEvents(c)).toBe(1000);
    expect(c.events.length).toBeLessThanOrEqual(2 * 1000 + 1024);
    const from = c.events[c.head ?? 0]!.rv;
    const got = watchFrom(s, ctx, from + 10);
    expect(got).toHaveLength(1000 - 11);
    expect(watchFrom(s, ctx, from - 2)[0]!.type).toBe('ERROR');
  });
});
