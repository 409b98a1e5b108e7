// Kubeplay's Raft against the Raft paper, after etcd-io/raft raft_paper_test.go: each test names the
// etcd test it follows and the paper section (Ongaro & Ousterhout, "In Search of an Understandable
// Consensus Algorithm"). Written anew: the facts carry over, the code does not.
import { describe, it, expect } from 'vitest';
import { becomeCandidate, becomeFollower, becomeLeader, type Raft } from './core';
import { bcastAppend } from './replication';
import { newRaft, propose, ready, step, tick } from './raft';
import { campaign, config, crash, emptyStorage, flush, ids, msg, newNetwork, raftOf, storageWithTerms, takeMessages, type Network } from './testing';
import type { Entry, RaftMessage, RaftStorage } from './types';

function member<D = string>(n: number, storage: RaftStorage<D> = emptyStorage<D>(), seed = 1, id = 'n1'): Raft<D> {
  return newRaft<D>(config(id, ids(n)), storage, seed);
}

function leaderOf<D = string>(n: number, storage?: RaftStorage<D>): Raft<D> {
  const r = member<D>(n, storage);
  becomeCandidate(r);
  becomeLeader(r);
  return r;
}

/** The answer of a follower that accepted a MsgApp. */
function acceptAppend<D>(m: RaftMessage<D>): RaftMessage<D> {
  return msg<D>({ type: 'MsgAppResp', from: m.to, to: m.from, term: m.term, index: m.index + m.entries.length });
}

/** Replicates and commits the leader's empty entry (raft_paper_test.go commitNoopEntry). */
function commitNoopEntry<D>(r: Raft<D>): void {
  bcastAppend(r);
  for (const m of takeMessages(r)) if (m.type === 'MsgApp') step(r, acceptAppend(m));
  takeMessages(r);
  ready(r);
}

describe('terms (Raft paper §5.1)', () => {
  // TestFollowerUpdateTermFromMessage, TestCandidateUpdateTermFromMessage, TestLeaderUpdateTermFromMessage
  const roles: Array<[string, (r: Raft<string>) => void]> = [
    ['follower', (r) => becomeFollower(r, 1, 'n2')],
    ['candidate', (r) => becomeCandidate(r)],
    ['leader', (r) => { becomeCandidate(r); becomeLeader(r); }],
  ];
  it.each(roles)('a %s that sees a MsgApp of a higher term adopts the term and follows the sender', (_role, setup) => {
    const r = member(3);
    setup(r);
    step(r, msg({ type: 'MsgApp', from: 'n2', to: 'n1', term: 2 }));
    expect(r.term).toBe(2);
    expect(r.state).toBe('StateFollower');
    expect(r.lead).toBe('n2');
  });

  it('ignores a message of a lower term (TestRejectStaleTermMessage)', () => {
    const r = member(3, { hardState: { term: 2, vote: '', commit: 0 }, entries: [] });
    step(r, msg({ type: 'MsgApp', from: 'n2', to: 'n1', term: 1, entries: [{ term: 1, index: 1 }] }));
    expect(r.term).toBe(2);
    expect(r.log.entries).toEqual([]);
    expect(takeMessages(r)).toEqual([]);
  });

  it('with check-quorum, answers a stale leader with its own term so that it steps down (raft.go Step)', () => {
    const r = newRaft(config('n1', ids(3), { checkQuorum: true }), { hardState: { term: 2, vote: '', commit: 0 }, entries: [] }, 1);
    step(r, msg({ type: 'MsgHeartbeat', from: 'n2', to: 'n1', term: 1 }));
    const out = takeMessages(r);
    expect(out.map((m) => [m.type, m.to, m.term])).toEqual([['MsgAppResp', 'n2', 2]]);
  });
});

