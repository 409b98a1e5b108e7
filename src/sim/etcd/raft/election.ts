// Leader election, after etcd-io/raft raft.go (hup, campaign, poll and the MsgVote/MsgPreVote
// handling in Step): Raft paper §5.2 and §5.4.1, plus pre-vote (Ongaro's thesis §9.6).

import { becomeCandidate, becomeFollower, becomeLeader, becomePreCandidate, NONE, send, type Raft } from './core';
import { isUpToDate, lastIndex, lastTerm } from './log';
import { voteResult, type VoteResult } from './quorum';
import { bcastAppend } from './replication';
import type { RaftMessage, RaftMessageType } from './types';

type Campaign = 'pre-election' | 'election';

/** MsgHup: start an election (a pre-election first when pre-vote is on). Leaders ignore it. */
export function hup(r: Raft): void {
  if (r.state === 'StateLeader') return;
  campaign(r, r.preVote ? 'pre-election' : 'election');
}

export function campaign(r: Raft, kind: Campaign): void {
  let voteMsg: RaftMessageType;
  let term: number;
  if (kind === 'pre-election') {
    becomePreCandidate(r);
    voteMsg = 'MsgPreVote';
    // A pre-vote asks with the term the member would use, without moving to it.
    term = r.term + 1;
  } else {
    becomeCandidate(r);
    voteMsg = 'MsgVote';
    term = r.term;
  }
  // The member's own vote counts first: a single-member cluster wins at once.
  if (poll(r, r.id, true) === 'VoteWon') {
    if (kind === 'pre-election') campaign(r, 'election');
    else becomeLeader(r);
    return;
  }
  for (const id of r.peers) {
    if (id === r.id) continue;
    send(r, { type: voteMsg, to: id, term, index: lastIndex(r.log), logTerm: lastTerm(r.log) });
  }
}

/** Records one answer (the first from each voter counts) and returns the election's outcome. */
export function poll(r: Raft, id: string, granted: boolean): VoteResult {
  if (r.votes[id] === undefined) r.votes[id] = granted;
  return voteResult(r.peers, r.votes);
}

/**
 * MsgVote / MsgPreVote at the member's term (or a pre-vote for a later term). One vote per term,
 * first come first served (§5.2); refused to a log less up to date than ours (§5.4.1).
 */
export function handleVoteRequest<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const respType = m.type === 'MsgVote' ? 'MsgVoteResp' : 'MsgPreVoteResp';
  const canVote =
    r.vote === m.from ||
    (r.vote === NONE && r.lead === NONE) ||
    // A pre-vote for a later term is granted whatever we voted for in ours: it binds nobody.
    (m.type === 'MsgPreVote' && m.term > r.term);
  if (canVote && isUpToDate(r.log, m.index, m.logTerm)) {
    // The answer carries the request's term: for a pre-vote it is the term the candidate would use.
    send(r, { type: respType, to: m.from, term: m.term });
    if (m.type === 'MsgVote') {
      r.electionElapsed = 0;
      r.vote = m.from;
    }
  } else {
    send(r, { type: respType, to: m.from, term: r.term, reject: true });
  }
}

/** A (pre)candidate counts an answer to its own kind of request. */
export function handleVoteResponse<D>(r: Raft<D>, m: RaftMessage<D>): void {
  const res = poll(r, m.from, !m.reject);
  if (res === 'VoteWon') {
    if (r.state === 'StatePreCandidate') {
      campaign(r, 'election');
    } else {
      becomeLeader(r);
      bcastAppend(r);
    }
  } else if (res === 'VoteLost') {
    // A lost pre-vote or vote: wait for a leader or the next timeout, in the same term.
    becomeFollower(r, r.term, NONE);
  }
}
