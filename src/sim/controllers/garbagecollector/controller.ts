// The garbage collector (pkg/controller/garbagecollector, v1.31): background, orphan and
// foreground propagation. Background: an object whose owners (by uid, from metadata.ownerReferences) no longer exist is
// deleted, itself with propagationPolicy Background, so a deleted Deployment takes its ReplicaSets
// and they take their pods. The owner graph is not stored: the shared informers' caches are the
// graph, and an owner's DELETED event enqueues every cached object that names its uid. Owners of
// kinds the controller manager does not watch are taken to exist, so nothing is deleted wrongly.
// Orphan: an owner being deleted with the `orphan` finalizer first loses its dependents (each has
// its ownerReference to it removed), then the finalizer, and the apiserver removes it.
// Foreground: an owner being deleted with the `foregroundDeletion` finalizer stays (with its
// deletionTimestamp) while the GC deletes its dependents, those with dependents of their own in
// the foreground too; once no dependent with blockOwnerDeletion is left, the finalizer goes.

import type { KubeObject, OwnerReference } from '../../api/types';
import { objectKey, type Delta, type InformerState } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import type { InformerName, SharedInformers } from '../framework/informers';
import { queueAdd } from '../framework/workqueue';

export const GARBAGE_COLLECTOR = 'garbagecollector';
export const GARBAGE_COLLECTOR_SA = 'generic-garbage-collector';
/** metav1.FinalizerOrphanDependents. */
export const ORPHAN = 'orphan';
/** metav1.FinalizerDeleteDependents. */
export const FOREGROUND = 'foregroundDeletion';

/** Dependents the GC looks after: informer name, REST path prefix and kind. */
const DEPENDENTS = {
  pods: { prefix: '/api/v1', resource: 'pods', kind: 'Pod' },
  replicasets: { prefix: '/apis/apps/v1', resource: 'replicasets', kind: 'ReplicaSet' },
  deployments: { prefix: '/apis/apps/v1', resource: 'deployments', kind: 'Deployment' },
  endpointslices: { prefix: '/apis/discovery.k8s.io/v1', resource: 'endpointslices', kind: 'EndpointSlice' },
  daemonsets: { prefix: '/apis/apps/v1', resource: 'daemonsets', kind: 'DaemonSet' },
  statefulsets: { prefix: '/apis/apps/v1', resource: 'statefulsets', kind: 'StatefulSet' },
  jobs: { prefix: '/apis/batch/v1', resource: 'jobs', kind: 'Job' },
  cronjobs: { prefix: '/apis/batch/v1', resource: 'cronjobs', kind: 'CronJob' },
  controllerrevisions: { prefix: '/apis/apps/v1', resource: 'controllerrevisions', kind: 'ControllerRevision' },
} as const;
export type DependentInformer = keyof typeof DEPENDENTS;

/** Owner kinds whose existence the GC can tell from a cache it has. */
const OWNER_CACHES: Record<string, InformerName> = {
  Deployment: 'deployments',
  ReplicaSet: 'replicasets',
  DaemonSet: 'daemonsets',
  Job: 'jobs',
  CronJob: 'cronjobs',
  StatefulSet: 'statefulsets',
  Service: 'services',
  Node: 'nodes',
};

export interface GarbageCollectorState {
  /** Keys `<informer>|<ns>/<name>`. */
  rt: ControllerRuntime;
}

export function createGarbageCollector(): GarbageCollectorState {
  return { rt: createRuntime(GARBAGE_COLLECTOR) };
}

function enqueue(s: GarbageCollectorState, env: ControllerEnv, which: DependentInformer, obj: KubeObject): void {
  queueAdd(s.rt.queue, `${which}|${objectKey(obj)}`);
  armWorker(s.rt, env.ctx);
}

/**
 * Any delta of a watched resource: an object with owner references is checked; a deleted object
 * makes its dependents (every cached object naming its uid) be checked.
 */
export function onGarbageCollectorDelta(s: GarbageCollectorState, env: ControllerEnv, which: string, d: Delta): void {
  for (const finalizer of [ORPHAN, FOREGROUND]) {
    if (which in DEPENDENTS && d.type !== 'DELETED' && d.object.metadata.deletionTimestamp && d.object.metadata.finalizers?.includes(finalizer)) {
      queueAdd(s.rt.queue, `${finalizer}|${which}|${objectKey(d.object)}`);
      armWorker(s.rt, env.ctx);
    }
  }
  if (which in DEPENDENTS) enqueueDeletingOwners(s, env, d.object);
  if (which in DEPENDENTS && d.type !== 'DELETED' && (d.object.metadata.ownerReferences?.length ?? 0) > 0) {
    enqueue(s, env, which as DependentInformer, d.object);
  }
  const uid = d.object.metadata.uid;
  if (d.type !== 'DELETED' || !uid) return;
  for (const name of Object.keys(DEPENDENTS) as DependentInformer[]) {
    for (const obj of env.informers.byName[name].items.values()) {
      if (obj.metadata.ownerReferences?.some((r) => r.uid === uid)) enqueue(s, env, name, obj);
    }
  }
}