describe('leader election (Raft paper §5.2)', () => {
  it('starts as a follower (TestStartAsFollower)', () => {
    const r = member(3);
    expect(r.state).toBe('StateFollower');
    expect(r.lead).toBe('');
  });

  it('a leader heartbeats every follower on each heartbeat tick, with no entries (TestLeaderBcastBeat)', () => {
    const r = leaderOf(3);
    for (let i = 0; i < 10; i++) propose(r, `d${i}`);
    takeMessages(r);
    tick(r);
    const out = takeMessages(r);
    expect(out.map((m) => [m.type, m.from, m.to, m.term, m.entries.length, m.commit])).toEqual([
      ['MsgHeartbeat', 'n1', 'n2', 1, 0, 0],
      ['MsgHeartbeat', 'n1', 'n3', 1, 0, 0],
    ]);
  });

  // TestFollowerStartElection, TestCandidateStartNewElection
  it.each([
    ['follower', (_r: Raft<string>) => {}],
    ['candidate', (r: Raft<string>) => becomeCandidate(r)],
  ])('a %s whose election timeout passes starts a new term, votes for itself and asks every peer', (_role, setup) => {
    const r = member(3, storageWithTerms<string>([1, 1], 1));
    setup(r);
    const before = r.term;
    for (let i = 0; i < 2 * r.electionTick; i++) tick(r);
    expect(r.term).toBe(before + 1);
    expect(r.state).toBe('StateCandidate');
    expect(r.vote).toBe('n1');
    const out = takeMessages(r).filter((m) => m.term === before + 1);
    expect(out.map((m) => [m.type, m.to, m.index, m.logTerm])).toEqual([
      ['MsgVote', 'n2', 2, 1],
      ['MsgVote', 'n3', 2, 1],
    ]);
  });

  // TestLeaderElectionInOneRoundRPC: win, lose or stay candidate after one round of votes.
  const rounds: Array<[number, Record<string, boolean>, string]> = [
    [1, {}, 'StateLeader'],
    [3, { n2: true, n3: true }, 'StateLeader'],
    [3, { n2: true }, 'StateLeader'],
    [5, { n2: true, n3: true, n4: true, n5: true }, 'StateLeader'],
    [5, { n2: true, n3: true, n4: true }, 'StateLeader'],
    [5, { n2: true, n3: true }, 'StateLeader'],
    [3, { n2: false, n3: false }, 'StateFollower'],
    [5, { n2: false, n3: false, n4: false, n5: false }, 'StateFollower'],
    [5, { n2: true, n3: false, n4: false, n5: false }, 'StateFollower'],
    [3, {}, 'StateCandidate'],
    [5, { n2: true }, 'StateCandidate'],
    [5, { n2: false, n3: false }, 'StateCandidate'],
    [5, {}, 'StateCandidate'],
  ];
  it.each(rounds)('with %i members and votes %j the candidate ends as %s (TestLeaderElectionInOneRoundRPC)', (n, votes, want) => {
    const r = member(n);
    step(r, msg({ type: 'MsgHup', from: 'n1', to: 'n1' }));
    for (const [from, granted] of Object.entries(votes)) {
      step(r, msg({ type: 'MsgVoteResp', from, to: 'n1', term: r.term, reject: !granted }));
    }
    expect(r.state).toBe(want);
    expect(r.term).toBe(1);
  });

  // TestFollowerVote: one vote per term, first come first served.
  const votes: Array<[string, string, boolean]> = [
    ['', 'n2', false],
    ['', 'n3', false],
    ['n2', 'n2', false],
    ['n3', 'n3', false],
    ['n2', 'n3', true],
    ['n3', 'n2', true],
  ];
  it.each(votes)('a follower that voted for "%s" asked by %s rejects: %s (TestFollowerVote)', (voted, from, reject) => {
    const r = member(3, { hardState: { term: 1, vote: voted, commit: 0 }, entries: [] });
    step(r, msg({ type: 'MsgVote', from, to: 'n1', term: 1 }));
    expect(takeMessages(r).map((m) => [m.type, m.to, m.term, m.reject])).toEqual([['MsgVoteResp', from, 1, reject]]);
  });

  it.each([1, 2])('a candidate that gets a MsgApp of term %i (>= its own) becomes a follower (TestCandidateFallback)', (term) => {
    const r = member(3);
    step(r, msg({ type: 'MsgHup', from: 'n1', to: 'n1' }));
    expect(r.state).toBe('StateCandidate');
    step(r, msg({ type: 'MsgApp', from: 'n2', to: 'n1', term }));
    expect(r.state).toBe('StateFollower');
    expect(r.term).toBe(term);
  });

  // TestFollowerElectionTimeoutRandomized, TestCandidateElectionTimeoutRandomized
  it.each(['follower', 'candidate'])('a %s draws every election timeout in [et, 2et)', (role) => {
    const r = member(3);
    const seen = new Set<number>();
    for (let round = 0; round < 50 * r.electionTick; round++) {
      if (role === 'follower') becomeFollower(r, r.term + 1, '');
      else becomeCandidate(r);
      takeMessages(r);
      let time = 0;
      while (takeMessages(r).length === 0) {
        tick(r);
        time++;
      }
      seen.add(time);
    }
    const want = Array.from({ length: r.electionTick }, (_, i) => r.electionTick + i);
    expect([...seen].sort((a, b) => a - b)).toEqual(want);
  });

  // TestFollowersElectionTimeoutNonconflict, TestCandidatesElectionTimeoutNonconflict
  it.each(['follower', 'candidate'])('five %ss time out at the same tick in at most 30%% of rounds', (role) => {
    const rafts = ids(5).map((id, i) => newRaft(config(id, ids(5)), emptyStorage(), 100 + i));
    let conflicts = 0;
    const rounds = 1000;
    for (let round = 0; round < rounds; round++) {
      for (const r of rafts) {
        if (role === 'follower') becomeFollower(r, r.term + 1, '');
        else { if (r.state === 'StateLeader') becomeFollower(r, r.term, ''); becomeCandidate(r); }
        takeMessages(r);
      }
      let timedOut = 0;
      while (timedOut === 0) {
        for (const r of rafts) {
          tick(r);
          if (takeMessages(r).length > 0) timedOut++;
        }
      }
      if (timedOut > 1) conflicts++;
    }
    expect(conflicts / rounds).toBeLessThanOrEqual(0.3);
  });
});

