// The namespace controller's requests (pkg/controller/namespace/deletion/namespaced_resources_deleter.go):
// a terminating namespace is listed resource by resource, every item deleted, the namespace looked
// at again after estimate/2 + 1 s while content remains (estimateGracefulTerminationForPods), and
// finalized (PUT .../finalize without the `kubernetes` token) once a round finds it empty.
import { describe, expect, it } from 'vitest';
import type { HttpRequest, HttpResponse } from '../../api/http';
import type { KubeObject, Namespace, Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { runWorker } from '../framework/controller';
import { WORKQUEUE_TIMER } from '../framework/workqueue';
import { testEnv } from '../testing';
import { controllerCredentials } from '../tokens';
import { createNamespaceController, NAMESPACE_SA, namespaceOnClientEvent, onNamespaceDelta, syncNamespace } from './controller';
import { deletableResources, estimateGracefulTermination, finalizedNamespace, remainingRequeueMs } from './deleter';

function ns(terminating: boolean): Namespace {
  const n: Namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'dev', uid: 'ns-uid', resourceVersion: '50' }, spec: { finalizers: ['kubernetes'] }, status: { phase: 'Active' } };
  if (terminating) {
    n.metadata.deletionTimestamp = '2024-08-13T09:00:00Z';
    n.status = { phase: 'Terminating' };
  }
  return n;
}

const pod = (name: string, grace?: number): Pod =>
  ({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'dev' }, spec: { containers: [], ...(grace !== undefined ? { terminationGracePeriodSeconds: grace } : {}) }, status: { phase: 'Running' } }) as Pod;

function setup(namespace: Namespace) {
  const { env, ctx } = testEnv(0);
  const s = createNamespaceController();
  env.credentials = controllerCredentials(NAMESPACE_SA);
  env.informers.byName.namespaces.items.set('dev', namespace);
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncNamespace(s, env, sc));
  const requests = (): HttpRequest[] => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
  /** Answer every pending call of the client with what `answer` says, in send order. */
  const answerAll = (answer: (call: { method: string; path: string }) => { status: number; body: unknown }): void => {
    for (const call of [...env.client.pending.values()]) {
      env.client.pending.delete(call.id);
      const a = answer(call);
      const response = { type: 'http.response', requestId: call.id, status: a.status, body: a.body } as HttpResponse;
      const ev: ClientEvent = { kind: 'response', call, response };
      namespaceOnClientEvent(s, env, ev);
    }
  };
  return { env, ctx, s, sync, requests, answerAll };
}

const list = (items: KubeObject[]) => ({ status: 200, body: { kind: 'List', apiVersion: 'v1', metadata: {}, items } });

describe('namespace controller', () => {
  it('ignores a namespace that is not being deleted', () => {
    const { s, env, sync, requests } = setup(ns(false));
    onNamespaceDelta(s, env, { type: 'MODIFIED', object: ns(false) });
    sync();
    expect(requests()).toEqual([]);
  });

  it('lists every deletable namespaced resource of a terminating namespace', () => {
    const { s, env, sync, requests } = setup(ns(true));
    onNamespaceDelta(s, env, { type: 'MODIFIED', object: ns(true) });
    sync();
    const reqs = requests();
    expect(reqs.every((r) => r.method === 'GET')).toBe(true);
    expect(reqs.map((r) => r.path)).toContain('/api/v1/namespaces/dev/pods');
    expect(reqs.map((r) => r.path)).toContain('/apis/apps/v1/namespaces/dev/deployments');
    expect(reqs).toHaveLength(deletableResources().length);
    expect(reqs[0]!.credentials).toEqual({ bearerToken: 'kubeplay.serviceaccount.kube-system.namespace-controller' });
  });

  it('deletes what the lists found and looks again after estimate/2 + 1 s while pods terminate', () => {
    const { s, env, ctx, sync, requests, answerAll } = setup(ns(true));
    onNamespaceDelta(s, env, { type: 'MODIFIED', object: ns(true) });
    sync();
    answerAll((c) => list(c.path === '/api/v1/namespaces/dev/pods' ? [pod('web-1'), pod('web-2')] : []));
    const deletes = requests().filter((r) => r.method === 'DELETE');
    expect(deletes.map((r) => r.path)).toEqual(['/api/v1/namespaces/dev/pods/web-1', '/api/v1/namespaces/dev/pods/web-2']);
    expect(deletes[0]!.body).toEqual({ kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
    // Graceful deletion: the pods answer with deletionTimestamp set, so content remains.
    answerAll((c) => ({ status: 200, body: { ...pod(c.path.split('/').pop()!), metadata: { name: 'x', deletionTimestamp: '2024-08-13T09:00:30Z' } } }));
    const requeue = ctx.timers.find((t) => t.name === WORKQUEUE_TIMER);
    expect(requeue?.afterMs).toBe(16_000);
    expect(requests().some((r) => r.path.endsWith('/finalize'))).toBe(false);
  });

  it('finalizes an empty namespace with the kubernetes token removed', () => {
    const { s, env, sync, requests, answerAll } = setup(ns(true));
    onNamespaceDelta(s, env, { type: 'MODIFIED', object: ns(true) });
    sync();
    answerAll(() => list([]));
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/namespaces/dev/finalize');
    expect((put.body as Namespace).spec).toEqual({ finalizers: [] });
    expect((put.body as Namespace).metadata.resourceVersion).toBe('50');
  });
});

describe('deleter helpers', () => {
  it.each([
    { name: 'the default grace period of 30 s', pods: [pod('a')], estimate: 30 },
    { name: 'the longest grace period', pods: [pod('a', 5), pod('b', 60)], estimate: 60 },
    { name: 'nothing for finished pods', pods: [{ ...pod('a'), status: { phase: 'Succeeded' } } as Pod], estimate: 0 },
  ])('estimates $name', ({ pods, estimate }) => {
    expect(estimateGracefulTermination(pods)).toBe(estimate);
  });

  it('requeues after estimate/2 + 1 seconds (namespace_controller.go ResourcesRemainingError)', () => {
    expect(remainingRequeueMs(30)).toBe(16_000);
    expect(remainingRequeueMs(0)).toBe(1_000);
  });

  it('removes only the kubernetes token from spec.finalizers', () => {
    const n = { ...ns(true), spec: { finalizers: ['kubernetes', 'example.com/other'] } };
    expect(finalizedNamespace(n).spec).toEqual({ finalizers: ['example.com/other'] });
  });

  it('never lists resources that are not namespaced or cannot be deleted', () => {
    const names = deletableResources().map((r) => r.resource);
    expect(names).not.toContain('nodes');
    expect(names).not.toContain('namespaces');
    expect(names).not.toContain('bindings');
  });
});
