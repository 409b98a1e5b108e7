// What a leader does with each message, after etcd-io/raft raft.go stepLeader: heartbeats,
// check-quorum, proposals, ReadIndex and the followers' answers to MsgApp and MsgHeartbeat.

import { appendEntry, becomeFollower, committedEntryInCurrentTerm, maybeCommit, NONE, send, type Raft } from './core';
import { findConflictByTerm, lastIndex } from './log';
import { becomeProbe, becomeReplicate, maybeDecrTo, maybeUpdate } from './progress';
import { voteResult } from './quorum';
import { addRequest, advance, recvAck } from './read-only';
import { bcastAppend, bcastHeartbeat, bcastHeartbeatWithCtx, maybeSendAppend, sendAppend } from './replication';
import type { RaftMessage } from './types';

export function stepLeader<D>(r: Raft<D>, m: RaftMessage<D>): void {
  switch (m.type) {
    case 'MsgBeat':
      bcastHeartbeat(r);
      return;
    case 'MsgCheckQuorum':
      checkQuorum(r);
      return;
    case 'MsgProp':
      if (m.entries.length === 0) throw new Error('raft: stepped empty MsgProp');
      appendEntry(r, m.entries);
      bcastAppend(r);
      return;
    case 'MsgReadIndex':
      leaderReadIndex(r, m);
      return;
    case 'MsgAppResp':
      handleAppResp(r, m);
      return;
    case 'MsgHeartbeatResp':
      handleHeartbeatResp(r, m);
      return;
    default:
      // Votes at our own term were refused in step; other types mean nothing to a leader.
      return;
  }
}

/**
 * Check-quorum (raft.go MsgCheckQuorum): a leader that has not heard from a quorum (itself
 * included) since the last check steps down, so a partitioned leader stops accepting writes.
 */
function checkQuorum(r: Raft): void {
  const active: Record<string, boolean> = {};
  for (const id of r.peers) active[id] = id === r.id || (r.progress[id]?.recentActive ?? false);
  const quorumActive = voteResult(r.peers, active) === 'VoteWon';
  for (const id of r.peers) {
    const pr = r.progress[id];
    if (pr && id !== r.id) pr.recentActive = false;
  }
  if (!quorumActive) becomeFollower(r, r.term, NONE);
}

function leaderReadIndex<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const ctx = m.context ?? '';
  if (r.peers.length === 1) {
    respondToReadIndex(r, m.from, ctx, r.log.committed);
    return;
  }
  // Raft thesis §6.4: until the leader commits an entry of its term it does not know the latest
  // commit index, so reads wait for its empty entry to commit.
  if (!committedEntryInCurrentTerm(r)) {
    r.pendingReadIndexMessages.push(m);
    return;
  }
  sendReadIndexRound(r, m);
}

/** ReadOnlySafe: remember the commit index and confirm leadership with a heartbeat round. */
function sendReadIndexRound<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const ctx = m.context ?? '';
  addRequest(r.readOnly, r.log.committed, ctx, m.from);
  recvAck(r.readOnly, r.id, ctx);
  bcastHeartbeatWithCtx(r, ctx);
}

function respondToReadIndex(r: Raft, from: string, ctx: string, index: number): void {
  if (from === NONE || from === r.id) {
    r.readStates.push({ index, requestCtx: ctx });
    return;
  }
  send(r, { type: 'MsgReadIndexResp', to: from, index, context: ctx });
}

function releasePendingReadIndexMessages(r: Raft): void {
  if (!committedEntryInCurrentTerm(r)) return;
  const pending = r.pendingReadIndexMessages;
  r.pendingReadIndexMessages = [];
  for (const m of pending) sendReadIndexRound(r, m);
}

function handleAppResp<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const pr = r.progress[m.from];
  if (!pr) return;
  pr.recentActive = true;
  if (m.reject) {
    // etcd's fast back-off: with the follower's hint (its last index at or below the rejected one
    // whose term is <= the rejected entry's term) skip to where the logs may agree.
    let nextProbe = m.rejectHint;
    if (m.logTerm > 0) nextProbe = findConflictByTerm(r.log, m.rejectHint, m.logTerm).index;
    if (maybeDecrTo(pr, m.index, nextProbe)) {
      if (pr.state === 'StateReplicate') becomeProbe(pr);
      sendAppend(r, m.from);
    }
    return;
  }
  const wasPaused = pr.state === 'StateProbe' && pr.paused;
  if (maybeUpdate(pr, m.index) || (pr.match === m.index && pr.state === 'StateProbe')) {
    if (pr.state === 'StateProbe') becomeReplicate(pr);
    if (maybeCommit(r)) {
      releasePendingReadIndexMessages(r);
      bcastAppend(r);
    } else if (wasPaused) {
      sendAppend(r, m.from);
    }
    // Stream whatever else the follower lacks, in bounded messages.
    while (maybeSendAppend(r, m.from, false)) {
      /* keep sending */
    }
  }
}

function handleHeartbeatResp<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const pr = r.progress[m.from];
  if (!pr) return;
  pr.recentActive = true;
  pr.paused = false;
  if (pr.match < lastIndex(r.log) || pr.state === 'StateProbe') sendAppend(r, m.from);
  if (m.context === undefined || m.context === '') return;
  const acks = recvAck(r.readOnly, m.from, m.context);
  if (!acks) return;
  const votes: Record<string, boolean> = {};
  for (const id of Object.keys(acks)) votes[id] = true;
  if (voteResult(r.peers, votes) !== 'VoteWon') return;
  for (const req of advance(r.readOnly, m.context)) respondToReadIndex(r, req.from, req.ctx, req.index);
}
