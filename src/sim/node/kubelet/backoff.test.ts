import { describe, expect, it } from 'vitest';
import { backoffNext, createBackoff, inBackoffSince, inBackoffSinceUpdate } from './backoff';
import { goDuration } from './texts';

// Source: pkg/kubelet/kubelet.go (imageBackOffPeriod 10s, MaxImageBackOff 300s, crash loop the same)
// and client-go util/flowcontrol/backoff.go (doubling, reset after 2 x max).
describe('flowcontrol.Backoff', () => {
  it('doubles from 10 s to a 300 s cap: 10, 20, 40, 80, 160, 300, 300', () => {
    const b = createBackoff(10_000, 300_000);
    const got: number[] = [];
    let t = 0;
    for (let i = 0; i < 7; i++) {
      got.push(backoffNext(b, 'k', t) / 1000);
      t += got[i]! * 1000;
    }
    expect(got).toEqual([10, 20, 40, 80, 160, 300, 300]);
  });

  it('forgets an entry after 2 x max without failures and starts again at 10 s', () => {
    const b = createBackoff(10_000, 300_000);
    backoffNext(b, 'k', 0);
    backoffNext(b, 'k', 10_000);
    expect(backoffNext(b, 'k', 10_000 + 600_001)).toBe(10_000);
  });

  it('is in back-off since the last update until the delay has passed', () => {
    const b = createBackoff(10_000, 300_000);
    backoffNext(b, 'k', 1000);
    expect(inBackoffSinceUpdate(b, 'k', 10_999)).toBe(true);
    expect(inBackoffSinceUpdate(b, 'k', 11_000)).toBe(false);
    expect(inBackoffSince(b, 'k', 5000, 14_999)).toBe(true);
    expect(inBackoffSince(b, 'k', 5000, 15_000)).toBe(false);
    expect(inBackoffSinceUpdate(b, 'other', 0)).toBe(false);
  });
});

describe("Go's time.Duration formatting", () => {
  it.each([
    [1234, '1.234s'],
    [74, '74ms'],
    [10_000, '10s'],
    [80_000, '1m20s'],
    [300_000, '5m0s'],
    [1500, '1.5s'],
  ])('prints %d ms as %s', (ms, want) => {
    expect(goDuration(ms)).toBe(want);
  });
});

describe('flowcontrol.Backoff.GC', () => {
  it('drops the entries of failures more than 2 x max ago from memory, keeping recent ones', () => {
    const b = createBackoff(10_000, 300_000);
    for (let i = 0; i < 50; i++) backoffNext(b, `gone-${i}`, i * 1000);
    backoffNext(b, 'recent', 400_000);
    // The next failure more than max after the last sweep sweeps again: gone-* are 2 x max old.
    backoffNext(b, 'now', 700_000);
    expect([...b.entries.keys()]).toEqual(['recent', 'now']);
  });
});
