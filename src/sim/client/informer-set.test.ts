import { describe, expect, it } from 'vitest';
import type { HttpRequest, WatchEventBody } from '../api/http';
import type { KubeList, Pod } from '../api/types';
import type { Timer } from '../kernel/component';
import type { Millis } from '../kernel/units';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { CLIENT_HEALTH_TIMER, createClient } from './apiclient';
import { createInformer } from './informer';
import { createInformerSet, informerSetOnMessage, informerSetOnTimer, informerSetStart, type ClientInput } from './informer-set';

// The reflector and connection behaviours of client-go v0.31 (tools/cache/reflector.go,
// x/net/http2's health check as k8s.io/apimachinery/pkg/util/net turns it on), driven with plain
// messages the way a component would meet them.

const API = 'kube-apiserver';

function setup() {
  const ctx = new RecordingEffects({ self: 'kubelet/worker-1', rand: [] });
  const c = createClient({ apiserver: API, credentials: {}, userAgent: 'test', timeoutMs: 10_000 });
  const set = createInformerSet(
    { pods: createInformer({ name: 'pods', path: '/api/v1/pods', fieldSelector: 'spec.nodeName=worker-1' }) },
    { pid: 2817, reflector: 'pkg/kubelet/config/apiserver.go:66' },
  );
  return { ctx, c, set };
}

function pod(name: string, rv: string): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', resourceVersion: rv }, spec: { containers: [], nodeName: 'worker-1' } } as Pod;
}

function lastRequest(ctx: RecordingEffects): { id: number; body: HttpRequest } {
  const m = [...ctx.sent].reverse().find((x) => x.body.type === 'http.request')!;
  return { id: m.id, body: m.body as HttpRequest };
}

/** Answer the last request with a list of these pods at this revision. */
function answerList(s: ReturnType<typeof setup>, rv: string, pods: Pod[]): ClientInput[] | undefined {
  const req = lastRequest(s.ctx);
  const list: KubeList = { apiVersion: 'v1', kind: 'PodList', metadata: { resourceVersion: rv }, items: pods };
  return informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'http.response', requestId: req.id, status: 200, body: list }, { from: API }));
}

function fire(s: ReturnType<typeof setup>, name: string): ClientInput[] | undefined {
  const t = [...s.ctx.timers].reverse().find((x) => x.name === name)!;
  const timer: Timer = { id: t.id, name: t.name, payload: t.payload };
  s.ctx.now = (s.ctx.now + t.afterMs) as Millis;
  return informerSetOnTimer(s.ctx, s.c, s.set, timer);
}

