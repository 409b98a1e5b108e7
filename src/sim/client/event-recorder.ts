// The one event recorder every component uses (client-go tools/record: EventRecorder,
// EventCorrelator's eventLogger and recordToSink). An event is keyed as getEventKey does - source
// component and host, the involved object's kind, namespace, name, fieldPath, uid and apiVersion,
// type, reason and message - and a repeat of a key already sent is not a new object: the recorder
// PATCHes the first one (strategic merge patch of `count` and `lastTimestamp`, one request per
// repeat, as recordToSink does), so `kubectl describe` shows `(x3 over 2m)` and `kubectl get
// events -o wide` a COUNT of 3. The cache is plain data (a Map in insertion order) bounded like
// client-go's LRU of 4096 entries.
//
// Simplified: the spam filter (a token bucket per source and object) and the EventAggregator
// ("(combined from similar events)" after 10 events differing only in message) are not modelled.
// Instead of falling back to a create when the PATCH finds the event gone, an entry is forgotten
// once the apiserver's event TTL has passed since its last write (each write renews the TTL).

import type { Event } from '../api/types';
import { rfc3339 } from '../api/time';
import { apiRequest, type ClientState, type RequestMeta } from './apiclient';
import type { Credentials } from '../api/http';
import type { Effects } from '../kernel/component';

/** maxLruCacheEntries in client-go tools/record/events_cache.go. */
export const MAX_LRU_CACHE_ENTRIES = 4096;

interface SeenEvent {
  name: string;
  count: number;
  firstTimestamp: string;
  /** When the event was last written, in simulated ms. */
  lastMs: number;
}

/** A recorder's memory of the events it sent; lives in the component's state. */
export interface EventCache {
  seen?: Map<string, SeenEvent>;
}

/** getEventKey: every field that makes two events "the same" for the correlator. */
export function eventKey(ev: Event): string {
  const io = ev.involvedObject ?? {};
  return [ev.source?.component ?? '', ev.source?.host ?? '', io.kind ?? '', io.namespace ?? '', io.name ?? '', io.fieldPath ?? '', io.uid ?? '', io.apiVersion ?? '', ev.type ?? '', ev.reason ?? '', ev.message ?? ''].join('\u0000');
}

export type Recorded = { kind: 'create'; event: Event } | { kind: 'patch'; name: string; namespace: string; patch: { count: number; lastTimestamp: string }; event: Event };

/**
 * eventObserve: a new key is a create; a seen one becomes the first event with count + 1 and a new
 * lastTimestamp, sent as a patch. `ttlMs` is the apiserver's --event-ttl.
 */
export function observeEvent(cache: EventCache, ev: Event, now: number, ttlMs: number): Recorded {
  const seen = (cache.seen ??= new Map());
  const key = eventKey(ev);
  const last = seen.get(key);
  const namespace = ev.metadata.namespace ?? 'default';
  if (last && now - last.lastMs < ttlMs) {
    const count = last.count + 1;
    const lastTimestamp = ev.lastTimestamp ?? rfc3339(now);
    seen.delete(key);
    seen.set(key, { ...last, count, lastMs: now });
    const event: Event = { ...ev, metadata: { ...ev.metadata, name: last.name }, count, firstTimestamp: last.firstTimestamp, lastTimestamp };
    return { kind: 'patch', name: last.name, namespace, patch: { count, lastTimestamp }, event };
  }
  if (last) seen.delete(key);
  seen.set(key, { name: ev.metadata.name ?? '', count: ev.count ?? 1, firstTimestamp: ev.firstTimestamp ?? rfc3339(now), lastMs: now });
  if (seen.size > MAX_LRU_CACHE_ENTRIES) seen.delete(seen.keys().next().value!);
  return { kind: 'create', event: ev };
}

/** recordToSink: POST a new event, or PATCH the one it repeats. Answers are not waited for. */
export function sendEvent(
  ctx: Effects,
  client: ClientState,
  cache: EventCache,
  ev: Event,
  opts: { ttlMs: number; credentials?: Credentials; meta: RequestMeta },
): Recorded {
  const r = observeEvent(cache, ev, ctx.now, opts.ttlMs);
  const ns = ev.metadata.namespace ?? 'default';
  const cred = opts.credentials ? { credentials: opts.credentials } : {};
  if (r.kind === 'create') {
    apiRequest(ctx, client, { method: 'POST', path: `/api/v1/namespaces/${ns}/events`, body: ev, ...cred }, 'event', ev.reason ?? '', opts.meta);
  } else {
    const path = `/api/v1/namespaces/${ns}/events/${r.name}`;
    const summary = `PATCH event ${ev.reason ?? ''} (x${r.patch.count})`;
    apiRequest(ctx, client, { method: 'PATCH', path, body: r.patch, contentType: 'application/strategic-merge-patch+json', ...cred }, 'event', ev.reason ?? '', { ...opts.meta, summary });
  }
  return r;
}