describe('log replication (Raft paper §5.3)', () => {
  it('a leader appends a proposal and sends MsgApp with the previous index and term (TestLeaderStartReplication)', () => {
    const r = leaderOf(3);
    commitNoopEntry(r);
    const li = r.log.entries.length;
    expect(propose(r, 'some data')).toBe('ok');
    expect(r.log.entries.length).toBe(li + 1);
    const want: Entry<string>[] = [{ term: 1, index: li + 1, data: 'some data' }];
    expect(takeMessages(r).map((m) => [m.type, m.to, m.index, m.logTerm, m.entries, m.commit])).toEqual([
      ['MsgApp', 'n2', li, 1, want, li],
      ['MsgApp', 'n3', li, 1, want, li],
    ]);
    expect(ready(r).entries).toEqual(want);
  });

  it('commits an entry once a majority has it and hands it out to apply (TestLeaderCommitEntry)', () => {
    const r = leaderOf(3);
    commitNoopEntry(r);
    const li = r.log.entries.length;
    propose(r, 'some data');
    for (const m of takeMessages(r)) step(r, acceptAppend(m));
    expect(r.log.committed).toBe(li + 1);
    expect(ready(r).committedEntries).toEqual([{ term: 1, index: li + 1, data: 'some data' }]);
    // The followers learn the new commit index from the next MsgApp.
    expect(takeMessages(r).every((m) => m.commit === li + 1)).toBe(true);
  });

  // TestLeaderAcknowledgeCommit: acks from the listed members (and the leader itself).
  const acks: Array<[number, string[], boolean]> = [
    [1, [], true],
    [3, [], false],
    [3, ['n2'], true],
    [3, ['n2', 'n3'], true],
    [5, [], false],
    [5, ['n2'], false],
    [5, ['n2', 'n3'], true],
    [5, ['n2', 'n3', 'n4'], true],
    [5, ['n2', 'n3', 'n4', 'n5'], true],
  ];
  it.each(acks)('with %i members and acks from %j the entry commits: %s (TestLeaderAcknowledgeCommit)', (n, from, commits) => {
    const r = leaderOf(n);
    commitNoopEntry(r);
    const li = r.log.entries.length;
    propose(r, 'some data');
    for (const m of takeMessages(r)) if (from.includes(m.to)) step(r, acceptAppend(m));
    expect(r.log.committed > li).toBe(commits);
  });

  it('committing an entry commits every entry before it (TestLeaderCommitPrecedingEntries)', () => {
    const r = leaderOf(3, storageWithTerms<string>([2, 2], 2));
    propose(r, 'some data');
    for (const m of takeMessages(r)) step(r, acceptAppend({ ...m, index: 0, entries: r.log.entries }));
    expect(r.log.committed).toBe(4);
    expect(ready(r).committedEntries.map((e) => [e.term, e.index])).toEqual([
      [2, 1], [2, 2], [3, 3], [3, 4],
    ]);
  });

  // TestFollowerCommitEntry
  it.each([
    [[{ term: 1, index: 1, data: 'a' }], 1],
    [[{ term: 1, index: 1, data: 'a' }, { term: 1, index: 2, data: 'b' }], 2],
    [[{ term: 1, index: 1, data: 'a' }, { term: 1, index: 2, data: 'b' }], 1],
  ])('a follower applies in order the entries the leader says are committed (%j, commit %i)', (ents, commit) => {
    const r = member<string>(3);
    becomeFollower(r, 1, 'n2');
    step(r, msg<string>({ type: 'MsgApp', from: 'n2', to: 'n1', term: 1, entries: ents, commit }));
    expect(r.log.committed).toBe(commit);
    expect(ready(r).committedEntries).toEqual(ents.slice(0, commit));
  });

  // TestFollowerCheckMsgApp: the log holds (term 1, index 1), (term 2, index 2); commit 1.
  const checks: Array<[number, number, number, boolean, number]> = [
    [0, 0, 1, false, 0], // before everything: the answer is the commit index
    [1, 1, 1, false, 0],
    [2, 2, 2, false, 0],
    [1, 2, 2, true, 1], // the entry at index 2 has another term
    [3, 3, 3, true, 2], // no entry at index 3
  ];
  it.each(checks)('a MsgApp after (term %i, index %i) is answered with index %i, reject %s, hint %i (TestFollowerCheckMsgApp)', (logTerm, index, wIndex, wReject, wHint) => {
    const r = member(3, { hardState: { term: 2, vote: '', commit: 1 }, entries: [{ term: 1, index: 1 }, { term: 2, index: 2 }] });
    becomeFollower(r, 2, 'n2');
    step(r, msg({ type: 'MsgApp', from: 'n2', to: 'n1', term: 2, logTerm, index, commit: 1 }));
    expect(takeMessages(r).map((m) => [m.type, m.term, m.index, m.reject, m.rejectHint])).toEqual([['MsgAppResp', 2, wIndex, wReject, wHint]]);
  });

  // TestFollowerAppendEntries: the log holds terms 1, 2.
  const appends: Array<[number, number, Entry[], number[], number[]]> = [
    [2, 2, [{ term: 3, index: 3 }], [1, 2, 3], [3]],
    [1, 1, [{ term: 3, index: 2 }, { term: 4, index: 3 }], [1, 3, 4], [3, 4]],
    [0, 0, [{ term: 1, index: 1 }], [1, 2], []],
    [0, 0, [{ term: 3, index: 1 }], [3], [3]],
  ];
  it.each(appends)('after index %i term %i, appending %j leaves terms %j (new: %j) (TestFollowerAppendEntries)', (index, logTerm, ents, wTerms, wUnstable) => {
    const r = member(3, storageWithTerms([1, 2]));
    becomeFollower(r, 2, 'n2');
    step(r, msg({ type: 'MsgApp', from: 'n2', to: 'n1', term: 2, logTerm, index, entries: ents }));
    expect(r.log.entries.map((e) => e.term)).toEqual(wTerms);
    expect(ready(r).entries.map((e) => e.term)).toEqual(wUnstable);
  });

  // TestLeaderSyncFollowerLog: the follower logs of the paper's Figure 7.
  const leaderTerms = [1, 1, 1, 4, 4, 5, 5, 6, 6, 6];
  const followers: Array<[string, number[]]> = [
    ['a', [1, 1, 1, 4, 4, 5, 5, 6, 6]],
    ['b', [1, 1, 1, 4]],
    ['c', [1, 1, 1, 4, 4, 5, 5, 6, 6, 6, 6]],
    ['d', [1, 1, 1, 4, 4, 5, 5, 6, 6, 6, 7, 7]],
    ['e', [1, 1, 1, 4, 4, 4, 4]],
    ['f', [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3]],
  ];
  it.each(followers)('the leader makes follower (%s) of Figure 7 match its log (TestLeaderSyncFollowerLog)', (_name, terms) => {
    const lead = storageWithTerms<string>(leaderTerms, 8);
    lead.hardState.commit = leaderTerms.length;
    const net = newNetwork<string>([lead, storageWithTerms<string>(terms, 7), emptyStorage<string>()]);
    crash(net, 'n3');
    campaign(net, 'n1');
    // n3 is down; its vote is delivered by hand so that n1 wins even when n2 refuses.
    const n1 = raftOf(net, 'n1');
    step(n1, msg({ type: 'MsgVoteResp', from: 'n3', to: 'n1', term: n1.term }));
    expect(n1.state).toBe('StateLeader');
    propose(n1, 'x');
    for (let i = 0; i < 3; i++) beat(net);
    expect(raftOf(net, 'n2').log.entries).toEqual(n1.log.entries);
  });
});

