// kube-apiserver driven with plain messages and a RecordingEffects, stage by stage, as
// etcd-io/raft's tests drive Step and read Ready. Sources: the cacher (k8s.io/apiserver/pkg/storage/
// cacher: too old resource version, selector transitions), responsewriters/status.go (etcd errors
// pass through as 500 with an empty reason), the seed's pipeline (chapter 2: Authentication first).
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse, WatchEventBody } from '../api/http';
import type { Status } from '../api/types';
import { DEFAULT_TIMINGS } from '../config';
import type { EtcdRequestBody, EtcdResponseBody, EtcdWatchBody, KeyValue } from '../etcd/protocol';
import { RecordingEffects, testMessage } from '../kernel/recording-effects';
import { ADMIN_CREDENTIALS } from '../names';
import { kubeApiserver, type ApiserverState } from './apiserver';
import { ETCD_TIMEOUT_TIMER } from './etcdclient';
import { defaultRbacObjects } from './rbac-bootstrap';

const header = (revision: number) => ({ clusterId: 'c', memberId: 'm', revision, raftTerm: 1 });
const nsKv = (name: string, rev: number): KeyValue => ({
  key: `/registry/namespaces/${name}`,
  createRevision: rev,
  modRevision: rev,
  version: 1,
  value: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } },
  valueSize: 10,
});
const podKv = (name: string, rev: number, nodeName?: string, labels: Record<string, string> = {}): KeyValue => ({
  key: `/registry/pods/default/${name}`,
  createRevision: 5,
  modRevision: rev,
  version: 1,
  value: { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { nodeName, containers: [{ name: 'c' }] } },
  valueSize: 10,
});

function started(): { s: ApiserverState; ctx: RecordingEffects } {
  const ctx = new RecordingEffects({ self: 'kube-apiserver' });
  const s = kubeApiserver.start(ctx, {
    config: { etcd: ['etcd/etcd-1'], timings: DEFAULT_TIMINGS, tokens: {}, advertiseAddress: '10.0.0.10' },
    persisted: undefined,
    incarnation: 1,
  });
  return { s, ctx };
}

/** The default RBAC objects the rbac/bootstrap-roles hook leaves in etcd, as an earlier start would have. */
const rbacKvs = (): KeyValue[] =>
  defaultRbacObjects().map(({ key, obj }) => ({ key, createRevision: 1, modRevision: 1, version: 1, value: obj as unknown as KeyValue['value'], valueSize: 10 }));

function synced(): { s: ApiserverState; ctx: RecordingEffects } {
  const { s, ctx } = started();
  const list = ctx.sent[0]!;
  // The default ServiceAccount the serviceaccounts controller makes (ServiceAccount admission looks it up).
  const sa: KeyValue = { key: '/registry/serviceaccounts/default/default', createRevision: 4, modRevision: 4, version: 1, value: { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'default' } }, valueSize: 10 };
  const kvs = [...['default', 'kube-system', 'kube-public', 'kube-node-lease'].map((n, i) => nsKv(n, i + 1)), sa, ...rbacKvs()];
  const resp: EtcdResponseBody = { type: 'etcd.response', requestId: list.id, header: header(4), result: { op: 'range', kvs, more: false, count: kvs.length } };
  kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
  ctx.clear();
  return { s, ctx };
}

const request = (req: Partial<HttpRequest>, id = 100, stream?: number) =>
  testMessage<HttpRequest>(
    { type: 'http.request', method: 'GET', path: '/api/v1/pods', credentials: ADMIN_CREDENTIALS, userAgent: 'test', ...req },
    { id, from: 'client', stream },
  );

describe('kube-apiserver start', () => {
  it('lists /registry/ from etcd, then watches from the next revision and creates the missing system namespaces and the kubernetes Service', () => {
    const { s, ctx } = started();
    expect(ctx.sent.map((m) => m.meta.summary)).toEqual(['Range /registry/ (prefix)']);
    const resp: EtcdResponseBody = { type: 'etcd.response', requestId: ctx.sent[0]!.id, header: header(7), result: { op: 'range', kvs: [nsKv('default', 2)], more: false, count: 1 } };
    ctx.clear();
    kubeApiserver.onMessage(s, testMessage(resp, { from: 'etcd/etcd-1' }), ctx);
    const summaries = ctx.sent.map((m) => m.meta.summary);
    // The rbac/bootstrap-roles post-start hook creates every default RBAC object (tested in rbac-bootstrap.test.ts).
    expect(summaries).toContain('Txn create /registry/clusterrolebindings/system:kube-scheduler');
    // The kube-apiserver-autoregistration hook creates a Local APIService per built-in group/version (autoregister.cluster.test.ts).
    // Its key is the aggregator's `<group>/<resource>` prefix (registry/keys.test.ts).
    expect(summaries).toContain('Txn create /registry/apiregistration.k8s.io/apiservices/v1.apps');
    expect(summaries.filter((x) => !/\/registry\/((cluster)?role|apiregistration\.k8s\.io\/apiservices)/.test(x))).toEqual([
      'Watch /registry/ from rev 8',
      'Txn create /registry/namespaces/kube-system',
      'Txn create /registry/namespaces/kube-public',
      'Txn create /registry/namespaces/kube-node-lease',
      'Txn create /registry/services/specs/default/kubernetes',
      'Txn create /registry/endpointslices/default/kubernetes',
      // v1.31's endpoint reconciler still writes the Endpoints too (under the old services/endpoints prefix).
      'Txn create /registry/services/endpoints/default/kubernetes',
    ]);
  });

  it('holds requests that arrive before the watch cache synced and serves them after', () => {
    const { s, ctx } = started();
    kubeApiserver.onMessage(s, request({ path: '/api/v1/namespaces/default/pods/web' }), ctx);
    expect(s.queued).toHaveLength(1);
    const kvs = rbacKvs();
    const resp: EtcdResponseBody = { type: 'etcd.response', requestId: ctx.sent[0]!.id, header: header(1), result: { op: 'range', kvs, more: false, count: kvs.length } };
    kubeApiserver.onMessage(s, testMessage(resp), ctx);
    expect(s.queued).toHaveLength(0);
    expect(ctx.sent.some((m) => m.meta.summary === 'Range /registry/pods/default/web')).toBe(true);
  });
});

