// What the toolbar says about slow motion: the worker reports how many times slower than the chosen
// speed the clock ran in its last tick (ClockView.slowdown, src/worker/clock.ts). The factor changes
// with every message, so the toolbar shows the largest of the last second, rounded to two figures,
// and keeps showing it (and the button that turns it off) for three seconds after the last slow tick,
// so it neither flickers between messages nor runs away from the pointer. A paused clock is not slowed:
// the indicator goes at once when the clock stops playing (stepping included).

import type { ClockView } from '../../protocol/view';

/** From this speed up the worker never slows the clock (src/worker/clock.ts, SLOWMO_OFF_AT_SPEED). */
export const SLOWMO_SPEEDS_BELOW = 25;
/** Below this, the slow-down is not worth a word (a tick that ended a hair early). */
export const SLOWMO_SHOW_AT = 1.5;
/** Real ms the indicator stays after the last slowed tick. */
export const SLOWMO_HOLD_MS = 3000;
/** Real ms of the window whose largest factor is shown. */
export const SLOWMO_WINDOW_MS = 1000;

/** `×3`, `×40`, `×490`, `×12000`: two significant figures, as a person reads them off a projector. */
export function formatFactor(factor: number): string {
  if (!Number.isFinite(factor) || factor < 1) return '×1';
  const digits = Math.floor(Math.log10(factor)) + 1;
  const unit = 10 ** Math.max(0, digits - 2);
  return `×${Math.round(factor / unit) * unit}`;
}

export interface SlowMotionHold {
  /** The largest factor seen since `since`. */
  factor: number;
  /** Real ms the current window started. */
  since: number;
  /** Real ms of the last slowed tick. */
  last: number;
  /**
   * Real ms of the last tick that waited for the page to be sent a burst (ClockView.waitingForPage),
   * not for a message; kept across windows so the words do not flicker while a burst is drawn.
   */
  drawingAt?: number;
}

/** Whether the indicator says the clock waits for drawing (a tick did within SLOWMO_HOLD_MS). */
export function isDrawing(h: SlowMotionHold): boolean {
  return h.drawingAt !== undefined && h.last - h.drawingAt < SLOWMO_HOLD_MS;
}

/**
 * The indicator's state after a frame reporting `slowdown` at real time `now` (null: nothing to show).
 * A new window starts when the last one is older than SLOWMO_WINDOW_MS.
 */
export function holdSlowdown(prev: SlowMotionHold | null, slowdown: number | undefined, now: number, drawing = false): SlowMotionHold | null {
  const slowed = slowdown !== undefined && slowdown >= SLOWMO_SHOW_AT;
  if (!slowed) return prev && now - prev.last < SLOWMO_HOLD_MS ? prev : null;
  const fresh = !prev || now - prev.since >= SLOWMO_WINDOW_MS;
  const next: SlowMotionHold = fresh ? { factor: slowdown, since: now, last: now } : { factor: Math.max(prev.factor, slowdown), since: prev.since, last: now };
  const drawingAt = drawing ? now : prev?.drawingAt;
  if (drawingAt !== undefined && now - drawingAt < SLOWMO_HOLD_MS) next.drawingAt = drawingAt;
  return next;
}

/**
 * The indicator's state after a frame of the worker's clock. While the clock is paused (and while a
 * person steps it, which keeps it paused) nothing is slowed, so nothing is held either: the 3 s hold
 * is for the gaps between slowed ticks of a playing clock, not for the time after it stopped.
 */
export function holdClockFrame(prev: SlowMotionHold | null, clock: Pick<ClockView, 'playing' | 'slowdown' | 'waitingForPage'>, now: number): SlowMotionHold | null {
  if (!clock.playing) return null;
  return holdSlowdown(prev, clock.slowdown, now, clock.waitingForPage === true);
}
