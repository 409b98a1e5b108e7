// The arithmetic of a PodDisruptionBudget (pkg/controller/disruption/disruption.go, v1.31):
// getExpectedPodCount, getExpectedScale with its finders, buildDisruptedPodMap, countHealthyPods and
// the status updatePdbStatus writes. Pure functions over the informer caches' objects, so the
// controller's sync and the tests share them.

import { labelSelectorMatches } from '../../api/labels';
import type { KubeObject, LabelSelector, OwnerReference, Pod } from '../../api/types';
import { parseTime, rfc3339 } from '../../api/time';
import { isPodReady } from '../replicaset/types';

export type IntOrString = number | string;

export interface PdbSpec {
  minAvailable?: IntOrString;
  maxUnavailable?: IntOrString;
  selector?: LabelSelector | null;
  unhealthyPodEvictionPolicy?: string;
}

export interface PdbCondition {
  type: string;
  status: 'True' | 'False';
  reason: string;
  message: string;
  observedGeneration?: number;
  lastTransitionTime: string;
}

export interface PdbStatus {
  observedGeneration?: number;
  disruptedPods?: Record<string, string>;
  disruptionsAllowed: number;
  currentHealthy: number;
  desiredHealthy: number;
  expectedPods: number;
  conditions?: PdbCondition[];
}

export interface Pdb extends KubeObject {
  spec?: PdbSpec;
  status?: PdbStatus;
}

/** DeletionTimeout: a pod the Eviction API admitted counts as disrupted for at most two minutes. */
export const DELETION_TIMEOUT_MS = 2 * 60 * 1000;

/** policy.DisruptionAllowedCondition and its reasons (k8s.io/api/policy/v1/types.go). */
export const DISRUPTION_ALLOWED = 'DisruptionAllowed';
export const SUFFICIENT_PODS = 'SufficientPods';
export const INSUFFICIENT_PODS = 'InsufficientPods';
export const SYNC_FAILED = 'SyncFailed';

/** The owner reference with controller: true (metav1.GetControllerOf). */
export function controllerRef(o: KubeObject): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller);
}

/** getPodsForPdb: the pods of the budget's namespace its selector matches (a nil selector matches none). */
export function podsForPdb(pdb: Pdb, pods: Iterable<Pod>): Pod[] {
  const out: Pod[] = [];
  for (const p of pods) {
    if (p.metadata.namespace === pdb.metadata.namespace && labelSelectorMatches(pdb.spec?.selector, p.metadata.labels)) out.push(p);
  }
  return out;
}

/** intstr.GetScaledValueFromIntOrPercent with roundUp: `50%` of 3 is 2. */
export function scaledValue(v: IntOrString, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const pct = Number(v.slice(0, -1));
  return roundUp ? Math.ceil((pct * total) / 100) : Math.floor((pct * total) / 100);
}

/** What the finders read: the workload controllers by namespace/name. */
export interface Controllers {
  replicaSet(namespace: string, name: string): KubeObject | undefined;
  deployment(namespace: string, name: string): KubeObject | undefined;
  statefulSet(namespace: string, name: string): KubeObject | undefined;
}

function replicas(o: KubeObject): number {
  return (o.spec as { replicas?: number } | undefined)?.replicas ?? 1;
}

/** The finders in order (getPodDeployment, getPodReplicaSet, getPodStatefulSet): uid and scale of the pod's top controller. */
function findController(ref: OwnerReference, namespace: string, c: Controllers): { uid: string; scale: number } | undefined {
  if (ref.kind === 'ReplicaSet') {
    const rs = c.replicaSet(namespace, ref.name);
    if (!rs || rs.metadata.uid !== ref.uid) return undefined;
    const owner = controllerRef(rs);
    if (owner?.kind === 'Deployment') {
      const d = c.deployment(namespace, owner.name);
      return d && d.metadata.uid === owner.uid ? { uid: d.metadata.uid ?? '', scale: replicas(d) } : undefined;
    }
    return { uid: rs.metadata.uid ?? '', scale: replicas(rs) };
  }
  if (ref.kind === 'StatefulSet') {
    const sts = c.statefulSet(namespace, ref.name);
    return sts && sts.metadata.uid === ref.uid ? { uid: sts.metadata.uid ?? '', scale: replicas(sts) } : undefined;
  }
  return undefined;
}

