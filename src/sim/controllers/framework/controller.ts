// The shape every kube-controller-manager controller shares (k8s.io/kubernetes/pkg/controller):
// informer event handlers only enqueue keys; a worker takes one key at a time and runs the
// controller's sync(key), which reads the informer cache, compares desired with actual and writes
// through the API. Here a sync cannot block on its writes as a Go worker does: it asks for them and
// the key stays "processing" until every write is answered. Then the key is done; if the sync or a
// write failed (a 409 Conflict, a timeout), it is re-added through the rate limiter, else forgotten.
// All of it is plain data: a controller is named, and its functions live in a static table.

import type { Credentials } from '../../api/http';
import { apiRequest, type ClientEvent, type ClientState, type RequestMeta, type RequestSpec } from '../../client/apiclient';
import type { Effects, Timer } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import { createWorkQueue, queueAddRateLimited, queueDone, queueForget, queueGet, queueOnTimer, type WorkQueue } from './workqueue';

export const WORKER_TIMER = 'controller.worker';
const WRITE_PURPOSE = 'controller:';

export interface ControllerRuntime {
  /** The controller's name as kube-controller-manager's --controllers flag has it (`node-lifecycle-controller`). */
  name: string;
  queue: WorkQueue;
  /** Keys whose sync has writes in flight: how many, and whether one has failed. */
  inflight: Map<string, { pending: number; failed: boolean }>;
  workerArmed: boolean;
}

export function createRuntime(name: string): ControllerRuntime {
  return { name, queue: createWorkQueue(name), inflight: new Map(), workerArmed: false };
}

/** What a sync is given: the world it may read is the caller's; this is how it writes. */
export interface SyncContext {
  ctx: Effects;
  client: ClientState;
  /** The controller's own identity (its service account's token). */
  credentials: Credentials;
  rt: ControllerRuntime;
  key: string;
  writes: number;
}

/** 'retry' re-queues the key through the rate limiter even if no write failed. */
export type SyncResult = 'ok' | 'retry';

/** Ask for a write as part of the current sync; its answer decides whether the key is retried. */
export function syncWrite(sc: SyncContext, req: RequestSpec, meta: RequestMeta): MessageId {
  sc.writes++;
  return apiRequest(sc.ctx, sc.client, { ...req, credentials: sc.credentials }, WRITE_PURPOSE + sc.rt.name, { key: sc.key }, meta);
}

/** Make sure the worker runs soon: a zero-delay timer, so enqueueing and syncing are separate steps. */
export function armWorker(rt: ControllerRuntime, ctx: Effects): void {
  if (rt.workerArmed || rt.queue.queue.length === 0) return;
  rt.workerArmed = true;
  ctx.setTimer(0, WORKER_TIMER, { controller: rt.name });
}

export function isWorkerTimer(rt: ControllerRuntime, t: Timer): boolean {
  return t.name === WORKER_TIMER && (t.payload as { controller: string }).controller === rt.name;
}

function finish(rt: ControllerRuntime, ctx: Effects, key: string, ok: boolean): void {
  queueDone(rt.queue, key);
  if (ok) queueForget(rt.queue, key);
  else queueAddRateLimited(rt.queue, ctx, key);
}

/** processNextWorkItem until the queue is empty: every ready key is synced once. */
export function runWorker(
  rt: ControllerRuntime,
  ctx: Effects,
  client: ClientState,
  credentials: Credentials,
  sync: (sc: SyncContext) => SyncResult,
): void {
  rt.workerArmed = false;
  for (let key = queueGet(rt.queue); key !== undefined; key = queueGet(rt.queue)) {
    const sc: SyncContext = { ctx, client, credentials, rt, key, writes: 0 };
    const result = sync(sc);
    if (sc.writes > 0) rt.inflight.set(key, { pending: sc.writes, failed: result === 'retry' });
    else finish(rt, ctx, key, result === 'ok');
  }
}

/** Route the answer to a sync's write. Returns false if the call is not this controller's. */
export function onSyncWriteResult(rt: ControllerRuntime, ctx: Effects, ev: ClientEvent): boolean {
  if (ev.call.purpose !== WRITE_PURPOSE + rt.name) return false;
  const { key } = ev.call.data as { key: string };
  const entry = rt.inflight.get(key);
  if (!entry) return true;
  const ok = ev.kind === 'response' && ev.response.status >= 200 && ev.response.status < 300;
  if (!ok) entry.failed = true;
  entry.pending--;
  if (entry.pending > 0) return true;
  rt.inflight.delete(key);
  finish(rt, ctx, key, !entry.failed);
  armWorker(rt, ctx);
  return true;
}

/** Delayed re-adds of this controller's queue. Returns false if the timer is not for it. */
export function runtimeOnTimer(rt: ControllerRuntime, ctx: Effects, t: Timer): boolean {
  if (!queueOnTimer(rt.queue, t)) return false;
  armWorker(rt, ctx);
  return true;
}
