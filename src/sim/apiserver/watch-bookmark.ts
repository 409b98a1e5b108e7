// Periodic watch bookmarks (k8s.io/apiserver/pkg/storage/cacher): a watcher that asked for
// allowWatchBookmarks=true is put in the cacher's bookmark buckets at cacheWatcher.nextBookmarkTime:
// one bookmark frequency (defaultBookmarkFrequency, 1 min) from now, or 2 s before the watch's
// deadline when that comes first, and never once that time has passed. When its time comes the
// dispatcher sends it a BOOKMARK whose object is the kind, empty but for the resourceVersion the
// cache has reached; cacheWatcher.process drops it unless that version is newer than the one the
// watch started from. The watcher is then put back for its next bookmark.
//
// Here the bookmark comes at the exact time. The real one does not: watcherBookmarkTimeBuckets files
// a watcher under the whole second (since the cacher was created) its time falls in, and
// dispatchEvents pops every bucket up to the current second on a timer of wait.Jitter(1s, 0.25), so
// a bookmark arrives between 1 s early and 1.25 s late, all of one cacher's watchers in a bucket at
// the same tick; a pre-deadline bookmark popped early is filed again in the next bucket
// (addWatcherThreadUnsafe clamps to startBucketID) and may come twice. Not modelled: the jitter
// would need a deterministic stand-in for the ticker's rand, and, though that adds no PRNG draw,
// every in-cluster reflector asks for bookmarks, so moving their send times moves the network's
// per-message latency draws (kernel/network.ts) in every scenario - the same shift a new draw makes.

import type { Effects } from '../kernel/component';
import type { RecordId } from '../kernel/units';
import { RESOURCES } from '../api/resources';
import type { ApiserverState, Watcher } from './state';
import { bookmarkObject } from './watch-list';
import { sendWatchEvent } from './watchers';

export const WATCH_BOOKMARK_TIMER = 'watch.bookmark';
/** cacher.go defaultBookmarkFrequency. */
export const BOOKMARK_FREQUENCY_MS = 60_000;
/** cacheWatcher.nextBookmarkTime: `c.deadline.Add(-2 * time.Second)`. */
export const BOOKMARK_BEFORE_DEADLINE_MS = 2_000;

/**
 * When this watcher's next bookmark is due, or undefined when the watch ends before it could be. A
 * time equal to now counts as gone: the real dispatcher's clock has moved on by the time it puts a
 * watcher back (its buckets are a second wide), so the pre-deadline bookmark is sent once.
 */
export function nextBookmarkAt(now: number, deadline: number): number | undefined {
  const at = Math.min(now + BOOKMARK_FREQUENCY_MS, deadline - BOOKMARK_BEFORE_DEADLINE_MS);
  return at <= now ? undefined : at;
}

/**
 * Put a watcher that allows bookmarks in line for its next one. `loop` is the record the cacher's
 * dispatcher runs under (kube-apiserver's start): a bookmark belongs to that loop, not to the request
 * that opened the watch, so a followed request's sequence diagram does not grow a bookmark a minute
 * after it ended.
 */
export function scheduleBookmark(ctx: Effects, w: Watcher, loop?: RecordId): void {
  if (w.bookmarks === undefined) return;
  const at = nextBookmarkAt(ctx.now, w.bookmarks.deadline);
  if (at === undefined) return;
  const cause = ctx.cause();
  if (loop !== undefined) ctx.cause(loop);
  ctx.setTimer(at - ctx.now, WATCH_BOOKMARK_TIMER, w.id);
  ctx.cause(cause);
}

export function onBookmarkTimer(ctx: Effects, s: ApiserverState, id: number): void {
  const w = s.watchers.get(id);
  if (!w?.bookmarks) return;
  if (s.revision > w.bookmarks.fromRv) {
    const info = RESOURCES.find((r) => r.resource === w.resource)!;
    sendWatchEvent(ctx, w, 'BOOKMARK', bookmarkObject(info, s.revision, false), 'watch');
  }
  scheduleBookmark(ctx, w);
}
