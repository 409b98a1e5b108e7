// The scheduling queue (pkg/scheduler/internal/queue/scheduling_queue.go) as plain data: activeQ
// (ordered by PrioritySort), backoffQ (pods waiting out their back-off, 1 s doubling to 10 s per
// attempt) and unschedulablePods (pods that failed and wait for a cluster event that may help them,
// or for podMaxInUnschedulablePodsDuration to pass). Timers carry a generation so a stale one is ignored.

import type { Timings } from '../config';
import type { Effects } from '../kernel/component';
import type { RecordId } from '../kernel/units';
import { prioritySortLess } from './plugins/PrioritySort/PrioritySort';

export interface QueuedPod {
  key: string;
  uid: string;
  priority: number;
  /** When the pod was first added: PrioritySort's tie-breaker. */
  timestamp: number;
  attempts: number;
  lastAttemptAt: number;
  /** The trace record that brought the pod (its watch event); the Binding request is caused by it. */
  cause: RecordId;
  where: 'active' | 'backoff' | 'unschedulable' | 'inflight';
  /** The cycle in which the pod was last popped. */
  cycle: number;
  gen: number;
}

export interface SchedulingQueueState {
  pods: Map<string, QueuedPod>;
  /** Keys in pop order. */
  activeQ: string[];
  schedulingCycle: number;
  /** The cycle at which a cluster event last moved pods; a pod failing in an earlier cycle may have missed it. */
  moveRequestCycle: number;
}

export const BACKOFF_TIMER = 'queue.backoffComplete';
export const UNSCHEDULABLE_TIMER = 'queue.unschedulableTimeout';

export function createQueue(): SchedulingQueueState {
  return { pods: new Map(), activeQ: [], schedulingCycle: 0, moveRequestCycle: -1 };
}

function pushActive(q: SchedulingQueueState, p: QueuedPod): void {
  p.where = 'active';
  let i = q.activeQ.length;
  while (i > 0 && prioritySortLess(p, q.pods.get(q.activeQ[i - 1]!)!)) i--;
  q.activeQ.splice(i, 0, p.key);
}

function removeActive(q: SchedulingQueueState, key: string): void {
  const i = q.activeQ.indexOf(key);
  if (i >= 0) q.activeQ.splice(i, 1);
}

/** A new unscheduled pod: straight to activeQ. */
export function queueAdd(q: SchedulingQueueState, pod: { key: string; uid: string; priority: number }, now: number, cause: RecordId): void {
  if (q.pods.has(pod.key)) return;
  const p: QueuedPod = { ...pod, timestamp: now, attempts: 0, lastAttemptAt: now, cause, where: 'active', cycle: -1, gen: 0 };
  q.pods.set(pod.key, p);
  pushActive(q, p);
}

/** Pop the next pod for a cycle (it stays known to the queue as in flight). */
export function queuePop(q: SchedulingQueueState, now: number): QueuedPod | undefined {
  const key = q.activeQ.shift();
  if (key === undefined) return undefined;
  const p = q.pods.get(key)!;
  p.where = 'inflight';
  p.attempts++;
  p.lastAttemptAt = now;
  p.cycle = ++q.schedulingCycle;
  return p;
}

/** The pod is gone (deleted or bound): forget it wherever it waits. */
export function queueDelete(q: SchedulingQueueState, key: string): void {
  const p = q.pods.get(key);
  if (!p) return;
  if (p.where === 'active') removeActive(q, key);
  q.pods.delete(key);
}

/** calculateBackoffDuration: initial doubled per earlier attempt, capped at max. */
export function backoffDuration(attempts: number, t: Pick<Timings, 'podInitialBackoffMs' | 'podMaxBackoffMs'>): number {
  let d = t.podInitialBackoffMs;
  for (let i = 1; i < attempts; i++) {
    d *= 2;
    if (d > t.podMaxBackoffMs) return t.podMaxBackoffMs;
  }
  return d;
}

function toBackoff(q: SchedulingQueueState, p: QueuedPod, ctx: Effects, t: Timings): void {
  const until = p.lastAttemptAt + backoffDuration(p.attempts, t);
  if (until <= ctx.now) {
    pushActive(q, p);
    return;
  }
  p.where = 'backoff';
  p.gen++;
  ctx.setTimer(until - ctx.now, BACKOFF_TIMER, { key: p.key, gen: p.gen });
}

/**
 * AddUnschedulableIfNotPresent: a pod that failed its cycle waits in unschedulablePods, unless a
 * cluster event arrived during its cycle (then it backs off and retries), or the failure was an error.
 */
export function queueRequeueFailed(q: SchedulingQueueState, key: string, ctx: Effects, t: Timings, error: boolean): void {
  const p = q.pods.get(key);
  if (!p || p.where !== 'inflight') return;
  if (error || q.moveRequestCycle >= p.cycle) {
    toBackoff(q, p, ctx, t);
    return;
  }
  p.where = 'unschedulable';
  p.gen++;
  ctx.setTimer(t.podMaxInUnschedulablePodsDurationMs, UNSCHEDULABLE_TIMER, { key: p.key, gen: p.gen });
}

/** MoveAllToActiveOrBackoffQueue: a cluster event (node added or changed, pod deleted) may help. */
export function queueMoveAllUnschedulable(q: SchedulingQueueState, ctx: Effects, t: Timings): void {
  q.moveRequestCycle = q.schedulingCycle;
  for (const p of q.pods.values()) if (p.where === 'unschedulable') toBackoff(q, p, ctx, t);
}

/** Handle a queue timer; returns true if it moved a pod to activeQ. */
export function queueOnTimer(q: SchedulingQueueState, name: string, payload: unknown, ctx: Effects, t: Timings): boolean {
  if (name !== BACKOFF_TIMER && name !== UNSCHEDULABLE_TIMER) return false;
  const { key, gen } = payload as { key: string; gen: number };
  const p = q.pods.get(key);
  if (!p || p.gen !== gen) return false;
  if (name === BACKOFF_TIMER && p.where === 'backoff') {
    pushActive(q, p);
    return true;
  }
  if (name === UNSCHEDULABLE_TIMER && p.where === 'unschedulable') {
    toBackoff(q, p, ctx, t);
    return (p.where as QueuedPod['where']) === 'active';
  }
  return false;
}

/** The bound pod leaves the queue for good. */
export function queueDone(q: SchedulingQueueState, key: string): void {
  queueDelete(q, key);
}
