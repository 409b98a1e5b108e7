// The Deployment controller (pkg/controller/deployment, v1.31): the new ReplicaSet named
// <deployment>-<pod-template-hash> with the hash in labels and selector and the revision
// annotations; RollingUpdate fenceposts (util/deployment_util.go ResolveFenceposts, NewRSNewReplicas)
// and how far old ReplicaSets may shrink (rolling.go reconcileOldReplicaSets).
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../api/http';
import { objectKey } from '../../client/informer';
import { runWorker } from '../framework/controller';
import { testEnv } from '../testing';
import type { Deployment, ReplicaSet } from '../replicaset/types';
import { createDeploymentController, onDeploymentDelta, syncDeployment } from './controller';
import { computeHash } from './hash';
import { fenceposts, newRSReplicas, scaleDownOld } from './rollout';

function deployment(replicas: number, image = 'nginx:1.25', rollingUpdate?: { maxSurge: number | string; maxUnavailable: number | string }): Deployment {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'd-uid', resourceVersion: '3', generation: 1 },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      strategy: { type: 'RollingUpdate', rollingUpdate: rollingUpdate ?? { maxSurge: '25%', maxUnavailable: '25%' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  };
}

function rs(name: string, replicas: number, availableReplicas: number): ReplicaSet {
  return { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name }, spec: { replicas, selector: {}, template: { spec: { containers: [] } } }, status: { replicas, availableReplicas } };
}

describe('Deployment controller sync', () => {
  it('creates the new ReplicaSet <deploy>-<hash> with the hash label and selector, revision 1 and the replica annotations', () => {
    const { env, ctx } = testEnv(0);
    const s = createDeploymentController();
    const d = deployment(3);
    env.informers.byName.deployments.items.set(objectKey(d), d);
    onDeploymentDelta(s, env, { type: 'ADDED', object: d });
    runWorker(s.rt, ctx, env.client, env.credentials, (sc) => syncDeployment(s, env, sc));
    const reqs = ctx.sent.map((m) => m.body as HttpRequest).filter((b) => b.type === 'http.request');
    const post = reqs.find((r) => r.method === 'POST')!;
    const hash = computeHash(d.spec.template);
    const body = post.body as ReplicaSet;
    expect(post.path).toBe('/apis/apps/v1/namespaces/default/replicasets');
    expect(body.metadata.name).toBe(`web-${hash}`);
    expect(body.spec.replicas).toBe(3);
    expect(body.spec.selector).toEqual({ matchLabels: { app: 'web', 'pod-template-hash': hash } });
    expect(body.spec.template.metadata?.labels).toEqual({ app: 'web', 'pod-template-hash': hash });
    expect(body.metadata.annotations).toEqual({ 'deployment.kubernetes.io/desired-replicas': '3', 'deployment.kubernetes.io/max-replicas': '4', 'deployment.kubernetes.io/revision': '1' });
    expect(body.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'Deployment', name: 'web', uid: 'd-uid', controller: true });
    const status = reqs.find((r) => r.method === 'PUT')!;
    expect(status.path).toBe('/apis/apps/v1/namespaces/default/deployments/web/status');
    expect((status.body as Deployment).status?.conditions?.map((c) => `${c.reason}: ${c.message}`)).toEqual([
      'MinimumReplicasUnavailable: Deployment does not have minimum availability.',
      `NewReplicaSetCreated: Created new replica set "web-${hash}"`,
    ]);
  });
});

describe('rollout arithmetic', () => {
  it.each([
    ['25%/25% of 4', 4, { maxSurge: '25%', maxUnavailable: '25%' }, { maxSurge: 1, maxUnavailable: 1 }],
    ['25%/25% of 3 rounds surge up and unavailability down', 3, { maxSurge: '25%', maxUnavailable: '25%' }, { maxSurge: 1, maxUnavailable: 0 }],
    ['0/0 would deadlock, so one may be unavailable', 3, { maxSurge: 0, maxUnavailable: 0 }, { maxSurge: 0, maxUnavailable: 1 }],
  ])('resolves fenceposts: %s', (_n, replicas, ru, want) => {
    expect(fenceposts(deployment(replicas, 'nginx', ru))).toEqual(want);
  });

  it('grows the new ReplicaSet only up to replicas + maxSurge pods in total', () => {
    const d = deployment(4, 'nginx:1.26', { maxSurge: 1, maxUnavailable: 1 });
    const old = rs('old', 4, 4);
    const fresh = rs('new', 0, 0);
    expect(newRSReplicas(d, [old, fresh], fresh)).toBe(1);
  });

  it('shrinks old ReplicaSets no further than replicas - maxUnavailable available pods', () => {
    const d = deployment(4, 'nginx:1.26', { maxSurge: 1, maxUnavailable: 1 });
    const old = rs('old', 4, 4);
    const fresh = rs('new', 1, 0);
    expect([...scaleDownOld(d, [old], fresh).values()]).toEqual([3]);
    const ready = rs('new', 1, 1);
    expect([...scaleDownOld(d, [old], ready).values()]).toEqual([2]);
  });
});
