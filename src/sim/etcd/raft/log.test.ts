// The log's rules, after etcd-io/raft log_test.go (TestFindConflict, TestIsUpToDate, TestAppend,
// TestLogMaybeAppend, TestFindConflictByTerm) and Raft paper §5.3-§5.4.
import { describe, it, expect } from 'vitest';
import { appendEntries, commitTo, findConflict, findConflictByTerm, isUpToDate, maybeAppend, newLog, type RaftLog } from './log';
import type { Entry } from './types';

function ents(...terms: number[]): Entry[] {
  return terms.map((t, i) => ({ term: t, index: i + 1 }));
}
function entsFrom(start: number, ...terms: number[]): Entry[] {
  return terms.map((t, i) => ({ term: t, index: start + i }));
}
function termsOf(log: RaftLog): number[] {
  return log.entries.map((e) => e.term);
}

describe('findConflict (log_test.go TestFindConflict)', () => {
  const cases: Array<[string, Entry[], number]> = [
    ['no entries', [], 0],
    ['all entries match', entsFrom(1, 1, 2, 3), 0],
    ['a matching suffix', entsFrom(2, 2, 3), 0],
    ['new entries past the end', entsFrom(2, 2, 3, 4, 4), 4],
    ['a conflict at the start', entsFrom(1, 4, 4), 1],
    ['a conflict in the middle', entsFrom(2, 1, 4, 4), 2],
  ];
  it.each(cases)('%s', (_n, es, want) => {
    expect(findConflict(newLog(ents(1, 2, 3), 0, 0), es)).toBe(want);
  });
});

describe('isUpToDate (TestIsUpToDate, Raft paper §5.4.1)', () => {
  // The log has terms 1, 2, 3: last index 3, last term 3.
  const cases: Array<[number, number, boolean]> = [
    [2, 4, true], // greater last term wins whatever the index
    [3, 4, true],
    [4, 4, true],
    [2, 2, false], // smaller last term loses whatever the index
    [3, 2, false],
    [4, 2, false],
    [2, 3, false], // equal last term: the longer log wins
    [3, 3, true],
    [4, 3, true],
  ];
  it.each(cases)('a candidate with last index %i and last term %i is up to date: %s', (i, t, want) => {
    expect(isUpToDate(newLog(ents(1, 2, 3), 0, 0), i, t)).toBe(want);
  });
});

describe('maybeAppend (TestLogMaybeAppend)', () => {
  it('rejects when the previous entry does not match', () => {
    const log = newLog(ents(1, 2, 3), 1, 0);
    expect(maybeAppend(log, 3, 2, 3, entsFrom(4, 4))).toBe(-1);
    expect(maybeAppend(log, 4, 3, 3, entsFrom(5, 4))).toBe(-1);
    expect(termsOf(log)).toEqual([1, 2, 3]);
  });

  it('appends after a match and learns the commit index, capped at the last new entry', () => {
    const log = newLog(ents(1, 2, 3), 1, 0);
    expect(maybeAppend(log, 3, 3, 10, entsFrom(4, 4))).toBe(4);
    expect(log.committed).toBe(4);
  });

  it('keeps a matching prefix and replaces only the conflicting suffix', () => {
    const log = newLog(ents(1, 2, 3), 1, 0);
    expect(maybeAppend(log, 1, 1, 1, entsFrom(2, 2, 4))).toBe(3);
    expect(termsOf(log)).toEqual([1, 2, 4]);
    expect(log.unstableFrom).toBe(3);
  });

  it('does not truncate when the entries are already there (an old or duplicated MsgApp)', () => {
    const log = newLog(ents(1, 2, 3), 1, 0);
    expect(maybeAppend(log, 0, 0, 1, entsFrom(1, 1))).toBe(1);
    expect(termsOf(log)).toEqual([1, 2, 3]);
  });

  it('refuses to truncate committed entries', () => {
    const log = newLog(ents(1, 2, 3), 2, 0);
    expect(() => appendEntries(log, entsFrom(2, 5))).toThrow(/committed/);
  });

  it('never moves commit backwards and never past the last entry', () => {
    const log = newLog(ents(1, 2, 3), 2, 0);
    commitTo(log, 1);
    expect(log.committed).toBe(2);
    expect(() => commitTo(log, 4)).toThrow(/out of range/);
  });
});

describe('findConflictByTerm (TestFindConflictByTerm)', () => {
  // The log has terms 1 1 2 2 5 5 at indexes 1..6.
  const cases: Array<[number, number, number]> = [
    [6, 5, 6],
    [6, 4, 4], // skip the term-5 entries
    [6, 2, 4],
    [6, 1, 2],
    [6, 0, 0],
    [3, 1, 2],
    [10, 3, 4], // an index past the end starts from the last entry
  ];
  it.each(cases)('from index %i for term %i the answer is index %i', (index, term, want) => {
    expect(findConflictByTerm(newLog(ents(1, 1, 2, 2, 5, 5), 0, 0), index, term).index).toBe(want);
  });
});
