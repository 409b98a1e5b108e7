// The chaos invariants must be able to fail: 200 seeds that pass prove nothing if a check cannot
// see a violation. Each check here is shown a healthy cluster (no violation) and then the same
// cluster with one thing broken by hand, the way the invariant's source describes it: the Raft
// paper's Log Matching and State Machine Safety (section 5.3, 5.4.3), client-go's promise that
// resourceVersions seen on a watch only grow, and a settled cluster's desired state
// (kubernetes.io, Deployments: "the Deployment Controller changes the actual state to the desired
// state"; ReplicaSet: "maintain a stable set of replica Pods").

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';
import type { TraceRecord } from '../../kernel/trace';
import { containerdStates, dataDirOf, processesOfKind, runningInformers } from '../observe';
import { createRaftMonitor, finishRaft, observeRaft } from './raft';
import { checkSettled } from './settled';
import { createWatchMonitor, finishWatches, observeWatchRecord } from './watch';

function settledCluster(members: 1 | 3 = 1): Cluster {
  const c = buildCluster({ etcd: { members } }, { seed: 3 });
  c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
  c.sim.runUntil(c.sim.now + 60_000);
  return c;
}

const names = (vs: { invariant: string }[]): string[] => [...new Set(vs.map((v) => v.invariant))];

describe('the settled-cluster invariants', () => {
  it('find nothing wrong with a cluster that reached its desired state', () => {
    expect(checkSettled(settledCluster().sim)).toEqual([]);
  });

  it('see a Deployment and its ReplicaSet short of their replicas', () => {
    const c = settledCluster();
    c.run('kubectl scale deployment web --replicas=4');
    c.sim.runUntil(c.sim.now + 50);
    expect(names(checkSettled(c.sim))).toEqual(expect.arrayContaining(['deployment available', 'replicaset available']));
  });

  it('see a running container whose pod etcd does not have', () => {
    const c = settledCluster();
    const { state } = containerdStates(c.sim).find((x) => [...x.state.containers.values()].some((k) => k.state === 'CONTAINER_RUNNING'))!;
    const running = [...state.containers.values()].find((k) => k.state === 'CONTAINER_RUNNING')!;
    const sandbox = state.sandboxes.get(running.podSandboxId)!;
    state.sandboxes.set(sandbox.id, { ...sandbox, metadata: { ...sandbox.metadata, uid: 'not-in-etcd' } });
    expect(names(checkSettled(c.sim))).toContain('container without a pod');
  });

  it('see an informer whose cache lost an object', () => {
    const c = settledCluster();
    const pods = runningInformers(c.sim).find((x) => x.owner === 'kube-controller-manager' && x.informer.path.endsWith('/pods') && x.informer.items.size > 0)!;
    pods.informer.items.delete([...pods.informer.items.keys()].find((k) => k.startsWith('default/web-'))!);
    expect(checkSettled(c.sim)).toContainEqual(expect.objectContaining({ invariant: 'informer cache equals etcd', detail: expect.stringMatching(/^kube-controller-manager \S+: missing default\/web-/) }));
  });
});

describe('the watch invariant', () => {
  const event = (id: number, to: string, rv: number, at: number, dropped = false): TraceRecord =>
    ({ id, time: at - 1, deliverAt: at, kind: 'message', type: 'watch.event', from: 'kube-apiserver', to, summary: `MODIFIED pod/default/web rv=${rv}`, phase: 'watch', cause: null, ...(dropped ? { dropped: 'partition' } : {}) }) as TraceRecord;

  it('takes versions that grow, per receiver, in the order they arrive', () => {
    const m = createWatchMonitor();
    for (const r of [event(1, 'kube-scheduler', 5, 10), event(2, 'kubelet/worker-1', 3, 11), event(3, 'kube-scheduler', 7, 12)]) observeWatchRecord(m, r);
    expect(finishWatches(m)).toEqual([]);
  });

  it('sees a version that goes back, and ignores one the network dropped', () => {
    const m = createWatchMonitor();
    for (const r of [event(1, 'kube-scheduler', 7, 10), event(2, 'kube-scheduler', 5, 12)]) observeWatchRecord(m, r);
    expect(finishWatches(m)).toEqual([{ invariant: 'resourceVersions only grow', detail: 'kube-scheduler pod: rv 5 after 7 (record #2, delivered at 12 ms)' }]);
    const n = createWatchMonitor();
    observeWatchRecord(n, event(1, 'kube-scheduler', 7, 10));
    observeWatchRecord(n, event(2, 'kube-scheduler', 5, 12, true));
    expect(finishWatches(n)).toEqual([]);
  });
});

describe('the Raft invariants', () => {
  it('find nothing wrong with three members that agree, and see a committed entry changed on one', () => {
    const c = settledCluster(3);
    const m = createRaftMonitor();
    observeRaft(m, c.sim);
    expect(finishRaft(m, c.sim)).toEqual([]);
    const member = processesOfKind(c.sim, 'etcd')[1]!;
    const raft = dataDirOf(member)!.raft!;
    const i = raft.hardState.commit - 1;
    const e = raft.entries[i]!;
    raft.entries[i] = { ...e, data: e.data ? { ...e.data, rid: e.data.rid + 1_000_000 } : { origin: 'forged', rid: 1 } } as typeof e;
    expect(names(finishRaft(m, c.sim))).toContain('committed entries kept');
  });
});
