// updateStatefulSet (pkg/controller/statefulset/stateful_set_control.go, v1.31) as a pure plan:
// given the set and the pods it owns, which pods to create and which to delete in this sync.
//
// Pods are slotted by ordinal: ordinals [start, start+replicas) are the replicas, the rest are
// condemned (highest ordinal first). With podManagementPolicy OrderedReady ("monotonic") the walk
// stops at the first replica it creates, or that is terminating or not yet Running and Ready, so
// `web-1` is created only once `web-0` is Ready; condemned pods are deleted one at a time, highest
// first, and only when every replica is healthy. Parallel does every step at once. Then
// RollingUpdate deletes the highest-ordinal pod not at the update revision (down to the
// partition) and waits for it to come back healthy before the next one.

import type { Pod } from '../../api/types';
import { availableWaitMs, isCreated, isFinished, isHealthy, isRunningAndReady, isTerminating, newStatefulSetPod, ordinalOf, podRevision, startOrdinal } from './pods';
import type { StatefulSet, StatefulSetStatus } from './types';

export interface StatefulSetPlan {
  create: Pod[];
  delete: Pod[];
  /** Finished pods deleted to be recreated (RecreatingFailedPod / RecreatingTerminatedPod). */
  recreate: Pod[];
  /** Sync again after this long (a pod waiting out minReadySeconds). */
  requeueAfterMs?: number;
}

export interface Slots {
  /** Index i holds ordinal start+i; undefined where no pod exists. */
  replicas: (Pod | undefined)[];
  /** Pods outside the range, highest ordinal first. */
  condemned: Pod[];
}

/** Slot the owned pods by ordinal; pods whose names carry no ordinal of this set are ignored. */
export function slotPods(set: StatefulSet, pods: Pod[]): Slots {
  const start = startOrdinal(set);
  const count = set.spec.replicas ?? 1;
  const replicas: (Pod | undefined)[] = new Array<Pod | undefined>(count).fill(undefined);
  const condemned: { ord: number; pod: Pod }[] = [];
  for (const pod of pods) {
    const ord = ordinalOf(set, pod);
    if (ord === undefined) continue;
    if (ord >= start && ord < start + count) replicas[ord - start] = pod;
    else condemned.push({ ord, pod });
  }
  condemned.sort((a, b) => b.ord - a.ord);
  return { replicas, condemned: condemned.map((c) => c.pod) };
}

interface Walk {
  set: StatefulSet;
  plan: StatefulSetPlan;
  monotonic: boolean;
  now: number;
  updateRevision: string;
}

/** processReplica: recreate a finished pod, create a missing one, wait on one not yet available. Returns true to stop the walk. */
function processReplica(w: Walk, slots: Slots, i: number): boolean {
  let pod = slots.replicas[i];
  const ordinal = startOrdinal(w.set) + i;
  if (pod && isFinished(pod) && !isTerminating(pod)) {
    w.plan.recreate.push(pod);
    w.plan.delete.push(pod);
    // The replacement is made once the informer shows the old pod gone (the name is taken until then).
    return w.monotonic;
  }
  if (!isCreated(pod)) {
    pod = newStatefulSetPod(w.set, ordinal, w.updateRevision);
    slots.replicas[i] = pod;
    w.plan.create.push(pod);
    if (w.monotonic) return true;
  }
  if (isTerminating(pod) && w.monotonic) return true;
  const wait = isCreated(pod) ? availableWaitMs(pod, w.set.spec.minReadySeconds ?? 0, w.now) : -1;
  if (wait !== 0 && w.monotonic) {
    if (wait > 0) w.plan.requeueAfterMs = Math.min(w.plan.requeueAfterMs ?? wait, wait);
    return true;
  }
  return false;
}

/** processCondemned: delete a condemned pod; in order, only when it is the first unhealthy one or healthy itself. */
function processCondemned(w: Walk, condemned: Pod[], i: number, firstUnhealthy: Pod | undefined): boolean {
  const pod = condemned[i]!;
  if (isTerminating(pod)) return w.monotonic;
  if (w.monotonic && pod !== firstUnhealthy && availableWaitMs(pod, w.set.spec.minReadySeconds ?? 0, w.now) !== 0) return true;
  w.plan.delete.push(pod);
  return true;
}

