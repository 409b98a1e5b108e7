// The pure pod helpers of the StatefulSet controller (pkg/controller/statefulset/stateful_set_utils.go,
// v1.31): a pod's ordinal from its name, the pod a set makes for an ordinal (its stable identity:
// name, hostname, subdomain, labels), and the predicates the ordered update walks by.

import { parseTime } from '../../api/time';
import type { Pod } from '../../api/types';
import { computeHash } from '../deployment/hash';
import { controllerRef, isPodReady } from '../replicaset/types';
import { POD_INDEX_LABEL, POD_NAME_LABEL, REVISION_LABEL, type StatefulSet } from './types';

/** statefulPodRegex: a pod name is `<parent>-<ordinal>`. */
const STATEFUL_POD = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal, checked against the set (isMemberOf): the ordinal, or undefined. */
export function ordinalOf(set: StatefulSet, pod: Pod): number | undefined {
  const m = STATEFUL_POD.exec(pod.metadata.name ?? '');
  if (!m || m[1] !== set.metadata.name) return undefined;
  return Number(m[2]);
}

/** getStartOrdinal: spec.ordinals.start, 0 by default. */
export function startOrdinal(set: StatefulSet): number {
  return set.spec.ordinals?.start ?? 0;
}

/** getPodName: `<set>-<ordinal>`. */
export function podName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name}-${ordinal}`;
}

/**
 * The update revision's name: ControllerRevisionName(set name, hash). Kubeplay keeps no
 * ControllerRevision objects; the hash is the Deployment controller's pod-template-hash of the
 * template, so the name has the real shape (`web-7c9b5dbd64`) but not the real value.
 */
export function revisionName(set: StatefulSet): string {
  return `${set.metadata.name}-${computeHash(set.spec.template)}`;
}

/** getPodRevision: the controller-revision-hash label. */
export function podRevision(pod: Pod): string | undefined {
  return pod.metadata.labels?.[REVISION_LABEL];
}

/**
 * newStatefulSetPod + setPodRevision: GetPodFromTemplate (generateName `<set>-`, the controller
 * reference), then the identity: name `<set>-<ordinal>`, the pod-name and pod-index labels,
 * spec.hostname = the name and spec.subdomain = spec.serviceName (so the pod is
 * `web-0.nginx.default.svc.cluster.local` through the headless Service).
 */
export function newStatefulSetPod(set: StatefulSet, ordinal: number, revision: string): Pod {
  const t = set.spec.template;
  const name = podName(set, ordinal);
  const labels = { ...(t.metadata?.labels ?? {}), [POD_NAME_LABEL]: name, [POD_INDEX_LABEL]: String(ordinal), [REVISION_LABEL]: revision };
  const metadata: Pod['metadata'] = {
    name,
    generateName: `${set.metadata.name}-`,
    namespace: set.metadata.namespace,
    labels,
    ownerReferences: [controllerRef(set)],
  };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  const spec: Pod['spec'] = { ...structuredClone(t.spec), hostname: name };
  if (set.spec.serviceName) spec.subdomain = set.spec.serviceName;
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

/** isCreated: the apiserver has given the pod a phase. */
export function isCreated(pod: Pod | undefined): pod is Pod {
  return !!pod?.status?.phase;
}

export function isTerminating(pod: Pod): boolean {
  return !!pod.metadata.deletionTimestamp;
}

export function isFinished(pod: Pod): boolean {
  return pod.status?.phase === 'Failed' || pod.status?.phase === 'Succeeded';
}

/** isRunningAndReady: phase Running and the Ready condition True. */
export function isRunningAndReady(pod: Pod): boolean {
  return pod.status?.phase === 'Running' && isPodReady(pod);
}

/** isHealthy: running, ready and not being deleted. */
export function isHealthy(pod: Pod): boolean {
  return isRunningAndReady(pod) && !isTerminating(pod);
}

/**
 * isRunningAndAvailable: ready for at least minReadySeconds. Returns the milliseconds still to
 * wait (0 when available, -1 when not even ready).
 */
export function availableWaitMs(pod: Pod, minReadySeconds: number, now: number): number {
  if (!isRunningAndReady(pod)) return -1;
  if (minReadySeconds <= 0) return 0;
  const ready = pod.status?.conditions?.find((c) => c.type === 'Ready');
  const since = ready?.lastTransitionTime ? parseTime(ready.lastTransitionTime) : now;
  return Math.max(0, since + minReadySeconds * 1000 - now);
}
