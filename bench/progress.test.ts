// Issue 14's acceptance: each target is met, or the README gives the measured figure. A run of
// 5,000 x 150,000 that cannot finish (wall limit, heap) must still give one: these pin the progress
// line, the wall limit and the partial line's fields (bench/progress.ts, bench/lifecycle.ts).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../src/sim/cluster';
import { deployments, lifecycle, runWatched } from './lifecycle';
import { HEAP_BUDGET_SHARE, maxWallArg, overHeapBudget, partialFields, progressLine, WallWatch } from './progress';

describe('WallWatch', () => {
  it('is due once per interval, and once only after a long simulated second', () => {
    const w = new WallWatch(30);
    expect([0, 10, 29.9].map((s) => w.due(s))).toEqual([false, false, false]);
    expect(w.due(30)).toBe(true);
    expect(w.due(45)).toBe(false);
    // One simulated second took from 45 to 125 wall seconds: one line, the next at 150.
    expect(w.due(125)).toBe(true);
    expect(w.due(149)).toBe(false);
    expect(w.due(150)).toBe(true);
  });

  it('is over at the wall limit, never without one', () => {
    expect(new WallWatch(30, 2700).over(2699.9)).toBe(false);
    expect(new WallWatch(30, 2700).over(2700)).toBe(true);
    expect(new WallWatch(30).over(1e9)).toBe(false);
  });
});

describe('the partial line', () => {
  it('adds finished: false and podsRunning only when pods are missing', () => {
    expect(partialFields(150_000, 42_000)).toEqual({ finished: false, podsRunning: 42_000 });
    expect(partialFields(1000, 1000)).toEqual({});
  });

  it('progress lines are JSON with every figure', () => {
    const p = { podsRunning: 1, podsBound: 2, simSeconds: 3, wallSeconds: 4, heapUsedMB: 5, messages: 6 };
    expect(JSON.parse(progressLine('lifecycle-5000x150000', p))).toEqual({ progress: 'lifecycle-5000x150000', ...p });
  });

  it('--max-wall wants seconds', () => {
    expect(maxWallArg(['--full', '--max-wall', '2700'])).toBe(2700);
    expect(maxWallArg(['--full'])).toBeUndefined();
    expect(() => maxWallArg(['--max-wall'])).toThrow(/seconds/);
    expect(() => maxWallArg(['--max-wall', '0'])).toThrow(/seconds/);
  });
});

describe('lifecycle with a wall limit', () => {
  it('stops within its first simulated second and says how far it got', () => {
    const line = lifecycle(2, 20, { maxWallSeconds: 1e-6 });
    expect(line.finished).toBe(false);
    expect(line.simSeconds).toBeLessThanOrEqual(1);
    expect(line.podsRunning).toBe(line.running);
    expect(line.podsRunning).toBeLessThan(20);
    expect(line.messages).toBeGreaterThan(0);
  });

  it('checks the wall between events, not only between simulated seconds', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1', cpu: '8', memory: '32Gi', pods: 110 }] }, { seed: 1 });
    c.exec('kubectl apply -f -', { stdin: deployments(20) });
    const from = c.sim.world.eventsRun;
    const t = c.sim.now + 60_000;
    // About 2,700 events in this minute: the check comes after the 2,048th.
    expect(runWatched(c.sim, t, () => true)).toBe(false);
    expect(c.sim.world.eventsRun - from).toBe(2048);
    expect(c.sim.now).toBeLessThan(t);
    expect(runWatched(c.sim, t, () => false)).toBe(true);
    expect(c.sim.now).toBe(t);
  });

  it('a run that finishes keeps the line it had', () => {
    const line = lifecycle(2, 20);
    expect(line.running).toBe(20);
    expect('finished' in line).toBe(false);
    expect('podsRunning' in line).toBe(false);
  });
});

describe('the heap budget', () => {
  it('stops a run at 80 % of V8\'s heap limit (its young generation included), before V8 dies with no line', () => {
    const limit = 4096 * 2 ** 20;
    expect(HEAP_BUDGET_SHARE).toBe(0.8);
    expect(overHeapBudget(limit * 0.79, limit)).toBe(false);
    expect(overHeapBudget(limit * 0.8, limit)).toBe(true);
  });
});