/** A heartbeat round from n1: the answers make it repair the followers' logs. */
function beat(net: Network<string>): void {
  step(raftOf(net, 'n1'), msg({ type: 'MsgBeat', from: 'n1', to: 'n1' }));
  flush(net);
}

describe('safety (Raft paper §5.4)', () => {
  // TestVoter: (voter's log, candidate's last term, candidate's last index, reject)
  const voter: Array<[number[], number, number, boolean]> = [
    [[1], 1, 1, false],
    [[1], 1, 2, false],
    [[1, 1], 1, 1, true],
    [[1], 2, 1, false],
    [[1], 2, 2, false],
    [[1, 1], 2, 1, false],
    [[2], 1, 1, true],
    [[2], 1, 2, true],
    [[2, 1], 1, 1, true],
  ];
  it.each(voter)('a voter with log terms %j asked by a candidate at (term %i, index %i) rejects: %s (TestVoter, §5.4.1)', (terms, logTerm, index, reject) => {
    const r = member(3, storageWithTerms(terms));
    step(r, msg({ type: 'MsgVote', from: 'n2', to: 'n1', term: 3, logTerm, index }));
    expect(takeMessages(r).map((m) => [m.type, m.reject])).toEqual([['MsgVoteResp', reject]]);
  });

  // TestLeaderOnlyCommitsLogFromCurrentTerm: the log holds terms 1, 2; the leader is at term 3.
  it.each([
    [1, 0],
    [2, 0],
    [3, 3],
  ])('an ack for index %i commits up to %i: only entries of the current term commit by counting (§5.4.2)', (index, want) => {
    const r = leaderOf(3, storageWithTerms([1, 2], 2));
    expect(r.term).toBe(3);
    step(r, msg({ type: 'MsgAppResp', from: 'n2', to: 'n1', term: 3, index }));
    expect(r.log.committed).toBe(want);
  });
});
