// client-go tools/record events_cache.go (EventCorrelator, eventLogger.eventObserve, getEventKey)
// and event.go recordToSink: a repeat of the same source/object/type/reason/message becomes a patch
// of the first event's count and lastTimestamp; a different message is a new event; an entry older
// than the event TTL is a new event again; the cache holds at most maxLruCacheEntries (4096).

import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types';
import { rfc3339 } from '../api/time';
import { aggregateEvent, AGGREGATE_INTERVAL_MS, MAX_LRU_CACHE_ENTRIES, observeEvent, type EventCache } from './event-recorder';

const T0 = Date.UTC(2024, 7, 13, 9, 0, 0);
const TTL = 3_600_000;

function backOff(name: string, now: number, message = 'Back-off pulling image "nginx:1.999"'): Event {
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: 'default' },
    involvedObject: { kind: 'Pod', namespace: 'default', name: 'typo', uid: 'u1', apiVersion: 'v1', fieldPath: 'spec.containers{typo}' },
    reason: 'BackOff',
    message,
    source: { component: 'kubelet', host: 'worker-1' },
    firstTimestamp: rfc3339(now),
    lastTimestamp: rfc3339(now),
    count: 1,
    type: 'Normal',
  } as Event;
}

describe('the event correlator', () => {
  it('creates the first event and patches count and lastTimestamp of the same one on each repeat', () => {
    const cache: EventCache = {};
    expect(observeEvent(cache, backOff('typo.a', T0), T0, TTL).kind).toBe('create');
    const second = observeEvent(cache, backOff('typo.b', T0 + 10_000), T0 + 10_000, TTL);
    expect(second).toMatchObject({ kind: 'patch', name: 'typo.a', namespace: 'default', patch: { count: 2, lastTimestamp: rfc3339(T0 + 10_000) } });
    const third = observeEvent(cache, backOff('typo.c', T0 + 30_000), T0 + 30_000, TTL);
    // CreateTwoWayMergePatch against the event without count, lastTimestamp and message: all three.
    expect(third.kind === 'patch' && third.patch).toEqual({ count: 3, lastTimestamp: rfc3339(T0 + 30_000), message: 'Back-off pulling image "nginx:1.999"' });
    expect(third.event).toMatchObject({ metadata: { name: 'typo.a' }, count: 3, firstTimestamp: rfc3339(T0) });
  });

  it('keeps events apart that differ in message (getEventKey includes it)', () => {
    const cache: EventCache = {};
    observeEvent(cache, backOff('typo.a', T0), T0, TTL);
    expect(observeEvent(cache, backOff('typo.b', T0 + 1), T0 + 1, TTL, ).kind).toBe('patch');
    expect(observeEvent(cache, backOff('typo.c', T0 + 2, 'another message'), T0 + 2, TTL).kind).toBe('create');
  });

  it('starts a new event once the event TTL has passed since the last write', () => {
    const cache: EventCache = {};
    observeEvent(cache, backOff('typo.a', T0), T0, TTL);
    const later = observeEvent(cache, backOff('typo.b', T0 + TTL), T0 + TTL, TTL);
    expect(later).toMatchObject({ kind: 'create', event: { metadata: { name: 'typo.b' }, count: 1 } });
  });

  it('holds at most maxLruCacheEntries keys, forgetting the least recently used', () => {
    const cache: EventCache = {};
    for (let i = 0; i <= MAX_LRU_CACHE_ENTRIES; i++) observeEvent(cache, backOff(`typo.${i}`, T0, `message ${i}`), T0, TTL);
    expect(cache.seen!.size).toBe(MAX_LRU_CACHE_ENTRIES);
    expect(observeEvent(cache, backOff('again', T0, 'message 0'), T0, TTL).kind).toBe('create');
  });
});

// events_cache.go EventAggregator (EventAggregatorByReasonFunc, EventAggregatorByReasonMessageFunc,
// defaultAggregateMaxEvents 10, defaultAggregateIntervalInSeconds 600), then eventObserve on the key
// the aggregator returns.
describe('the event aggregator', () => {
  /** The aggregator, then the logger, as EventCorrelate runs them. */
  const correlate = (cache: EventCache, ev: Event, now: number) => {
    const a = aggregateEvent(cache, ev, now);
    return observeEvent(cache, a.event, now, TTL, a.key);
  };

  it('passes nine distinct messages through and combines the tenth and later ones into one patched event', () => {
    const cache: EventCache = {};
    for (let i = 0; i < 9; i++) {
      const r = correlate(cache, backOff(`typo.${i}`, T0 + i, `message ${i}`), T0 + i);
      expect(r).toMatchObject({ kind: 'create', event: { message: `message ${i}` } });
    }
    const tenth = correlate(cache, backOff('typo.9', T0 + 9, 'message 9'), T0 + 9);
    expect(tenth).toMatchObject({ kind: 'create', event: { metadata: { name: 'typo.9' }, message: '(combined from similar events): message 9', count: 1 } });
    const eleventh = correlate(cache, backOff('typo.10', T0 + 10, 'message 10'), T0 + 10);
    expect(eleventh).toMatchObject({ kind: 'patch', name: 'typo.9', patch: { count: 2, message: '(combined from similar events): message 10' } });
  });

  it('does not combine a repeat of the same message (one local key), and starts over after ten quiet minutes', () => {
    const cache: EventCache = {};
    for (let i = 0; i < 20; i++) expect(correlate(cache, backOff(`typo.${i}`, T0 + i), T0 + i).event.message).toBe('Back-off pulling image "nginx:1.999"');
    for (let i = 0; i < 9; i++) correlate(cache, backOff(`x.${i}`, T0 + 100, `m${i}`), T0 + 100);
    const later = T0 + 100 + AGGREGATE_INTERVAL_MS + 1;
    expect(correlate(cache, backOff('x.late', later, 'm9'), later).event.message).toBe('m9');
  });
});
