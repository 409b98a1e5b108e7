// Client watches and the fan-out of cache events to them (the cacher's cacheWatcher and its
// dispatch). Watchers are indexed by resource, then by spec.nodeName (the kubelet's selector) or
// namespace, so a write reaches only the watchers that could select it: with 5,000 kubelets each
// watching its own node, a pod write looks at one kubelet watcher, not 5,000. Node watches with
// metadata.name=X (each kubelet and kube-proxy watch their own Node) are indexed by that name, as
// the cacher's trigger for nodes does (pkg/registry/core/node NodeNameTriggerFunc), so a node's
// heartbeat looks at its own two watchers and the cluster-wide ones, not at 10,000.

import { matchesFields, requiredValue } from '../api/fields';
import type { WatchEventBody, WatchEventType } from '../api/http';
import { selectorMatches } from '../api/labels';
import type { KubeObject, Node, Status } from '../api/types';
import type { Effects, Phase } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import type { ApiserverState, CacheEvent, Watcher, WatcherIndexEntry } from './state';
import { RESOURCES } from '../api/resources';
import { toTable } from './table';

function indexEntry(s: ApiserverState, resource: string): WatcherIndexEntry {
  let e = s.watcherIndex.get(resource);
  if (!e) {
    e = { any: new Set(), byNamespace: new Map(), byNodeName: new Map() };
    s.watcherIndex.set(resource, e);
  }
  return e;
}

function addTo(m: Map<string, Set<MessageId>>, k: string, id: MessageId): void {
  let set = m.get(k);
  if (!set) {
    set = new Set();
    m.set(k, set);
  }
  set.add(id);
}

export function addWatcher(s: ApiserverState, w: Watcher): void {
  const nodeName = w.resource === 'pods' ? requiredValue(w.fields, 'spec.nodeName') : undefined;
  if (nodeName !== undefined) w.nodeName = nodeName;
  const name = w.resource === 'nodes' ? requiredValue(w.fields, 'metadata.name') : undefined;
  if (name !== undefined) w.name = name;
  s.watcherSeq = (s.watcherSeq ?? 0) + 1;
  w.seq = s.watcherSeq;
  s.watchers.set(w.id, w);
  const e = indexEntry(s, w.resource);
  if (w.nodeName !== undefined) addTo(e.byNodeName, w.nodeName, w.id);
  else if (w.name !== undefined) addTo((e.byName ??= new Map()), w.name, w.id);
  else if (w.namespace) addTo(e.byNamespace, w.namespace, w.id);
  else e.any.add(w.id);
}

export function removeWatcher(s: ApiserverState, id: MessageId): boolean {
  const w = s.watchers.get(id);
  if (!w) return false;
  s.watchers.delete(id);
  const e = s.watcherIndex.get(w.resource);
  if (e) {
    e.any.delete(id);
    e.byNamespace.get(w.namespace)?.delete(id);
    if (w.nodeName !== undefined) e.byNodeName.get(w.nodeName)?.delete(id);
    if (w.name !== undefined) e.byName?.get(w.name)?.delete(id);
  }
  return true;
}

export function watcherMatches(w: Watcher, obj: KubeObject): boolean {
  if (w.namespace && obj.metadata.namespace !== w.namespace) return false;
  return selectorMatches(w.labels, obj.metadata.labels) && matchesFields(obj, w.fields);
}

function nodeNameOf(obj: KubeObject | undefined): string | undefined {
  if (!obj) return undefined;
  return ((obj.spec as { nodeName?: string } | undefined)?.nodeName) ?? '';
}

function pushWatchers(s: ApiserverState, ids: Iterable<MessageId> | undefined, out: Watcher[]): void {
  if (!ids) return;
  for (const id of ids) {
    const w = s.watchers.get(id);
    if (w) out.push(w);
  }
}

/**
 * The watchers that could select this event, each once, in a stable order. Each watcher sits in
 * exactly one bucket of the index (addWatcher) and an event's two node names differ, so no watcher
 * comes twice and none is looked up through a list of ids first: this runs for every write.
 */
function candidates(s: ApiserverState, resource: string, ev: CacheEvent): Watcher[] {
  const e = s.watcherIndex.get(resource);
  if (!e) return [];
  const out: Watcher[] = [];
  pushWatchers(s, e.any, out);
  const ns = ev.obj.metadata.namespace;
  if (ns) pushWatchers(s, e.byNamespace.get(ns), out);
  if (resource === 'pods') {
    const a = nodeNameOf(ev.obj)!;
    pushWatchers(s, e.byNodeName.get(a), out);
    const b = nodeNameOf(ev.prev);
    if (b !== undefined && b !== a) pushWatchers(s, e.byNodeName.get(b), out);
  }
  // A node's own watchers join the cluster-wide ones in the order they all arrived, as when they were one list.
  const named = e.byName?.get(ev.obj.metadata.name ?? '');
  if (named?.size) {
    pushWatchers(s, named, out);
    out.sort((x, y) => (x.seq ?? 0) - (y.seq ?? 0));
  }
  return out;
}

