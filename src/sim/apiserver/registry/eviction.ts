// pods/eviction (pkg/registry/core/pod/storage/eviction.go, EvictionREST.Create): a policy/v1
// Eviction names a pod; the apiserver checks the pod's PodDisruptionBudgets and, if the disruption
// is allowed, deletes the pod with the Eviction's DeleteOptions - an ordinary graceful delete. The
// answer is 201 with a Success Status, like pods/binding.
//
// The budget check (budgetDecision) follows EvictionREST.Create and checkAndDecrement: a pod that is
// pending, finished or already being deleted goes without one; a pod with no budget goes; more
// than one budget is a 500; an unready pod goes while the budget is healthy (IfHealthyBudget, the
// default) or always (AlwaysAllow); otherwise a budget whose status is behind its generation, or
// allows no disruption, answers 429 TooManyRequests "Cannot evict pod as it would violate the pod's
// disruption budget." with a DisruptionBudget cause, and an allowed eviction decrements
// status.disruptionsAllowed and records the pod in status.disruptedPods. The real apiserver writes
// the budget's status and then deletes the pod in two requests; Kubeplay writes both in one etcd
// transaction guarded by both objects' revisions.

import { badRequest, statusFor } from '../../api/errors';
import { labelSelectorMatches } from '../../api/labels';
import { rfc3339 } from '../../api/time';
import type { KubeObject, LabelSelector, Pod, Status } from '../../api/types';

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

/** The message of the 429 an eviction gets when the budget allows no disruption (eviction.go). */
export const EVICTION_VIOLATES_BUDGET = "Cannot evict pod as it would violate the pod's disruption budget.";
/** policyv1.DisruptionBudgetCause. */
const DISRUPTION_BUDGET_CAUSE = 'DisruptionBudget';
/** MaxDisruptedPodSize: evictions the disruption controller has not yet confirmed. */
const MAX_DISRUPTED_POD_SIZE = 2000;

interface BudgetShape extends KubeObject {
  spec?: { selector?: LabelSelector | null; unhealthyPodEvictionPolicy?: string };
  status?: { observedGeneration?: number; disruptionsAllowed?: number; currentHealthy?: number; desiredHealthy?: number; disruptedPods?: Record<string, string>; conditions?: { type: string; status: string; reason: string; message: string; observedGeneration?: number; lastTransitionTime: string }[] };
}

/** What an eviction does about budgets: go ahead, go ahead and write this budget, or fail. */
export type BudgetDecision = { t: 'ignore' } | { t: 'decrement'; budget: KubeObject } | { t: 'error'; status: Status };

function tooManyRequests(cause: string): Status {
  const st = statusFor(429, 'TooManyRequests', EVICTION_VIOLATES_BUDGET);
  st.details = { causes: [{ reason: DISRUPTION_BUDGET_CAUSE, message: cause }] };
  return st;
}

/** canIgnorePDB: pending, finished and terminating pods are evicted without asking a budget. */
function canIgnoreBudget(pod: Pod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

function isReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** getPodDisruptionBudgets: the budgets of the pod's namespace whose selector matches its labels. */
export function budgetsForPod(pod: Pod, budgets: Iterable<KubeObject>): KubeObject[] {
  const labels = pod.metadata.labels;
  const out: KubeObject[] = [];
  for (const b of budgets) {
    if (b.metadata.namespace !== pod.metadata.namespace) continue;
    const sel = (b as BudgetShape).spec?.selector;
    // A budget without a selector, or with an empty one, selects nothing here (policy/v1 eviction.go).
    if (!sel || Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions?.length ?? 0) === 0) continue;
    if (labelSelectorMatches(sel, labels)) out.push(b);
  }
  return out;
}

/** checkAndDecrement: the budget with one disruption fewer and the pod recorded, or the refusal. */
function checkAndDecrement(pod: Pod, b: BudgetShape, now: number): BudgetDecision {
  const st = b.status ?? {};
  const name = b.metadata.name ?? '';
  if ((st.observedGeneration ?? 0) < (b.metadata.generation ?? 1)) {
    return { t: 'error', status: tooManyRequests(`The disruption budget ${name} is still being processed by the server.`) };
  }
  const allowed = st.disruptionsAllowed ?? 0;
  if (allowed < 0) return { t: 'error', status: statusFor(403, 'Forbidden', 'pdb disruptions allowed is negative') };
  if (Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE) {
    return { t: 'error', status: statusFor(403, 'Forbidden', 'DisruptedPods map too big - too many evictions not confirmed by PDB controller') };
  }
  if (allowed === 0) {
    return { t: 'error', status: tooManyRequests(`The disruption budget ${name} needs ${st.desiredHealthy ?? 0} healthy pods and has ${st.currentHealthy ?? 0} currently`) };
  }
  const status = { ...st, disruptionsAllowed: allowed - 1, disruptedPods: { ...st.disruptedPods, [pod.metadata.name ?? '']: rfc3339(now) } };
  if (status.disruptionsAllowed === 0) {
    // pdbhelper.UpdateDisruptionAllowedCondition: the condition turns False with InsufficientPods.
    const conditions = (st.conditions ?? []).filter((c) => c.type !== 'DisruptionAllowed');
    const prev = (st.conditions ?? []).find((c) => c.type === 'DisruptionAllowed');
    const lastTransitionTime = prev && prev.status === 'False' ? prev.lastTransitionTime : rfc3339(now);
    conditions.push({ type: 'DisruptionAllowed', status: 'False', reason: 'InsufficientPods', message: '', observedGeneration: st.observedGeneration, lastTransitionTime });
    status.conditions = conditions;
  }
  return { t: 'decrement', budget: { ...b, status } };
}

/** EvictionREST.Create's budget logic for one pod and the budgets stored in its namespace. */
export function budgetDecision(pod: Pod, budgets: Iterable<KubeObject>, now: number): BudgetDecision {
  if (canIgnoreBudget(pod)) return { t: 'ignore' };
  const mine = budgetsForPod(pod, budgets);
  if (mine.length === 0) return { t: 'ignore' };
  if (mine.length > 1) {
    // errors.NewInternalError: reason InternalError, the message prefixed.
    const why = 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';
    const st = statusFor(500, 'InternalError', `Internal error occurred: ${why}`);
    st.details = { causes: [{ message: why }] };
    return { t: 'error', status: st };
  }
  const b = mine[0] as BudgetShape;
  if (!isReady(pod)) {
    if (b.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow') return { t: 'ignore' };
    const st = b.status ?? {};
    if ((st.currentHealthy ?? 0) >= (st.desiredHealthy ?? 0) && (st.desiredHealthy ?? 0) > 0) return { t: 'ignore' };
  }
  return checkAndDecrement(pod, b, now);
}
