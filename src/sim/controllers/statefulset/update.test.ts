// updateStatefulSet's ordering (kubernetes pkg/controller/statefulset/stateful_set_control.go and
// its tests, e.g. TestStatefulSetControlScaleUp / ScaleDown / Replacement / RollingUpdate; docs
// "StatefulSet Basics": "the web-1 Pod is not launched until the web-0 Pod is Running and Ready",
// pods are terminated "one at a time, in reverse order with respect to their ordinal index").
import { describe, expect, it } from 'vitest';
import { rfc3339 } from '../../api/time';
import type { Pod } from '../../api/types';
import { newStatefulSetPod, revisionName } from './pods';
import type { StatefulSet } from './types';
import { planStatefulSet, statefulSetStatus } from './update';

function sts(replicas: number, extra: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'web', namespace: 'default', uid: 'sts-uid', generation: 1 },
    spec: {
      replicas,
      serviceName: 'nginx',
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } },
      ...extra,
    },
  };
}

type PodState = 'pending' | 'ready' | 'terminating' | 'failed';

/** A pod of the set with ordinal `ord` in the given state, at the set's current revision unless told. */
function pod(set: StatefulSet, ord: number, state: PodState = 'ready', revision = revisionName(set)): Pod {
  const p = newStatefulSetPod(set, ord, revision);
  p.metadata.uid = `uid-${ord}`;
  if (state === 'pending') p.status = { phase: 'Pending' };
  else if (state === 'failed') p.status = { phase: 'Failed' };
  else p.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(0) }] };
  if (state === 'terminating') p.metadata.deletionTimestamp = rfc3339(30_000);
  return p;
}

function names(pods: Pod[]): string[] {
  return pods.map((p) => p.metadata.name ?? '');
}

function plan(set: StatefulSet, pods: Pod[], now = 0) {
  return planStatefulSet(set, pods, revisionName(set), now);
}

describe('StatefulSet update plan, OrderedReady', () => {
  it.each([
    ['no pods yet: only web-0 is created', 3, [], ['web-0']],
    ['web-0 still Pending: nothing is created (web-1 waits for web-0 to be Running and Ready)', 3, ['pending'], []],
    ['web-0 Ready: web-1 is created next', 3, ['ready'], ['web-1']],
    ['web-0 and web-1 Ready: web-2 is created', 3, ['ready', 'ready'], ['web-2']],
    ['all three Ready: nothing to do', 3, ['ready', 'ready', 'ready'], []],
  ] as const)('%s', (_name, replicas, states, created) => {
    const set = sts(replicas);
    const p = plan(set, states.map((st, i) => pod(set, i, st)));
    expect(names(p.create)).toEqual(created);
    expect(p.delete).toEqual([]);
  });

  it('recreates a deleted pod under the same name, once the old one is gone', () => {
    const set = sts(3);
    expect(names(plan(set, [pod(set, 0), pod(set, 1, 'terminating'), pod(set, 2)]).create)).toEqual([]);
    expect(names(plan(set, [pod(set, 0), pod(set, 2)]).create)).toEqual(['web-1']);
  });

  it('scales down from the highest ordinal, one pod at a time, waiting for each to terminate', () => {
    const set = sts(1);
    const all = [pod(set, 0), pod(set, 1), pod(set, 2)];
    expect(names(plan(set, all).delete)).toEqual(['web-2']);
    expect(names(plan(set, [pod(set, 0), pod(set, 1), pod(set, 2, 'terminating')]).delete)).toEqual([]);
    expect(names(plan(set, [pod(set, 0), pod(set, 1)]).delete)).toEqual(['web-1']);
  });

  it('does not scale down while a remaining replica is not Ready', () => {
    const set = sts(1);
    expect(plan(set, [pod(set, 0, 'pending'), pod(set, 1)]).delete).toEqual([]);
  });

  it('deletes a failed pod so that it is made again (RecreatingFailedPod)', () => {
    const set = sts(2);
    const p = plan(set, [pod(set, 0, 'failed'), pod(set, 1)]);
    expect(names(p.delete)).toEqual(['web-0']);
    expect(names(p.recreate)).toEqual(['web-0']);
  });

  it('waits out minReadySeconds before the next pod and asks to be synced again', () => {
    const set = sts(2, { minReadySeconds: 10 });
    const p = plan(set, [pod(set, 0)], 4_000);
    expect(p.create).toEqual([]);
    expect(p.requeueAfterMs).toBe(6_000);
    expect(names(plan(set, [pod(set, 0)], 10_000).create)).toEqual(['web-1']);
  });

  it('does nothing for a set being deleted', () => {
    const set = sts(3);
    set.metadata.deletionTimestamp = rfc3339(0);
    expect(plan(set, []).create).toEqual([]);
  });
});

describe('StatefulSet update plan, Parallel', () => {
  it('creates every missing pod at once', () => {
    const set = sts(3, { podManagementPolicy: 'Parallel' });
    expect(names(plan(set, []).create)).toEqual(['web-0', 'web-1', 'web-2']);
  });

  it('deletes every condemned pod at once', () => {
    const set = sts(1, { podManagementPolicy: 'Parallel' });
    expect(names(plan(set, [pod(set, 0), pod(set, 1, 'pending'), pod(set, 2)]).delete)).toEqual(['web-2', 'web-1']);
  });
});

describe('StatefulSet rolling update', () => {
  it('deletes the highest-ordinal pod at an old revision, then waits for it to come back Ready', () => {
    const set = sts(3);
    const old = 'web-oldrev';
    expect(names(plan(set, [pod(set, 0, 'ready', old), pod(set, 1, 'ready', old), pod(set, 2, 'ready', old)]).delete)).toEqual(['web-2']);
    // web-2 is back at the new revision but not Ready yet: nothing more.
    expect(plan(set, [pod(set, 0, 'ready', old), pod(set, 1, 'ready', old), pod(set, 2, 'pending')]).delete).toEqual([]);
    expect(names(plan(set, [pod(set, 0, 'ready', old), pod(set, 1, 'ready', old), pod(set, 2)]).delete)).toEqual(['web-1']);
  });

  it('leaves pods below the partition at their old revision', () => {
    const set = sts(3, { updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 2 } } });
    const old = 'web-oldrev';
    expect(plan(set, [pod(set, 0, 'ready', old), pod(set, 1, 'ready', old), pod(set, 2)]).delete).toEqual([]);
  });

  it('does nothing with OnDelete', () => {
    const set = sts(1, { updateStrategy: { type: 'OnDelete' } });
    expect(plan(set, [pod(set, 0, 'ready', 'web-oldrev')]).delete).toEqual([]);
  });
});

describe('StatefulSet status (computeReplicaStatus)', () => {
  it('counts created, ready, current and updated pods; availableReplicas is always present', () => {
    const set = sts(3);
    const rev = revisionName(set);
    const status = statefulSetStatus(set, [pod(set, 0), pod(set, 1, 'pending')], 'web-oldrev', rev, 0);
    expect(status).toEqual({ observedGeneration: 1, replicas: 2, readyReplicas: 1, updatedReplicas: 2, availableReplicas: 1, currentRevision: 'web-oldrev', updateRevision: rev, collisionCount: 0 });
  });

  it('makes the update revision current once every pod is updated and ready (completeRollingUpdate)', () => {
    const set = sts(2);
    const rev = revisionName(set);
    const status = statefulSetStatus(set, [pod(set, 0), pod(set, 1)], 'web-oldrev', rev, 0);
    expect(status.currentRevision).toBe(rev);
    expect(status.currentReplicas).toBe(2);
  });
});
