// etcd's MVCC key-value store (server/storage/mvcc) as plain data and functions over it. Every
// write makes a new store revision; each key keeps its history of versions (and tombstones) until a
// compaction drops what is older than the compacted revision. Reads can ask for an old revision.
// This file holds the state and the primitive reads and writes; txn.ts composes them into
// requests, watchable.ts decides which watchers see which events.
//
// Facts from the etcd docs (https://etcd.io/docs/v3.5/learning/data_model/ and api/):
// - The store's revision starts at 1; every write (put, delete of an existing key, txn with a
//   write) increments it by one, and all writes of one txn share that revision.
// - A key's version is 1 on creation, increments on each put and resets to 0 (a tombstone) when
//   the key is deleted; create_revision is the revision of the put that created this generation.

import type { EtcdValue, KeyValue, WatchEvent } from '../protocol';
import {
  countInRange,
  forEachInRange,
  insertKey,
  newSortedKeySet,
  removeKey,
  type SortedKeySet,
} from './sorted-keys';
import { moveKeyLease, newLeaseTable, type LeaseTable } from './lessor';

/** One write of one revision, in the order it happened; kept for watch replay until compaction. */
export interface RevisionEvents {
  revision: number;
  events: WatchEvent[];
}

export interface MvccStore {
  /** The store's current revision (1 in a fresh store). */
  revision: number;
  /** Reads and watches below this revision fail as compacted (0 = nothing compacted yet). */
  compactRevision: number;
  /** Keys with a live value now. */
  live: SortedKeySet;
  /** Keys with any history kept (live or deleted since the last compaction). */
  all: SortedKeySet;
  /** Per key, its versions in revision order; a tombstone is a KeyValue with version 0. */
  history: Map<string, KeyValue[]>;
  /** The events of each revision since the compacted revision, oldest first. */
  log: RevisionEvents[];
  /** Bytes of keys and values the history holds (etcd_mvcc_db_total_size_in_use_in_bytes, roughly). */
  sizeInUseBytes: number;
  /** The leases and the keys attached to them (lessor.ts); absent in a store from before leases. */
  leases?: LeaseTable;
}

export function newStore(): MvccStore {
  return {
    revision: 1,
    compactRevision: 0,
    live: newSortedKeySet(),
    all: newSortedKeySet(),
    history: new Map(),
    log: [],
    sizeInUseBytes: 0,
    leases: newLeaseTable(),
  };
}

export const isTombstone = (kv: KeyValue): boolean => kv.version === 0;

/** The JSON length of a value, as the stand-in for its protobuf size. */
export function valueSizeOf(value: EtcdValue): number {
  if (value === null) return 0;
  if (typeof value === 'string') return value.length;
  return JSON.stringify(value).length;
}

/** The version of key that was current at revision rev (undefined if absent or deleted then). */
export function kvAt(store: MvccStore, key: string, rev: number): KeyValue | undefined {
  const h = store.history.get(key);
  if (!h) return undefined;
  // Binary search for the last version with modRevision <= rev.
  let lo = 0;
  let hi = h.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (h[mid]!.modRevision <= rev) lo = mid + 1;
    else hi = mid;
  }
  const kv = h[lo - 1];
  return kv && !isTombstone(kv) ? kv : undefined;
}

/** The current version of key, if it is live. */
export function currentKv(store: MvccStore, key: string): KeyValue | undefined {
  const h = store.history.get(key);
  const kv = h?.[h.length - 1];
  return kv && !isTombstone(kv) ? kv : undefined;
}

export interface RangeRead {
  kvs: KeyValue[];
  count: number;
  more: boolean;
}

/**
 * The kvs in [key, rangeEnd) at revision rev (already checked against compaction). At the current
 * revision this walks only the live keys it returns and counts in O(log n); an old revision walks
 * every key that has history in the range.
 */
export function readRange(
  store: MvccStore,
  key: string,
  rangeEnd: string | undefined,
  rev: number,
  limit: number,
  countOnly: boolean,
): RangeRead {
  const kvs: KeyValue[] = [];
  const max = limit > 0 ? limit : Infinity;
  if (rev === store.revision) {
    const count = countInRange(store.live, key, rangeEnd);
    if (!countOnly) {
      forEachInRange(store.live, key, rangeEnd, (k) => {
        kvs.push(currentKv(store, k)!);
        return kvs.length < max;
      });
    }
    return { kvs, count, more: count > kvs.length && !countOnly };
  }
  let count = 0;
  forEachInRange(store.all, key, rangeEnd, (k) => {
    const kv = kvAt(store, k, rev);
    if (!kv) return true;
    count++;
    if (!countOnly && kvs.length < max) kvs.push(kv);
    return true;
  });
  return { kvs, count, more: count > kvs.length && !countOnly };
}

