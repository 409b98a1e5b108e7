import { describe, expect, it } from 'vitest';
import { raftKind } from './raft';

describe('raftKind', () => {
  // The message types of etcd-io/raft's raftpb (raftpb/raft.proto), as the etcd members summarize them.
  it.each([
    ['MsgApp term 3 index 41 +2 entries commit 40', 'app'],
    ['MsgAppResp term 3 index 43', 'app'],
    ['MsgReadIndex term 3', 'app'],
    ['MsgSnap term 3', 'app'],
    ['MsgVote term 4', 'vote'],
    ['MsgVoteResp term 4 granted', 'vote'],
    ['MsgPreVote term 5', 'vote'],
    ['MsgPreVoteResp term 5 rejected', 'vote'],
    ['MsgHeartbeat term 3', 'heartbeat'],
    ['MsgHeartbeatResp', 'heartbeat'],
  ] as const)('files "%s" under %s', (summary, kind) => {
    expect(raftKind(summary)).toBe(kind);
  });
});
