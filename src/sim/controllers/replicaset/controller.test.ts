// The ReplicaSet controller's sync (pkg/controller/replicaset/replica_set.go, v1.31): create the
// missing pods from the template with the controller reference, delete the surplus in rank order,
// adopt matching orphans, do not act twice while its own creates are in flight, report status.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import type { Pod } from '../../api/types';
import { objectKey } from '../../client/informer';
import { runWorker } from '../framework/controller';
import { putPod, testEnv, testPod } from '../testing';
import { createReplicaSetController, onReplicaSetDelta, onReplicaSetPodDelta, syncReplicaSet } from './controller';
import { rankForDeletion } from './manage';
import type { ReplicaSet } from './types';

function rs(replicas: number): ReplicaSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'web-5ff58d798d', namespace: 'default', uid: 'rs-uid', resourceVersion: '7', generation: 2 },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
    },
  };
}

function owned(name: string, opts: { owner?: boolean; ready?: boolean; created?: string } = {}): Pod {
  const p = testPod(name, 'worker-1');
  p.metadata.labels = { app: 'web' };
  p.metadata.creationTimestamp = opts.created ?? '2024-08-13T09:00:00Z';
  if (opts.owner !== false) p.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5ff58d798d', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }];
  if (opts.ready === false) p.status = { phase: 'Pending' };
  return p;
}

function setup(set: ReplicaSet, pods: Pod[]) {
  const { env, ctx } = testEnv(0);
  const s = createReplicaSetController();
  env.informers.byName.replicasets.items.set(objectKey(set), set);
  for (const p of pods) putPod(env, p);
  onReplicaSetDelta(s, env, { type: 'ADDED', object: set });
  const sync = (): void => runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncReplicaSet(s, env, sc));
  const requests = (): HttpRequest[] => ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
  return { env, ctx, s, sync, requests };
}

describe('ReplicaSet controller', () => {
  it('creates the missing pods with generateName <rs>- and the controller reference, and expects them', () => {
    const { s, env, sync, requests, ctx } = setup(rs(3), [owned('web-5ff58d798d-aaaaa')]);
    sync();
    const posts = requests().filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    const pod = posts[0]!.body as Pod;
    expect(pod.metadata.generateName).toBe('web-5ff58d798d-');
    expect(pod.metadata.labels).toEqual({ app: 'web' });
    expect(pod.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-5ff58d798d', uid: 'rs-uid', controller: true, blockOwnerDeletion: true }]);
    expect(s.expectations.get('default/web-5ff58d798d')).toEqual({ adds: 2, deletes: [] });
    // A second sync before the informer saw the new pods creates nothing more.
    ctx.clear();
    onReplicaSetDelta(s, env, { type: 'MODIFIED', object: rs(3) });
    sync();
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('lowers its expectations as the informer sees the created pods', () => {
    const { s, env } = setup(rs(2), []);
    s.expectations.set('default/web-5ff58d798d', { adds: 2, deletes: [] });
    onReplicaSetPodDelta(s, env, { type: 'ADDED', object: owned('web-5ff58d798d-bbbbb') });
    expect(s.expectations.get('default/web-5ff58d798d')).toEqual({ adds: 1, deletes: [] });
  });

  it('deletes the surplus, unscheduled and not ready pods first', () => {
    const { sync, requests } = setup(rs(1), [
      owned('web-5ff58d798d-ready'),
      owned('web-5ff58d798d-pendg', { ready: false }),
      owned('web-5ff58d798d-newer', { created: '2024-08-13T09:00:09Z' }),
    ]);
    sync();
    const deletes = requests().filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toEqual(['/api/v1/namespaces/default/pods/web-5ff58d798d-pendg', '/api/v1/namespaces/default/pods/web-5ff58d798d-newer']);
  });

  it('adopts a matching orphan by patching its ownerReferences instead of creating a pod', () => {
    const { sync, requests } = setup(rs(1), [owned('orphan', { owner: false })]);
    sync();
    const [patch, ...rest] = requests().filter((r) => r.method !== 'PUT');
    expect(patch!.method).toBe('PATCH');
    expect(patch!.path).toBe('/api/v1/namespaces/default/pods/orphan');
    expect(rest).toEqual([]);
  });

  it('claims through the controller-UID index but releases in the informer order, not the index order', () => {
    // x was an orphan first and was adopted after y was created: the index lists y before x, the
    // informer (and so every release before the index existed) x before y.
    const x = owned('web-5ff58d798d-xxxxx', { owner: false });
    const y = owned('web-5ff58d798d-yyyyy');
    const { env, sync, requests } = setup(rs(0), [x, y]);
    putPod(env, owned('web-5ff58d798d-xxxxx'));
    for (const name of ['web-5ff58d798d-xxxxx', 'web-5ff58d798d-yyyyy']) env.informers.byName.pods.items.get(`default/${name}`)!.metadata.labels = { app: 'other' };
    sync();
    const patches = requests().filter((r) => r.method === 'PATCH').map((r) => r.path);
    expect(patches).toEqual(['/api/v1/namespaces/default/pods/web-5ff58d798d-xxxxx', '/api/v1/namespaces/default/pods/web-5ff58d798d-yyyyy']);
  });

  it('writes status through the status subresource with observedGeneration', () => {
    const { sync, requests } = setup(rs(2), [owned('a'), owned('b', { ready: false })]);
    sync();
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/apis/apps/v1/namespaces/default/replicasets/web-5ff58d798d/status');
    expect((put.body as ReplicaSet).status).toEqual({ replicas: 2, fullyLabeledReplicas: 2, readyReplicas: 1, availableReplicas: 1, observedGeneration: 2 });
  });

  it('ranks unscheduled pods before scheduled ones', () => {
    const unscheduled = owned('u');
    delete unscheduled.spec.nodeName;
    expect(rankForDeletion([owned('s'), unscheduled]).map((p) => p.metadata.name)).toEqual(['u', 's']);
  });
});
