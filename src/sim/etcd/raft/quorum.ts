// Majority quorums, after etcd-io/raft quorum/majority.go: a quorum of N voters is floor(N/2)+1.

import type { RaftId } from './types';

export type VoteResult = 'VotePending' | 'VoteLost' | 'VoteWon';

export function quorumSize(voters: number): number {
  return Math.floor(voters / 2) + 1;
}

/**
 * The outcome of an election given the votes so far (true = granted, false = rejected, absent =
 * not yet answered). Won once a quorum granted; lost once a quorum can no longer be reached.
 */
export function voteResult(voters: readonly RaftId[], votes: Readonly<Record<RaftId, boolean>>): VoteResult {
  // majority.go: an empty configuration wins every vote (it is used for joint configurations).
  if (voters.length === 0) return 'VoteWon';
  let granted = 0;
  let missing = 0;
  for (const id of voters) {
    const v = votes[id];
    if (v === undefined) missing++;
    else if (v) granted++;
  }
  const q = quorumSize(voters.length);
  if (granted >= q) return 'VoteWon';
  if (granted + missing >= q) return 'VotePending';
  return 'VoteLost';
}

/**
 * The largest index that a quorum of voters has acknowledged (majority.go CommittedIndex):
 * sort the acknowledged indexes in descending order and take the quorum-th one. A voter with no
 * acknowledgement counts as 0.
 */
export function committedIndex(voters: readonly RaftId[], acked: (id: RaftId) => number | undefined): number {
  // majority.go: an empty configuration commits everything (it is used for joint configurations).
  if (voters.length === 0) return Number.MAX_SAFE_INTEGER;
  const idx = voters.map((id) => acked(id) ?? 0).sort((a, b) => b - a);
  return idx[quorumSize(voters.length) - 1] ?? 0;
}
