// A client's WATCH (GET ?watch=true, sent with stream 'open'): register a watcher with its
// namespace and selectors, then send what it missed: every matching object as ADDED when it watches
// from "now" (resourceVersion unset or 0), or the cached events after its resourceVersion. A
// version older than the cache's window gets an ERROR event with 410 Gone, and the stream ends.
// Every watch ends by itself after its timeoutSeconds (client-go's reflectors ask for 5 to 10
// minutes), or after a random 30 to 60 minutes (--min-request-timeout 1800 s) when it named none:
// so a watcher whose client vanished without a word does not live for ever.

import { gone } from '../api/errors';
import type { WatchStartedBody } from '../api/http';
import type { Effects } from '../kernel/component';
import { selectorsOf } from './stages/list';
import { typed } from './stages/storage';
import { auditLog, passed, respond } from './respond';
import { wantsTable } from './table';
import type { ApiserverState, RequestContext, Watcher } from './state';
import { eventsSince, resourceCache } from './watchcache';
import { bookmarkObject, watchListOptions } from './watch-list';
import { scheduleBookmark } from './watch-bookmark';
import { addWatcher, eventFor, eventPhase, mayBeSelected, removeWatcher, sendWatchEvent, watcherMatches } from './watchers';

export const WATCH_TIMEOUT_TIMER = 'watch.timeout';
/** --min-request-timeout: a watch without timeoutSeconds lasts a random 1 to 2 times this. */
const MIN_REQUEST_TIMEOUT_MS = 1_800_000;

/** How long this watch may last (apiserver's watch handler: timeoutSeconds, else the random default). */
function watchTimeoutMs(ctx: Effects, timeoutSeconds: string | undefined): number {
  const t = Number(timeoutSeconds);
  if (timeoutSeconds !== undefined && Number.isFinite(t) && t > 0) return t * 1000;
  return MIN_REQUEST_TIMEOUT_MS * (1 + ctx.rand());
}

/** The watch's time is up: the server ends the response, the client sees the stream end cleanly. */
export function onWatchTimeout(ctx: Effects, s: ApiserverState, id: number): void {
  if (removeWatcher(s, id)) ctx.closeStream(id);
}

export function startWatch(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, 'Watch');
  const list = watchListOptions(rc.msg.body.query, s.config.featureGates?.WatchList === true);
  if ('kind' in list) return respond(ctx, rc, list.code, list, 'Watch');
  const client = { process: rc.msg.from, incarnation: rc.msg.fromIncarnation };
  const w: Watcher = {
    id: rc.msg.stream ?? rc.msg.id,
    client,
    resource: rc.ri.info.resource,
    namespace: rc.ri.namespace,
    labels: sel.labels,
    fields: sel.fields,
    phase: rc.msg.phase,
  };
  if (wantsTable(rc.msg.body.accept)) w.table = rc.msg.body.query?.includeObject ? { includeObject: rc.msg.body.query.includeObject } : {};
  // serveWatch writes and flushes the headers before the first event (even the ERROR of a too old
  // resourceVersion, which comes from an errWatcher on a 200 stream).
  if (rc.msg.body.announceWatch) {
    const started: WatchStartedBody = { type: 'watch.started', watchId: w.id };
    ctx.send(client, started, { stream: w.id, phase: w.phase, summary: '200 OK (watch established)' });
  }
  const cache = resourceCache(s, w.resource);
  const rvParam = rc.msg.body.query?.resourceVersion ?? '';
  // sendInitialEvents=true: the whole state first, whatever the resourceVersion (NotOlderThan it).
  const from = list.sendInitialEvents === true || rvParam === '' ? 0 : Number(rvParam);
  if (list.sendInitialEvents === false && rvParam === '') {
    addWatcher(s, w);
  } else if (from > 0) {
    const events = eventsSince(cache, from);
    if (typeof events === 'string') {
      rc.stages.push({ stage: 'Watch', result: 'failed', text: '410 Gone' });
      sendWatchEvent(ctx, w, 'ERROR', gone(events), w.phase);
      ctx.closeStream(w.id);
      auditLog(ctx, rc, 410);
      return;
    }
    addWatcher(s, w);
    for (const ev of events) {
      // 5,000 kubelets booting at once each replay the same window of pod and node events.
      if (!mayBeSelected(w, ev)) continue;
      const out = eventFor(w, ev);
      if (out) sendWatchEvent(ctx, w, out.type, typed(rc.ri.info, out.object), eventPhase(w.resource, ev));
    }
  } else {
    addWatcher(s, w);
    for (const c of cache.objects.values()) {
      if (watcherMatches(w, c.obj)) sendWatchEvent(ctx, w, 'ADDED', typed(rc.ri.info, c.obj), w.phase);
    }
    if (list.sendInitialEvents === true && list.allowWatchBookmarks) sendWatchEvent(ctx, w, 'BOOKMARK', bookmarkObject(rc.ri.info, s.revision, true), w.phase);
  }
  const timeoutMs = watchTimeoutMs(ctx, rc.msg.body.query?.timeoutSeconds);
  ctx.setTimer(timeoutMs, WATCH_TIMEOUT_TIMER, w.id);
  if (list.allowWatchBookmarks) {
    w.bookmarks = { deadline: ctx.now + timeoutMs, fromRv: from > 0 ? from : s.revision };
    scheduleBookmark(ctx, w, s.loopCause);
  }
  rc.stages.push(passed('Watch', `registered #${w.id}`));
  auditLog(ctx, rc, 200);
}
