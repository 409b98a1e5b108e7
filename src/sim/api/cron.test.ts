// The cron syntax of CronJob schedules: github.com/robfig/cron/v3 parser.go (ParseStandard's error
// texts, which the apiserver returns as spec.schedule's detail) and spec.go (Next, and the rule that
// day-of-month and day-of-week must both match when either is `*`).

import { describe, expect, it } from 'vitest';
import { nextAfter, parseStandard, zoneOffsetMinutes } from './cron';

const at = (iso: string): number => Date.parse(iso);
const iso = (ms: number | undefined): string => (ms === undefined ? 'none' : new Date(ms).toISOString());

describe('robfig/cron ParseStandard errors', () => {
  it.each([
    ['', 'empty spec string'],
    ['* * * *', 'expected exactly 5 fields, found 4: [* * * *]'],
    ['not a schedule', 'expected exactly 5 fields, found 3: [not a schedule]'],
    ['60 * * * *', 'end of range (60) above maximum (59): 60'],
    ['* * 0 * *', 'beginning of range (0) below minimum (1): 0'],
    ['5-2 * * * *', 'beginning of range (5) beyond end of range (2): 5-2'],
    ['*/0 * * * *', 'step of range should be a positive number: */0'],
    ['x * * * *', 'failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax'],
    ['* * * * 7', 'end of range (7) above maximum (6): 7'],
    ['1-2-3 * * * *', 'too many hyphens: 1-2-3'],
    ['@fortnightly', 'unrecognized descriptor: @fortnightly'],
  ])('%j fails with %j', (spec, error) => {
    expect(parseStandard(spec)).toEqual({ error });
  });

  it.each(['* * * * *', '*/5 * * * *', '0 9 * * mon-fri', '0 0 1 jan,jul ?', '@hourly', '@every 90s'])('%j parses', (spec) => {
    expect(parseStandard(spec)).not.toHaveProperty('error');
  });
});

describe('Next scheduled time', () => {
  const next = (spec: string, from: string, zone?: string): string => iso(nextAfter(parseStandard(spec) as never, at(from), zone));
  it.each([
    ['* * * * *', '2024-08-13T09:00:00Z', '2024-08-13T09:01:00.000Z'],
    ['* * * * *', '2024-08-13T09:00:30Z', '2024-08-13T09:01:00.000Z'],
    ['*/5 * * * *', '2024-08-13T09:01:00Z', '2024-08-13T09:05:00.000Z'],
    ['0 * * * *', '2024-08-13T09:00:00Z', '2024-08-13T10:00:00.000Z'],
    ['@daily', '2024-08-13T09:00:00Z', '2024-08-14T00:00:00.000Z'],
    ['@monthly', '2024-08-13T09:00:00Z', '2024-09-01T00:00:00.000Z'],
    ['@yearly', '2024-08-13T09:00:00Z', '2025-01-01T00:00:00.000Z'],
    // 2024-08-13 is a Tuesday: the next Monday 09:00 is the 19th.
    ['0 9 * * 1', '2024-08-13T09:00:00Z', '2024-08-19T09:00:00.000Z'],
    // Neither field is `*`: the 15th or a Monday, whichever comes first.
    ['0 0 15 * 1', '2024-08-13T09:00:00Z', '2024-08-15T00:00:00.000Z'],
    ['30 9 31 2 *', '2024-08-13T09:00:00Z', 'none'],
  ])('%j after %s is %s', (spec, from, want) => {
    expect(next(spec, from)).toBe(want);
  });

  it('schedules on the wall clock of the CronJob timeZone', () => {
    // 09:00 in Europe/Berlin (UTC+2 in August) is 07:00 UTC.
    expect(next('0 9 * * *', '2024-08-13T09:00:00Z', 'Europe/Berlin')).toBe('2024-08-14T07:00:00.000Z');
    expect(zoneOffsetMinutes(at('2024-08-13T09:00:00Z'), 'Europe/Berlin')).toBe(120);
  });
});
