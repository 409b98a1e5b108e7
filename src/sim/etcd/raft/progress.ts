// The leader's view of one follower, after etcd-io/raft tracker/progress.go. In StateProbe the
// leader sends one MsgApp at a time and waits for its answer (or a heartbeat answer) to find the
// point where the logs agree; in StateReplicate it streams entries optimistically.

export type ProgressState = 'StateProbe' | 'StateReplicate';

export interface Progress {
  /** Highest index known to be in the follower's log. */
  match: number;
  /** Next index to send. */
  next: number;
  state: ProgressState;
  /** StateProbe: a MsgApp is in flight; wait for its answer (or a heartbeat answer) before sending another. */
  paused: boolean;
  /** The follower answered since the last check-quorum round. */
  recentActive: boolean;
}

export function newProgress(next: number, match: number, recentActive: boolean): Progress {
  return { match, next, state: 'StateProbe', paused: false, recentActive };
}

export function becomeProbe(pr: Progress): void {
  pr.state = 'StateProbe';
  pr.paused = false;
  pr.next = pr.match + 1;
}

export function becomeReplicate(pr: Progress): void {
  pr.state = 'StateReplicate';
  pr.paused = false;
  pr.next = pr.match + 1;
}

/** A successful MsgAppResp for index n. Returns whether match moved forward. */
export function maybeUpdate(pr: Progress, n: number): boolean {
  let updated = false;
  if (pr.match < n) {
    pr.match = n;
    updated = true;
    pr.paused = false;
  }
  pr.next = Math.max(pr.next, n + 1);
  return updated;
}

/**
 * A rejected MsgAppResp for the MsgApp whose previous index was `rejected`; `matchHint` is the
 * follower's guess of where the logs may agree. Returns false for a stale rejection.
 */
export function maybeDecrTo(pr: Progress, rejected: number, matchHint: number): boolean {
  if (pr.state === 'StateReplicate') {
    // Entries up to match are known to be there: a rejection at or below it is an old message.
    if (rejected <= pr.match) return false;
    pr.next = pr.match + 1;
    return true;
  }
  // In probe state only the answer to the one outstanding MsgApp counts.
  if (pr.next - 1 !== rejected) return false;
  pr.next = Math.max(Math.min(rejected, matchHint + 1), pr.match + 1);
  pr.paused = false;
  return true;
}

export function isPaused(pr: Progress): boolean {
  return pr.state === 'StateProbe' && pr.paused;
}

/** Bookkeeping after a MsgApp with entries up to `lastSent` (0 entries: lastSent = next - 1). */
export function sentEntries(pr: Progress, count: number, lastSent: number): void {
  if (pr.state === 'StateReplicate') {
    if (count > 0) pr.next = lastSent + 1;
  } else {
    pr.paused = true;
  }
}
