// The disruption controller (pkg/controller/disruption/disruption.go, kube-controller-manager's
// `disruption` controller, acting as kube-system/disruption-controller): it keeps every
// PodDisruptionBudget's status - expectedPods, desiredHealthy, currentHealthy, disruptionsAllowed,
// the DisruptionAllowed condition - in line with the pods its selector matches, so the Eviction API
// (pods/eviction) can tell whether one more pod may go. Handlers enqueue budgets: a budget's own
// changes, and every change of a pod a budget selects (getPdbsForPod).
//
// Simplified: the finders know ReplicaSets (and their Deployments) and StatefulSets, not
// ReplicationControllers or the scale subresource of custom resources; the stale-condition recheck
// (DisruptionTarget on pods) is not modelled.

import type { KubeObject, Pod } from '../../api/types';
import type { Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { objectReference, recordEvent } from '../framework/events';
import { queueAdd } from '../framework/workqueue';
import { labelSelectorMatches } from '../../api/labels';
import {
  countHealthyPods,
  disruptedPodMap,
  expectedPodCount,
  failSafeStatus,
  pdbStatus,
  podsForPdb,
  type Controllers,
  type Pdb,
  type PdbStatus,
} from './budget';

export const DISRUPTION_CONTROLLER = 'disruption';
export const DISRUPTION_SA = 'disruption-controller';

export interface DisruptionControllerState {
  rt: ControllerRuntime;
}

export function createDisruptionController(): DisruptionControllerState {
  return { rt: createRuntime(DISRUPTION_CONTROLLER) };
}

function enqueue(s: DisruptionControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

function budgets(env: ControllerEnv): Iterable<KubeObject> {
  return env.informers.byName.poddisruptionbudgets.items.values();
}

/** addDb / updateDb / removeDb. */
export function onPdbDelta(s: DisruptionControllerState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED') return;
  enqueue(s, env, `${d.object.metadata.namespace}/${d.object.metadata.name}`);
}

/** addPod / updatePod / deletePod: the budgets that select the pod (old labels and new). */
export function onDisruptionPodDelta(s: DisruptionControllerState, env: ControllerEnv, d: Delta): void {
  const labelSets = [d.object.metadata.labels, d.old?.metadata.labels];
  for (const pdb of budgets(env)) {
    if (pdb.metadata.namespace !== d.object.metadata.namespace) continue;
    const sel = (pdb as Pdb).spec?.selector;
    if (labelSets.some((l) => l && labelSelectorMatches(sel, l))) enqueue(s, env, `${pdb.metadata.namespace}/${pdb.metadata.name}`);
  }
}

function controllers(env: ControllerEnv): Controllers {
  const by = env.informers.byName;
  return {
    replicaSet: (ns, name) => by.replicasets.items.get(`${ns}/${name}`),
    deployment: (ns, name) => by.deployments.items.get(`${ns}/${name}`),
    statefulSet: (ns, name) => by.statefulsets.items.get(`${ns}/${name}`),
  };
}

function sameStatus(a: PdbStatus | undefined, b: PdbStatus): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b);
}

function writeStatus(sc: SyncContext, pdb: Pdb, status: PdbStatus): void {
  const ns = pdb.metadata.namespace ?? '';
  const name = pdb.metadata.name ?? '';
  const path = `/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets/${name}/status`;
  const body = { ...pdb, status };
  syncWrite(sc, { method: 'PUT', path, body }, { phase: 'controller', summary: `PUT ${path} (disruptionsAllowed ${status.disruptionsAllowed})`, object: { kind: 'PodDisruptionBudget', name, namespace: ns } });
}

/** sync -> trySync: compute the status from the caches; write it only if it changed. */
export function syncDisruption(_s: DisruptionControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const pdb = env.informers.byName.poddisruptionbudgets.items.get(sc.key) as Pdb | undefined;
  if (!pdb || pdb.metadata.deletionTimestamp) return 'ok';
  const now = env.ctx.now;
  const pods = podsForPdb(pdb, env.informers.byName.pods.items.values() as Iterable<Pod>);
  if (pods.length === 0) {
    const rec = { component: 'controllermanager', credentials: env.credentials, phase: 'controller' as const };
    recordEvent(env.ctx, env.client, rec, env.events, objectReference(pdb), 'Normal', 'NoPods', 'No matching pods found');
  }
  const expected = expectedPodCount(pdb, pods, controllers(env));
  if ('error' in expected) {
    const rec = { component: 'controllermanager', credentials: env.credentials, phase: 'controller' as const };
    recordEvent(env.ctx, env.client, rec, env.events, objectReference(pdb), 'Warning', expected.reason, expected.error);
    const safe = failSafeStatus(pdb, expected.error, now);
    if (!sameStatus(pdb.status, safe)) writeStatus(sc, pdb, safe);
    return 'ok';
  }
  const disrupted = disruptedPodMap(pdb, pods, now);
  const healthy = countHealthyPods(pods, disrupted);
  const status = pdbStatus(pdb, healthy, expected.desiredHealthy, expected.expectedCount, disrupted, now);
  if (!sameStatus(pdb.status, status)) writeStatus(sc, pdb, status);
  return 'ok';
}