/** The cached owner an ownerReference names (same uid), with the informer it is in. */
function ownerOf(informers: SharedInformers, namespace: string | undefined, ref: OwnerReference): { which: string; obj: KubeObject } | undefined {
  const cache = OWNER_CACHES[ref.kind];
  if (!cache) return undefined;
  const key = ref.kind === 'Node' ? ref.name : `${namespace ?? ''}/${ref.name}`;
  const obj = (informers.byName[cache] as InformerState).items.get(key);
  return obj?.metadata.uid === ref.uid ? { which: cache, obj } : undefined;
}

function deletingDependents(o: KubeObject): boolean {
  return !!o.metadata.deletionTimestamp && (o.metadata.finalizers ?? []).includes(FOREGROUND);
}

/** A dependent changed or went: its owners waiting for their dependents' deletion look again. */
function enqueueDeletingOwners(s: GarbageCollectorState, env: ControllerEnv, obj: KubeObject): void {
  for (const ref of obj.metadata.ownerReferences ?? []) {
    const owner = ownerOf(env.informers, obj.metadata.namespace, ref);
    if (!owner || !(owner.which in DEPENDENTS) || !deletingDependents(owner.obj)) continue;
    queueAdd(s.rt.queue, `${FOREGROUND}|${owner.which}|${objectKey(owner.obj)}`);
    armWorker(s.rt, env.ctx);
  }
}

function ownerExists(informers: SharedInformers, namespace: string | undefined, ref: { kind: string; name: string; uid: string }): boolean {
  const cache = OWNER_CACHES[ref.kind];
  if (!cache) return true;
  const inf = informers.byName[cache] as InformerState;
  if (!inf.synced) return true;
  const key = ref.kind === 'Node' ? ref.name : `${namespace ?? ''}/${ref.name}`;
  return inf.items.get(key)?.metadata.uid === ref.uid;
}

function objectPath(which: DependentInformer, ns: string, name: string): string {
  const dep = DEPENDENTS[which];
  return `${dep.prefix}/namespaces/${ns}/${dep.resource}/${name}`;
}

function patch(sc: SyncContext, which: DependentInformer, obj: KubeObject, metadata: Record<string, unknown>): void {
  const ns = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  const body = { metadata: { ...metadata, resourceVersion: obj.metadata.resourceVersion } };
  syncWrite(sc, { method: 'PATCH', path: objectPath(which, ns, name), body, contentType: 'application/merge-patch+json' }, {
    phase: 'controller',
    summary: `PATCH ${DEPENDENTS[which].resource.slice(0, -1)} ${ns}/${name}`,
    object: { kind: DEPENDENTS[which].kind, name, namespace: ns },
  });
}

/**
 * orphanDependents + removeFinalizer: drop the owner's uid from every dependent's ownerReferences;
 * once no cached dependent names it any more, remove the `orphan` finalizer from the owner.
 */
function syncOrphan(env: ControllerEnv, sc: SyncContext, which: DependentInformer, key: string): SyncResult {
  const owner = env.informers.byName[which].items.get(key);
  if (!owner?.metadata.finalizers?.includes(ORPHAN)) return 'ok';
  const uid = owner.metadata.uid;
  let pending = false;
  for (const name of Object.keys(DEPENDENTS) as DependentInformer[]) {
    for (const obj of env.informers.byName[name].items.values()) {
      const refs = obj.metadata.ownerReferences ?? [];
      if (!refs.some((r) => r.uid === uid)) continue;
      pending = true;
      const rest = refs.filter((r) => r.uid !== uid);
      patch(sc, name, obj, { ownerReferences: rest.length > 0 ? rest : null });
    }
  }
  // The finalizer goes only after the informer has seen every dependent let go.
  if (pending) return 'retry';
  const rest = owner.metadata.finalizers.filter((f) => f !== ORPHAN);
  patch(sc, which, owner, { finalizers: rest.length > 0 ? rest : null });
  return 'ok';
}

