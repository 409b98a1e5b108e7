// The kinds of etcd Raft message the graph can show or hide separately. etcd's members send each
// other Raft messages (phase `raft`) whose summary starts with the message type of etcd-io/raft's
// raftpb (`MsgApp term 3 index 41 +2 entries commit 40`). The leader's heartbeats go out every
// 100 ms and would drown the rest, so they get their own switch; votes show elections; everything
// else carries or confirms the log (MsgApp, MsgAppResp, MsgSnap, MsgReadIndex, MsgTimeoutNow).

export type RaftKind = 'app' | 'vote' | 'heartbeat';

export const RAFT_KINDS: readonly RaftKind[] = ['app', 'vote', 'heartbeat'];

/** The kind of a Raft message from its summary (`MsgVote term 4` -> `vote`). */
export function raftKind(summary: string): RaftKind {
  const type = summary.split(' ', 1)[0] ?? '';
  if (type.startsWith('MsgHeartbeat')) return 'heartbeat';
  if (type.startsWith('MsgVote') || type.startsWith('MsgPreVote')) return 'vote';
  return 'app';
}
