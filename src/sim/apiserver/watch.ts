// A client's WATCH (GET ?watch=true, sent with stream 'open'): register a watcher with its
// namespace and selectors, then send what it missed: every matching object as ADDED when it watches
// from "now" (resourceVersion unset or 0), or the cached events after its resourceVersion. A
// version older than the cache's window gets an ERROR event with 410 Gone, and the stream ends.

import { gone } from '../api/errors';
import type { Effects } from '../kernel/component';
import { selectorsOf, typed } from './stages/storage';
import { respond, auditLog } from './respond';
import type { ApiserverState, RequestContext, Watcher } from './state';
import { eventsSince, resourceCache } from './watchcache';
import { addWatcher, eventFor, eventPhase, sendWatchEvent, watcherMatches } from './watchers';

export function startWatch(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, 'Watch');
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
  const cache = resourceCache(s, w.resource);
  const rvParam = rc.msg.body.query?.resourceVersion ?? '';
  const from = rvParam === '' ? 0 : Number(rvParam);
  if (from > 0) {
    const events = eventsSince(cache, from);
    if (typeof events === 'string') {
      rc.stages.push('Watch: 410 Gone');
      sendWatchEvent(ctx, w, 'ERROR', gone(events), w.phase);
      ctx.closeStream(w.id);
      auditLog(ctx, rc, 410);
      return;
    }
    addWatcher(s, w);
    for (const ev of events) {
      const out = eventFor(w, ev);
      if (out) sendWatchEvent(ctx, w, out.type, typed(rc.ri.info, out.object), eventPhase(w.resource, ev));
    }
  } else {
    addWatcher(s, w);
    for (const c of cache.objects.values()) {
      if (watcherMatches(w, c.obj)) sendWatchEvent(ctx, w, 'ADDED', typed(rc.ri.info, c.obj), w.phase);
    }
  }
  rc.stages.push(`Watch: registered #${w.id}`);
  auditLog(ctx, rc, 200);
}
