// The Kubernetes objects as they are stored in etcd: the truth, whatever the caches think. The
// observer reads the etcd member's MVCC store (its data dir, which survives a kill) and patches
// what the UI holds by resourceVersion (= the key's mod revision), never by comparing objects.
// Between two reads it looks only at the keys the store's revision log says were written; after a
// compaction that dropped part of that log, or a new store, it walks every key once. A frame may
// carry only so many objects (batch.ts FRAME_LIMITS): the written keys it leaves out wait in
// `pending`, in the order they were written, for the next frames.

import type { ObjectView, Patch } from '../../protocol/view';
import { parseKey, REGISTRY_PREFIX } from '../../sim/apiserver/registry/keys';
import { prefixRangeEnd } from '../../sim/etcd/keys';
import { currentKv, eventsSince, type MvccStore } from '../../sim/etcd/mvcc/kvstore';
import { forEachInRange } from '../../sim/etcd/mvcc/sorted-keys';
import type { KeyValue } from '../../sim/etcd/protocol';
import { emptyPatch } from './diff';
import type { Node, Pod } from '../../sim/api/types';
import { podCells } from '../../sim/apiserver/printers/pod-status';
import { nodeStatus } from '../../sim/apiserver/printers/tables';

export { etcdStore } from '../../sim/etcd/data-dir';

/** What the UI holds of the objects, and where in the store the last read stopped. */
export interface ObjectTracker {
  store: MvccStore | undefined;
  revision: number;
  /** Object id -> the resourceVersion sent. */
  sent: Map<string, string>;
  /** Keys written up to `revision` that no frame has looked at yet (a frame's limit left them out). */
  pending: Set<string>;
}

export function newObjectTracker(): ObjectTracker {
  return { store: undefined, revision: 0, sent: new Map(), pending: new Set() };
}

/** Writes the tracker has not turned into a patch yet (at most: a key written twice counts twice). */
export function unsentWrites(t: ObjectTracker): number {
  return t.pending.size + (t.store ? t.store.revision - t.revision : 0);
}

/** `/registry/pods/default/web` -> `pods/default/web`; `/registry/minions/worker-1` -> `nodes//worker-1`. */
export function objectIdOfKey(key: string): { id: string; resource: string; namespace: string; name: string; kind: string } | undefined {
  const k = parseKey(key);
  if (!k) return undefined;
  const slash = k.cacheKey.indexOf('/');
  const namespace = slash < 0 ? '' : k.cacheKey.slice(0, slash);
  const name = slash < 0 ? k.cacheKey : k.cacheKey.slice(slash + 1);
  return { id: `${k.info.resource}/${namespace}/${name}`, resource: k.info.resource, namespace, name, kind: k.info.kind };
}

/** The view of a stored key, or undefined for keys that hold no Kubernetes object. */
export function objectView(kv: KeyValue): ObjectView | undefined {
  const ref = objectIdOfKey(kv.key);
  // Values Kubeplay stores are JSON objects; a string value is not a Kubernetes object.
  if (!ref || kv.value === null || typeof kv.value !== 'object') return undefined;
  const stored = kv.value as Record<string, unknown>;
  const metadata = (stored.metadata ?? {}) as Record<string, unknown>;
  const resourceVersion = String(kv.modRevision);
  // As the apiserver serves it: what etcd stores plus resourceVersion (watchcache.ts withResourceVersion),
  // shown as `kubectl get -o yaml` shows it: without metadata.managedFields.
  const { managedFields: _managed, ...shown } = metadata;
  const object = { ...stored, metadata: { ...shown, resourceVersion } };
  const kind = typeof stored.kind === 'string' ? stored.kind : ref.kind;
  const view: ObjectView = { id: ref.id, kind, namespace: ref.namespace, name: ref.name, resourceVersion, object };
  const display = objectDisplay(ref.resource, stored);
  if (display) view.display = display;
  return view;
}

/** kubectl's STATUS (and READY) from kube-apiserver's printers, for the kinds the graph draws. */
export function objectDisplay(resource: string, stored: Record<string, unknown>): ObjectView['display'] {
  if (resource === 'pods' && Array.isArray((stored.spec as { containers?: unknown } | undefined)?.containers)) {
    // The time only shapes RESTARTS' "(5m ago)", which is not shown here.
    const { status, ready } = podCells(stored as unknown as Pod, 0);
    return { status, ready };
  }
  if (resource === 'nodes') return { status: nodeStatus(stored as unknown as Node) };
  return undefined;
}

function visitAll(store: MvccStore, visit: (kv: KeyValue) => void): void {
  forEachInRange(store.live, REGISTRY_PREFIX, prefixRangeEnd(REGISTRY_PREFIX), (key) => {
    const kv = currentKv(store, key);
    if (kv) visit(kv);
    return true;
  });
}

function fullScan(t: ObjectTracker, store: MvccStore | undefined, patch: Patch<ObjectView>): void {
  // Every key is compared, so nothing stays pending.
  t.pending.clear();
  const seen = new Set<string>();
  if (store) {
    visitAll(store, (kv) => {
      const v = objectView(kv);
      if (!v) return;
      seen.add(v.id);
      const prev = t.sent.get(v.id);
      if (prev === v.resourceVersion) return;
      (prev === undefined ? patch.added : patch.updated).push(v);
      t.sent.set(v.id, v.resourceVersion);
    });
  }
  for (const id of [...t.sent.keys()]) {
    if (seen.has(id)) continue;
    t.sent.delete(id);
    patch.removed.push(id);
  }
}

function incremental(t: ObjectTracker, store: MvccStore, patch: Patch<ObjectView>, maxBytes: number): void {
  const keys = t.pending;
  if (store.revision > t.revision) for (const rev of eventsSince(store, t.revision + 1)) for (const ev of rev.events) keys.add(ev.kv.key);
  let bytes = 0;
  for (const key of keys) {
    if (bytes >= maxBytes) break;
    // Deleting the entry being visited is safe: a Set's iteration goes on with the next one.
    keys.delete(key);
    const ref = objectIdOfKey(key);
    if (!ref) continue;
    const kv = currentKv(store, key);
    const v = kv ? objectView(kv) : undefined;
    const prev = t.sent.get(ref.id);
    if (!v) {
      if (prev === undefined) continue;
      t.sent.delete(ref.id);
      patch.removed.push(ref.id);
      bytes += ref.id.length;
      continue;
    }
    if (prev === v.resourceVersion) continue;
    (prev === undefined ? patch.added : patch.updated).push(v);
    t.sent.set(v.id, v.resourceVersion);
    // Measured only when there is a limit: a pod's view is about 1.9 KB of JSON, a node's more.
    if (maxBytes !== Infinity) bytes += JSON.stringify(v).length;
  }
}

/**
 * The patch since the last call, stopping once it holds `maxBytes` of JSON (the rest come with the
 * next calls); costs nothing when the store's revision has not moved and nothing is pending.
 */
export function diffObjects(t: ObjectTracker, store: MvccStore | undefined, maxBytes = Infinity): Patch<ObjectView> {
  const patch = emptyPatch<ObjectView>();
  if (store && store === t.store && store.revision === t.revision && t.pending.size === 0) return patch;
  // The log keeps every revision >= compactRevision, so it covers (t.revision, now] when t.revision
  // is not below it; otherwise (a compaction in between, or another store) read everything, whole.
  if (store && store === t.store && t.revision >= store.compactRevision) incremental(t, store, patch, maxBytes);
  else fullScan(t, store, patch);
  t.store = store;
  t.revision = store?.revision ?? 0;
  return patch;
}