/** getExpectedScale: the sum of the scales of the pods' controllers, or the error (and its event reason). */
export function expectedScale(pods: Pod[], c: Controllers): { count: number } | { reason: string; error: string } {
  const scales = new Map<string, number>();
  const seenRefs = new Set<string>();
  for (const pod of pods) {
    const ref = controllerRef(pod);
    if (!ref) return { reason: 'NoControllerRef', error: `found no controller ref for pod "${pod.metadata.name}"` };
    if (seenRefs.has(ref.uid)) continue;
    const found = findController(ref, pod.metadata.namespace ?? '', c);
    if (!found) return { reason: 'NoControllers', error: `found no controllers for pod "${pod.metadata.name}"` };
    seenRefs.add(ref.uid);
    scales.set(found.uid, found.scale);
  }
  let count = 0;
  for (const s of scales.values()) count += s;
  return { count };
}

/** getExpectedPodCount: how many pods there should be, and how many of them must stay healthy. */
export function expectedPodCount(pdb: Pdb, pods: Pod[], c: Controllers): { expectedCount: number; desiredHealthy: number } | { reason: string; error: string } {
  const spec = pdb.spec ?? {};
  if (spec.maxUnavailable !== undefined) {
    const scale = expectedScale(pods, c);
    if ('error' in scale) return scale;
    const maxUnavailable = scaledValue(spec.maxUnavailable, scale.count, true);
    return { expectedCount: scale.count, desiredHealthy: Math.max(0, scale.count - maxUnavailable) };
  }
  if (spec.minAvailable !== undefined) {
    if (typeof spec.minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: spec.minAvailable };
    const scale = expectedScale(pods, c);
    if ('error' in scale) return scale;
    return { expectedCount: scale.count, desiredHealthy: scaledValue(spec.minAvailable, scale.count, true) };
  }
  return { expectedCount: 0, desiredHealthy: 0 };
}

/**
 * buildDisruptedPodMap: the entries of status.disruptedPods whose pod still exists, is not yet being
 * deleted and was admitted less than DeletionTimeout ago.
 */
export function disruptedPodMap(pdb: Pdb, pods: Pod[], now: number): Record<string, string> {
  const old = pdb.status?.disruptedPods ?? {};
  const out: Record<string, string> = {};
  for (const p of pods) {
    const name = p.metadata.name ?? '';
    if (p.metadata.deletionTimestamp || !Object.hasOwn(old, name)) continue;
    if (parseTime(old[name]!) + DELETION_TIMEOUT_MS < now) continue;
    out[name] = old[name]!;
  }
  return out;
}

/** countHealthyPods: ready, not being deleted, and not already counted as disrupted. */
export function countHealthyPods(pods: Pod[], disrupted: Record<string, string>): number {
  return pods.filter((p) => !p.metadata.deletionTimestamp && !Object.hasOwn(disrupted, p.metadata.name ?? '') && isPodReady(p)).length;
}

function withCondition(old: PdbCondition[] | undefined, cond: Omit<PdbCondition, 'lastTransitionTime'>, now: number): PdbCondition[] {
  const prev = (old ?? []).find((c) => c.type === cond.type);
  // apimeta.SetStatusCondition keeps lastTransitionTime while the status stays the same.
  const lastTransitionTime = prev && prev.status === cond.status ? prev.lastTransitionTime : rfc3339(now);
  return [...(old ?? []).filter((c) => c.type !== cond.type), { ...cond, lastTransitionTime }];
}

/** updatePdbStatus: disruptionsAllowed = currentHealthy - desiredHealthy, never below 0, and the condition. */
export function pdbStatus(pdb: Pdb, currentHealthy: number, desiredHealthy: number, expectedCount: number, disrupted: Record<string, string>, now: number): PdbStatus {
  let allowed = currentHealthy - desiredHealthy;
  if (expectedCount <= 0 || allowed <= 0) allowed = 0;
  const observedGeneration = pdb.metadata.generation ?? 1;
  const status: PdbStatus = { observedGeneration, disruptionsAllowed: allowed, currentHealthy, desiredHealthy, expectedPods: expectedCount };
  if (Object.keys(disrupted).length > 0) status.disruptedPods = disrupted;
  const cond = allowed > 0 ? { status: 'True' as const, reason: SUFFICIENT_PODS } : { status: 'False' as const, reason: INSUFFICIENT_PODS };
  status.conditions = withCondition(pdb.status?.conditions, { type: DISRUPTION_ALLOWED, ...cond, message: '', observedGeneration }, now);
  return status;
}

/** failSafe: no disruptions until the budget can be computed again, with the error in the condition. */
export function failSafeStatus(pdb: Pdb, error: string, now: number): PdbStatus {
  const old = pdb.status ?? { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 };
  const conditions = withCondition(old.conditions, { type: DISRUPTION_ALLOWED, status: 'False', reason: SYNC_FAILED, message: error, observedGeneration: old.observedGeneration }, now);
  return { ...old, disruptionsAllowed: 0, conditions };
}
