// client-go's rate-limited work queue (k8s.io/client-go/util/workqueue) as plain data. A key is in
// the queue at most once; a key being processed is never handed out twice: if it is added again
// meanwhile it is marked dirty and queued when `done` is called. A failed key is re-added after the
// controller rate limiter's delay.
//
// client-go's DefaultControllerRateLimiter is the maximum of two limiters: a per-item exponential
// (5 ms doubling per failure, capped at 1000 s) and an overall token bucket (10 qps, burst 100).
// Kubeplay keeps only the per-item exponential: the bucket only matters above 100 failures in a burst,
// which a simulated cluster of this size does not produce.

import type { Effects, Timer } from '../../kernel/component';
import type { TimerId } from '../../kernel/units';

export const WORKQUEUE_TIMER = 'workqueue.addAfter';

/** ItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second). */
export const RATE_LIMIT_BASE_MS = 5;
export const RATE_LIMIT_MAX_MS = 1_000_000;

export interface WorkQueue {
  /** Unique within the component (the controller's name); timers carry it. */
  name: string;
  /** Keys ready to be processed, oldest first. */
  queue: string[];
  /** Keys that need processing (queued, or added again while being processed). */
  dirty: Set<string>;
  processing: Set<string>;
  /** Failures per key since it was last forgotten (the exponential's exponent). */
  failures: Map<string, number>;
  /** Keys waiting to be added: when, and the timer that will add them. */
  waiting: Map<string, { readyAt: number; timer: TimerId }>;
}

export function createWorkQueue(name: string): WorkQueue {
  return { name, queue: [], dirty: new Set(), processing: new Set(), failures: new Map(), waiting: new Map() };
}

/** Add marks a key as needing processing; a key already dirty is not queued twice. */
export function queueAdd(q: WorkQueue, key: string): void {
  if (q.dirty.has(key)) return;
  q.dirty.add(key);
  if (q.processing.has(key)) return;
  q.queue.push(key);
}

/** Get hands out the oldest ready key and marks it processing. */
export function queueGet(q: WorkQueue): string | undefined {
  const key = q.queue.shift();
  if (key === undefined) return undefined;
  q.processing.add(key);
  q.dirty.delete(key);
  return key;
}

/** Done ends a key's processing; if it was added again meanwhile it goes back in the queue. */
export function queueDone(q: WorkQueue, key: string): void {
  q.processing.delete(key);
  if (q.dirty.has(key)) q.queue.push(key);
}

/** AddAfter: add the key once `delayMs` has passed. An earlier pending add wins over a later one. */
export function queueAddAfter(q: WorkQueue, ctx: Effects, key: string, delayMs: number): void {
  if (delayMs <= 0) {
    queueAdd(q, key);
    return;
  }
  const readyAt = ctx.now + delayMs;
  const cur = q.waiting.get(key);
  if (cur && cur.readyAt <= readyAt) return;
  if (cur) ctx.cancelTimer(cur.timer);
  const timer = ctx.setTimer(delayMs, WORKQUEUE_TIMER, { queue: q.name, key });
  q.waiting.set(key, { readyAt, timer });
}

/** The per-item exponential delay after `failures` earlier failures: 5 ms, 10 ms, 20 ms, ... 1000 s. */
export function itemExponentialDelayMs(failures: number): number {
  // 2^28 * 5 ms is already past the cap; stop doubling before numbers grow unbounded.
  if (failures >= 28) return RATE_LIMIT_MAX_MS;
  return Math.min(RATE_LIMIT_BASE_MS * 2 ** failures, RATE_LIMIT_MAX_MS);
}

/** AddRateLimited: re-add a failed key after the rate limiter's delay, and count the failure. */
export function queueAddRateLimited(q: WorkQueue, ctx: Effects, key: string): number {
  const failures = q.failures.get(key) ?? 0;
  const delay = itemExponentialDelayMs(failures);
  q.failures.set(key, failures + 1);
  queueAddAfter(q, ctx, key, delay);
  return delay;
}

/** Forget: the key succeeded; its next failure starts the back-off from 5 ms again. */
export function queueForget(q: WorkQueue, key: string): void {
  q.failures.delete(key);
}

export function queueNumRequeues(q: WorkQueue, key: string): number {
  return q.failures.get(key) ?? 0;
}

export function queueLen(q: WorkQueue): number {
  return q.queue.length;
}

/** Handle a delayed add. Returns false if the timer is not this queue's. */
export function queueOnTimer(q: WorkQueue, t: Timer): boolean {
  if (t.name !== WORKQUEUE_TIMER) return false;
  const p = t.payload as { queue: string; key: string };
  if (p.queue !== q.name) return false;
  const cur = q.waiting.get(p.key);
  if (cur && cur.timer === t.id) {
    q.waiting.delete(p.key);
    queueAdd(q, p.key);
  }
  return true;
}
