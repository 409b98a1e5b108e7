import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, parseDuration } from './duration';

describe('parseDuration', () => {
  // The forms the scenario format documents (issue text: `0s`, `1.5s`, `300ms`, `2m`, `1m30s`).
  it.each([
    ['0s', 0],
    ['0', 0],
    ['1.5s', 1500],
    ['300ms', 300],
    ['2m', 120_000],
    ['1m30s', 90_000],
    ['1h', 3_600_000],
    ['1h2m3s4ms', 3_723_004],
    [' 30s ', 30_000],
  ])('reads %j as %i milliseconds', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', '3x', '30', '1.5', 's', '30s1m', '1s1s', '-1s', '0.5ms', '1 m', 'ms', '1m30'])(
    'refuses %j',
    (text) => {
      expect(parseDuration(text)).toBeUndefined();
    },
  );
});

describe('formatClock', () => {
  it.each([
    [0, '00:00.000'],
    [30_000, '00:30.000'],
    [61_234, '01:01.234'],
    [3_600_000, '60:00.000'],
  ])('prints %i ms as %s', (ms, text) => {
    expect(formatClock(ms)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [300, '300ms'],
    [60_000, '1m'],
    [90_000, '1m30s'],
    [1500, '1.5s'],
  ])('prints %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
