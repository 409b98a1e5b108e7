import { describe, expect, it } from 'vitest';
import { formatFactor, holdClockFrame, holdSlowdown, isDrawing, SLOWMO_HOLD_MS, SLOWMO_WINDOW_MS } from './slow-motion';

// Issue 11: "1x is predictable (say 'slow motion xN' when the app slows time to show messages)".
// The worker's clock.ts slows a 0.5 ms LAN hop to 250 ms at 1x: a factor of 500.

describe('formatFactor', () => {
  it.each([
    [1.5, '×2'],
    [3.2, '×3'],
    [40.4, '×40'],
    [487, '×490'],
    [500, '×500'],
    [12_345, '×12000'],
  ])('says %d as %s', (factor, text) => {
    expect(formatFactor(factor)).toBe(text);
  });
});

describe('holdSlowdown', () => {
  it('shows nothing while the clock runs at the chosen speed', () => {
    expect(holdSlowdown(null, undefined, 0)).toBeNull();
    expect(holdSlowdown(null, 1.2, 0)).toBeNull();
  });

  it('keeps the largest factor of the window, and stays SLOWMO_HOLD_MS after the last slow tick', () => {
    let h = holdSlowdown(null, 500, 0);
    h = holdSlowdown(h, 40, 16);
    expect(h?.factor).toBe(500);
    h = holdSlowdown(h, undefined, 16 + SLOWMO_HOLD_MS - 1);
    expect(h?.factor).toBe(500);
    expect(holdSlowdown(h, undefined, 16 + SLOWMO_HOLD_MS)).toBeNull();
  });

  it('starts a new window after a second, so a smaller factor replaces an old large one', () => {
    let h = holdSlowdown(null, 500, 0);
    h = holdSlowdown(h, 40, SLOWMO_WINDOW_MS);
    expect(h).toEqual({ factor: 40, since: SLOWMO_WINDOW_MS, last: SLOWMO_WINDOW_MS });
  });
});

describe('holdSlowdown while the clock waits for the page (ClockView.waitingForPage)', () => {
  it('says so, rather than a factor of a clock that stood still, until SLOWMO_HOLD_MS after the last such tick', () => {
    let h = holdSlowdown(null, 1e6, 0, true);
    expect(isDrawing(h!)).toBe(true);
    h = holdSlowdown(h, 40, 16);
    expect(isDrawing(h!)).toBe(true);
    // A new window, slowed only for a message crossing, still says so: no flicker while a burst is drawn.
    h = holdSlowdown(h, 40, SLOWMO_WINDOW_MS + 16);
    expect(isDrawing(h!)).toBe(true);
    h = holdSlowdown(h, 40, SLOWMO_HOLD_MS + 16);
    expect(h).toEqual({ factor: 40, since: SLOWMO_HOLD_MS + 16, last: SLOWMO_HOLD_MS + 16 });
    expect(isDrawing(h!)).toBe(false);
  });
});

describe('holdClockFrame: the indicator only while the clock plays', () => {
  // UX.md: the toolbar's controls are play, pause, step; a paused clock runs at no speed, so it is
  // not slowed. Seen after the boot's burst: 'slow motion: drawing' stayed for 3 s after a pause.
  it('lets go at once when the clock is paused, even within the hold after a burst was drawn', () => {
    let h = holdClockFrame(null, { playing: true, slowdown: 1e6, waitingForPage: true }, 0);
    expect(h && isDrawing(h)).toBe(true);
    h = holdClockFrame(h, { playing: true }, 16);
    expect(h && isDrawing(h)).toBe(true);
    expect(holdClockFrame(h, { playing: false }, 32)).toBeNull();
  });

  it('shows nothing for a step, which leaves the clock paused, whatever the frame says it waited', () => {
    expect(holdClockFrame(null, { playing: false, slowdown: 500 }, 0)).toBeNull();
    expect(holdClockFrame(null, { playing: false, slowdown: 1e6, waitingForPage: true }, 0)).toBeNull();
  });

  it('holds as holdSlowdown does while the clock plays', () => {
    let h = holdClockFrame(null, { playing: true, slowdown: 500 }, 0);
    h = holdClockFrame(h, { playing: true }, SLOWMO_HOLD_MS - 1);
    expect(h?.factor).toBe(500);
    expect(holdClockFrame(h, { playing: true }, SLOWMO_HOLD_MS)).toBeNull();
  });
});
