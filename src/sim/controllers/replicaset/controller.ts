// The ReplicaSet controller (pkg/controller/replicaset/replica_set.go, service account
// replicaset-controller). Pod and ReplicaSet changes only enqueue the ReplicaSet's key; syncReplicaSet
// claims the pods (adopting matching orphans, releasing pods that stopped matching), creates or
// deletes pods until the active pods it owns equal spec.replicas, and writes the status. Its
// expectations remember creates and deletes in flight so that a sync that runs before the informer
// has seen them does not act twice (controller_utils.go ControllerExpectations).
//
// Simplified: expectations never expire (the real ones time out after 5 minutes) and pods are
// created all at once rather than in slow-start batches.

import type { Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { podsByOwner } from '../framework/informers';
import { recordEvent } from '../framework/events';
import { queueAdd } from '../framework/workqueue';
import { labelSelectorMatches } from '../../api/labels';
import { calculateStatus, claimPods, podFromTemplate, rankForDeletion, sameStatus, type Claim } from './manage';
import { controllerOf, type ReplicaSet } from './types';

export const REPLICASET_CONTROLLER = 'replicaset-controller';
export const REPLICASET_SA = 'replicaset-controller';
const PURPOSE = `controller:${REPLICASET_CONTROLLER}`;

export interface Expectation {
  /** Pod creates asked for and not yet seen by the informer. */
  adds: number;
  /** Keys of pods asked to be deleted and still in the cache. */
  deletes: string[];
}

export interface ReplicaSetControllerState {
  rt: ControllerRuntime;
  expectations: Map<string, Expectation>;
}

export function createReplicaSetController(): ReplicaSetControllerState {
  return { rt: createRuntime(REPLICASET_CONTROLLER), expectations: new Map() };
}

function enqueue(s: ReplicaSetControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onReplicaSetDelta(s: ReplicaSetControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

function ownerKey(p: Pod): string | undefined {
  const ref = controllerOf(p);
  return ref?.kind === 'ReplicaSet' ? `${p.metadata.namespace}/${ref.name}` : undefined;
}

/** addPod / updatePod / deletePod: lower the owner's expectations and enqueue it (or, for orphans, every matching ReplicaSet). */
export function onReplicaSetPodDelta(s: ReplicaSetControllerState, env: ControllerEnv, d: Delta): void {
  const pod = d.object as Pod;
  const key = ownerKey(pod);
  const exp = key ? s.expectations.get(key) : undefined;
  if (exp && d.type === 'ADDED' && exp.adds > 0) exp.adds--;
  if (exp && (d.type === 'DELETED' || pod.metadata.deletionTimestamp)) exp.deletes = exp.deletes.filter((k) => k !== objectKey(pod));
  const old = d.old ? ownerKey(d.old as Pod) : undefined;
  if (old && old !== key) enqueue(s, env, old);
  if (key) {
    enqueue(s, env, key);
    return;
  }
  if (d.type === 'DELETED') return;
  for (const rs of env.informers.byName.replicasets.items.values()) {
    if (rs.metadata.namespace === pod.metadata.namespace && labelSelectorMatches((rs as ReplicaSet).spec.selector, pod.metadata.labels)) enqueue(s, env, objectKey(rs));
  }
}

function satisfied(e: Expectation | undefined): boolean {
  return !e || (e.adds <= 0 && e.deletes.length === 0);
}

function podsPath(ns: string, name?: string): string {
  return `/api/v1/namespaces/${ns}/pods${name ? `/${name}` : ''}`;
}

/** Adopt or release a pod by patching its ownerReferences (PodControllerRefManager). */
function patchOwner(sc: SyncContext, rs: ReplicaSet, pod: Pod, adopt: boolean): void {
  const ns = pod.metadata.namespace ?? 'default';
  const others = (pod.metadata.ownerReferences ?? []).filter((r) => r.uid !== rs.metadata.uid);
  const refs = adopt ? [...others, podFromTemplate(rs).metadata.ownerReferences![0]!] : others;
  const body = { metadata: { uid: pod.metadata.uid, ownerReferences: refs } };
  const summary = `PATCH pod ${pod.metadata.name} (${adopt ? 'adopt' : 'release'})`;
  syncWrite(sc, { method: 'PATCH', path: podsPath(ns, pod.metadata.name), body, contentType: 'application/merge-patch+json' }, { phase: 'controller', summary, object: { kind: 'Pod', name: pod.metadata.name ?? '', namespace: ns } });
}

/** manageReplicas: create the missing pods or delete the surplus, and expect to see it happen. */
function manageReplicas(s: ReplicaSetControllerState, sc: SyncContext, rs: ReplicaSet, owned: Pod[]): void {
  const ns = rs.metadata.namespace ?? 'default';
  const diff = owned.length - (rs.spec.replicas ?? 1);
  const obj = { kind: 'ReplicaSet', name: rs.metadata.name ?? '', namespace: ns };
  if (diff < 0) {
    s.expectations.set(sc.key, { adds: -diff, deletes: [] });
    for (let i = 0; i < -diff; i++) {
      syncWrite(sc, { method: 'POST', path: podsPath(ns), body: podFromTemplate(rs) }, { phase: 'controller', summary: `POST pod ${rs.metadata.name}-*`, object: obj });
    }
  } else if (diff > 0) {
    const victims = rankForDeletion(owned).slice(0, diff);
    s.expectations.set(sc.key, { adds: 0, deletes: victims.map(objectKey) });
    for (const p of victims) {
      syncWrite(sc, { method: 'DELETE', path: podsPath(ns, p.metadata.name) }, { phase: 'controller', summary: `DELETE pod ${p.metadata.name}`, object: { kind: 'Pod', name: p.metadata.name ?? '', namespace: ns } });
    }
  }
}

/**
 * ClaimPods over the pods the index files under this ReplicaSet's UID and its namespace's orphans:
 * pods another controller owns are ignored by ClaimObject anyway, so the claim is the same as over
 * every pod, at the cost of the ReplicaSet's own pods. The index keeps each owner's pods in the
 * order it first saw them, not the informer's, and adoption and release PATCHes go out in the
 * claim's order: when there is one to send (rare: an orphan or a relabelled pod), the claim is made
 * again over every pod, so the requests keep the informer's order.
 */
function claimOwnAndOrphans(env: ControllerEnv, rs: ReplicaSet): Claim {
  const claim = claimPods(rs, podsByOwner(env.informers, rs.metadata.namespace ?? '', rs.metadata.uid ?? ''));
  if (claim.adopt.length === 0 && claim.release.length === 0) return claim;
  return claimPods(rs, env.informers.byName.pods.items.values() as Iterable<Pod>);
}

/** syncReplicaSet: claim, manage replicas if the last actions have been seen, then report status. */
export function syncReplicaSet(s: ReplicaSetControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const rs = env.informers.byName.replicasets.items.get(sc.key) as ReplicaSet | undefined;
  if (!rs) {
    s.expectations.delete(sc.key);
    return 'ok';
  }
  const claim = claimOwnAndOrphans(env, rs);
  for (const p of claim.adopt) patchOwner(sc, rs, p, true);
  for (const p of claim.release) patchOwner(sc, rs, p, false);
  if (satisfied(s.expectations.get(sc.key)) && !rs.metadata.deletionTimestamp) manageReplicas(s, sc, rs, claim.owned);
  const status = calculateStatus(rs, claim.owned);
  if (!sameStatus(rs.status, status)) {
    const ns = rs.metadata.namespace ?? 'default';
    const path = `/apis/apps/v1/namespaces/${ns}/replicasets/${rs.metadata.name}/status`;
    syncWrite(sc, { method: 'PUT', path, body: { ...rs, status } }, { phase: 'controller', summary: `PUT replicaset ${rs.metadata.name}/status`, object: { kind: 'ReplicaSet', name: rs.metadata.name ?? '', namespace: ns } });
  }
  return 'ok';
}

/** The answer to a pod create or delete: its event, or, if it failed, an expectation that will never be met. */
export function replicaSetOnWriteResult(s: ReplicaSetControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const { key } = ev.call.data as { key: string };
  const ok = ev.kind === 'response' && ev.response.status < 300;
  const [ns, name] = key.split('/') as [string, string];
  const rs = env.informers.byName.replicasets.items.get(key);
  const ref = { kind: 'ReplicaSet', apiVersion: 'apps/v1', namespace: ns, name, uid: rs?.metadata.uid ?? '' };
  const rec = { component: REPLICASET_CONTROLLER, credentials: env.credentials, phase: 'controller' as const };
  const exp = s.expectations.get(key);
  if (ev.call.method === 'POST' && ev.call.path.endsWith('/pods')) {
    if (!ok) {
      if (exp && exp.adds > 0) exp.adds--;
      // RealPodControl.createPods: a refused create (quota, LimitRanger) is told on the ReplicaSet.
      const status = ev.kind === 'response' ? (ev.response.body as { message?: string } | undefined) : undefined;
      if (status?.message) recordEvent(env.ctx, env.client, rec, env.events, ref, 'Warning', 'FailedCreate', `Error creating: ${status.message}`);
      return;
    }
    const pod = (ev as { response: { body: Pod } }).response.body;
    recordEvent(env.ctx, env.client, rec, env.events, ref, 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
  } else if (ev.call.method === 'DELETE' && ev.call.path.includes('/pods/')) {
    const pod = ev.call.path.slice(ev.call.path.lastIndexOf('/') + 1);
    if (!ok) {
      if (exp) exp.deletes = exp.deletes.filter((k) => k !== `${ns}/${pod}`);
      return;
    }
    recordEvent(env.ctx, env.client, rec, env.events, ref, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod}`);
  }
}
