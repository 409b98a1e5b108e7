// The Raft log of one member, after etcd-io/raft log.go and log_unstable.go, as plain data.
// Kubeplay never snapshots or compacts, so `entries[i]` always holds index i + 1 and the whole
// log from index 1 is in memory. What is not yet handed out by `ready` (the unstable tail) starts
// at `unstableFrom`; a conflicting append may move it back when it truncates a stored suffix.

import type { Entry } from './types';

export interface RaftLog<D = unknown> {
  /** Every entry from index 1 on: entries[i].index === i + 1. */
  entries: Entry<D>[];
  /** Highest index known to be on a quorum. */
  committed: number;
  /** Highest index handed to the application (committedEntries of a ready). */
  applied: number;
  /** First index not yet handed out by `ready` to be persisted. */
  unstableFrom: number;
}

export function newLog<D>(entries: Entry<D>[], committed: number, applied: number): RaftLog<D> {
  const last = entries.length;
  const commit = Math.min(committed, last);
  return { entries: entries.slice(), committed: commit, applied: Math.min(applied, commit), unstableFrom: last + 1 };
}

export function lastIndex(log: RaftLog): number {
  return log.entries.length;
}

/** The term of the entry at `index`; 0 for index 0 and for an index past the end (no such entry). */
export function termAt(log: RaftLog, index: number): number {
  if (index <= 0) return 0;
  return log.entries[index - 1]?.term ?? 0;
}

export function lastTerm(log: RaftLog): number {
  return termAt(log, lastIndex(log));
}

export function matchTerm(log: RaftLog, index: number, term: number): boolean {
  if (index === 0) return term === 0;
  if (index > lastIndex(log)) return false;
  return termAt(log, index) === term;
}

/**
 * Raft paper §5.4.1: a candidate's log (last index, last term) is at least as up to date as ours
 * when its last term is higher, or the terms are equal and its log is at least as long.
 */
export function isUpToDate(log: RaftLog, candLastIndex: number, candLastTerm: number): boolean {
  const lt = lastTerm(log);
  return candLastTerm > lt || (candLastTerm === lt && candLastIndex >= lastIndex(log));
}

/** Entries with index in [lo, hi), at most `max` of them. */
export function slice<D>(log: RaftLog<D>, lo: number, hi: number, max = Infinity): Entry<D>[] {
  const end = Math.min(hi, lo + max, lastIndex(log) + 1);
  if (lo >= end) return [];
  return log.entries.slice(lo - 1, end - 1);
}

/**
 * Appends entries that follow on from some existing index, truncating anything from
 * entries[0].index on (the conflicting suffix). Returns the new last index.
 */
export function appendEntries<D>(log: RaftLog<D>, ents: Entry<D>[]): number {
  const first = ents[0];
  if (!first) return lastIndex(log);
  if (first.index - 1 < log.committed) {
    throw new Error(`raft: truncating committed entries (after ${first.index - 1}, committed ${log.committed})`);
  }
  if (first.index <= lastIndex(log)) {
    log.entries.length = first.index - 1;
    log.unstableFrom = Math.min(log.unstableFrom, first.index);
  }
  for (const e of ents) log.entries.push(e);
  return lastIndex(log);
}

/**
 * The index of the first entry of `ents` that is not in the log or whose term differs from the
 * log's; 0 when every entry is already there (log.go findConflict).
 */
export function findConflict<D>(log: RaftLog<D>, ents: Entry<D>[]): number {
  for (const e of ents) {
    if (!matchTerm(log, e.index, e.term)) return e.index;
  }
  return 0;
}

/**
 * The largest index <= `index` whose term is <= `term`, with that term (log.go findConflictByTerm).
 * The leader uses it to skip a whole term of a follower's divergent entries per round trip.
 */
export function findConflictByTerm(log: RaftLog, index: number, term: number): { index: number; term: number } {
  let i = Math.min(index, lastIndex(log));
  while (i > 0 && termAt(log, i) > term) i--;
  return { index: i, term: termAt(log, i) };
}

/**
 * The follower side of AppendEntries (log.go maybeAppend): if the entry before `ents` matches
 * (prevIndex, prevTerm), keep the matching prefix, replace a conflicting suffix, append the rest
 * and learn the commit index. Returns the index of the last new entry, or -1 on mismatch.
 */
export function maybeAppend<D>(log: RaftLog<D>, prevIndex: number, prevTerm: number, commit: number, ents: Entry<D>[]): number {
  if (!matchTerm(log, prevIndex, prevTerm)) return -1;
  const lastNew = prevIndex + ents.length;
  const ci = findConflict(log, ents);
  if (ci !== 0) appendEntries(log, ents.slice(ci - (prevIndex + 1)));
  commitTo(log, Math.min(commit, lastNew));
  return lastNew;
}

/** Commit never moves backwards, and never past the end of the log. */
export function commitTo(log: RaftLog, index: number): void {
  if (index <= log.committed) return;
  if (index > lastIndex(log)) {
    throw new Error(`raft: commit ${index} is out of range [last index ${lastIndex(log)}]`);
  }
  log.committed = index;
}

/**
 * The leader's commit rule (Raft paper §5.4.2): an index on a quorum commits only if its entry is
 * from the leader's current term; earlier entries then commit with it.
 */
export function maybeCommit(log: RaftLog, quorumIndex: number, term: number): boolean {
  if (quorumIndex > log.committed && termAt(log, quorumIndex) === term) {
    commitTo(log, quorumIndex);
    return true;
  }
  return false;
}
