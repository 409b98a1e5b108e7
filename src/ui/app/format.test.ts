import { describe, expect, it } from 'vitest';
import { ageOf, formatClock, formatKiB, humanDuration } from './format';

describe('formatClock', () => {
  it.each([
    [0, '00:00.000'],
    [42_300, '00:42.300'],
    [61_005, '01:01.005'],
    [3_723_004, '1:02:03.004'],
    [-5, '00:00.000'],
  ])('prints %i ms as %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

// The rule of apimachinery/pkg/util/duration/duration.go HumanDuration, as quoted in
// /work/shared/reference/kubernetes-behaviour.md ("AGE = ...").
describe('humanDuration', () => {
  const s = 1000;
  const m = 60 * s;
  const h = 60 * m;
  const d = 24 * h;
  it.each([
    [-3 * s, '<invalid>'],
    [-1 * s, '0s'],
    [0, '0s'],
    [999, '0s'],
    [119 * s, '119s'],
    [2 * m, '2m'],
    [2 * m + 5 * s, '2m5s'],
    [9 * m + 59 * s, '9m59s'],
    [10 * m + 30 * s, '10m'],
    [179 * m, '179m'],
    [3 * h, '3h'],
    [3 * h + 15 * m, '3h15m'],
    [8 * h + 15 * m, '8h'],
    [47 * h, '47h'],
    [2 * d, '2d'],
    [2 * d + 5 * h, '2d5h'],
    [8 * d + 5 * h, '8d'],
    [729 * d, '729d'],
    [730 * d, '2y'],
    [731 * d, '2y1d'],
    [8 * 365 * d + 3 * d, '8y'],
  ])('prints %i ms as %s', (ms, text) => {
    expect(humanDuration(ms)).toBe(text);
  });
});

describe('ageOf', () => {
  it('measures a timestamp against the simulated clock, whose zero is 2024-08-13T09:00:00Z', () => {
    expect(ageOf('2024-08-13T09:00:05Z', 47_000)).toBe('42s');
  });
  it('prints <unknown> for a missing timestamp, like kubectl', () => {
    expect(ageOf(undefined, 1000)).toBe('<unknown>');
    expect(ageOf(null, 1000)).toBe('<unknown>');
  });
});

describe('formatKiB', () => {
  it('prints bytes as KiB with one decimal', () => {
    expect(formatKiB(1536)).toBe('1.5 KiB');
  });
});
