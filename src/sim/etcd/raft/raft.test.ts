// Kubeplay's Raft in small clusters, after etcd-io/raft raft_test.go: each test names the etcd test
// it follows. Written anew: the facts carry over, the code does not.
import { describe, it, expect } from 'vitest';
import { becomeCandidate, becomeLeader } from './core';
import { newRaft, propose, readIndex, status, step, tick } from './raft';
import {
  campaign, config, crash, cut, emptyStorage, flush, ids, ignore, isolate, msg, newNetwork, raftOf, recover,
  storageWithTerms, tickAll, type Network, type NetworkOptions,
} from './testing';
import type { RaftStorage } from './types';

function beat<D>(net: Network<D>, id: string): void {
  step(raftOf(net, id), msg({ type: 'MsgBeat', from: id, to: id }));
  flush(net);
}

function proposeAt<D>(net: Network<D>, id: string, data: D): string {
  const res = propose(raftOf(net, id), data);
  flush(net);
  return res;
}

function termsOf<D>(net: Network<D>, id: string): number[] {
  return raftOf(net, id).log.entries.map((e) => e.term);
}

describe('elections in a cluster', () => {
  // TestLeaderElection, TestLeaderElectionPreVote: the members listed as down never answer.
  const cases: Array<[string, number, string[], boolean, string]> = [
    ['3 members all up elect a leader', 3, [], false, 'StateLeader'],
    ['3 members with one down elect a leader', 3, ['n3'], false, 'StateLeader'],
    ['3 members with two down stay candidate', 3, ['n2', 'n3'], false, 'StateCandidate'],
    ['4 members with two down stay candidate', 4, ['n2', 'n3'], false, 'StateCandidate'],
    ['5 members with two down elect a leader', 5, ['n2', 'n3'], false, 'StateLeader'],
    ['3 members with two down and pre-vote stay pre-candidate', 3, ['n2', 'n3'], true, 'StatePreCandidate'],
    ['5 members with two down and pre-vote elect a leader', 5, ['n2', 'n3'], true, 'StateLeader'],
  ];
  it.each(cases)('%s (TestLeaderElection)', (_name, n, down, preVote, want) => {
    const net = newNetwork(n, { preVote });
    for (const id of down) crash(net, id);
    campaign(net, 'n1');
    const r = raftOf(net, 'n1');
    expect(r.state).toBe(want);
    // A pre-candidate that cannot win never moves to a new term.
    expect(r.term).toBe(want === 'StatePreCandidate' ? 0 : 1);
  });

  it('a candidate whose log is behind a majority loses and becomes a follower (TestLeaderElection)', () => {
    const net = newNetwork([emptyStorage(), storageWithTerms([1]), storageWithTerms([1]), storageWithTerms([1, 1]), emptyStorage()]);
    campaign(net, 'n1');
    expect(raftOf(net, 'n1').state).toBe('StateFollower');
    expect(raftOf(net, 'n1').term).toBe(1);
  });

  it('a single member elects itself on its first election timeout and commits alone', () => {
    const r = newRaft<string>(config('n1', ['n1'], { preVote: true, checkQuorum: true }), emptyStorage(), 7);
    for (let i = 0; i < 20 && r.state !== 'StateLeader'; i++) tick(r);
    expect(r.state).toBe('StateLeader');
    expect(propose(r, 'x')).toBe('ok');
    expect(status(r)).toMatchObject({ term: 1, commit: 2, lastIndex: 2, raftState: 'StateLeader', lead: 'n1' });
  });

  it('of two dueling candidates the one with the shorter log loses, at the higher term (TestDuelingCandidates)', () => {
    const net = newNetwork(3);
    cut(net, 'n1', 'n3');
    campaign(net, 'n1');
    campaign(net, 'n3');
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    expect(raftOf(net, 'n3').state).toBe('StateCandidate');
    recover(net);
    // n3 campaigns again at term 2: its empty log is not up to date, so it loses, but the others
    // saw term 2 and n1 steps down.
    campaign(net, 'n3');
    for (const id of ['n1', 'n2', 'n3']) {
      expect(raftOf(net, id).state).toBe('StateFollower');
      expect(raftOf(net, id).term).toBe(2);
    }
    expect(termsOf(net, 'n1')).toEqual([1]);
    expect(raftOf(net, 'n1').log.committed).toBe(1);
    expect(termsOf(net, 'n2')).toEqual([1]);
    expect(termsOf(net, 'n3')).toEqual([]);
  });

  it('a candidate concedes to a leader of its term once it hears from it (TestCandidateConcede)', () => {
    const net = newNetwork<string>(3);
    isolate(net, 'n1');
    campaign(net, 'n1');
    campaign(net, 'n3');
    recover(net);
    beat(net, 'n3');
    proposeAt(net, 'n3', 'force follower');
    beat(net, 'n3');
    const n1 = raftOf(net, 'n1');
    expect(n1.state).toBe('StateFollower');
    expect(n1.term).toBe(1);
    for (const id of net.ids) {
      expect(raftOf(net, id).log.entries).toEqual([{ term: 1, index: 1 }, { term: 1, index: 2, data: 'force follower' }]);
      expect(raftOf(net, id).log.committed).toBe(2);
    }
  });

  // TestLeaderElectionOverwriteNewerLogs(PreVote)
  it.each([false, true])('a leader of a later term overwrites newer uncommitted entries (pre-vote %s)', (preVote) => {
    const voted = (): RaftStorage => ({ hardState: { term: 2, vote: 'n3', commit: 0 }, entries: [] });
    // n1 won term 1 and replicated one entry to n2 only; n3 won term 2 and wrote one entry no one got.
    const net = newNetwork([storageWithTerms([1]), storageWithTerms([1]), storageWithTerms([2]), voted(), voted()], { preVote });
    campaign(net, 'n1');
    // A quorum knows of term 2: n1 fails but learns the term.
    expect(raftOf(net, 'n1').state).toBe('StateFollower');
    expect(raftOf(net, 'n1').term).toBe(2);
    campaign(net, 'n1');
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    expect(raftOf(net, 'n1').term).toBe(3);
    for (const id of net.ids) expect(termsOf(net, id)).toEqual([1, 3]);
  });
});

