// The cacher's progress requester (k8s.io/apiserver/pkg/storage/cacher/watch_progress.go,
// conditionalProgressRequester). While a read waits for the watch cache to reach a revision
// (watch_cache.go waitUntilFreshAndListItems: waitingUntilFresh.Add, then waitUntilFreshAndBlock),
// it asks etcd for a progress notification on the cache's watch (etcd3 store RequestWatchProgress,
// clientv3 RequestProgress) every progressRequestPeriod (100 ms), the first at once unless one went
// out less than 100 ms ago. etcd answers on the watch with an event-less response whose header is
// its current revision; the etcd3 watcher turns it into a bookmark (IsProgressNotify,
// progressNotifyEvent) and the cache moves its resourceVersion there (watchCache.UpdateResourceVersion).
// So a consistent read whose revision brought no event this cache sees (a write outside the prefix
// it watches) completes within about one round trip rather than after the 3 s block timeout.

import type { Effects } from '../kernel/component';
import { etcdRequestProgress } from './etcdclient';
import type { ApiserverState } from './state';

/** watch_progress.go progressRequestPeriod. */
export const PROGRESS_REQUEST_PERIOD_MS = 100;
export const PROGRESS_REQUEST_TIMER = 'cacher.progress-request';

/** A read started waiting for the cache: request progress now, or when the period since the last request is up. */
export function requestProgressWhileWaiting(ctx: Effects, s: ApiserverState): void {
  const p = (s.progressRequests ??= {});
  if (p.timer !== undefined) return;
  const wait = p.lastAt === undefined ? 0 : p.lastAt + PROGRESS_REQUEST_PERIOD_MS - ctx.now;
  if (wait > 0) p.timer = ctx.setTimer(wait, PROGRESS_REQUEST_TIMER);
  else requestProgress(ctx, s);
}

/** The period is up: ask again while a read still waits. */
export function onProgressRequestTimer(ctx: Effects, s: ApiserverState): void {
  const p = s.progressRequests;
  if (!p) return;
  p.timer = undefined;
  if (s.freshLists?.length) requestProgress(ctx, s);
}

/** No read waits any more: the requester sleeps (its next request still keeps the period). */
export function stopProgressRequests(ctx: Effects, s: ApiserverState): void {
  const p = s.progressRequests;
  if (p?.timer === undefined || s.freshLists?.length) return;
  ctx.cancelTimer(p.timer);
  p.timer = undefined;
}

function requestProgress(ctx: Effects, s: ApiserverState): void {
  const p = s.progressRequests!;
  // With no watch open (the cache is listing again) there is nothing to ask on; the relist's own
  // revision, or the next period, serves the read.
  if (etcdRequestProgress(ctx, s.etcd)) p.lastAt = ctx.now;
  p.timer = ctx.setTimer(PROGRESS_REQUEST_PERIOD_MS, PROGRESS_REQUEST_TIMER);
}
