// Log replication, after etcd-io/raft raft.go (maybeSendAppend, sendHeartbeat, handleAppendEntries,
// handleHeartbeat): the leader sends AppendEntries (MsgApp) from each follower's `next`, carrying the
// previous index and term; the follower accepts only if it has that entry (Raft paper §5.3).

import { MAX_ENTRIES_PER_MSG, send, type Raft } from './core';
import { commitTo, findConflictByTerm, lastIndex, maybeAppend, slice, termAt } from './log';
import { isPaused, sentEntries } from './progress';
import { lastPendingRequestCtx } from './read-only';
import type { RaftId, RaftMessage } from './types';

/**
 * Sends a MsgApp to `to` unless its progress is paused. With no new entries it sends only when
 * `sendIfEmpty` (to probe, or to tell the follower a new commit index). Returns whether it sent.
 */
export function maybeSendAppend<D>(r: Raft<D>, to: RaftId, sendIfEmpty: boolean): boolean {
  const pr = r.progress[to];
  if (!pr || isPaused(pr)) return false;
  const prevIndex = pr.next - 1;
  const ents = slice(r.log, pr.next, lastIndex(r.log) + 1, MAX_ENTRIES_PER_MSG);
  if (ents.length === 0 && !sendIfEmpty) return false;
  send(r, {
    type: 'MsgApp',
    to,
    index: prevIndex,
    logTerm: termAt(r.log, prevIndex),
    entries: ents,
    commit: r.log.committed,
  });
  sentEntries(pr, ents.length, prevIndex + ents.length);
  return true;
}

export function sendAppend(r: Raft, to: RaftId): void {
  maybeSendAppend(r, to, true);
}

export function bcastAppend(r: Raft): void {
  for (const id of r.peers) if (id !== r.id) sendAppend(r, id);
}

/**
 * A heartbeat carries commit = min(match, committed): a follower must not learn a commit index
 * past what it is known to hold, or it could mark entries it does not have as committed.
 */
export function sendHeartbeat(r: Raft, to: RaftId, ctx: string | undefined): void {
  const match = r.progress[to]?.match ?? 0;
  const m: Partial<RaftMessage> & Pick<RaftMessage, 'type' | 'to'> = {
    type: 'MsgHeartbeat',
    to,
    commit: Math.min(match, r.log.committed),
  };
  if (ctx !== undefined) m.context = ctx;
  send(r, m);
}

export function bcastHeartbeatWithCtx(r: Raft, ctx: string | undefined): void {
  for (const id of r.peers) if (id !== r.id) sendHeartbeat(r, id, ctx);
}

/** Heartbeats carry the newest pending read's context, so they also confirm queued reads. */
export function bcastHeartbeat(r: Raft): void {
  bcastHeartbeatWithCtx(r, lastPendingRequestCtx(r.readOnly));
}

/** Follower: Raft paper §5.3 AppendEntries receiver, with etcd's rejection hint for fast back-off. */
export function handleAppendEntries<D>(r: Raft<D>, m: RaftMessage<D>): void {
  if (m.index < r.log.committed) {
    // Everything up to our commit index is settled: tell the leader where we are.
    send(r, { type: 'MsgAppResp', to: m.from, index: r.log.committed });
    return;
  }
  const lastNew = maybeAppend(r.log, m.index, m.logTerm, m.commit, m.entries);
  if (lastNew >= 0) {
    send(r, { type: 'MsgAppResp', to: m.from, index: lastNew });
    return;
  }
  // The hint is the last index at or before m.index whose term is <= m.logTerm: the leader can
  // skip every entry of ours from a newer term than its own entry at m.index in one round trip.
  const hint = findConflictByTerm(r.log, Math.min(m.index, lastIndex(r.log)), m.logTerm);
  send(r, { type: 'MsgAppResp', to: m.from, index: m.index, reject: true, rejectHint: hint.index, logTerm: hint.term });
}

export function handleHeartbeat<D>(r: Raft<D>, m: RaftMessage<D>): void {
  commitTo(r.log, m.commit);
  const resp: Partial<RaftMessage<D>> & Pick<RaftMessage<D>, 'type' | 'to'> = { type: 'MsgHeartbeatResp', to: m.from };
  if (m.context !== undefined) resp.context = m.context;
  send(r, resp);
}
