// The StatefulSet controller (pkg/controller/statefulset, v1.31, service account
// statefulset-controller). StatefulSet and pod changes only enqueue the set's key; the sync takes
// the pods the set controls, plans this step of updateStatefulSet (update.ts: ordered creation,
// a deleted pod recreated under the same name, scale-down from the highest ordinal, rolling
// update from the highest ordinal down) and writes the status. Every pod create and delete records
// the real event: `create Pod web-0 in StatefulSet web successful`.
//
// Kubeplay's additions and simplifications: a real sync blocks on each create, so its next sync
// sees the pod; here writes are asynchronous, so the controller remembers the pods it asked to
// create or delete until the informer shows them (as the ReplicaSet's expectations do), instead of
// relying on AlreadyExists. Each update revision is kept as a ControllerRevision
// (history/controller-history.ts; its name from the template's hash, see pods.ts). No adoption or release of pods by selector, no maxUnavailable.
// volumeClaimTemplates make one claim per pod (claims.ts), kept on scale-down; the claims' own
// SuccessfulCreate events are not recorded.

import type { Pod, Status } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import type { MessageId } from '../../kernel/units';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import { queueAdd, queueAddAfter } from '../framework/workqueue';
import { controllerOf } from '../replicaset/types';
import { podRevision, revisionName } from './pods';
import { ownedRevisions, planHistory, writeHistory } from '../history/controller-history';
import { claimsFor, withClaimVolumes } from './claims';
import type { StatefulSet } from './types';
import { planStatefulSet, statefulSetStatus } from './update';

export const STATEFULSET_CONTROLLER = 'statefulset-controller';
export const STATEFULSET_SA = 'statefulset-controller';
const PURPOSE = `controller:${STATEFULSET_CONTROLLER}`;

export interface StatefulSetControllerState {
  rt: ControllerRuntime;
  /** Per set: keys of pods asked to be created (not yet in the cache) or deleted (not yet terminating). */
  expectations: Map<string, { adds: string[]; deletes: string[] }>;
  /** Pod writes in flight: which pod and verb, for the event once answered. */
  podWrites: Map<MessageId, { set: string; pod: string; verb: 'create' | 'delete' }>;
}

export function createStatefulSetController(): StatefulSetControllerState {
  return { rt: createRuntime(STATEFULSET_CONTROLLER), expectations: new Map(), podWrites: new Map() };
}

