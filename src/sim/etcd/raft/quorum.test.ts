// Golden cases in the spirit of etcd-io/raft quorum/testdata/majority_vote.txt and
// majority_commit.txt: a quorum of N voters is floor(N/2)+1.
import { describe, it, expect } from 'vitest';
import { committedIndex, quorumSize, voteResult, type VoteResult } from './quorum';

const voters = (n: number) => Array.from({ length: n }, (_, i) => `v${i + 1}`);

/** 'y' granted, 'n' rejected, '_' not yet answered, one letter per voter (majority_vote.txt notation). */
function votesOf(pattern: string): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  [...pattern].forEach((c, i) => {
    if (c === 'y') out[`v${i + 1}`] = true;
    if (c === 'n') out[`v${i + 1}`] = false;
  });
  return out;
}

describe('majority vote (quorum/testdata/majority_vote.txt)', () => {
  const cases: Array<[number, string, VoteResult]> = [
    [0, '', 'VoteWon'], // an empty configuration wins
    [1, '_', 'VotePending'],
    [1, 'n', 'VoteLost'],
    [1, 'y', 'VoteWon'],
    [2, 'y_', 'VotePending'],
    [2, 'yn', 'VoteLost'],
    [2, 'yy', 'VoteWon'],
    [3, '___', 'VotePending'],
    [3, 'yn_', 'VotePending'],
    [3, 'yy_', 'VoteWon'],
    [3, 'nn_', 'VoteLost'],
    [3, 'ynn', 'VoteLost'],
    [4, 'yy__', 'VotePending'],
    [4, 'yyn_', 'VotePending'],
    [4, 'yyy_', 'VoteWon'],
    [4, 'yynn', 'VoteLost'],
    [4, 'n_n_', 'VoteLost'],
    [5, 'yy___', 'VotePending'],
    [5, 'yyy__', 'VoteWon'],
    [5, 'yynn_', 'VotePending'],
    [5, 'ynnn_', 'VoteLost'],
  ];
  it.each(cases)('with %i voters, votes (%s) give %s', (n, pattern, want) => {
    expect(voteResult(voters(n), votesOf(pattern))).toBe(want);
  });
});

describe('majority commit (quorum/testdata/majority_commit.txt)', () => {
  // Each voter's acknowledged index; undefined = never acknowledged (counts as 0).
  const cases: Array<[string, Array<number | undefined>, number]> = [
    ['one voter commits what it has', [12], 12],
    ['one voter without an ack commits nothing', [undefined], 0],
    ['two voters commit what both have', [12, 5], 5],
    ['three voters commit the middle value', [2, 12, 5], 5],
    ['three voters with one missing commit the smaller ack of the two', [12, undefined, 5], 5],
    ['three voters with two missing commit nothing', [12, undefined, undefined], 0],
    ['four voters need three acks', [100, 101, 102, 103], 101],
    ['four voters with two missing commit nothing', [100, 101, undefined, undefined], 0],
    ['five voters need three acks', [1, 2, 3, 4, 5], 3],
    ['five voters with two missing still commit', [10, 9, 8, undefined, undefined], 8],
  ];
  it.each(cases)('%s', (_name, acks, want) => {
    const vs = voters(acks.length);
    expect(committedIndex(vs, (id) => acks[vs.indexOf(id)])).toBe(want);
  });

  it.each([
    [1, 1],
    [2, 2],
    [3, 2],
    [4, 3],
    [5, 3],
    [7, 4],
  ])('a quorum of %i voters is %i', (n, q) => {
    expect(quorumSize(n)).toBe(q);
  });
});
