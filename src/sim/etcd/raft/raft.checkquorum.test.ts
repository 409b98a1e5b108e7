// Check-quorum details, after etcd-io/raft raft_test.go (TestFreeStuckCandidateWithCheckQuorum,
// TestLeaderSupersedingWithCheckQuorum).
import { describe, it, expect } from 'vitest';
import { step } from './raft';
import { campaign, flush, isolate, msg, newNetwork, raftOf, recover, tickAll } from './testing';

describe('check-quorum', () => {
  it('a stuck candidate with a higher term is freed: its answer to a stale heartbeat makes the leader step down (TestFreeStuckCandidateWithCheckQuorum)', () => {
    const net = newNetwork(3, { checkQuorum: true });
    campaign(net, 'n1');
    isolate(net, 'n1');
    campaign(net, 'n3'); // n2 is in n1's lease and ignores the request
    campaign(net, 'n3');
    const n3 = raftOf(net, 'n3');
    expect(n3.state).toBe('StateCandidate');
    expect(n3.term).toBe(3);
    recover(net);
    step(raftOf(net, 'n3'), msg({ type: 'MsgHeartbeat', from: 'n1', to: 'n3', term: 1 }));
    flush(net);
    const n1 = raftOf(net, 'n1');
    expect(n1.state).toBe('StateFollower');
    expect(n1.term).toBe(3);
    campaign(net, 'n3');
    expect(n3.state).toBe('StateLeader');
  });

  it('a follower out of the leader lease may vote a new leader in (TestLeaderSupersedingWithCheckQuorum)', () => {
    const net = newNetwork(3, { checkQuorum: true });
    campaign(net, 'n1');
    campaign(net, 'n3');
    // Within the lease n2 ignores n3, so n3 stays a candidate.
    expect(raftOf(net, 'n3').state).toBe('StateCandidate');
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    // Cut n1 off; once n2's election timeout passes without a leader, n3 can win.
    isolate(net, 'n1');
    tickAll(net, 40);
    const leaders = net.ids.filter((id) => raftOf(net, id).state === 'StateLeader' && id !== 'n1');
    expect(leaders.length).toBe(1);
    // The isolated n1 lost its quorum and stepped down by itself.
    expect(raftOf(net, 'n1').state).not.toBe('StateLeader');
  });
});
