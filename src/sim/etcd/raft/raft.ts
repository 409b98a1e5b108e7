// Kubeplay's Raft: a pure state machine after etcd-io/raft (raft.go Step/tick, rawnode.go). The
// etcd member calls `tick` every heartbeat interval, `step` for each message from a peer, `propose`
// and `readIndex` for client requests, and drains `ready` after each call. Supported: pre-vote,
// check-quorum (with the leader lease on votes), ReadIndex (ReadOnlySafe). Not modelled:
// snapshots and log compaction, membership changes, learners, leader transfer.

import { becomeFollower, NONE, pastElectionTimeout, newRaftState, send, type Raft } from './core';
import { handleVoteRequest, handleVoteResponse, hup } from './election';
import { lastIndex, lastTerm, newLog } from './log';
import { stepLeader } from './leader';
import { handleAppendEntries, handleHeartbeat } from './replication';
import type { RaftConfig, RaftId, RaftMessage, RaftStateType, RaftStorage } from './types';

export type { Raft } from './core';
export { hasReady, ready, applyToStorage } from './ready';

export type ProposeResult = 'ok' | 'ErrProposalDropped';

/**
 * Builds a member's Raft from its storage (term, vote, commit and log survive a restart). It
 * starts as a follower with no known leader; `seed` feeds its own PRNG (randomized timeouts).
 */
export function newRaft<D>(cfg: RaftConfig, storage: RaftStorage<D>, seed: number): Raft<D> {
  if (!cfg.peers.includes(cfg.id)) throw new Error(`raft: ${cfg.id} is not among its peers`);
  if (cfg.heartbeatTick <= 0) throw new Error('raft: heartbeat tick must be greater than 0');
  if (cfg.electionTick <= cfg.heartbeatTick) throw new Error('raft: election tick must be greater than heartbeat tick');
  const log = newLog(storage.entries, storage.hardState.commit, cfg.applied ?? 0);
  return newRaftState(
    cfg.id,
    cfg.peers,
    { electionTick: cfg.electionTick, heartbeatTick: cfg.heartbeatTick, preVote: cfg.preVote, checkQuorum: cfg.checkQuorum },
    log,
    storage.hardState,
    seed,
  );
}

/** One tick (etcd's heartbeat interval): followers and candidates count towards an election, leaders towards a heartbeat. */
export function tick(r: Raft): void {
  if (r.state === 'StateLeader') tickHeartbeat(r);
  else tickElection(r);
}

function tickElection(r: Raft): void {
  r.electionElapsed++;
  if (pastElectionTimeout(r)) {
    r.electionElapsed = 0;
    step(r, localMessage(r, 'MsgHup'));
  }
}

function tickHeartbeat(r: Raft): void {
  r.heartbeatElapsed++;
  r.electionElapsed++;
  if (r.electionElapsed >= r.electionTick) {
    r.electionElapsed = 0;
    if (r.checkQuorum) step(r, localMessage(r, 'MsgCheckQuorum'));
  }
  if (r.state !== 'StateLeader') return;
  if (r.heartbeatElapsed >= r.heartbeatTick) {
    r.heartbeatElapsed = 0;
    step(r, localMessage(r, 'MsgBeat'));
  }
}

function localMessage<D>(r: Raft<D>, type: RaftMessage['type']): RaftMessage<D> {
  return { type, from: r.id, to: r.id, term: 0, logTerm: 0, index: 0, entries: [], commit: 0, reject: false, rejectHint: 0 };
}

/** A message from a peer (or a local one such as MsgHup). */
export function step<D>(r: Raft<D>, m: RaftMessage<D>): void {
  stepInternal(r, m);
}

/** Returns false when a proposal or read request was dropped. */
function stepInternal<D>(r: Raft<D>, m: RaftMessage<D>): boolean {
  if (m.term > r.term) {
    if (!stepHigherTerm(r, m)) return true;
  } else if (m.term !== 0 && m.term < r.term) {
    stepLowerTerm(r, m);
    return true;
  }
  switch (m.type) {
    case 'MsgHup':
      hup(r);
      return true;
    case 'MsgVote':
    case 'MsgPreVote':
      handleVoteRequest(r, m);
      return true;
    default:
      if (r.state === 'StateLeader') {
        stepLeader(r, m);
        return true;
      }
      if (r.state === 'StateFollower') return stepFollower(r, m);
      return stepCandidate(r, m);
  }
}

