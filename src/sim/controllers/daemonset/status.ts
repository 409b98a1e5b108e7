// The DaemonSet's status (daemon_controller.go updateDaemonSetStatus): how many nodes should run a
// daemon pod, how many do, how many run one they should not, and how many of the pods are ready,
// up to date and available. minReadySeconds is taken as 0, so available means ready.

import type { Node, Pod } from '../../api/types';
import { isPodReady } from '../replicaset/types';
import { CONTROLLER_REVISION_HASH } from './pods';
import type { DaemonSet, DaemonSetStatus } from './types';

export interface NodePlan {
  node: Node;
  shouldRun: boolean;
  /** Active daemon pods meant for the node, oldest first. */
  pods: Pod[];
}

export function calculateStatus(ds: DaemonSet, plans: NodePlan[], hash: string): DaemonSetStatus {
  let desired = 0;
  let current = 0;
  let misscheduled = 0;
  let ready = 0;
  let updated = 0;
  for (const p of plans) {
    if (p.shouldRun) desired++;
    if (p.pods.length === 0) continue;
    if (!p.shouldRun) {
      misscheduled++;
      continue;
    }
    current++;
    const pod = p.pods[0]!;
    if (isPodReady(pod)) ready++;
    if (pod.metadata.labels?.[CONTROLLER_REVISION_HASH] === hash) updated++;
  }
  const status: DaemonSetStatus = {
    currentNumberScheduled: current,
    numberMisscheduled: misscheduled,
    desiredNumberScheduled: desired,
    numberReady: ready,
    updatedNumberScheduled: updated,
    numberAvailable: ready,
    numberUnavailable: desired - ready,
  };
  // updatedNumberScheduled, numberAvailable and numberUnavailable are omitempty.
  for (const k of ['updatedNumberScheduled', 'numberAvailable', 'numberUnavailable'] as const) if (status[k] === 0) delete status[k];
  if (ds.metadata.generation !== undefined) status.observedGeneration = ds.metadata.generation;
  return status;
}

export function sameStatus(a: DaemonSetStatus | undefined, b: DaemonSetStatus): boolean {
  const keys = Object.keys(b) as (keyof DaemonSetStatus)[];
  const aKeys = Object.keys(a ?? {}) as (keyof DaemonSetStatus)[];
  return aKeys.length === keys.length && keys.every((k) => a?.[k] === b[k]);
}