describe('pipeline stages', () => {
  it('stops at Authentication with 401 for an unknown bearer token', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, request({ credentials: { bearerToken: 'nope' } }), ctx);
    const r = ctx.sent[0]!.body as HttpResponse;
    expect(r.status).toBe(401);
    expect((r.body as Status).message).toBe('Unauthorized');
  });

  it('stops at Authorization with 403 for a user RBAC does not allow', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, request({ credentials: { clientCertificate: { commonName: 'bob', organizations: [] } } }), ctx);
    const r = ctx.sent[0]!.body as HttpResponse;
    expect(r.status).toBe(403);
    expect((r.body as Status).message).toBe('pods is forbidden: User "bob" cannot list resource "pods" in API group "" at the cluster scope');
  });

  it('sends a create to etcd as a Txn guarded by mod_revision = 0', () => {
    const { s, ctx } = synced();
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web' }, spec: { containers: [{ name: 'c', image: 'nginx' }] } };
    kubeApiserver.onMessage(s, request({ method: 'POST', path: '/api/v1/namespaces/default/pods', body: pod }), ctx);
    const last = ctx.sent[ctx.sent.length - 1]!;
    if ((last.body as HttpResponse).type === 'http.response') return; // validation (api helper) may refuse this bare pod
    expect(last.meta.summary).toBe('Txn create /registry/pods/default/web');
    const txn = (last.body as EtcdRequestBody).request;
    expect(txn.op === 'txn' && txn.compare).toEqual([{ key: '/registry/pods/default/web', target: 'MOD', result: '=', value: 0 }]);
  });

  it('passes an etcd timeout through as 500 with an empty reason', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, request({ path: '/api/v1/namespaces/default/pods/web' }), ctx);
    const t = ctx.timers.find((x) => x.name === ETCD_TIMEOUT_TIMER)!;
    ctx.clear();
    kubeApiserver.onTimer(s, { id: t.id, name: t.name, payload: t.payload }, ctx);
    const r = ctx.sent[0]!.body as HttpResponse;
    expect(r.status).toBe(500);
    expect(r.body).toMatchObject({ reason: '', message: 'etcdserver: request timed out' });
  });
});

describe('watch', () => {
  it('delivers ADDED/MODIFIED/DELETED by selector transitions to the node-indexed watcher only', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, request({ query: { watch: 'true', fieldSelector: 'spec.nodeName=worker-1' } }, 200, 200), ctx);
    kubeApiserver.onMessage(s, request({ query: { watch: 'true', fieldSelector: 'spec.nodeName=worker-2' } }, 201, 201), ctx);
    ctx.clear();
    const watchId = s.etcd.watchId!;
    const steps: EtcdWatchBody['events'] = [
      { type: 'PUT', kv: podKv('web', 5) },
      { type: 'PUT', kv: podKv('web', 6, 'worker-1') },
      { type: 'PUT', kv: { ...podKv('web', 7, 'worker-1'), version: 3 } },
      { type: 'DELETE', kv: { ...podKv('web', 8), value: null } },
    ];
    for (const ev of steps) {
      kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId, events: [ev], header: header(ev.kv.modRevision) }), ctx);
    }
    const got = ctx.sent.map((m) => `${(m.body as WatchEventBody).watchId} ${m.meta.summary}`);
    expect(got).toEqual(['200 ADDED pod/default/web rv=6', '200 MODIFIED pod/default/web rv=7', '200 DELETED pod/default/web rv=8']);
  });

  it('answers a watch from a resourceVersion older than the window with 410 Gone', () => {
    const { s, ctx } = synced();
    s.capacity = 1;
    const watchId = s.etcd.watchId!;
    for (const rev of [5, 6, 7]) {
      kubeApiserver.onMessage(s, testMessage<EtcdWatchBody>({ type: 'etcd.watch', watchId, events: [{ type: 'PUT', kv: podKv('web', rev) }], header: header(rev) }), ctx);
    }
    ctx.clear();
    kubeApiserver.onMessage(s, request({ query: { watch: 'true', resourceVersion: '4' } }, 300, 300), ctx);
    const ev = (ctx.sent[0]!.body as WatchEventBody).event;
    expect(ev.type).toBe('ERROR');
    expect(ev.object).toMatchObject({ code: 410, reason: 'Expired', message: 'too old resource version: 4 (6)' });
    expect(ctx.closed).toEqual([300]);
  });

  it('forgets a watcher whose stream closed', () => {
    const { s, ctx } = synced();
    kubeApiserver.onMessage(s, request({ query: { watch: 'true' } }, 400, 400), ctx);
    expect(s.watchers.size).toBe(1);
    kubeApiserver.onMessage(s, testMessage({ type: 'stream.closed', stream: 400 }), ctx);
    expect(s.watchers.size).toBe(0);
  });
});
