// The watch cache (k8s.io/apiserver/pkg/storage/cacher): per resource, the current objects and a
// window of recent events, filled from one etcd watch on /registry/. It serves admission lookups
// and client watches; a watch from a resourceVersion older than the window gets 410 Gone.
//
// The window sizes itself as v1.31's watch_cache.go resizeCacheLocked does: it starts at 100 events
// (defaultLowerBoundCapacity); when it is full and its oldest event is younger than eventFreshDuration
// (75 s) it doubles, up to 100 * 1024 (defaultUpperBoundCapacity); when it is full and the event a
// quarter of the window back from the newest is older than 75 s it halves (the oldest go). So a
// watch can resume from any version of the last 75 s, and from an older one only while few events
// came since; otherwise `too old resource version`.

import type { KubeObject } from '../api/types';
import type { KeyValue, WatchEvent } from '../etcd/protocol';
import { podsByNodeOnEvent } from './node-graph-source';
import { parseKey } from './registry/keys';
import type { ApiserverState, CacheEvent, ResourceCache } from './state';

/** watch_cache.go defaultLowerBoundCapacity: the window's first and smallest size. */
export const WATCH_CACHE_LOWER_BOUND = 100;
/** watch_cache.go defaultUpperBoundCapacity. */
export const WATCH_CACHE_UPPER_BOUND = 100 * 1024;
/** watch_cache.go eventFreshDuration: the history a watch cache tries to keep. */
export const EVENT_FRESH_MS = 75_000;

/** The object as served: what etcd stores, plus resourceVersion = the key's mod revision. */
export function withResourceVersion(obj: KubeObject, rv: number): KubeObject {
  return { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } };
}

export function objectFromKv(kv: KeyValue): KubeObject {
  return withResourceVersion(kv.value as unknown as KubeObject, kv.modRevision);
}

/**
 * objectFromKv once per stored version: etcd hands back its own KeyValue for a version every time it
 * is read, and the object made from it is never changed (watchers and watch-cache LISTs already share
 * theirs), so a LIST from etcd reuses it rather than copying every object again (bench
 * serve-list-3000: the copies were a twentieth of a 3,000-pod LIST's time, and garbage).
 */
const listed = new WeakMap<KeyValue, KubeObject>();
export function listedObjectFromKv(kv: KeyValue): KubeObject {
  let obj = listed.get(kv);
  if (obj === undefined) listed.set(kv, (obj = objectFromKv(kv)));
  return obj;
}

export function resourceCache(s: ApiserverState, resource: string): ResourceCache {
  let c = s.cache.get(resource);
  if (!c) {
    c = { objects: new Map(), events: [], listRv: s.listRevision, evicted: false };
    s.cache.set(resource, c);
  }
  return c;
}

/** Fill the cache from the initial list of /registry/. */
export function cacheReplace(s: ApiserverState, kvs: KeyValue[], revision: number): void {
  s.cache = new Map();
  s.podsByNode = undefined;
  s.revision = revision;
  s.listRevision = revision;
  for (const kv of kvs) {
    const k = parseKey(kv.key);
    if (!k) continue;
    resourceCache(s, k.info.resource).objects.set(k.cacheKey, { obj: objectFromKv(kv), modRevision: kv.modRevision });
  }
  for (const c of s.cache.values()) c.listRv = revision;
}

/** Apply one etcd watch event; returns the cache event it became (undefined for keys not served). */
export function cacheApply(s: ApiserverState, ev: WatchEvent, now = 0): { resource: string; event: CacheEvent } | undefined {
  const k = parseKey(ev.kv.key);
  const rv = ev.kv.modRevision;
  if (rv > s.revision) s.revision = rv;
  if (!k) return undefined;
  const c = resourceCache(s, k.info.resource);
  const old = c.objects.get(k.cacheKey);
  let event: CacheEvent;
  if (ev.type === 'DELETE') {
    const last = old?.obj ?? (ev.prevKv ? objectFromKv(ev.prevKv) : undefined);
    if (!last) return undefined;
    c.objects.delete(k.cacheKey);
    event = { type: 'DELETED', obj: withResourceVersion(last, rv), prev: last, rv, at: now };
  } else {
    const obj = objectFromKv(ev.kv);
    c.objects.set(k.cacheKey, { obj, modRevision: rv });
    event = old ? { type: 'MODIFIED', obj, prev: old.obj, rv, at: now } : { type: 'ADDED', obj, rv, at: now };
  }
  record(c, event, now, s.capacity);
  podsByNodeOnEvent(s, k.info.resource, event);
  return { resource: k.info.resource, event };
}

/** Pushed-out events are dropped from the array in one slice once they are at least this many and half of it. */
const DROP_AT = 1024;

/** How many events the window holds. */
export function windowEvents(c: ResourceCache): number {
  return c.events.length - (c.head ?? 0);
}

/** The window's i-th event, oldest first. */
function windowEvent(c: ResourceCache, i: number): CacheEvent | undefined {
  return i < 0 ? undefined : c.events[(c.head ?? 0) + i];
}

/** watchCache.updateCache: resize the window by its events' age, push out the oldest when full, add. */
function record(c: ResourceCache, event: CacheEvent, now: number, fixed: number | undefined): void {
  let cap = fixed ?? c.capacity ?? WATCH_CACHE_LOWER_BOUND;
  const size = windowEvents(c);
  if (fixed === undefined && size >= cap) {
    if (now - (windowEvent(c, 0)!.at ?? now) < EVENT_FRESH_MS) cap = Math.min(cap * 2, WATCH_CACHE_UPPER_BOUND);
    else if (now - (windowEvent(c, size - Math.floor(cap / 4))?.at ?? now) > EVENT_FRESH_MS) cap = Math.max(Math.floor(cap / 2), WATCH_CACHE_LOWER_BOUND);
    c.capacity = cap;
  }
  if (size >= cap) {
    // Pushing out one event at a time from the front of a 102,400-event array was a sixth of a
    // 5,000-node run's time (bench lifecycle-5000x150000): move the window's start instead.
    const head = (c.head ?? 0) + size - cap + 1;
    if (head >= DROP_AT && head * 2 >= c.events.length) {
      c.events = c.events.slice(head);
      c.head = 0;
    } else c.head = head;
    c.evicted = true;
  }
  c.events.push(event);
}

/**
 * The events after resourceVersion `from`, or the 410 message when the window no longer reaches
 * back that far (watchCache.getAllEventsSinceLocked: `too old resource version: N (oldest-1)`).
 * Events are in resourceVersion order, so the first one after `from` is found by bisection.
 */
export function eventsSince(c: ResourceCache, from: number): CacheEvent[] | string {
  const size = windowEvents(c);
  const oldest = c.evicted && size > 0 ? windowEvent(c, 0)!.rv : c.listRv + 1;
  if (from < oldest - 1) return `too old resource version: ${from} (${oldest - 1})`;
  let lo = c.head ?? 0;
  let hi = c.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c.events[mid]!.rv > from) hi = mid;
    else lo = mid + 1;
  }
  return c.events.slice(lo);
}

export function cachedObject(s: ApiserverState, resource: string, key: string): KubeObject | undefined {
  return s.cache.get(resource)?.objects.get(key)?.obj;
}
