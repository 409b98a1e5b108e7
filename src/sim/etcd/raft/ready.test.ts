// The member's side of Raft: draining `ready`, persisting with `applyToStorage`, and rebuilding
// from storage after a crash, after etcd-io/raft rawnode_test.go (TestRawNodeRestart,
// TestRawNodeReadIndex) and node.go's Ready contract.
import { describe, it, expect } from 'vitest';
import { applyToStorage, hasReady, newRaft, propose, ready, status, step, tick } from './raft';
import { campaign, config, emptyStorage, ids, msg, newNetwork, raftOf, storageWithTerms, tickAll } from './testing';
import type { RaftStorage } from './types';

describe('ready', () => {
  it('hands out new entries, the new hard and soft state and the committed entries, once', () => {
    const r = newRaft<string>(config('n1', ['n1']), emptyStorage(), 1);
    expect(hasReady(r)).toBe(false);
    for (let i = 0; i < 20 && r.state !== 'StateLeader'; i++) tick(r);
    propose(r, 'a');
    expect(hasReady(r)).toBe(true);
    const rd = ready(r);
    expect(rd.softState).toEqual({ lead: 'n1', raftState: 'StateLeader' });
    expect(rd.hardState).toEqual({ term: 1, vote: 'n1', commit: 2 });
    expect(rd.entries).toEqual([{ term: 1, index: 1 }, { term: 1, index: 2, data: 'a' }]);
    expect(rd.committedEntries).toEqual(rd.entries);
    expect(hasReady(r)).toBe(false);
    expect(ready(r)).toEqual({ entries: [], committedEntries: [], messages: [], readStates: [] });
    expect(status(r).applied).toBe(2);
  });

  it('hands out again the entries a conflicting MsgApp replaced, so that storage drops the old suffix', () => {
    const storage = storageWithTerms<string>([1, 1, 1], 1);
    const r = newRaft<string>(config('n1', ids(3)), storage, 1);
    step(r, msg<string>({ type: 'MsgApp', from: 'n2', to: 'n1', term: 2, index: 1, logTerm: 1, entries: [{ term: 2, index: 2, data: 'b' }] }));
    const rd = ready(r);
    expect(rd.entries).toEqual([{ term: 2, index: 2, data: 'b' }]);
    applyToStorage(storage, rd);
    expect(storage.entries.map((e) => e.term)).toEqual([1, 2]);
    expect(storage.hardState.term).toBe(2);
  });

  it('refuses to store entries that leave a gap', () => {
    const storage: RaftStorage = emptyStorage();
    expect(() => applyToStorage(storage, { entries: [{ term: 1, index: 3 }], committedEntries: [], messages: [], readStates: [] })).toThrow(/gap/);
  });
});

describe('restart from storage', () => {
  it('keeps term, vote, commit and log, and starts as a follower with no leader', () => {
    const net = newNetwork<string>(3);
    campaign(net, 'n1');
    const n1 = raftOf(net, 'n1');
    propose(n1, 'a');
    tickAll(net, 1);
    const r = newRaft<string>(config('n2', net.ids), net.storage['n2']!, 9);
    expect(status(r)).toMatchObject({ term: 1, vote: 'n1', commit: 2, applied: 0, lastIndex: 2, lead: '', raftState: 'StateFollower' });
    // applied = 0: the member gets every committed entry again to rebuild its state.
    expect(ready(r).committedEntries.map((e) => e.index)).toEqual([1, 2]);
  });

  it('with applied given, hands out only the committed entries after it', () => {
    const storage = storageWithTerms<string>([1, 1, 1], 1);
    storage.hardState.commit = 3;
    const cfg = config('n1', ids(3));
    cfg.applied = 2;
    expect(ready(newRaft<string>(cfg, storage, 1)).committedEntries.map((e) => e.index)).toEqual([3]);
  });

  it('remembers its vote: a restarted member does not vote twice in a term (Raft paper §5.2, Figure 2 "persistent state")', () => {
    const storage = emptyStorage();
    const r = newRaft(config('n1', ids(3)), storage, 1);
    step(r, msg({ type: 'MsgVote', from: 'n2', to: 'n1', term: 1 }));
    applyToStorage(storage, ready(r));
    const again = newRaft(config('n1', ids(3)), storage, 2);
    step(again, msg({ type: 'MsgVote', from: 'n3', to: 'n1', term: 1 }));
    expect(ready(again).messages.map((m) => [m.type, m.to, m.reject])).toEqual([['MsgVoteResp', 'n3', true]]);
  });
});

describe('plain data', () => {
  it('survives structuredClone: a clone continues exactly like the original', () => {
    const net = newNetwork<string>(3, { preVote: true, checkQuorum: true });
    campaign(net, 'n1');
    const a = raftOf(net, 'n2');
    const b = structuredClone(a);
    for (let i = 0; i < 40; i++) {
      tick(a);
      tick(b);
    }
    expect(b).toEqual(a);
    expect(ready(b)).toEqual(ready(a));
  });

  it('draws different election timeouts for different seeds and the same for the same seed', () => {
    const timeouts = (seed: number) => {
      const r = newRaft(config('n1', ids(3)), emptyStorage(), seed);
      const out: number[] = [];
      for (let i = 0; i < 5; i++) {
        out.push(r.randomizedElectionTimeout);
        step(r, msg({ type: 'MsgHeartbeat', from: 'n2', to: 'n1', term: r.term + 1 }));
      }
      return out;
    };
    expect(timeouts(5)).toEqual(timeouts(5));
    expect(timeouts(5)).not.toEqual(timeouts(6));
  });
});