/** Raft paper §5.1: a higher term makes the member a follower, with etcd's exceptions. Returns false to ignore. */
function stepHigherTerm<D>(r: Raft<D>, m: RaftMessage<D>): boolean {
  if (m.type === 'MsgVote' || m.type === 'MsgPreVote') {
    // Leader lease (check-quorum): a member that heard from a leader within the election timeout
    // does not help depose it, so a rejoining partitioned member cannot disrupt the cluster.
    const inLease = r.checkQuorum && r.lead !== NONE && r.electionElapsed < r.electionTick;
    if (inLease) return false;
  }
  if (m.type === 'MsgPreVote') return true; // a pre-vote never changes our term
  if (m.type === 'MsgPreVoteResp' && !m.reject) return true; // the term moves when the pre-vote is won
  const lead = m.type === 'MsgApp' || m.type === 'MsgHeartbeat' ? m.from : NONE;
  becomeFollower(r, m.term, lead);
  return true;
}

function stepLowerTerm<D>(r: Raft<D>, m: RaftMessage<D>): void {
  if ((r.checkQuorum || r.preVote) && (m.type === 'MsgHeartbeat' || m.type === 'MsgApp')) {
    // A leader cut off long enough for the rest to move on: answer with our term so it steps
    // down (with check-quorum or pre-vote it may otherwise never learn about the new term).
    send(r, { type: 'MsgAppResp', to: m.from });
  } else if (m.type === 'MsgPreVote') {
    // Tell a pre-candidate from an older term that it lost, so it does not wait forever.
    send(r, { type: 'MsgPreVoteResp', to: m.from, term: r.term, reject: true });
  }
  // Any other stale message is ignored.
}

function stepFollower<D>(r: Raft<D>, m: RaftMessage<D>): boolean {
  switch (m.type) {
    case 'MsgProp':
    case 'MsgReadIndex':
      if (r.lead === NONE) return false;
      send(r, { ...m, from: r.id, to: r.lead, term: 0 });
      return true;
    case 'MsgApp':
      r.electionElapsed = 0;
      r.lead = m.from;
      handleAppendEntries(r, m);
      return true;
    case 'MsgHeartbeat':
      r.electionElapsed = 0;
      r.lead = m.from;
      handleHeartbeat(r, m);
      return true;
    case 'MsgReadIndexResp':
      r.readStates.push({ index: m.index, requestCtx: m.context ?? '' });
      return true;
    default:
      return true;
  }
}

function stepCandidate<D>(r: Raft<D>, m: RaftMessage<D>): boolean {
  const myVoteResp = r.state === 'StatePreCandidate' ? 'MsgPreVoteResp' : 'MsgVoteResp';
  switch (m.type) {
    case 'MsgProp':
    case 'MsgReadIndex':
      return false; // no leader to forward to
    case 'MsgApp':
      becomeFollower(r, m.term, m.from); // §5.2: a leader of our term (or later) exists
      handleAppendEntries(r, m);
      return true;
    case 'MsgHeartbeat':
      becomeFollower(r, m.term, m.from);
      handleHeartbeat(r, m);
      return true;
    default:
      if (m.type === myVoteResp) handleVoteResponse(r, m);
      return true;
  }
}

/** Proposes `data` for the log: the leader appends it, a follower forwards it to its leader. */
export function propose<D>(r: Raft<D>, data: D): ProposeResult {
  const m = localMessage<D>(r, 'MsgProp');
  m.from = NONE;
  m.to = NONE;
  m.entries = [{ term: 0, index: 0, data }];
  return stepInternal(r, m) ? 'ok' : 'ErrProposalDropped';
}

/**
 * Asks for a linearizable read (ReadIndex, ReadOnlySafe). The answer comes later as a ReadState
 * in `ready` once leadership is confirmed by a quorum; serve the read once applied >= its index.
 */
export function readIndex(r: Raft, requestCtx: string): ProposeResult {
  const m = localMessage(r, 'MsgReadIndex');
  m.from = NONE;
  m.to = NONE;
  m.context = requestCtx;
  return stepInternal(r, m) ? 'ok' : 'ErrProposalDropped';
}

export interface RaftStatus {
  id: RaftId;
  term: number;
  vote: RaftId;
  commit: number;
  applied: number;
  lead: RaftId;
  raftState: RaftStateType;
  lastIndex: number;
  lastTerm: number;
  /** Leader only: what it knows of each member's log. */
  progress?: Record<RaftId, { match: number; next: number }>;
}

export function status(r: Raft): RaftStatus {
  const s: RaftStatus = {
    id: r.id,
    term: r.term,
    vote: r.vote,
    commit: r.log.committed,
    applied: r.log.applied,
    lead: r.lead,
    raftState: r.state,
    lastIndex: lastIndex(r.log),
    lastTerm: lastTerm(r.log),
  };
  if (r.state === 'StateLeader') {
    s.progress = {};
    for (const id of r.peers) {
      const pr = r.progress[id];
      if (pr) s.progress[id] = { match: pr.match, next: pr.next };
    }
  }
  return s;
}
