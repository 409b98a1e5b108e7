// The semantics of client-go's work queue (k8s.io/client-go/util/workqueue queue.go,
// default_rate_limiters.go): dedup, no concurrent processing of a key, rate-limited retries.
import { describe, expect, it } from 'vitest';
import { RecordingEffects } from '../../kernel/recording-effects';
import {
  createWorkQueue,
  itemExponentialDelayMs,
  queueAdd,
  queueAddAfter,
  queueAddRateLimited,
  queueDone,
  queueForget,
  queueGet,
  queueNumRequeues,
  queueOnTimer,
  WORKQUEUE_TIMER,
} from './workqueue';

describe('work queue', () => {
  it('hands out keys in the order they were added, each once', () => {
    const q = createWorkQueue('c');
    queueAdd(q, 'a');
    queueAdd(q, 'b');
    queueAdd(q, 'a');
    expect([queueGet(q), queueGet(q), queueGet(q)]).toEqual(['a', 'b', undefined]);
  });

  it('does not hand out a key that is being processed; it comes back after done', () => {
    const q = createWorkQueue('c');
    queueAdd(q, 'a');
    expect(queueGet(q)).toBe('a');
    queueAdd(q, 'a');
    expect(queueGet(q)).toBeUndefined();
    queueDone(q, 'a');
    expect(queueGet(q)).toBe('a');
    queueDone(q, 'a');
    expect(queueGet(q)).toBeUndefined();
  });

  it.each([
    [0, 5],
    [1, 10],
    [2, 20],
    [10, 5120],
    [27, 1_000_000],
    [100, 1_000_000],
  ])('after %i failures the per-item exponential waits %i ms (5 ms doubling, capped at 1000 s)', (failures, ms) => {
    expect(itemExponentialDelayMs(failures)).toBe(ms);
  });

  it('re-adds a failed key after 5 ms, then 10 ms, and starts again at 5 ms once forgotten', () => {
    const q = createWorkQueue('c');
    const ctx = new RecordingEffects();
    expect(queueAddRateLimited(q, ctx, 'a')).toBe(5);
    const t1 = ctx.timers[0]!;
    expect(t1).toMatchObject({ afterMs: 5, name: WORKQUEUE_TIMER, payload: { queue: 'c', key: 'a' } });
    expect(queueGet(q)).toBeUndefined();
    expect(queueOnTimer(q, { id: t1.id, name: t1.name, payload: t1.payload })).toBe(true);
    expect(queueGet(q)).toBe('a');
    queueDone(q, 'a');
    expect(queueAddRateLimited(q, ctx, 'a')).toBe(10);
    expect(queueNumRequeues(q, 'a')).toBe(2);
    queueForget(q, 'a');
    expect(queueAddRateLimited(q, ctx, 'a')).toBe(5);
  });

  it('keeps the earlier of two delayed adds of the same key', () => {
    const q = createWorkQueue('c');
    const ctx = new RecordingEffects();
    queueAddAfter(q, ctx, 'a', 100);
    queueAddAfter(q, ctx, 'a', 500);
    expect(ctx.timers).toHaveLength(1);
    queueAddAfter(q, ctx, 'a', 10);
    expect(ctx.cancelled).toEqual([ctx.timers[0]!.id]);
    expect(q.waiting.get('a')?.readyAt).toBe(10);
  });

  it('ignores timers of other queues', () => {
    const q = createWorkQueue('c');
    expect(queueOnTimer(q, { id: 1, name: WORKQUEUE_TIMER, payload: { queue: 'other', key: 'a' } })).toBe(false);
  });
});
