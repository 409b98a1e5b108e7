// Replication details, after etcd-io/raft raft_test.go (TestFastLogRejection,
// TestBcastBeat, TestHeartbeatUpdateCommit) and tracker/progress_test.go.
import { describe, it, expect } from 'vitest';
import { becomeCandidate, becomeLeader } from './core';
import { becomeReplicate, maybeDecrTo, maybeUpdate, newProgress } from './progress';
import { newRaft, propose, step, tick } from './raft';
import { campaign, config, emptyStorage, ids, msg, newNetwork, raftOf, storageWithTerms, takeMessages, tickAll } from './testing';

describe('heartbeats', () => {
  it('carry commit = min(match, committed) so a follower never commits what it may not have (TestBcastBeat)', () => {
    const r = newRaft<string>(config('n1', ids(3)), emptyStorage(), 1);
    becomeCandidate(r);
    becomeLeader(r);
    propose(r, 'a');
    propose(r, 'b');
    takeMessages(r);
    step(r, msg({ type: 'MsgAppResp', from: 'n2', to: 'n1', term: 1, index: 3 }));
    expect(r.log.committed).toBe(3);
    takeMessages(r);
    tick(r);
    expect(takeMessages(r).filter((m) => m.type === 'MsgHeartbeat').map((m) => [m.to, m.commit])).toEqual([
      ['n2', 3],
      ['n3', 0],
    ]);
  });

  it('tell a follower the commit index it holds entries for (TestHeartbeatUpdateCommit)', () => {
    const r = newRaft(config('n2', ids(3)), storageWithTerms([1, 1, 1], 1), 1);
    step(r, msg({ type: 'MsgHeartbeat', from: 'n1', to: 'n2', term: 1, commit: 2 }));
    expect(r.log.committed).toBe(2);
    expect(r.lead).toBe('n1');
    expect(takeMessages(r).map((m) => m.type)).toEqual(['MsgHeartbeatResp']);
  });
});

describe('fast log rejection (TestFastLogRejection)', () => {
  it('skips a whole divergent term per round trip instead of one entry at a time', () => {
    // The leader has terms 1 then 2 x 40; the follower has 1 then 3 x 40 (from a lost term-3 leader).
    const leaderTerms = [1, ...Array.from({ length: 40 }, () => 2)];
    const followerTerms = [1, ...Array.from({ length: 40 }, () => 3)];
    const lead = storageWithTerms<string>(leaderTerms, 4);
    const net = newNetwork<string>([lead, storageWithTerms<string>(followerTerms, 4), storageWithTerms<string>(leaderTerms, 4)]);
    net.trace = [];
    campaign(net, 'n1');
    tickAll(net, 3);
    expect(raftOf(net, 'n1').state).toBe('StateLeader');
    expect(raftOf(net, 'n2').log.entries.map((e) => e.term)).toEqual([...leaderTerms, 5]);
    const rejections = net.trace.filter((m) => m.type === 'MsgAppResp' && m.from === 'n2' && m.reject);
    expect(rejections.length).toBeLessThanOrEqual(2);
  });
});

describe('progress (tracker/progress_test.go)', () => {
  it('in probe state, a rejection backs next off to the hint, but never below match + 1 (TestProgressMaybeDecr)', () => {
    const pr = newProgress(10, 5, true);
    expect(maybeDecrTo(pr, 8, 3)).toBe(false); // not the outstanding probe (next - 1 = 9)
    expect(maybeDecrTo(pr, 9, 3)).toBe(true);
    expect(pr.next).toBe(6);
    const pr2 = newProgress(10, 0, true);
    expect(maybeDecrTo(pr2, 9, 3)).toBe(true);
    expect(pr2.next).toBe(4);
  });

  it('in replicate state, a rejection above match sends next back to match + 1; one at or below match is stale', () => {
    const pr = newProgress(6, 5, true);
    becomeReplicate(pr);
    pr.next = 20;
    expect(maybeDecrTo(pr, 5, 0)).toBe(false);
    expect(maybeDecrTo(pr, 15, 0)).toBe(true);
    expect(pr.next).toBe(6);
  });

  it('an acknowledgement moves match forward only, and next past it (TestProgressUpdate)', () => {
    const pr = newProgress(6, 5, true);
    expect(maybeUpdate(pr, 4)).toBe(false);
    expect(pr).toMatchObject({ match: 5, next: 6 });
    expect(maybeUpdate(pr, 7)).toBe(true);
    expect(pr).toMatchObject({ match: 7, next: 8 });
  });

  it('a leader streams entries to a follower in replicate state without waiting for answers', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    const n1 = raftOf(net, 'n1');
    expect(n1.progress['n2']!.state).toBe('StateReplicate');
    propose(n1, 'a');
    propose(n1, 'b');
    expect(takeMessages(n1).filter((m) => m.to === 'n2').map((m) => m.entries.map((e) => e.data))).toEqual([['a'], ['b']]);
  });
});
