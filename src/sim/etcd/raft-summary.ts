// How Raft traffic between etcd members reads in the trace. The first word of every summary is the
// raftpb message type (MsgApp, MsgVote, MsgHeartbeat ...), so a learner can filter the sequence
// diagram by it; the rest says what matters for that type: the term, where the log is, how many
// entries ride along and how far the leader has committed.

import type { MessageBody } from '../kernel/component';
import type { RaftMessage } from './raft/types';

/** The kernel message one member sends another: one raftpb.Message (etcd's rafthttp stream). */
export interface RaftMessageBody extends MessageBody {
  type: 'raft.message';
  msg: RaftMessage;
}

export const isRaftMessage = (b: MessageBody): b is RaftMessageBody => b.type === 'raft.message';

const entries = (n: number): string => `+${n} ${n === 1 ? 'entry' : 'entries'}`;

/** `MsgApp term 3 index 41 +2 entries commit 40`, `MsgVote term 4`, `MsgHeartbeat term 3`. */
export function summarizeRaftMessage(m: RaftMessage): string {
  const head = `${m.type} term ${m.term}`;
  switch (m.type) {
    case 'MsgApp':
      return `${head} index ${m.index} ${entries(m.entries.length)} commit ${m.commit}`;
    case 'MsgAppResp':
      return m.reject ? `${head} rejected index ${m.index} hint ${m.rejectHint}` : `${head} index ${m.index}`;
    case 'MsgVote':
    case 'MsgPreVote':
      return `${head} last index ${m.index} log term ${m.logTerm}`;
    case 'MsgVoteResp':
    case 'MsgPreVoteResp':
      return `${head} ${m.reject ? 'rejected' : 'granted'}`;
    case 'MsgHeartbeat':
      return `${head} commit ${m.commit}`;
    case 'MsgProp':
      return `${head} ${entries(m.entries.length)}`;
    case 'MsgReadIndexResp':
      return `${head} read index ${m.index}`;
    default:
      return head;
  }
}
