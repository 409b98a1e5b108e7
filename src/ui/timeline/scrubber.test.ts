import { describe, expect, it } from 'vitest';
import { groupMarks, percentOf, timeAtX, timeForKey } from './scrubber';

describe('timeForKey', () => {
  it.each([
    ['ArrowRight', 5_000, 60_000, 6_000],
    ['ArrowUp', 5_000, 60_000, 6_000],
    ['ArrowLeft', 5_000, 60_000, 4_000],
    ['ArrowDown', 500, 60_000, 0],
    ['PageUp', 55_000, 60_000, 60_000],
    ['PageDown', 55_000, 60_000, 45_000],
    ['Home', 55_000, 60_000, 0],
    ['End', 5_000, 60_000, 60_000],
  ])('%s from %i on a run of %i ms goes to %i', (key, value, end, want) => {
    expect(timeForKey(key, value, end)).toBe(want);
  });

  it('is undefined for a key the slider does not use', () => {
    expect(timeForKey('a', 0, 10)).toBeUndefined();
    expect(timeForKey(' ', 0, 10)).toBeUndefined();
  });
});

describe('track geometry', () => {
  it('maps a pointer to whole ms inside the run, and a time to a percentage', () => {
    expect(timeAtX(50, 200, 60_000)).toBe(15_000);
    expect(timeAtX(-10, 200, 60_000)).toBe(0);
    expect(timeAtX(500, 200, 60_000)).toBe(60_000);
    expect(timeAtX(10, 0, 60_000)).toBe(0);
    expect(percentOf(15_000, 60_000)).toBe(25);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('groupMarks', () => {
  it('merges marks that fall into one slice of the track and keeps whether the person made any', () => {
    const marks = [
      { at: 1_000, label: '$ kubectl get pods', recorded: true },
      { at: 1_200, label: 'apply pod.yaml', recorded: false },
      { at: 50_000, label: 'kill worker-2', recorded: false },
      { at: 90_000, label: 'beyond the end', recorded: true },
    ];
    expect(groupMarks(marks, 60_000, 10)).toEqual([
      { at: 1_000, labels: ['$ kubectl get pods', 'apply pod.yaml'], recorded: true },
      { at: 50_000, labels: ['kill worker-2'], recorded: false },
    ]);
  });
});