function enqueue(s: StatefulSetControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onStatefulSetDelta(s: StatefulSetControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

function ownerKey(p: Pod | undefined): string | undefined {
  const ref = p ? controllerOf(p) : undefined;
  return ref?.kind === 'StatefulSet' ? `${p!.metadata.namespace}/${ref.name}` : undefined;
}

/** addPod / updatePod / deletePod: meet the owner's expectations and enqueue it. */
export function onStatefulSetPodDelta(s: StatefulSetControllerState, env: ControllerEnv, d: Delta): void {
  const pod = d.object as Pod;
  const key = ownerKey(pod);
  const old = ownerKey(d.old as Pod | undefined);
  if (old && old !== key) enqueue(s, env, old);
  if (!key) return;
  const exp = s.expectations.get(key);
  const podKey = objectKey(pod);
  if (exp && d.type !== 'DELETED') exp.adds = exp.adds.filter((k) => k !== podKey);
  if (exp && (d.type === 'DELETED' || pod.metadata.deletionTimestamp)) exp.deletes = exp.deletes.filter((k) => k !== podKey);
  enqueue(s, env, key);
}

function podsPath(ns: string, name?: string): string {
  return `/api/v1/namespaces/${ns}/pods${name ? `/${name}` : ''}`;
}

/** The active and finished pods this set controls (by controller reference). */
function ownedPods(env: ControllerEnv, set: StatefulSet): Pod[] {
  const out: Pod[] = [];
  for (const p of env.informers.byName.pods.items.values()) {
    if (p.metadata.namespace === set.metadata.namespace && controllerOf(p)?.uid === set.metadata.uid) out.push(p as Pod);
  }
  return out;
}

function writePods(s: StatefulSetControllerState, env: ControllerEnv, sc: SyncContext, set: StatefulSet, plan: ReturnType<typeof planStatefulSet>): void {
  const ns = set.metadata.namespace ?? 'default';
  const setName = set.metadata.name ?? '';
  const exp = { adds: [] as string[], deletes: [] as string[] };
  for (const planned of plan.create) {
    const name = planned.metadata.name ?? '';
    exp.adds.push(`${ns}/${name}`);
    // createPersistentVolumeClaims: the pod's claims first, those the cache does not hold yet.
    for (const claim of claimsFor(set, name)) {
      if (env.informers.byName.persistentvolumeclaims.items.has(`${ns}/${claim.metadata.name ?? ''}`)) continue;
      const path = `/api/v1/namespaces/${ns}/persistentvolumeclaims`;
      syncWrite(sc, { method: 'POST', path, body: claim }, { phase: 'controller', summary: `POST claim ${claim.metadata.name ?? ''}`, object: { kind: 'StatefulSet', name: setName, namespace: ns } });
    }
    const pod = withClaimVolumes(set, planned);
    const id = syncWrite(sc, { method: 'POST', path: podsPath(ns), body: pod }, { phase: 'controller', summary: `POST pod ${name}`, object: { kind: 'StatefulSet', name: setName, namespace: ns } });
    s.podWrites.set(id, { set: sc.key, pod: name, verb: 'create' });
  }
  for (const pod of plan.delete) {
    const name = pod.metadata.name ?? '';
    exp.deletes.push(`${ns}/${name}`);
    const id = syncWrite(sc, { method: 'DELETE', path: podsPath(ns, name) }, { phase: 'controller', summary: `DELETE pod ${name}`, object: { kind: 'Pod', name, namespace: ns } });
    s.podWrites.set(id, { set: sc.key, pod: name, verb: 'delete' });
  }
  if (exp.adds.length + exp.deletes.length > 0) s.expectations.set(sc.key, exp);
}

/** syncStatefulSet: plan and act once the last actions are seen, then write the status if it changed. */
export function syncStatefulSet(s: StatefulSetControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const set = env.informers.byName.statefulsets.items.get(sc.key) as StatefulSet | undefined;
  if (!set) {
    s.expectations.delete(sc.key);
    return 'ok';
  }
  const pods = ownedPods(env, set);
  const updateRevision = revisionName(set);
  // getStatefulSetRevisions: the update revision is kept as a ControllerRevision; the current one
  // and those the pods run are spared by the history's trim.
  if (!set.metadata.deletionTimestamp) {
    const revisions = ownedRevisions(set, env.informers.byName.controllerrevisions.items.values());
    const inUse = new Set([set.status?.currentRevision ?? '', ...pods.map((p) => podRevision(p) ?? '')]);
    writeHistory(sc, set, planHistory(set, updateRevision.slice((set.metadata.name ?? '').length + 1), revisions, inUse));
  }
  const exp = s.expectations.get(sc.key);
  if (!exp || exp.adds.length + exp.deletes.length === 0) {
    const plan = planStatefulSet(set, pods, updateRevision, env.ctx.now);
    for (const pod of plan.recreate) recordRecreate(env, set, pod);
    writePods(s, env, sc, set, plan);
    if (plan.requeueAfterMs !== undefined) queueAddAfter(s.rt.queue, env.ctx, sc.key, plan.requeueAfterMs);
  }
  const status = statefulSetStatus(set, pods, set.status?.currentRevision ?? updateRevision, updateRevision, env.ctx.now);
  if (JSON.stringify(status) !== JSON.stringify(set.status ?? {})) {
    const ns = set.metadata.namespace ?? 'default';
    const path = `/apis/apps/v1/namespaces/${ns}/statefulsets/${set.metadata.name}/status`;
    syncWrite(sc, { method: 'PUT', path, body: { ...set, status } }, { phase: 'controller', summary: `PUT statefulset ${set.metadata.name}/status`, object: { kind: 'StatefulSet', name: set.metadata.name ?? '', namespace: ns } });
  }
  return 'ok';
}

function recorder(env: ControllerEnv) {
  return { component: STATEFULSET_CONTROLLER, credentials: env.credentials, phase: 'controller' as const };
}

function setRef(env: ControllerEnv, key: string) {
  const [namespace, name] = key.split('/') as [string, string];
  const set = env.informers.byName.statefulsets.items.get(key);
  return { kind: 'StatefulSet', apiVersion: 'apps/v1', namespace, name, uid: set?.metadata.uid ?? '' };
}

/** processReplica's events for a finished pod it deletes to make again. */
function recordRecreate(env: ControllerEnv, set: StatefulSet, pod: Pod): void {
  const failed = pod.status?.phase === 'Failed';
  const what = failed ? 'failed' : 'terminated';
  const message = `StatefulSet ${set.metadata.namespace}/${set.metadata.name} is recreating ${what} Pod ${pod.metadata.name}`;
  recordEvent(env.ctx, env.client, recorder(env), env.events, setRef(env, objectKey(set)), failed ? 'Warning' : 'Normal', failed ? 'RecreatingFailedPod' : 'RecreatingTerminatedPod', message);
}

/**
 * The answer to a pod create or delete: recordPodEvent (stateful_pod_control.go), `SuccessfulCreate`
 * / `SuccessfulDelete`, or `FailedCreate` / `FailedDelete` with the error. AlreadyExists is not
 * reported (the controller sinks it). A failed write will not be seen by the informer, so it no
 * longer holds the expectations back.
 */
export function statefulSetOnWriteResult(s: StatefulSetControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const w = s.podWrites.get(ev.call.id);
  if (!w) return;
  s.podWrites.delete(ev.call.id);
  const ok = ev.kind === 'response' && ev.response.status < 300;
  const setName = w.set.slice(w.set.indexOf('/') + 1);
  const verb = w.verb === 'create' ? 'Create' : 'Delete';
  if (ok) {
    recordEvent(env.ctx, env.client, recorder(env), env.events, setRef(env, w.set), 'Normal', `Successful${verb}`, `${w.verb} Pod ${w.pod} in StatefulSet ${setName} successful`);
    return;
  }
  const exp = s.expectations.get(w.set);
  const podKey = `${w.set.slice(0, w.set.indexOf('/'))}/${w.pod}`;
  if (exp) {
    exp.adds = exp.adds.filter((k) => k !== podKey);
    exp.deletes = exp.deletes.filter((k) => k !== podKey);
  }
  const status = ev.kind === 'response' ? (ev.response.body as Status | undefined) : undefined;
  if (status?.reason === 'AlreadyExists' || (w.verb === 'delete' && status?.reason === 'NotFound')) return;
  const err = status?.message ?? (ev.kind === 'error' ? ev.error : 'unknown error');
  recordEvent(env.ctx, env.client, recorder(env), env.events, setRef(env, w.set), 'Warning', `Failed${verb}`, `${w.verb} Pod ${w.pod} in StatefulSet ${setName} failed error: ${err}`);
}