/**
 * False when the watcher's index key rules the event out (a pod watch with spec.nodeName=X and an
 * event whose pod is on another node before and after; a Node watch with metadata.name=X and
 * another node): the test `candidates` makes for a write, for the events a new watch replays.
 * A cheap string comparison before the field selector itself; the answer is never different.
 */
export function mayBeSelected(w: Watcher, ev: CacheEvent): boolean {
  if (w.nodeName !== undefined) return nodeNameOf(ev.obj) === w.nodeName || (ev.prev !== undefined && nodeNameOf(ev.prev) === w.nodeName);
  if (w.name !== undefined) return ev.obj.metadata.name === w.name;
  return true;
}

/**
 * What a watcher sees of an event (cacheWatcher.convertToWatchEvent): an object that starts
 * matching is ADDED, one that stops matching is DELETED (its last matching state at the event's
 * resourceVersion), and one that matches before and after is MODIFIED.
 */
export function eventFor(w: Watcher, ev: CacheEvent): { type: WatchEventType; object: KubeObject } | undefined {
  const curMatch = ev.type !== 'DELETED' && watcherMatches(w, ev.obj);
  const prevMatch = ev.prev !== undefined && watcherMatches(w, ev.prev);
  if (ev.type === 'DELETED') return prevMatch ? { type: 'DELETED', object: ev.obj } : undefined;
  if (curMatch && prevMatch) return { type: 'MODIFIED', object: ev.obj };
  if (curMatch) return { type: 'ADDED', object: ev.obj };
  if (prevMatch) {
    const last = { ...ev.prev!, metadata: { ...ev.prev!.metadata, resourceVersion: String(ev.rv) } };
    return { type: 'DELETED', object: last };
  }
  return undefined;
}

function isHeartbeat(resource: string, ev: CacheEvent): boolean {
  if (resource === 'leases') return true;
  if (resource !== 'nodes' || ev.type !== 'MODIFIED' || !ev.prev) return false;
  // A node status update that changes no condition's status is the kubelet's heartbeat.
  const cur = (ev.obj as Node).status?.conditions ?? [];
  const prev = (ev.prev as Node).status?.conditions ?? [];
  const key = (cs: typeof cur): string => cs.map((c) => `${c.type}=${c.status}`).join(',');
  return key(cur) === key(prev) && JSON.stringify(ev.obj.spec) === JSON.stringify(ev.prev.spec);
}

export function eventPhase(resource: string, ev: CacheEvent): Phase {
  return isHeartbeat(resource, ev) ? 'heartbeat' : 'watch';
}

function refOf(obj: KubeObject): { kind: string; name: string; namespace?: string } {
  const r: { kind: string; name: string; namespace?: string } = { kind: obj.kind, name: obj.metadata.name ?? '' };
  if (obj.metadata.namespace) r.namespace = obj.metadata.namespace;
  return r;
}

/** `ADDED pod/default/web rv=42` */
export function watchSummary(type: string, obj: KubeObject): string {
  // A bookmark names no object, only how far the stream has come.
  if (type === 'BOOKMARK') return `BOOKMARK ${obj.kind.toLowerCase()} rv=${obj.metadata.resourceVersion}`;
  const ns = obj.metadata.namespace ? `${obj.metadata.namespace}/` : '';
  return `${type} ${obj.kind.toLowerCase()}/${ns}${obj.metadata.name} rv=${obj.metadata.resourceVersion}`;
}

export function sendWatchEvent(ctx: Effects, w: Watcher, type: WatchEventType, object: KubeObject | Status, phase: Phase): void {
  const isObj = (object as KubeObject).metadata !== undefined && object.kind !== 'Status';
  // A client that asked for Tables gets each object as a one-row Table (kubectl get -w).
  const info = w.table && isObj && type !== 'BOOKMARK' ? RESOURCES.find((r) => r.resource === w.resource) : undefined;
  const sent = info ? toTable(info, [object as KubeObject], ctx.now, (object as KubeObject).metadata.resourceVersion, w.table!.includeObject) : object;
  const body: WatchEventBody = { type: 'watch.event', watchId: w.id, event: { type, object: sent as KubeObject } };
  ctx.send(w.client, body, {
    stream: w.id,
    phase,
    summary: isObj ? watchSummary(type, object as KubeObject) : `${type} ${(object as Status).message ?? ''}`,
    object: isObj ? refOf(object as KubeObject) : undefined,
  });
}

/** Deliver one cache event to exactly the watchers it concerns. */
export function fanOut(ctx: Effects, s: ApiserverState, resource: string, ev: CacheEvent): number {
  const phase = eventPhase(resource, ev);
  let sent = 0;
  for (const w of candidates(s, resource, ev)) {
    const out = eventFor(w, ev);
    if (!out) continue;
    sendWatchEvent(ctx, w, out.type, out.object, phase);
    sent++;
  }
  return sent;
}
