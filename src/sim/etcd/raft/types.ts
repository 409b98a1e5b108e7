// The shapes of Kubeplay's Raft, after etcd-io/raft (raftpb/raft.proto, raft.go, node.go): a pure
// state machine whose whole state is plain data. The etcd member process drives it: it calls
// `tick` every heartbeat interval, `step` for every message from a peer, `propose` for a write and
// `readIndex` for a linearizable read, then drains `ready` and, in this order, persists the
// entries and hard state, sends the messages, and applies the committed entries.

/** A member's Raft id: the member name (`etcd-1`). '' means "none" (no vote, no known leader). */
export type RaftId = string;

export type RaftStateType = 'StateFollower' | 'StatePreCandidate' | 'StateCandidate' | 'StateLeader';

/** raftpb.MessageType. MsgHup, MsgBeat and MsgCheckQuorum are local (never sent between members). */
export type RaftMessageType =
  | 'MsgHup'
  | 'MsgBeat'
  | 'MsgCheckQuorum'
  | 'MsgProp'
  | 'MsgApp'
  | 'MsgAppResp'
  | 'MsgVote'
  | 'MsgVoteResp'
  | 'MsgPreVote'
  | 'MsgPreVoteResp'
  | 'MsgHeartbeat'
  | 'MsgHeartbeatResp'
  | 'MsgReadIndex'
  | 'MsgReadIndexResp';

/** raftpb.Entry. `data` undefined is the empty entry a new leader appends in its term. */
export interface Entry<D = unknown> {
  term: number;
  index: number;
  data?: D;
}

/** raftpb.Message, with the fields Kubeplay uses. */
export interface RaftMessage<D = unknown> {
  type: RaftMessageType;
  from: RaftId;
  to: RaftId;
  term: number;
  /** MsgApp: term of the entry before `entries`; MsgVote/MsgPreVote: term of the candidate's last entry. */
  logTerm: number;
  /** MsgApp: index of the entry before `entries`; MsgVote: candidate's last index; MsgAppResp: the follower's match (or rejected) index; MsgReadIndexResp: the read index. */
  index: number;
  entries: Entry<D>[];
  commit: number;
  reject: boolean;
  /** MsgAppResp with reject: the follower's last index, so the leader can back off quickly. */
  rejectHint: number;
  /** MsgReadIndex / MsgReadIndexResp / MsgHeartbeat(Resp) for ReadIndex: the read request's context. */
  context?: string;
}

/** raftpb.HardState: what must be on disk before any message that depends on it is sent. */
export interface HardState {
  term: number;
  vote: RaftId;
  commit: number;
}

export interface SoftState {
  lead: RaftId;
  raftState: RaftStateType;
}

/** A linearizable read may be served once the member has applied up to `index`. */
export interface ReadState {
  index: number;
  requestCtx: string;
}

/** The member's Raft data on disk (its WAL + snapshot): survives a kill and a restart. */
export interface RaftStorage<D = unknown> {
  hardState: HardState;
  /** Every entry from index 1 on (Kubeplay does not snapshot or compact the log). */
  entries: Entry<D>[];
}

export interface RaftConfig {
  id: RaftId;
  /** Every voter, this one included. */
  peers: RaftId[];
  /** Ticks without hearing a leader before an election: etcd's election-timeout / heartbeat-interval (10). */
  electionTick: number;
  /** Ticks between a leader's heartbeats (1). */
  heartbeatTick: number;
  /** etcd runs with pre-vote and check-quorum on (etcd v3.4+ defaults). */
  preVote: boolean;
  checkQuorum: boolean;
  /** The last index already applied to the state machine (restart: the MVCC store's consistent index). */
  applied?: number;
}

/** What the member must do after a call into Raft (node.go's Ready). */
export interface Ready<D = unknown> {
  /** Present when the leader or the role changed. */
  softState?: SoftState;
  /** Present when term, vote or commit changed: persist it. */
  hardState?: HardState;
  /** Entries to append to storage (they may overwrite a conflicting suffix from entries[0].index on). */
  entries: Entry<D>[];
  /** Entries now committed and not yet handed out: apply them in order. */
  committedEntries: Entry<D>[];
  /** Send these after persisting. */
  messages: RaftMessage<D>[];
  readStates: ReadState[];
}
