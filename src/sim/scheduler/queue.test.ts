import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMINGS } from '../config';
import { RecordingEffects } from '../kernel/recording-effects';
import { BACKOFF_TIMER, backoffDuration, createQueue, queueAdd, queueMoveAllUnschedulable, queueOnTimer, queuePop, queueRequeueFailed, UNSCHEDULABLE_TIMER } from './queue';

// Source: pkg/scheduler/internal/queue/scheduling_queue.go (calculateBackoffDuration, podInitialBackoffSeconds=1, podMaxBackoffSeconds=10).
describe('backoffDuration', () => {
  it.each([
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 10000],
    [9, 10000],
  ])('after %d attempts is %d ms', (attempts, ms) => {
    expect(backoffDuration(attempts, DEFAULT_TIMINGS)).toBe(ms);
  });
});

describe('scheduling queue', () => {
  it('pops higher priority first, then the older pod (PrioritySort)', () => {
    const q = createQueue();
    queueAdd(q, { key: 'default/a', uid: 'a', priority: 0 }, 1, 0);
    queueAdd(q, { key: 'default/b', uid: 'b', priority: 10 }, 2, 0);
    queueAdd(q, { key: 'default/c', uid: 'c', priority: 0 }, 0, 0);
    expect([queuePop(q, 5)!.key, queuePop(q, 5)!.key, queuePop(q, 5)!.key]).toEqual(['default/b', 'default/c', 'default/a']);
  });

  it('parks a failed pod in unschedulablePods and flushes it after podMaxInUnschedulablePodsDuration', () => {
    const q = createQueue();
    const ctx = new RecordingEffects();
    queueAdd(q, { key: 'default/a', uid: 'a', priority: 0 }, 0, 0);
    queuePop(q, 0);
    queueRequeueFailed(q, 'default/a', ctx, DEFAULT_TIMINGS, false);
    expect(q.pods.get('default/a')!.where).toBe('unschedulable');
    const timer = ctx.timers.find((t) => t.name === UNSCHEDULABLE_TIMER)!;
    expect(timer.afterMs).toBe(300_000);
    ctx.now = 300_000 as typeof ctx.now;
    expect(queueOnTimer(q, timer.name, timer.payload, ctx, DEFAULT_TIMINGS)).toBe(true);
    expect(q.activeQ).toEqual(['default/a']);
  });

  it('moves unschedulable pods to backoffQ on a cluster event and to activeQ when the back-off ends', () => {
    const q = createQueue();
    const ctx = new RecordingEffects();
    queueAdd(q, { key: 'default/a', uid: 'a', priority: 0 }, 0, 0);
    queuePop(q, 0);
    queueRequeueFailed(q, 'default/a', ctx, DEFAULT_TIMINGS, false);
    ctx.clear();
    ctx.now = 200 as typeof ctx.now;
    queueMoveAllUnschedulable(q, ctx, DEFAULT_TIMINGS);
    expect(q.pods.get('default/a')!.where).toBe('backoff');
    const timer = ctx.timers.find((t) => t.name === BACKOFF_TIMER)!;
    expect(timer.afterMs).toBe(800);
    expect(queueOnTimer(q, timer.name, timer.payload, ctx, DEFAULT_TIMINGS)).toBe(true);
    expect(q.activeQ).toEqual(['default/a']);
  });

  it('backs a pod off when a cluster event arrived during its own cycle', () => {
    const q = createQueue();
    const ctx = new RecordingEffects();
    queueAdd(q, { key: 'default/a', uid: 'a', priority: 0 }, 0, 0);
    queuePop(q, 0);
    queueMoveAllUnschedulable(q, ctx, DEFAULT_TIMINGS);
    queueRequeueFailed(q, 'default/a', ctx, DEFAULT_TIMINGS, false);
    expect(q.pods.get('default/a')!.where).toBe('backoff');
  });
});
