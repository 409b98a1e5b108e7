// Issue 17 (`kubeplay serve`, bench serve-watch-200): a real client's answer or watch event is
// written when the simulation has it, not at the next 16 ms frame. The ticks between frames that do
// it (due-tick.ts), and the session's wall time to its next kernel event (worker/session.ts).
// Before them a chain of 1 ms ticks ran only while a unary request was open: it ended with the
// create's answer, and the watch events kube-apiserver sends a fraction of a millisecond later
// waited for the next frame tick (up to 16 ms).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SimSession } from '../worker/session';
import { DueTicks } from './due-tick';

describe('the ticks kubeplay serve runs between frames', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function ticks(next: (number | undefined)[], waiting = true) {
    const advanced: number[] = [];
    const queue = [...next];
    const due = new DueTicks({
      advance: () => advanced.push(performance.now()),
      msToNextEvent: () => queue.shift(),
      waiting: () => waiting,
      frameMs: 16,
    });
    return { due, advanced };
  }

  it('ticks at the wall time of an event due before the next frame, and again for the one after', () => {
    const t0 = performance.now();
    const { due, advanced } = ticks([3, 2, undefined]);
    due.schedule();
    vi.advanceTimersByTime(2);
    expect(advanced).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(advanced).toEqual([t0 + 3]);
    vi.advanceTimersByTime(2);
    expect(advanced).toEqual([t0 + 3, t0 + 5]);
    vi.advanceTimersByTime(50);
    expect(advanced).toHaveLength(2);
  });

  it('ticks at once, without a timer, for an event already due (a request that just entered)', () => {
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    const timeout = vi.spyOn(globalThis, 'setTimeout');
    const { due, advanced } = ticks([0, undefined]);
    due.schedule();
    expect([immediate.mock.calls.length, timeout.mock.calls.length]).toEqual([1, 0]);
    vi.advanceTimersByTime(0);
    expect(advanced).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for a timer, not a spin of immediates, for an event a fraction of a millisecond away', () => {
    const immediate = vi.spyOn(globalThis, 'setImmediate');
    const { due, advanced } = ticks([0.07, undefined]);
    due.schedule();
    expect(immediate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(advanced).toHaveLength(1);
  });

  it('leaves events at or past the next frame, and everything when no client waits, to the frame', () => {
    ticks([16]).due.schedule();
    expect(vi.getTimerCount()).toBe(0);
    ticks([1], false).due.schedule();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps one tick set, the soonest: a request arriving earlier than the set tick moves it', () => {
    const t0 = performance.now();
    const { due, advanced } = ticks([10, 2, undefined]);
    due.schedule();
    due.schedule();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(20);
    expect(advanced).toEqual([t0 + 2]);
  });
});

describe('a tick between frames, on real timers', () => {
  it('runs with the default clock (performance.now, called as a method)', async () => {
    let advanced = 0;
    const queue: (number | undefined)[] = [2, undefined];
    new DueTicks({ advance: () => advanced++, msToNextEvent: () => queue.shift(), waiting: () => true, frameMs: 16 }).schedule();
    await new Promise((r) => setTimeout(r, 20));
    expect(advanced).toBe(1);
  });
});

describe('the wall time to the next kernel event', () => {
  it('is the simulated time to it over the speed while playing, and nothing when paused', () => {
    const s = new SimSession();
    s.handle({ type: 'load', file: 'default.yaml', text: readFileSync(join(__dirname, '../../public/scenarios/default.yaml'), 'utf8') });
    s.handle({ type: 'play' });
    s.handle({ type: 'speed', speed: 4, slowMotion: false });
    s.tick(0, false);
    const sim = s.cluster!.sim;
    const next = sim.nextEventTime()!;
    expect(s.wallMsToNextEvent()).toBeCloseTo((next - sim.now) / 4, 9);
    s.handle({ type: 'pause' });
    expect(s.wallMsToNextEvent()).toBeUndefined();
  });
});