describe('proposals and commitment', () => {
  // TestProposal
  const cases: Array<[number, string[], boolean]> = [
    [3, [], true],
    [3, ['n3'], true],
    [3, ['n2', 'n3'], false],
    [4, ['n2', 'n3'], false],
    [5, ['n2', 'n3'], true],
  ];
  it.each(cases)('with %i members and %j down, a proposal succeeds: %s (TestProposal)', (n, down, ok) => {
    const net = newNetwork<string>(n);
    for (const id of down) crash(net, id);
    campaign(net, 'n1');
    const res = proposeAt(net, 'n1', 'somedata');
    if (ok) {
      expect(res).toBe('ok');
      for (const id of net.ids) {
        if (down.includes(id)) continue;
        expect(raftOf(net, id).log.entries).toEqual([{ term: 1, index: 1 }, { term: 1, index: 2, data: 'somedata' }]);
      }
      expect(raftOf(net, 'n1').log.committed).toBe(2);
    } else {
      expect(res).toBe('ErrProposalDropped');
      expect(raftOf(net, 'n1').log.entries).toEqual([]);
    }
  });

  it('a follower forwards a proposal to its leader (TestProposalByProxy)', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    expect(proposeAt(net, 'n2', 'somedata')).toBe('ok');
    for (const id of net.ids) expect(raftOf(net, id).log.entries.map((e) => e.data)).toEqual([undefined, 'somedata']);
    expect(raftOf(net, 'n1').log.committed).toBe(2);
  });

  it('a follower with no known leader drops a proposal', () => {
    const net = newNetwork<string>(3);
    expect(propose(raftOf(net, 'n2'), 'x')).toBe('ErrProposalDropped');
  });

  it('a new leader does not commit entries of an earlier term until its own entry commits (TestCannotCommitWithoutNewTermEntry)', () => {
    const net = newNetwork<string>(5);
    campaign(net, 'n1');
    cut(net, 'n1', 'n3');
    cut(net, 'n1', 'n4');
    cut(net, 'n1', 'n5');
    proposeAt(net, 'n1', 'some data');
    proposeAt(net, 'n1', 'some data');
    expect(raftOf(net, 'n1').log.committed).toBe(1);
    recover(net);
    ignore(net, 'MsgApp'); // keep the new leader's empty entry from committing
    campaign(net, 'n2');
    const n2 = raftOf(net, 'n2');
    expect(n2.state).toBe('StateLeader');
    expect(n2.log.committed).toBe(1);
    recover(net);
    beat(net, 'n2');
    proposeAt(net, 'n2', 'some data');
    expect(n2.log.committed).toBe(5);
  });

  it('a new leader commits the earlier entries along with its own empty entry (TestCommitWithoutNewTermEntry)', () => {
    const net = newNetwork<string>(5);
    campaign(net, 'n1');
    cut(net, 'n1', 'n3');
    cut(net, 'n1', 'n4');
    cut(net, 'n1', 'n5');
    proposeAt(net, 'n1', 'some data');
    proposeAt(net, 'n1', 'some data');
    expect(raftOf(net, 'n1').log.committed).toBe(1);
    recover(net);
    campaign(net, 'n2');
    expect(raftOf(net, 'n2').log.committed).toBe(4);
  });

  it('old messages of an earlier leader are ignored and the logs end equal (TestOldMessages)', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    campaign(net, 'n2');
    campaign(net, 'n1');
    expect(raftOf(net, 'n1').term).toBe(3);
    // An old leader of term 2 trying to append: ignored.
    step(raftOf(net, 'n1'), msg({ type: 'MsgApp', from: 'n2', to: 'n1', term: 2, entries: [{ term: 2, index: 3 }] }));
    flush(net);
    proposeAt(net, 'n1', 'somedata');
    for (const id of net.ids) {
      expect(raftOf(net, id).log.entries).toEqual([
        { term: 1, index: 1 },
        { term: 2, index: 2 },
        { term: 3, index: 3 },
        { term: 3, index: 4, data: 'somedata' },
      ]);
      expect(raftOf(net, id).log.committed).toBe(4);
    }
  });

  it('a MsgApp carries at most 64 entries and a lagging follower still catches up', () => {
    const net = newNetwork<number>(3);
    campaign(net, 'n1');
    crash(net, 'n3');
    for (let i = 0; i < 200; i++) proposeAt(net, 'n1', i);
    const storage = net.storage['n3']!;
    net.rafts['n3'] = newRaft(config('n3', net.ids), storage, 3);
    net.trace = [];
    tickAll(net, 3);
    const sizes = net.trace.filter((m) => m.type === 'MsgApp' && m.to === 'n3').map((m) => m.entries.length);
    expect(Math.max(...sizes)).toBe(64);
    expect(raftOf(net, 'n3').log.entries.length).toBe(201);
  });
});

