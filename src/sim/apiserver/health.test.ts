// The health endpoints as k8s.io/apiserver/pkg/server/healthz/healthz.go writes them: `ok`, the
// verbose list ending `<name> check passed`, a failure always verbose with `reason withheld` and
// 500, `?exclude=`, one check alone at /readyz/etcd; the etcd check is a read kube-apiserver sends
// to etcd, so a dead etcd shows as `[-]etcd failed`.
import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '../api/http';
import type { EtcdResponseBody } from '../etcd/protocol';
import { testMessage } from '../kernel/recording-effects';
import { apiRequest, syncedApiserver } from './apiserver-fixture';
import { kubeApiserver } from './apiserver';
import { ETCD_TIMEOUT_TIMER } from './etcdclient';
import { healthAnswer, parseHealthPath } from './health';

const UP = { synced: true, rbacBootstrapped: true };

describe('healthz.go output', () => {
  it('answers ok, or with ?verbose every check and "<name> check passed"', () => {
    expect(healthAnswer(parseHealthPath('/livez', {})!, UP)).toEqual({ status: 200, body: 'ok' });
    const v = healthAnswer(parseHealthPath('/readyz', { verbose: '' })!, UP)!;
    expect(v.status).toBe(200);
    expect(v.body.split('\n').slice(0, 5)).toEqual(['[+]ping ok', '[+]log ok', '[+]etcd ok', '[+]etcd-readiness ok', '[+]informer-sync ok']);
    expect(v.body.endsWith('[+]shutdown ok\nreadyz check passed\n')).toBe(true);
    // /livez has no readiness-only checks.
    expect(healthAnswer(parseHealthPath('/livez', { verbose: '' })!, UP)!.body).not.toContain('informer-sync');
  });

  it('is always verbose on failure, withholds the reason and answers 500', () => {
    const a = healthAnswer(parseHealthPath('/healthz', {})!, { ...UP, etcdError: 'etcdserver: request timed out' })!;
    expect(a.status).toBe(500);
    expect(a.body).toContain('[+]log ok\n[-]etcd failed: reason withheld\n');
    expect(a.body.endsWith('healthz check failed\n')).toBe(true);
    expect(a.body).not.toContain('timed out');
  });

  it('skips excluded checks and warns about names it does not have; one check alone at /readyz/<name>', () => {
    const a = healthAnswer(parseHealthPath('/readyz', { verbose: '', exclude: 'etcd,nope' })!, { ...UP, etcdError: 'x' })!;
    expect(a.body).toContain('[+]etcd excluded: ok\n');
    expect(a.body).toContain('[-]etcd-readiness failed: reason withheld\n');
    expect(a.body).toContain('warn: some health checks cannot be excluded: no matches for "nope"\n');
    expect(healthAnswer(parseHealthPath('/readyz/ping', {})!, UP)).toEqual({ status: 200, body: 'ok' });
    expect(healthAnswer(parseHealthPath('/readyz/etcd', {})!, { ...UP, etcdError: 'boom' })).toEqual({ status: 500, body: 'internal server error: boom\n' });
    expect(healthAnswer(parseHealthPath('/readyz/nope', {})!, UP)).toBeUndefined();
    expect(parseHealthPath('/healthzz', {})).toBeUndefined();
  });
});

describe('kube-apiserver health endpoints', () => {
  it('asks etcd, and says ok when it answers', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, apiRequest({ path: '/readyz', query: { verbose: '' }, credentials: {} }, 1), ctx);
    const call = ctx.sent.find((m) => m.meta.summary === 'Range /registry/health')!;
    expect(call).toBeDefined();
    const resp: EtcdResponseBody = { type: 'etcd.response', requestId: call.id, header: { clusterId: 'c', memberId: 'm', revision: 4, raftTerm: 1 }, result: { op: 'range', kvs: [], more: false, count: 0 } };
    kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
    const answer = ctx.sent.at(-1)!.body as HttpResponse;
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toMatch(/\[\+\]etcd ok\n[\s\S]*readyz check passed\n$/);
  });

  it('answers 500 with [-]etcd failed when etcd does not answer in time', () => {
    const { s, ctx } = syncedApiserver();
    kubeApiserver.onMessage(s, apiRequest({ path: '/healthz' }, 1), ctx);
    const timer = ctx.timers.find((t) => t.name === ETCD_TIMEOUT_TIMER)!;
    kubeApiserver.onTimer(s, { id: timer.id, name: timer.name, payload: timer.payload }, ctx);
    const answer = ctx.sent.at(-1)!.body as HttpResponse;
    expect(answer.status).toBe(500);
    expect(String(answer.body)).toContain('[-]etcd failed: reason withheld\n');
    expect(ctx.logs.some((l) => l.includes('etcdserver: request timed out'))).toBe(true);
  });

  it('answers before the watch cache has synced: not ready yet', () => {
    const { s, ctx } = syncedApiserver();
    s.synced = false;
    kubeApiserver.onMessage(s, apiRequest({ path: '/readyz', query: { exclude: 'etcd,etcd-readiness' } }, 1), ctx);
    const answer = ctx.sent.at(-1)!.body as HttpResponse;
    expect(answer.status).toBe(500);
    expect(String(answer.body)).toContain('[-]informer-sync failed: reason withheld\n');
  });
});