describe('informer set', () => {
  it('lists with resourceVersion 0 in pages of 500, then watches from the list with a 5-10 minute timeout', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    expect(lastRequest(s.ctx).body.query).toEqual({ fieldSelector: 'spec.nodeName=worker-1', limit: '500', resourceVersion: '0' });
    const inputs = answerList(s, '42', [pod('web', '40')]);
    expect(inputs).toEqual([{ kind: 'deltas', informer: 'pods', deltas: [{ type: 'ADDED', object: pod('web', '40') }] }]);
    const watch = lastRequest(s.ctx).body.query!;
    expect(watch).toMatchObject({ watch: 'true', resourceVersion: '42', allowWatchBookmarks: 'true' });
    // rand() is 0.5 in RecordingEffects: minWatchTimeout (300 s) x 1.5.
    expect(watch.timeoutSeconds).toBe('450');
  });

  it('watches again at once when the server ends the watch, from the last version it saw', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    const watch = lastRequest(s.ctx).id;
    const ev: WatchEventBody = { type: 'watch.event', watchId: watch, event: { type: 'ADDED', object: pod('web', '50') } };
    s.ctx.now = 5_000 as Millis;
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage(ev, { from: API, stream: watch }));
    s.ctx.now = 450_000 as Millis;
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'stream.closed', stream: watch }, { from: API }));
    const again = lastRequest(s.ctx);
    expect(again.id).not.toBe(watch);
    expect(again.body.query).toMatchObject({ watch: 'true', resourceVersion: '50' });
    expect(s.ctx.logs).toEqual([]);
  });

  it('after a lost connection waits out the back-off, lists from the watch cache with its last version, and logs client-go\'s warning', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    const watch = lastRequest(s.ctx).id;
    s.ctx.now = 2_000 as Millis;
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'stream.closed', stream: watch, lost: true }, { from: API }));
    expect(s.ctx.logs).toHaveLength(1);
    expect(s.ctx.logs[0]).toContain(
      'reflector.go:484] pkg/kubelet/config/apiserver.go:66: watch of *v1.Pod ended with: an error on the server ("unable to decode an event from the watch stream: http2: client connection lost") has prevented the request from succeeding',
    );
    const retry = s.ctx.timers.at(-1)!;
    expect(retry.name).toBe('informer.retry');
    expect(retry.afterMs).toBe(1200); // 800 ms x (1 + jitter 0.5)
    fire(s, 'informer.retry');
    expect(lastRequest(s.ctx).body.query).toEqual({ fieldSelector: 'spec.nodeName=worker-1', resourceVersion: '42' });
  });

  it('doubles the back-off up to 30 s while the apiserver refuses, and names the whole URL', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const req = lastRequest(s.ctx);
      informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'conn.refused', inReplyTo: req.id }, { from: API }));
      waits.push(s.ctx.timers.at(-1)!.afterMs);
      fire(s, 'informer.retry');
    }
    expect(waits).toEqual([1200, 2400, 4800, 9600, 19200, 38400, 45000, 45000]);
    expect(s.ctx.logs[0]).toContain(
      'failed to list *v1.Pod: Get "https://10.0.0.10:6443/api/v1/pods?fieldSelector=spec.nodeName%3Dworker-1&limit=500&resourceVersion=0": dial tcp 10.0.0.10:6443: connect: connection refused',
    );
  });

  it('a refused WATCH is tried again from the same version, without a LIST', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    const watch = lastRequest(s.ctx).id;
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'conn.refused', inReplyTo: watch }, { from: API }));
    fire(s, 'informer.retry');
    expect(lastRequest(s.ctx).body.query).toMatchObject({ watch: 'true', resourceVersion: '42' });
  });

  it('410 Gone on the watch lists again naming the last version; a LIST that gets 410 lists from etcd', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    const watch = lastRequest(s.ctx).id;
    const gone: WatchEventBody = { type: 'watch.event', watchId: watch, event: { type: 'ERROR', object: { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', code: 410, reason: 'Expired', message: 'too old resource version: 42 (60)' } } };
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage(gone, { from: API, stream: watch }));
    expect(s.ctx.closed).toEqual([watch]);
    fire(s, 'informer.retry');
    const list = lastRequest(s.ctx);
    expect(list.body.query).toEqual({ fieldSelector: 'spec.nodeName=worker-1', resourceVersion: '42' });
    const status = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', code: 410, reason: 'Expired', message: 'too old resource version: 42 (60)' };
    informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'http.response', requestId: list.id, status: 410, body: status }, { from: API }));
    fire(s, 'informer.retry');
    expect(lastRequest(s.ctx).body.query).toEqual({ fieldSelector: 'spec.nodeName=worker-1', limit: '500' });
  });

  it('pings an idle connection after 30 s and, with no answer in 15 s, fails every call on it', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    const watch = lastRequest(s.ctx).id;
    const health = s.ctx.timers.find((t) => t.name === CLIENT_HEALTH_TIMER)!;
    expect(health.afterMs).toBe(30_000);
    s.ctx.now = 0 as Millis;
    fire(s, CLIENT_HEALTH_TIMER);
    const ping = s.ctx.sent.at(-1)!;
    expect(ping.body).toEqual({ type: 'http2.ping' });
    expect(s.ctx.timers.at(-1)).toMatchObject({ name: CLIENT_HEALTH_TIMER, afterMs: 15_000 });
    s.ctx.clear();
    fire2(s, 15_000);
    expect(s.ctx.closed).toEqual([watch]);
    expect(s.c.pending.size).toBe(0);
    expect(s.ctx.timers.at(-1)!.name).toBe('informer.retry');
    expect(s.ctx.logs[0]).toContain('http2: client connection lost');
  });

  it('a PONG keeps the connection, and the next look is 30 s later', () => {
    const s = setup();
    informerSetStart(s.ctx, s.c, s.set);
    answerList(s, '42', []);
    s.ctx.now = 0 as Millis;
    fire(s, CLIENT_HEALTH_TIMER);
    const ping = s.ctx.sent.at(-1)!;
    s.ctx.now = (s.ctx.now + 1) as Millis;
    expect(informerSetOnMessage(s.ctx, s.c, s.set, testMessage({ type: 'http2.pong', inReplyTo: ping.id }, { from: API }))).toEqual([]);
    expect(s.ctx.timers.at(-1)).toMatchObject({ name: CLIENT_HEALTH_TIMER, afterMs: 30_000 });
    expect(s.c.health?.ping).toBeUndefined();
  });
});

/** Fire the newest health timer after `ms`. */
function fire2(s: ReturnType<typeof setup>, ms: number): void {
  s.ctx.now = (s.ctx.now + ms) as Millis;
  const t = s.c.health!.timer;
  informerSetOnTimer(s.ctx, s.c, s.set, { id: t, name: CLIENT_HEALTH_TIMER, payload: undefined });
}
