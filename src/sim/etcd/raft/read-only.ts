// The leader's queue of linearizable reads (ReadIndex, ReadOnlySafe), after etcd-io/raft
// read_only.go. A read records the commit index when it arrives; once a quorum has answered a
// heartbeat carrying its context, the leader knows it was still the leader at that moment, and that
// read and every read queued before it may be served at their recorded indexes.

import type { RaftId } from './types';

export interface ReadIndexRequest {
  ctx: string;
  /** The commit index when the leader received the read. */
  index: number;
  /** Who asked: a follower's id, or '' (or the leader's id) for a local read. */
  from: RaftId;
  acks: Record<RaftId, true>;
}

export interface ReadOnlyState {
  queue: ReadIndexRequest[];
}

export function addRequest(ro: ReadOnlyState, index: number, ctx: string, from: RaftId): void {
  // read_only.go addRequest: a context already queued is not queued twice.
  if (ro.queue.some((q) => q.ctx === ctx)) return;
  ro.queue.push({ ctx, index, from, acks: {} });
}

/** Records that `id` answered the heartbeat for `ctx`; returns the acks so far (undefined: unknown ctx). */
export function recvAck(ro: ReadOnlyState, id: RaftId, ctx: string): Record<RaftId, true> | undefined {
  const req = ro.queue.find((q) => q.ctx === ctx);
  if (!req) return undefined;
  req.acks[id] = true;
  return req.acks;
}

/** Removes and returns every request up to and including the one for `ctx`. */
export function advance(ro: ReadOnlyState, ctx: string): ReadIndexRequest[] {
  const i = ro.queue.findIndex((q) => q.ctx === ctx);
  if (i < 0) return [];
  return ro.queue.splice(0, i + 1);
}

export function lastPendingRequestCtx(ro: ReadOnlyState): string | undefined {
  return ro.queue[ro.queue.length - 1]?.ctx;
}
