// The StatefulSet controller's writes (pkg/controller/statefulset/stateful_set.go and
// stateful_pod_control.go, v1.31): it POSTs the pod named <set>-<ordinal>, records
// `create Pod web-0 in StatefulSet web successful`, does not act twice before the informer has
// seen its writes, and writes status through the status subresource.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import type { Event, Pod } from '../../api/types';
import { clientOnMessage } from '../../client/apiclient';
import { objectKey } from '../../client/informer';
import { testMessage } from '../../kernel/recording-effects';
import { runWorker } from '../framework/controller';
import { putPod, testEnv } from '../testing';
import { createStatefulSetController, onStatefulSetDelta, onStatefulSetPodDelta, statefulSetOnWriteResult, syncStatefulSet } from './controller';
import { newStatefulSetPod, revisionName } from './pods';
import type { StatefulSet } from './types';

function sts(replicas: number): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'sts-uid', resourceVersion: '5', generation: 1 },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  };
}

function setup(set: StatefulSet) {
  const { env, ctx } = testEnv(0);
  const s = createStatefulSetController();
  env.informers.byName.statefulsets.items.set(objectKey(set), set);
  onStatefulSetDelta(s, env, { type: 'ADDED', object: set });
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncStatefulSet(s, env, sc));
  // The ControllerRevision writes are left out here; history/controller-history.test.ts and the
  // rollout-revisions cluster test check them.
  const requests = (): (HttpRequest & { id: number })[] =>
    ctx.sent
      .filter((m) => (m.body as HttpRequest).type === 'http.request' && !(m.body as HttpRequest).path.includes('/controllerrevisions'))
      .map((m) => ({ ...(m.body as HttpRequest), id: m.id }));
  return { env, ctx, s, sync, requests };
}

describe('StatefulSet controller', () => {
  it('creates web-0 first, records SuccessfulCreate with the real message, and creates nothing more until the informer sees it', () => {
    const { s, env, ctx, sync, requests } = setup(sts(3));
    sync();
    const posts = requests().filter((r) => r.method === 'POST');
    expect(posts.map((r) => (r.body as Pod).metadata.name)).toEqual(['web-0']);
    expect(posts[0]!.path).toBe('/api/v1/namespaces/default/pods');

    const created = { ...(posts[0]!.body as Pod), status: { phase: 'Pending' as const } };
    const resp: HttpResponse = { type: 'http.response', requestId: posts[0]!.id, status: 201, body: created } as HttpResponse;
    const ev = clientOnMessage(env.client, testMessage(resp, { id: 500 }), ctx)!;
    ctx.clear();
    statefulSetOnWriteResult(s, env, ev);
    const event = ctx.sent.map((m) => m.body as HttpRequest).find((b) => b.path === '/api/v1/namespaces/default/events')!.body as Event;
    expect([event.reason, event.message, event.type, event.source?.component]).toEqual(['SuccessfulCreate', 'create Pod web-0 in StatefulSet web successful', 'Normal', 'statefulset-controller']);

    // A sync before the informer has the pod does not POST web-0 again.
    ctx.clear();
    onStatefulSetDelta(s, env, { type: 'MODIFIED', object: sts(3) });
    sync();
    expect(requests().filter((r) => r.method === 'POST')).toEqual([]);

    // Once the informer has it (still Pending), the controller waits for web-0 to be Ready.
    putPod(env, created);
    onStatefulSetPodDelta(s, env, { type: 'ADDED', object: created });
    expect(s.expectations.get('default/web')).toEqual({ adds: [], deletes: [] });
  });

  it('writes the status through the status subresource', () => {
    const set = sts(2);
    const { env, sync, requests } = setup(set);
    const p = newStatefulSetPod(set, 0, revisionName(set));
    p.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
    putPod(env, p);
    sync();
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/apis/apps/v1/namespaces/default/statefulsets/web/status');
    expect((put.body as StatefulSet).status).toMatchObject({ replicas: 1, readyReplicas: 1, availableReplicas: 1, updatedReplicas: 1, observedGeneration: 1 });
    expect(requests().filter((r) => r.method === 'POST').map((r) => (r.body as Pod).metadata.name)).toEqual(['web-1']);
  });

  it('deletes the highest ordinal on scale-down and records SuccessfulDelete', () => {
    const set = sts(1);
    const { s, env, ctx, sync, requests } = setup(set);
    for (const i of [0, 1]) {
      const p = newStatefulSetPod(set, i, revisionName(set));
      p.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] };
      putPod(env, p);
    }
    sync();
    const del = requests().find((r) => r.method === 'DELETE')!;
    expect(del.path).toBe('/api/v1/namespaces/default/pods/web-1');
    const resp: HttpResponse = { type: 'http.response', requestId: del.id, status: 200, body: {} } as HttpResponse;
    const ev = clientOnMessage(env.client, testMessage(resp, { id: 501 }), ctx)!;
    ctx.clear();
    statefulSetOnWriteResult(s, env, ev);
    const event = ctx.sent.map((m) => m.body as HttpRequest).find((b) => b.path?.endsWith('/events'))!.body as Event;
    expect([event.reason, event.message]).toEqual(['SuccessfulDelete', 'delete Pod web-1 in StatefulSet web successful']);
  });

  it('reports a refused create as FailedCreate, but sinks AlreadyExists', () => {
    const { s, env, ctx, sync, requests } = setup(sts(1));
    sync();
    const post = requests().find((r) => r.method === 'POST')!;
    const forbidden = { kind: 'Status', status: 'Failure', reason: 'Forbidden', message: 'pods "web-0" is forbidden: no', code: 403 };
    const ev = clientOnMessage(env.client, testMessage({ type: 'http.response', requestId: post.id, status: 403, body: forbidden } as HttpResponse, { id: 502 }), ctx)!;
    ctx.clear();
    statefulSetOnWriteResult(s, env, ev);
    const event = ctx.sent.map((m) => m.body as HttpRequest).find((b) => b.path?.endsWith('/events'))!.body as Event;
    expect([event.type, event.reason, event.message]).toEqual(['Warning', 'FailedCreate', 'create Pod web-0 in StatefulSet web failed error: pods "web-0" is forbidden: no']);
    expect(s.expectations.get('default/web')).toEqual({ adds: [], deletes: [] });
  });
});
