// client-go tools/record events_cache.go (EventCorrelator, eventLogger.eventObserve, getEventKey)
// and event.go recordToSink: a repeat of the same source/object/type/reason/message becomes a patch
// of the first event's count and lastTimestamp; a different message is a new event; an entry older
// than the event TTL is a new event again; the cache holds at most maxLruCacheEntries (4096).

import { describe, expect, it } from 'vitest';
import type { Event } from '../api/types';
import { rfc3339 } from '../api/time';
import { MAX_LRU_CACHE_ENTRIES, observeEvent, type EventCache } from './event-recorder';

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
    expect(third.kind === 'patch' && third.patch).toEqual({ count: 3, lastTimestamp: rfc3339(T0 + 30_000) });
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