function deleteObject(sc: SyncContext, which: DependentInformer, obj: KubeObject, propagationPolicy: 'Background' | 'Foreground'): void {
  const dep = DEPENDENTS[which];
  const ns = obj.metadata.namespace ?? '';
  const name = obj.metadata.name ?? '';
  const body = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy };
  syncWrite(sc, { method: 'DELETE', path: objectPath(which, ns, name), body, contentType: 'application/json' }, {
    phase: 'controller',
    summary: `DELETE ${dep.resource.slice(0, -1)} ${ns}/${name}${propagationPolicy === 'Foreground' ? ' (foreground)' : ''}`,
    object: { kind: dep.kind, name, namespace: ns },
  });
}

function hasDependents(env: ControllerEnv, uid: string | undefined): boolean {
  for (const name of Object.keys(DEPENDENTS) as DependentInformer[]) {
    for (const obj of env.informers.byName[name].items.values()) if (obj.metadata.ownerReferences?.some((r) => r.uid === uid)) return true;
  }
  return false;
}

/**
 * attemptToDeleteItem for a dependent whose owner waits for its dependents' deletion: with another
 * owner still solid it only lets go of the waiting owner; otherwise it is deleted, in the
 * foreground itself if it has dependents of its own (a ReplicaSet waits for its pods).
 */
function deleteForWaitingOwner(env: ControllerEnv, sc: SyncContext, which: DependentInformer, obj: KubeObject, ownerUid: string | undefined): void {
  const refs = obj.metadata.ownerReferences ?? [];
  const ns = obj.metadata.namespace;
  // classifyReferences: an owner that exists and is not itself waiting for its dependents is solid.
  const waiting = (r: OwnerReference): boolean => {
    const o = ownerOf(env.informers, ns, r);
    return o !== undefined && deletingDependents(o.obj);
  };
  const solid = refs.filter((r) => r.uid !== ownerUid && ownerExists(env.informers, ns, r) && !waiting(r));
  if (solid.length > 0) {
    patch(sc, which, obj, { ownerReferences: solid });
    return;
  }
  deleteObject(sc, which, obj, hasDependents(env, obj.metadata.uid) ? 'Foreground' : 'Background');
}

/**
 * processDeletingDependentsItem: delete every dependent not already going; once no dependent
 * with blockOwnerDeletion is left in the cache, remove the `foregroundDeletion` finalizer (and the
 * apiserver removes the owner). Dependents' deltas bring the owner's key back.
 */
function syncForeground(env: ControllerEnv, sc: SyncContext, which: DependentInformer, key: string): SyncResult {
  const owner = env.informers.byName[which].items.get(key);
  if (!owner || !deletingDependents(owner)) return 'ok';
  const uid = owner.metadata.uid;
  let blocking = 0;
  for (const name of Object.keys(DEPENDENTS) as DependentInformer[]) {
    for (const obj of env.informers.byName[name].items.values()) {
      const ref = obj.metadata.ownerReferences?.find((r) => r.uid === uid);
      if (!ref) continue;
      if (ref.blockOwnerDeletion) blocking++;
      if (!obj.metadata.deletionTimestamp) deleteForWaitingOwner(env, sc, name, obj, uid);
    }
  }
  if (blocking > 0) return 'ok';
  const rest = (owner.metadata.finalizers ?? []).filter((f) => f !== FOREGROUND);
  patch(sc, which, owner, { finalizers: rest.length > 0 ? rest : null });
  return 'ok';
}

/** attemptToDeleteItem: delete the dependent when none of its owners exists any more. */
export function syncGarbageCollector(_s: GarbageCollectorState, env: ControllerEnv, sc: SyncContext): SyncResult {
  for (const finalizer of [ORPHAN, FOREGROUND]) {
    if (!sc.key.startsWith(`${finalizer}|`)) continue;
    const rest = sc.key.slice(finalizer.length + 1);
    const i = rest.indexOf('|');
    const which = rest.slice(0, i) as DependentInformer;
    return finalizer === ORPHAN ? syncOrphan(env, sc, which, rest.slice(i + 1)) : syncForeground(env, sc, which, rest.slice(i + 1));
  }
  const bar = sc.key.indexOf('|');
  const which = sc.key.slice(0, bar) as DependentInformer;
  const key = sc.key.slice(bar + 1);
  const obj = env.informers.byName[which].items.get(key);
  if (!obj || obj.metadata.deletionTimestamp) return 'ok';
  const refs = obj.metadata.ownerReferences ?? [];
  if (refs.length === 0 || refs.some((r) => ownerExists(env.informers, obj.metadata.namespace, r))) return 'ok';
  deleteObject(sc, which, obj, 'Background');
  return 'ok';
}
