// kube-apiserver's RBAC as stored objects. Sources: pkg/registry/rbac/rest/storage_rbac.go (the
// rbac/bootstrap-roles post-start hook creates each default that is missing, and only at start),
// plugin/pkg/auth/authorizer/rbac/bootstrappolicy (the defaults and their labels/annotations), and
// plugin/pkg/auth/authorizer/rbac/rbac.go (the authorizer evaluates the stored bindings, so deleting
// one takes the permission away at once).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { Status } from '../api/types';
import { DEFAULT_TIMINGS } from '../config';
import type { EtcdRequestBody, EtcdResponseBody, EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS, SCHEDULER_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { defaultRbacObjects } from './rbac-bootstrap';

const header = (revision: number) => ({ clusterId: 'c', memberId: 'm', revision, raftTerm: 1 });
const kv = (key: string, value: unknown, rev: number): KeyValue => ({ key, createRevision: rev, modRevision: rev, version: 1, value: value as KeyValue['value'], valueSize: 10 });

function started(): { s: ApiserverState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-apiserver' });
  const s = kubeApiserver.start(ctx, {
    config: { etcd: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS, tokens: {}, advertiseAddress: '10.0.0.10' },
    persisted: undefined,
    incarnation: 1,
  });
  return { s, ctx };
}

/** Answer the initial list with these key-values. */
function listed(s: ApiserverState, ctx: RecordingEffects, kvs: KeyValue[], rev = 10): void {
  const list = ctx.sent[0]!;
  const resp: EtcdResponseBody = { type: 'etcd.response', requestId: list.id, header: header(rev), result: { op: 'range', kvs, more: false, count: kvs.length } };
  ctx.clear();
  kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
}

/** Deliver etcd watch events (PUT of these key-values) on the apiserver's watch. */
function watched(s: ApiserverState, ctx: RecordingEffects, events: EtcdWatchBody['events'], rev: number): void {
  const body: EtcdWatchBody = { type: 'etcd.watch', watchId: s.etcd.watchId!, events, header: header(rev) };
  kubeApiserver.onMessage(s, testMessage(body, { from: 'etcd/etcd-1' }), ctx);
}

const request = (req: Partial<HttpRequest>, id = 100) =>
  testMessage<HttpRequest>({ type: 'http.request', method: 'GET', path: '/api/v1/pods', credentials: ADMIN_CREDENTIALS, userAgent: 'test', ...req }, { id, from: 'client' });

const allDefaults = () => defaultRbacObjects().map(({ key, obj }, i) => kv(key, obj, i + 1));

describe('the rbac/bootstrap-roles hook', () => {
  it('creates every missing default with a Txn guarded by mod_revision = 0, labelled and annotated as defaults', () => {
    const { s, ctx } = started();
    listed(s, ctx, []);
    const creates = ctx.sent.filter((m) => /Txn create \/registry\/(cluster)?role/.test(m.meta.summary ?? ''));
    expect(creates).toHaveLength(defaultRbacObjects().length);
    const crb = creates.find((m) => m.meta.summary === 'Txn create /registry/clusterrolebindings/system:kube-scheduler')!;
    const txn = (crb.body as EtcdRequestBody).request;
    if (txn.op !== 'txn') throw new Error('expected a txn');
    expect(txn.compare).toEqual([{ key: '/registry/clusterrolebindings/system:kube-scheduler', target: 'MOD', result: '=', value: 0 }]);
    const put = txn.success[0]!;
    const obj = (put as unknown as { value: { metadata: { labels: unknown; annotations: unknown; creationTimestamp: unknown } } }).value;
    expect(obj.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults' });
    expect(obj.metadata.annotations).toEqual({ 'rbac.authorization.kubernetes.io/autoupdate': 'true' });
    expect(obj.metadata.creationTimestamp).toBeTruthy();
  });

  it('creates only what is missing, so a deleted default comes back when the apiserver starts again', () => {
    const { s, ctx } = started();
    const kvs = allDefaults().filter((x) => x.key !== '/registry/clusterrolebindings/system:kube-scheduler');
    listed(s, ctx, kvs);
    expect(ctx.sent.filter((m) => /Txn create \/registry\/(cluster)?role/.test(m.meta.summary ?? '')).map((m) => m.meta.summary)).toEqual([
      'Txn create /registry/clusterrolebindings/system:kube-scheduler',
    ]);
  });

  it('holds requests until the defaults are in the watch cache, then serves them', () => {
    const { s, ctx } = started();
    listed(s, ctx, allDefaults().filter((x) => !x.key.endsWith('/cluster-admin')));
    kubeApiserver.onMessage(s, request({ path: '/api/v1/namespaces/default/pods/web' }), ctx);
    expect(s.queued).toHaveLength(1);
    const missing = defaultRbacObjects().filter((x) => x.key.endsWith('/cluster-admin'));
    watched(s, ctx, missing.map(({ key, obj }) => ({ type: 'PUT', kv: kv(key, obj, 11) })), 12);
    expect(s.queued).toHaveLength(0);
    expect(ctx.sent.some((m) => m.meta.summary === 'Range /registry/pods/default/web')).toBe(true);
  });
});

describe('the RBAC authorizer over stored objects', () => {
  function ready(): { s: ApiserverState; ctx: RecordingEffects } {
    const { s, ctx } = started();
    listed(s, ctx, allDefaults(), 200);
    ctx.clear();
    return { s, ctx };
  }
  const schedulerBinds = (id: number) =>
    request({ method: 'POST', path: '/api/v1/namespaces/default/pods/web/binding', credentials: SCHEDULER_CREDENTIALS, body: { target: { kind: 'Node', name: 'worker-1' } } }, id);

  it('lets the scheduler bind while ClusterRoleBinding system:kube-scheduler exists, and refuses it once deleted', () => {
    const { s, ctx } = ready();
    kubeApiserver.onMessage(s, schedulerBinds(1), ctx);
    expect(ctx.sent.some((m) => (m.body as HttpResponse).status === 403)).toBe(false);
    const crb = allDefaults().find((x) => x.key === '/registry/clusterrolebindings/system:kube-scheduler')!;
    watched(s, ctx, [{ type: 'DELETE', kv: { ...crb, modRevision: 201, value: undefined as unknown as KeyValue['value'] }, prevKv: crb }], 201);
    ctx.clear();
    kubeApiserver.onMessage(s, schedulerBinds(2), ctx);
    const r = ctx.sent[0]!.body as HttpResponse;
    expect(r.status).toBe(403);
    expect((r.body as Status).message).toBe(
      'pods "web" is forbidden: User "system:kube-scheduler" cannot create resource "pods/binding" in API group "" in the namespace "default"',
    );
  });

  it('answers a SelfSubjectAccessReview for the impersonated user', () => {
    const { s, ctx } = ready();
    const review = { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', spec: { resourceAttributes: { verb: 'list', resource: 'nodes' } } };
    const ask = (impersonateUser: string, id: number) =>
      request({ method: 'POST', path: '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', body: review, credentials: { ...ADMIN_CREDENTIALS, impersonateUser } }, id);
    kubeApiserver.onMessage(s, ask('system:kube-scheduler', 1), ctx);
    kubeApiserver.onMessage(s, ask('jane', 2), ctx);
    const [a, b] = ctx.sent.map((m) => m.body as HttpResponse);
    expect(a!.status).toBe(201);
    expect(a!.body).toMatchObject({
      status: { allowed: true, reason: 'RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"' },
    });
    expect(b!.body).toMatchObject({ status: { allowed: false } });
  });
});

describe('the hook across a re-list of the watch cache', () => {
  it('stops waiting for defaults that a fresh list already shows', () => {
    const { s, ctx } = started();
    listed(s, ctx, []);
    expect(s.rbacBootstrapPending.size).toBe(defaultRbacObjects().length);
    // The etcd watch broke before any event arrived; the apiserver lists again and finds them all.
    kubeApiserver.onMessage(s, testMessage({ type: 'stream.closed', stream: s.etcd.watchId! }, { from: 'etcd/etcd-1' }), ctx);
    const relist = ctx.timers.find((t) => t.name === 'cache.relist')!;
    ctx.clear();
    kubeApiserver.onTimer(s, { id: relist.id, name: relist.name, payload: relist.payload }, ctx);
    listed(s, ctx, allDefaults(), 300);
    expect(s.rbacBootstrapPending.size).toBe(0);
  });
});