describe('check-quorum and pre-vote', () => {
  it('a leader that hears from no quorum for an election timeout steps down (TestLeaderStepdownWhenQuorumLost)', () => {
    const r = newRaft(config('n1', ids(3), { checkQuorum: true }), emptyStorage(), 1);
    becomeCandidate(r);
    becomeLeader(r);
    for (let i = 0; i < r.electionTick + 1; i++) tick(r);
    expect(r.state).toBe('StateFollower');
    expect(r.lead).toBe('');
  });

  it('a leader that keeps hearing from a quorum stays leader (TestLeaderStepdownWhenQuorumActive)', () => {
    const r = newRaft(config('n1', ids(3), { checkQuorum: true }), emptyStorage(), 1);
    becomeCandidate(r);
    becomeLeader(r);
    for (let i = 0; i < r.electionTick + 1; i++) {
      step(r, msg({ type: 'MsgHeartbeatResp', from: 'n2', to: 'n1', term: r.term }));
      tick(r);
    }
    expect(r.state).toBe('StateLeader');
  });

  it('with check-quorum a follower that recently heard its leader ignores a vote request (leader lease)', () => {
    const net = newNetwork(3, { checkQuorum: true });
    campaign(net, 'n1');
    const n2 = raftOf(net, 'n2');
    step(n2, msg({ type: 'MsgVote', from: 'n3', to: 'n2', term: 2, index: 5, logTerm: 1 }));
    expect(n2.term).toBe(1);
    expect(n2.msgs).toEqual([]);
  });

  const opts: Array<[string, NetworkOptions, number]> = [
    ['pre-vote', { preVote: true }, 1],
    ['pre-vote and check-quorum', { preVote: true, checkQuorum: true }, 1],
  ];
  it.each(opts)('with %s, a partitioned member rejoining does not disrupt the leader (TestPreVote)', (_name, o, wantTerm) => {
    const net = newNetwork<string>(3, o);
    campaign(net, 'n1');
    isolate(net, 'n3');
    tickAll(net, 100);
    // The isolated member never wins a pre-vote, so it never moves to a new term.
    expect(raftOf(net, 'n3').term).toBe(1);
    recover(net);
    tickAll(net, 5);
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    expect(raftOf(net, 'n1').term).toBe(wantTerm);
    expect(raftOf(net, 'n3').state).toBe('StateFollower');
    expect(raftOf(net, 'n3').lead).toBe('n1');
  });

  it('without pre-vote, a partitioned member rejoining bumps everyone to its term (the disruption pre-vote prevents)', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    isolate(net, 'n3');
    tickAll(net, 100);
    const t3 = raftOf(net, 'n3').term;
    expect(t3).toBeGreaterThan(1);
    recover(net);
    tickAll(net, 60);
    expect(Math.max(...net.ids.map((id) => raftOf(net, id).term))).toBeGreaterThanOrEqual(t3);
  });

  it('a pre-candidate that wins the pre-vote becomes a candidate at the next term (TestPreVote)', () => {
    const net = newNetwork(3, { preVote: true });
    campaign(net, 'n1');
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    expect(raftOf(net, 'n1').term).toBe(1);
  });

  it('a pre-vote request does not change the voter\'s term (raft.go Step)', () => {
    const r = newRaft(config('n1', ids(3), { preVote: true }), { hardState: { term: 1, vote: '', commit: 0 }, entries: [] }, 1);
    step(r, msg({ type: 'MsgPreVote', from: 'n2', to: 'n1', term: 2 }));
    expect(r.term).toBe(1);
    expect(r.msgs.map((m) => [m.type, m.term, m.reject])).toEqual([['MsgPreVoteResp', 2, false]]);
  });
});

