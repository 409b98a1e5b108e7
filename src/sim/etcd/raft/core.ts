// The Raft state of one member and its role changes, after etcd-io/raft raft.go (reset,
// becomeFollower, becomeCandidate, becomePreCandidate, becomeLeader). All state is plain data so
// that a snapshot of the simulation (structuredClone) captures it; behaviour lives in functions.

import { createPrng, nextFloat, type PrngState } from '../../kernel/prng';
import { appendEntries, lastIndex, lastTerm, maybeCommit as logMaybeCommit, type RaftLog } from './log';
import { newProgress, maybeUpdate, becomeReplicate, type Progress } from './progress';
import { committedIndex } from './quorum';
import type { ReadOnlyState } from './read-only';
import type { Entry, HardState, RaftId, RaftMessage, RaftStateType, ReadState, SoftState } from './types';

/** etcd-io/raft's None: no vote, no known leader. */
export const NONE: RaftId = '';

/** The most entries one MsgApp carries (etcd limits by bytes; a count is enough here). */
export const MAX_ENTRIES_PER_MSG = 64;

export interface Raft<D = unknown> {
  id: RaftId;
  /** Every voter, this one included, sorted so that iteration order is the same everywhere. */
  peers: RaftId[];
  electionTick: number;
  heartbeatTick: number;
  preVote: boolean;
  checkQuorum: boolean;

  term: number;
  vote: RaftId;
  lead: RaftId;
  state: RaftStateType;
  log: RaftLog<D>;

  /** Leader only: one entry per voter, this member included. */
  progress: Record<RaftId, Progress>;
  /** (Pre)candidate only: the answers received in this election. */
  votes: Record<RaftId, boolean>;

  electionElapsed: number;
  heartbeatElapsed: number;
  /** Drawn from [electionTick, 2*electionTick) at every reset so that candidates rarely collide. */
  randomizedElectionTimeout: number;
  prng: PrngState;

  readOnly: ReadOnlyState;
  /** Leader only: MsgReadIndex requests held back until the leader commits an entry of its term. */
  pendingReadIndexMessages: RaftMessage<D>[];

  /** Outputs not yet drained by `ready`. */
  msgs: RaftMessage<D>[];
  readStates: ReadState[];
  /** What the last `ready` reported, to tell whether they changed since. */
  prevSoft: SoftState;
  prevHard: HardState;
}

export function newRaftState<D>(
  id: RaftId,
  peers: RaftId[],
  opts: { electionTick: number; heartbeatTick: number; preVote: boolean; checkQuorum: boolean },
  log: RaftLog<D>,
  hard: HardState,
  seed: number,
): Raft<D> {
  const r: Raft<D> = {
    id,
    peers: [...peers].sort(),
    electionTick: opts.electionTick,
    heartbeatTick: opts.heartbeatTick,
    preVote: opts.preVote,
    checkQuorum: opts.checkQuorum,
    term: hard.term,
    vote: hard.vote,
    lead: NONE,
    state: 'StateFollower',
    log,
    progress: {},
    votes: {},
    electionElapsed: 0,
    heartbeatElapsed: 0,
    randomizedElectionTimeout: opts.electionTick,
    prng: createPrng(seed),
    readOnly: { queue: [] },
    pendingReadIndexMessages: [],
    msgs: [],
    readStates: [],
    prevSoft: { lead: NONE, raftState: 'StateFollower' },
    prevHard: { term: hard.term, vote: hard.vote, commit: log.committed },
  };
  becomeFollower(r, r.term, NONE);
  return r;
}

export function softState(r: Raft): SoftState {
  return { lead: r.lead, raftState: r.state };
}

export function hardState(r: Raft): HardState {
  return { term: r.term, vote: r.vote, commit: r.log.committed };
}

