// The one event recorder every component uses (client-go tools/record: EventRecorder,
// EventCorrelator's eventLogger and recordToSink). An event is keyed as getEventKey does - source
// component and host, the involved object's kind, namespace, name, fieldPath, uid and apiVersion,
// type, reason and message - and a repeat of a key already sent is not a new object: the recorder
// PATCHes the first one (strategic merge patch of `count` and `lastTimestamp`, one request per
// repeat, as recordToSink does), so `kubectl describe` shows `(x3 over 2m)` and `kubectl get
// events -o wide` a COUNT of 3. The cache is plain data (a Map in insertion order) bounded like
// client-go's LRU of 4096 entries.
//
// Before that, the EventAggregator groups events that differ only in message (EventAggregatorByReasonFunc):
// once 10 distinct messages for the same source, object, type and reason arrive within 10 minutes
// of each other, each further one becomes the single event "(combined from similar events): <its
// message>", keyed by the group, so it is patched (count, lastTimestamp and message) from then on.
//
// Simplified: the spam filter (a token bucket per source and object) is not modelled; the
// aggregator's PopAny drops the oldest message where Go drops any. Instead of falling back to a create when the PATCH finds the event gone, an entry is forgotten
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
  /** The aggregator's records: per aggregate key, the distinct messages seen and when last. */
  aggregates?: Map<string, { localKeys: string[]; lastMs: number }>;
}

/** defaultAggregateMaxEvents and defaultAggregateIntervalInSeconds in events_cache.go. */
export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;

/** EventAggregatorByReasonFunc's aggregate key: everything getEventKey has but the message. */
function aggregateKey(ev: Event): string {
  const io = ev.involvedObject ?? {};
  const r = ev as Event & { reportingComponent?: string; reportingInstance?: string };
  return [ev.source?.component ?? '', ev.source?.host ?? '', io.kind ?? '', io.namespace ?? '', io.name ?? '', io.uid ?? '', io.apiVersion ?? '', ev.type ?? '', ev.reason ?? '', r.reportingComponent ?? '', r.reportingInstance ?? ''].join('\u0000');
}

/**
 * EventAggregator.EventAggregate: the event itself and its own key while its group has seen fewer
 * than 10 distinct messages in the last 10 minutes; after that a combined event, keyed by the group.
 */
export function aggregateEvent(cache: EventCache, ev: Event, now: number): { event: Event; key: string } {
  const aggregates = (cache.aggregates ??= new Map());
  const key = aggregateKey(ev);
  let record = aggregates.get(key);
  const message = ev.message ?? '';
  // A new record's list is a literal of its one message: most groups (one reason of one object) never
  // see a second, and an empty array's first push reserves room for 17 in V8 (issue 14, memory per pod).
  if (!record || now - record.lastMs > AGGREGATE_INTERVAL_MS) record = { localKeys: [message], lastMs: now };
  else if (!record.localKeys.includes(message)) record.localKeys.push(message);
  record.lastMs = now;
  aggregates.delete(key);
  aggregates.set(key, record);
  if (aggregates.size > MAX_LRU_CACHE_ENTRIES) aggregates.delete(aggregates.keys().next().value!);
  if (record.localKeys.length < AGGREGATE_MAX_EVENTS) return { event: ev, key: eventKey(ev) };
  record.localKeys.shift();
  const event: Event = {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: ev.metadata.name, namespace: ev.metadata.namespace },
    involvedObject: ev.involvedObject,
    reason: ev.reason,
    message: `(combined from similar events): ${message}`,
    source: ev.source,
    firstTimestamp: rfc3339(now),
    lastTimestamp: rfc3339(now),
    count: 1,
    type: ev.type,
  } as Event;
  return { event, key };
}

/** getEventKey: every field that makes two events "the same" for the correlator. */
export function eventKey(ev: Event): string {
  const io = ev.involvedObject ?? {};
  return [ev.source?.component ?? '', ev.source?.host ?? '', io.kind ?? '', io.namespace ?? '', io.name ?? '', io.fieldPath ?? '', io.uid ?? '', io.apiVersion ?? '', ev.type ?? '', ev.reason ?? '', ev.message ?? ''].join('\u0000');
}

export type Recorded = { kind: 'create'; event: Event } | { kind: 'patch'; name: string; namespace: string; patch: { count: number; lastTimestamp: string; message?: string }; event: Event };

/**
 * eventObserve: a new key is a create; a seen one becomes the first event with count + 1 and a new
 * lastTimestamp, sent as a patch (CreateTwoWayMergePatch against the event with no count,
 * lastTimestamp or message: all three). `ttlMs` is the apiserver's --event-ttl; `key` is the one
 * the aggregator chose (getEventKey by default).
 */
export function observeEvent(cache: EventCache, ev: Event, now: number, ttlMs: number, key = eventKey(ev)): Recorded {
  const seen = (cache.seen ??= new Map());
  const last = seen.get(key);
  const namespace = ev.metadata.namespace ?? 'default';
  if (last && now - last.lastMs < ttlMs) {
    const count = last.count + 1;
    const lastTimestamp = ev.lastTimestamp ?? rfc3339(now);
    seen.delete(key);
    seen.set(key, { ...last, count, lastMs: now });
    const event: Event = { ...ev, metadata: { ...ev.metadata, name: last.name }, count, firstTimestamp: last.firstTimestamp, lastTimestamp };
    const patch: { count: number; lastTimestamp: string; message?: string } = { count, lastTimestamp };
    if (ev.message) patch.message = ev.message;
    return { kind: 'patch', name: last.name, namespace, patch, event };
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
  const aggregated = aggregateEvent(cache, ev, ctx.now);
  ev = aggregated.event;
  const r = observeEvent(cache, ev, ctx.now, opts.ttlMs, aggregated.key);
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