describe('ReadIndex (TestReadOnlyOptionSafe, TestReadOnlyForNewLeader)', () => {
  // Each read is asked at the given member after 10 more proposals; its index is then the commit index.
  const reads: Array<[string, number, string]> = [
    ['n1', 11, 'ctx1'],
    ['n2', 21, 'ctx2'],
    ['n3', 31, 'ctx3'],
    ['n1', 41, 'ctx4'],
    ['n2', 51, 'ctx5'],
    ['n3', 61, 'ctx6'],
  ];
  it('a read at any member is answered with the leader\'s commit index after a quorum round', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    for (const [id, wIndex, ctx] of reads) {
      for (let i = 0; i < 10; i++) proposeAt(net, 'n1', 'x');
      expect(readIndex(raftOf(net, id), ctx)).toBe('ok');
      flush(net);
      expect(net.readStates[id]!.at(-1)).toEqual({ index: wIndex, requestCtx: ctx });
    }
  });

  it('a new leader answers reads only after it has committed an entry of its term', () => {
    const net = newNetwork<string>(3);
    ignore(net, 'MsgApp');
    campaign(net, 'n1');
    expect(readIndex(raftOf(net, 'n1'), 'ctx')).toBe('ok');
    flush(net);
    expect(net.readStates['n1']).toEqual([]);
    recover(net);
    tickAll(net, 1);
    expect(raftOf(net, 'n1').log.committed).toBe(1);
    expect(net.readStates['n1']).toEqual([{ index: 1, requestCtx: 'ctx' }]);
  });

  it('an isolated leader never answers a read: a minority cannot serve linearizable reads (Jepsen etcd 0.4.1)', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    isolate(net, 'n1');
    readIndex(raftOf(net, 'n1'), 'ctx');
    tickAll(net, 5);
    expect(net.readStates['n1']).toEqual([]);
  });

  it('a single member answers a read at once', () => {
    const net = newNetwork<string>(1);
    campaign(net, 'n1');
    readIndex(raftOf(net, 'n1'), 'ctx');
    flush(net);
    expect(net.readStates['n1']).toEqual([{ index: 1, requestCtx: 'ctx' }]);
  });

  it('a member with no known leader drops a read', () => {
    const net = newNetwork<string>(3);
    expect(readIndex(raftOf(net, 'n2'), 'ctx')).toBe('ErrProposalDropped');
  });
});