/** A message with every field filled; `term` defaults to the member's term. */
export function send<D>(r: Raft<D>, m: Partial<RaftMessage<D>> & Pick<RaftMessage<D>, 'type' | 'to'>): void {
  const local = m.type === 'MsgProp' || m.type === 'MsgReadIndex';
  r.msgs.push({
    from: r.id,
    // raft.go send: proposals and read requests forwarded to the leader carry no term (they are
    // local requests); vote messages set their term explicitly; the rest carry the member's term.
    term: m.term ?? (local ? 0 : r.term),
    logTerm: 0,
    index: 0,
    entries: [],
    commit: 0,
    reject: false,
    rejectHint: 0,
    ...m,
  });
}

export function resetRandomizedElectionTimeout(r: Raft): void {
  r.randomizedElectionTimeout = r.electionTick + Math.floor(nextFloat(r.prng) * r.electionTick);
}

export function pastElectionTimeout(r: Raft): boolean {
  return r.electionElapsed >= r.randomizedElectionTimeout;
}

/** raft.go reset: a new term (or role) starts with fresh timers, votes, progress and read queue. */
function reset(r: Raft, term: number): void {
  if (r.term !== term) {
    r.term = term;
    r.vote = NONE;
  }
  r.lead = NONE;
  r.electionElapsed = 0;
  r.heartbeatElapsed = 0;
  resetRandomizedElectionTimeout(r);
  r.votes = {};
  r.progress = {};
  r.readOnly = { queue: [] };
  r.pendingReadIndexMessages = [];
}

export function becomeFollower(r: Raft, term: number, lead: RaftId): void {
  reset(r, term);
  r.lead = lead;
  r.state = 'StateFollower';
}

export function becomeCandidate(r: Raft): void {
  if (r.state === 'StateLeader') throw new Error('raft: invalid transition [leader -> candidate]');
  reset(r, r.term + 1);
  r.vote = r.id;
  r.state = 'StateCandidate';
}

/**
 * A pre-candidate asks whether it could win before disturbing anyone: unlike a candidate it keeps
 * its term and vote (raft.go becomePreCandidate; Ongaro's thesis §9.6).
 */
export function becomePreCandidate(r: Raft): void {
  if (r.state === 'StateLeader') throw new Error('raft: invalid transition [leader -> pre-candidate]');
  r.votes = {};
  r.lead = NONE;
  r.state = 'StatePreCandidate';
}

export function becomeLeader<D>(r: Raft<D>): void {
  if (r.state === 'StateFollower') throw new Error('raft: invalid transition [follower -> leader]');
  reset(r, r.term);
  r.lead = r.id;
  r.state = 'StateLeader';
  const li = lastIndex(r.log);
  for (const id of r.peers) {
    r.progress[id] = id === r.id ? newProgress(li + 1, li, true) : newProgress(li + 1, 0, false);
  }
  const self = r.progress[r.id];
  if (self) becomeReplicate(self);
  // Raft paper §5.4.2 / §8: a new leader appends an empty entry of its own term; committing it
  // commits every earlier entry and tells the leader what is committed.
  appendEntry(r, [{ term: 0, index: 0 }]);
}

/** Leader: stamp the entries with the term and the next indexes, append, and count its own ack. */
export function appendEntry<D>(r: Raft<D>, ents: Entry<D>[]): void {
  let li = lastIndex(r.log);
  const stamped = ents.map((e) => {
    li++;
    const out: Entry<D> = { term: r.term, index: li };
    if (e.data !== undefined) out.data = e.data;
    return out;
  });
  appendEntries(r.log, stamped);
  const self = r.progress[r.id];
  if (self) maybeUpdate(self, li);
  maybeCommit(r);
}

/** Leader: advance commit to the highest index a quorum holds, if it is of the current term. */
export function maybeCommit(r: Raft): boolean {
  const q = committedIndex(r.peers, (id) => r.progress[id]?.match);
  return logMaybeCommit(r.log, q, r.term);
}

export function committedEntryInCurrentTerm(r: Raft): boolean {
  return termOfCommitted(r) === r.term;
}

function termOfCommitted(r: Raft): number {
  return r.log.entries[r.log.committed - 1]?.term ?? 0;
}

export function lastIndexAndTerm(r: Raft): { index: number; term: number } {
  return { index: lastIndex(r.log), term: lastTerm(r.log) };
}
