// Seed chapter 2: "Quorum Q = floor(N/2) + 1: 3 members -> Q=2, survives 1 failure; 4 members ->
// Q=3, still survives only 1". etcd-io/raft raft_test.go TestLeaderElection: a 3-node cluster with
// 2 dead peers elects no leader (public/scenarios/etcd-quorum-loss.yaml plays it).
import { describe, expect, it } from 'vitest';
import { freshestStore } from '../../../sim/chaos/observe';
import { buildCluster } from '../../../sim/cluster';
import { etcdQuorumCallouts, quorumOf } from './etcd-quorum';

describe('quorum arithmetic', () => {
  it.each([
    [1, 1],
    [3, 2],
    [4, 3],
    [5, 3],
    [7, 4],
  ])('%i members need %i for a quorum', (members, quorum) => {
    expect(quorumOf(members)).toBe(quorum);
  });
});

describe('the etcd-quorum callout', () => {
  it('says 3 members, quorum 2, and turns into a warning with no leader when only 1 is alive', () => {
    const c = buildCluster({ etcd: { members: 3 } }, { seed: 22 });
    const callout = () => etcdQuorumCallouts({ sim: c.sim, store: freshestStore(c.sim) })[0]!;
    expect(callout()).toMatchObject({ target: { kind: 'etcd', id: 'etcd' }, severity: 'info', facts: { members: 3, quorum: 2, alive: 3 } });
    expect(callout().facts).toHaveProperty('leader');

    c.kill('etcd/etcd-1');
    c.sim.runUntil(c.sim.now + 3_000);
    // One failure is survived: two of three still elect a leader and commit.
    expect(callout()).toMatchObject({ severity: 'info', facts: { alive: 2 } });
    expect(callout().facts).toHaveProperty('leader');

    c.kill('etcd/etcd-2');
    c.sim.runUntil(c.sim.now + 3_000);
    expect(callout()).toMatchObject({ severity: 'warning', facts: { kind: 'etcd-quorum', members: 3, quorum: 2, alive: 1, names: ['etcd-1', 'etcd-2', 'etcd-3'], aliveNames: ['etcd-3'] } });
    expect(callout().facts).not.toHaveProperty('leader');
    // What the apiserver's writes meet meanwhile (reference: etcd error strings).
    expect(c.run('kubectl run web2 --image=nginx:1.25').stderr).toBe('Error from server: etcdserver: request timed out\n');
  });

  it('a lone member is its own quorum', () => {
    const c = buildCluster({}, { seed: 3 });
    expect(etcdQuorumCallouts({ sim: c.sim, store: freshestStore(c.sim) })).toEqual([
      { id: 'etcd-quorum:etcd', target: { kind: 'etcd', id: 'etcd' }, severity: 'info', facts: { kind: 'etcd-quorum', members: 1, quorum: 1, alive: 1, names: ['etcd-1'], aliveNames: ['etcd-1'], leader: 'etcd-1' } },
    ]);
  });
});
