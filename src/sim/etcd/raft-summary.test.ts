// The trace summaries of Raft messages: the raftpb type first, so the sequence diagram can filter
// MsgApp, MsgVote and heartbeats (raftpb/raft.proto names the types).
import { describe, expect, it } from 'vitest';
import { summarizeRaftMessage } from './raft-summary';
import type { RaftMessage } from './raft/types';

const base: RaftMessage = { type: 'MsgApp', from: 'etcd-1', to: 'etcd-2', term: 3, logTerm: 3, index: 41, entries: [], commit: 40, reject: false, rejectHint: 0 };
const entry = { term: 3, index: 42 };

describe('summarizeRaftMessage', () => {
  it.each<[Partial<RaftMessage>, string]>([
    [{ entries: [entry, { ...entry, index: 43 }] }, 'MsgApp term 3 index 41 +2 entries commit 40'],
    [{ entries: [entry] }, 'MsgApp term 3 index 41 +1 entry commit 40'],
    [{ type: 'MsgAppResp', index: 43 }, 'MsgAppResp term 3 index 43'],
    [{ type: 'MsgAppResp', index: 41, reject: true, rejectHint: 38 }, 'MsgAppResp term 3 rejected index 41 hint 38'],
    [{ type: 'MsgVote', term: 4, index: 41, logTerm: 3 }, 'MsgVote term 4 last index 41 log term 3'],
    [{ type: 'MsgPreVoteResp', term: 4 }, 'MsgPreVoteResp term 4 granted'],
    [{ type: 'MsgVoteResp', term: 4, reject: true }, 'MsgVoteResp term 4 rejected'],
    [{ type: 'MsgHeartbeat' }, 'MsgHeartbeat term 3 commit 40'],
    [{ type: 'MsgHeartbeatResp' }, 'MsgHeartbeatResp term 3'],
    [{ type: 'MsgProp', term: 0, entries: [entry] }, 'MsgProp term 0 +1 entry'],
  ])('%j reads %s', (m, want) => {
    expect(summarizeRaftMessage({ ...base, ...m })).toBe(want);
  });
});