/** The first unhealthy pod: among the replicas in order, then among the condemned lowest first. */
function firstUnhealthyPod(slots: Slots): Pod | undefined {
  for (const p of slots.replicas) if (!p || !isHealthy(p)) return p;
  for (let i = slots.condemned.length - 1; i >= 0; i--) if (!isHealthy(slots.condemned[i]!)) return slots.condemned[i];
  return undefined;
}

/** The rolling update: delete the highest pod not at the update revision, or wait for an unhealthy one. */
function rollingUpdate(w: Walk, slots: Slots): void {
  if ((w.set.spec.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return;
  const partition = w.set.spec.updateStrategy?.rollingUpdate?.partition ?? 0;
  for (let target = slots.replicas.length - 1; target >= partition; target--) {
    const pod = slots.replicas[target];
    if (!pod) return;
    if (podRevision(pod) !== w.updateRevision && !isTerminating(pod)) {
      w.plan.delete.push(pod);
      return;
    }
    if (!isHealthy(pod)) return;
  }
}

export function planStatefulSet(set: StatefulSet, pods: Pod[], updateRevision: string, now: number): StatefulSetPlan {
  const plan: StatefulSetPlan = { create: [], delete: [], recreate: [] };
  if (set.metadata.deletionTimestamp) return plan;
  const w: Walk = { set, plan, monotonic: (set.spec.podManagementPolicy ?? 'OrderedReady') !== 'Parallel', now, updateRevision };
  const slots = slotPods(set, pods);
  const firstUnhealthy = firstUnhealthyPod(slots);
  // runForAll: in order, stopping at the first step that blocks; in parallel, every step.
  let stop = false;
  for (let i = 0; i < slots.replicas.length && !(stop && w.monotonic); i++) stop = processReplica(w, slots, i) || stop;
  if (stop && w.monotonic) return plan;
  // Parallel scale-down deletes every condemned pod at once.
  for (let i = 0; i < slots.condemned.length; i++) {
    if (processCondemned(w, slots.condemned, i, firstUnhealthy) && w.monotonic) return plan;
  }
  rollingUpdate(w, slots);
  return plan;
}

/**
 * computeReplicaStatus + completeRollingUpdate: counts over the owned pods; once every pod is
 * updated and ready, the current revision becomes the update revision.
 */
export function statefulSetStatus(set: StatefulSet, pods: Pod[], currentRevision: string, updateRevision: string, now: number): StatefulSetStatus {
  let replicas = 0;
  let ready = 0;
  let available = 0;
  let current = 0;
  let updated = 0;
  for (const pod of pods) {
    if (ordinalOf(set, pod) === undefined) continue;
    if (isCreated(pod)) replicas++;
    if (isRunningAndReady(pod)) {
      ready++;
      if (availableWaitMs(pod, set.spec.minReadySeconds ?? 0, now) === 0) available++;
    }
    if (isCreated(pod) && !isTerminating(pod)) {
      if (podRevision(pod) === currentRevision) current++;
      if (podRevision(pod) === updateRevision) updated++;
    }
  }
  let currentRev = currentRevision;
  const rolling = (set.spec.updateStrategy?.type ?? 'RollingUpdate') === 'RollingUpdate';
  if (rolling && updated === replicas && ready === replicas) {
    current = updated;
    currentRev = updateRevision;
  }
  const status: StatefulSetStatus = { replicas, availableReplicas: available };
  if (set.metadata.generation !== undefined) status.observedGeneration = set.metadata.generation;
  // readyReplicas, currentReplicas and updatedReplicas are omitempty in apps/v1.
  if (ready) status.readyReplicas = ready;
  if (current) status.currentReplicas = current;
  if (updated) status.updatedReplicas = updated;
  status.currentRevision = currentRev;
  status.updateRevision = updateRevision;
  status.collisionCount = set.status?.collisionCount ?? 0;
  return status;
}