function appendVersion(store: MvccStore, kv: KeyValue): void {
  const h = store.history.get(kv.key);
  if (!h) {
    // A literal of one: most keys (Events, above all) never get a second version, and an empty
    // array's first push reserves room for 17 (V8), 128 bytes per key for nothing.
    store.history.set(kv.key, [kv]);
    insertKey(store.all, kv.key);
    store.sizeInUseBytes += kv.key.length + kv.valueSize;
    return;
  }
  // Two writes to one key in one revision (only possible through nested txns) keep the last.
  const last = h[h.length - 1];
  if (last && last.modRevision === kv.modRevision) h[h.length - 1] = kv;
  else h.push(kv);
  store.sizeInUseBytes += kv.key.length + kv.valueSize;
}

/** Write key=value at revision rev (the caller bumps store.revision once per write request). */
export function putKv(
  store: MvccStore,
  key: string,
  value: EtcdValue,
  valueSize: number,
  rev: number,
  lease: number | undefined,
): WatchEvent {
  const prev = currentKv(store, key);
  const kv: KeyValue = {
    key,
    createRevision: prev ? prev.createRevision : rev,
    modRevision: rev,
    version: prev ? prev.version + 1 : 1,
    value,
    valueSize,
  };
  if (lease) kv.lease = lease;
  moveKeyLease(store, key, prev?.lease, lease || undefined);
  appendVersion(store, kv);
  if (!prev) insertKey(store.live, key);
  return prev ? { type: 'PUT', kv, prevKv: prev } : { type: 'PUT', kv };
}

/** Delete every live key in [key, rangeEnd) at revision rev; one DELETE event per key, in key order. */
export function deleteKvs(store: MvccStore, key: string, rangeEnd: string | undefined, rev: number): WatchEvent[] {
  const doomed: KeyValue[] = [];
  forEachInRange(store.live, key, rangeEnd, (k) => {
    doomed.push(currentKv(store, k)!);
    return true;
  });
  return doomed.map((prev) => {
    const tomb: KeyValue = { key: prev.key, createRevision: 0, modRevision: rev, version: 0, value: null, valueSize: 0 };
    appendVersion(store, tomb);
    removeKey(store.live, prev.key);
    moveKeyLease(store, prev.key, prev.lease, undefined);
    return { type: 'DELETE', kv: tomb, prevKv: prev };
  });
}

/** Record the events of one write revision for watchers that start from an older revision. */
export function logRevision(store: MvccStore, revision: number, events: WatchEvent[]): void {
  // A copy of exactly its length: the txn's list grew by push, with room for 17 events (V8) where a
  // revision almost always has one; the log keeps it until compaction.
  if (events.length) store.log.push({ revision, events: events.slice() });
}

/**
 * Drop history older than rev: each key keeps the version that was current at rev (unless it was
 * a tombstone) and everything after; keys left with nothing are forgotten. The caller has checked
 * compactRevision < rev <= revision. Cost is one pass over the keys, as etcd's compaction walks its
 * index.
 */
export function compactStore(store: MvccStore, rev: number): void {
  const emptied: string[] = [];
  for (const [key, h] of store.history) {
    let keepFrom = 0;
    while (keepFrom + 1 < h.length && h[keepFrom + 1]!.modRevision <= rev) keepFrom++;
    const first = h[keepFrom]!;
    if (first.modRevision <= rev && isTombstone(first)) keepFrom++;
    if (keepFrom === 0) continue;
    for (let i = 0; i < keepFrom; i++) store.sizeInUseBytes -= h[i]!.key.length + h[i]!.valueSize;
    h.splice(0, keepFrom);
    if (h.length === 0) emptied.push(key);
  }
  for (const key of emptied) {
    store.history.delete(key);
    removeKey(store.all, key);
  }
  let drop = 0;
  while (drop < store.log.length && store.log[drop]!.revision < rev) drop++;
  store.log.splice(0, drop);
  store.compactRevision = rev;
}

/** The logged events with revision >= from, oldest first (from must be >= compactRevision). */
export function eventsSince(store: MvccStore, from: number): RevisionEvents[] {
  let lo = 0;
  let hi = store.log.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (store.log[mid]!.revision < from) lo = mid + 1;
    else hi = mid;
  }
  return store.log.slice(lo);
}
