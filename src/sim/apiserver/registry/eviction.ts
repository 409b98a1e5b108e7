// pods/eviction (pkg/registry/core/pod/storage/eviction.go, EvictionREST.Create): a policy/v1
// Eviction names a pod; the apiserver checks the pod's PodDisruptionBudgets and, if the disruption
// is allowed, deletes the pod with the Eviction's DeleteOptions - an ordinary graceful delete. The
// answer is 201 with a Success Status, like pods/binding.
//
// Simplified: Kubeplay serves no PodDisruptionBudgets, so every eviction is allowed (the real one
// answers 429 TooManyRequests "Cannot evict pod as it would violate the pod's disruption budget.").

import { badRequest } from '../../api/errors';
import { rfc3339 } from '../../api/time';
import type { KubeObject, Pod, Status } from '../../api/types';

export interface Eviction extends KubeObject {
  deleteOptions?: { gracePeriodSeconds?: number; propagationPolicy?: string; preconditions?: { uid?: string; resourceVersion?: string } };
}

const EVICTION_VERSIONS = ['policy/v1', 'policy/v1beta1'];

/** The Eviction body's checks before the pod is read (decode, then the name in the URL must match). */
export function checkEviction(body: unknown, name: string): Eviction | Status {
  const ev = body as Eviction | undefined;
  if (!ev || typeof ev !== 'object' || ev.kind !== 'Eviction' || !EVICTION_VERSIONS.includes(ev.apiVersion)) {
    return badRequest(`Object 'Kind' is missing in '${JSON.stringify(body ?? {})}'`);
  }
  if (ev.metadata?.name && ev.metadata.name !== name) return badRequest('name in URL does not match name in Eviction object');
  return ev;
}

/** The grace period an eviction deletes with, as a DELETE's gracePeriodSeconds query would give it. */
export function evictionGraceSeconds(ev: Eviction): number | undefined {
  const g = ev.deleteOptions?.gracePeriodSeconds;
  return typeof g === 'number' ? g : undefined;
}

/**
 * addConditionAndDeletePod: an evicted pod carries DisruptionTarget=True (reason
 * EvictionByEvictionAPI, message "Eviction API: evicting", the PodDisruptionConditions feature, GA
 * in v1.31), so `kubectl describe pod` tells an eviction from other deletions. The real apiserver
 * writes the condition and the deletion in two updates; Kubeplay writes them together.
 */
export function withDisruptionTarget(pod: Pod, now: number): Pod {
  const conditions = (pod.status?.conditions ?? []).filter((c) => c.type !== 'DisruptionTarget');
  conditions.push({ type: 'DisruptionTarget', status: 'True', reason: 'EvictionByEvictionAPI', message: 'Eviction API: evicting', lastTransitionTime: rfc3339(now) });
  return { ...pod, status: { ...pod.status, conditions } };
}
