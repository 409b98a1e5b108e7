// The disruption controller's arithmetic (pkg/controller/disruption/disruption.go v1.31
// getExpectedPodCount, getExpectedScale, countHealthyPods, buildDisruptedPodMap, updatePdbStatus),
// with the examples of the kubernetes.io task "Specifying a Disruption Budget for your Application"
// (a StatefulSet of 3 with minAvailable 2, maxUnavailable 1, or minAvailable 80%).

import { describe, expect, it } from 'vitest';
import type { KubeObject, Pod } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { countHealthyPods, disruptedPodMap, expectedPodCount, pdbStatus, scaledValue, type Controllers, type Pdb } from './budget';

const NOW = Date.UTC(2024, 7, 13, 9, 0, 0);
const sts: KubeObject = { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'zk', namespace: 'default', uid: 'sts-1' }, spec: { replicas: 3 } };
const controllers: Controllers = { replicaSet: () => undefined, deployment: () => undefined, statefulSet: (_ns, name) => (name === 'zk' ? sts : undefined) };

function zkPod(i: number, ready = true, extra: Partial<Pod['metadata']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `zk-${i}`, namespace: 'default', labels: { app: 'zookeeper' }, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'zk', uid: 'sts-1', controller: true }], ...extra },
    spec: { containers: [] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  } as unknown as Pod;
}

const budget = (spec: Pdb['spec']): Pdb => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: 'zk-pdb', namespace: 'default', generation: 1 }, spec });

describe('PodDisruptionBudget status (configure-pdb task examples)', () => {
  const pods = [zkPod(0), zkPod(1), zkPod(2)];
  const cases: { name: string; spec: Pdb['spec']; expected: number; desired: number; allowed: number }[] = [
    { name: 'minAvailable 2 of 3 ready pods allows one disruption', spec: { minAvailable: 2 }, expected: 3, desired: 2, allowed: 1 },
    { name: 'maxUnavailable 1 of a StatefulSet of 3 wants 2 healthy', spec: { maxUnavailable: 1 }, expected: 3, desired: 2, allowed: 1 },
    { name: 'minAvailable 80% of 3 rounds up to 3 and allows none', spec: { minAvailable: '80%' }, expected: 3, desired: 3, allowed: 0 },
    { name: 'maxUnavailable 34% of 3 rounds up to 2 unavailable', spec: { maxUnavailable: '34%' }, expected: 3, desired: 1, allowed: 2 },
    { name: 'maxUnavailable 0 blocks every eviction', spec: { maxUnavailable: 0 }, expected: 3, desired: 3, allowed: 0 },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const pdb = budget(c.spec);
      const e = expectedPodCount(pdb, pods, controllers);
      if ('error' in e) throw new Error(e.error);
      const st = pdbStatus(pdb, countHealthyPods(pods, {}), e.desiredHealthy, e.expectedCount, {}, NOW);
      expect([st.expectedPods, st.desiredHealthy, st.currentHealthy, st.disruptionsAllowed]).toEqual([c.expected, c.desired, 3, c.allowed]);
      expect(st.conditions?.[0]).toMatchObject({ type: 'DisruptionAllowed', status: c.allowed > 0 ? 'True' : 'False', reason: c.allowed > 0 ? 'SufficientPods' : 'InsufficientPods' });
    });
  }

  it('counts only ready pods that are not being deleted and not already disrupted', () => {
    const list = [zkPod(0), zkPod(1, false), zkPod(2, true, { deletionTimestamp: rfc3339(NOW) })];
    expect(countHealthyPods(list, {})).toBe(1);
    expect(countHealthyPods([zkPod(0), zkPod(1)], { 'zk-0': rfc3339(NOW) })).toBe(1);
  });

  it('drops disrupted pods that are deleted or older than DeletionTimeout (2 minutes)', () => {
    const pdb: Pdb = { ...budget({ minAvailable: 2 }), status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, disruptedPods: { 'zk-0': rfc3339(NOW - 121_000), 'zk-1': rfc3339(NOW - 10_000), 'zk-2': rfc3339(NOW) } } };
    const list = [zkPod(0), zkPod(1), zkPod(2, true, { deletionTimestamp: rfc3339(NOW) })];
    expect(disruptedPodMap(pdb, list, NOW)).toEqual({ 'zk-1': rfc3339(NOW - 10_000) });
  });

  it('fails with NoControllers for a percentage budget over pods nobody owns', () => {
    const bare = { ...zkPod(0), metadata: { ...zkPod(0).metadata, ownerReferences: [] } } as Pod;
    expect(expectedPodCount(budget({ minAvailable: '50%' }), [bare], controllers)).toEqual({ reason: 'NoControllerRef', error: 'found no controller ref for pod "zk-0"' });
    // An integer minAvailable needs no controller: expectedPods is the number of pods.
    expect(expectedPodCount(budget({ minAvailable: 1 }), [bare], controllers)).toEqual({ expectedCount: 1, desiredHealthy: 1 });
  });

  it('scales a percentage as intstr.GetScaledValueFromIntOrPercent rounding up', () => {
    expect([scaledValue('50%', 3, true), scaledValue('50%', 3, false), scaledValue(2, 10, true)]).toEqual([2, 1, 2]);
  });
});
