// The pure parts of the Job controller (pkg/controller/job/job_controller.go and backoff_utils.go,
// v1.31, NonIndexed completion mode): which pods a Job owns, what they add up to, whether the Job
// is complete or has failed, how many pods should run now and the pod a template makes.

import { labelSelectorMatches } from '../../api/labels';
import { parseTime, rfc3339 } from '../../api/time';
import type { KubeObject, LabelSelector, Pod } from '../../api/types';
import { controllerRef, isPodReady, type PodTemplateSpec } from '../replicaset/types';

export interface JobCondition {
  type: 'Complete' | 'Failed' | 'Suspended' | 'FailureTarget' | 'SuccessCriteriaMet';
  status: 'True' | 'False';
  lastProbeTime: string;
  lastTransitionTime: string;
  reason?: string;
  message?: string;
}

export interface Job extends KubeObject {
  spec: {
    completions?: number;
    parallelism?: number;
    backoffLimit?: number;
    activeDeadlineSeconds?: number;
    suspend?: boolean;
    selector?: LabelSelector;
    template: PodTemplateSpec;
  };
  status?: {
    startTime?: string;
    completionTime?: string;
    active?: number;
    ready?: number;
    succeeded?: number;
    failed?: number;
    terminating?: number;
    conditions?: JobCondition[];
    uncountedTerminatedPods?: Record<string, never>;
  };
}

/** DefaultJobPodFailureBackOff and MaxJobPodFailureBackOff: 10 s doubling per failure, at most 6 minutes. */
export const JOB_BACKOFF_BASE_MS = 10_000;
export const JOB_BACKOFF_MAX_MS = 360_000;

export function jobPods(job: Job, pods: Iterable<Pod>): Pod[] {
  const out: Pod[] = [];
  for (const p of pods) {
    if (p.metadata.namespace !== job.metadata.namespace) continue;
    const ref = p.metadata.ownerReferences?.find((r) => r.controller === true);
    if (ref?.uid !== job.metadata.uid) continue;
    if (!job.spec.selector || labelSelectorMatches(job.spec.selector, p.metadata.labels)) out.push(p);
  }
  return out;
}

export interface JobCounts {
  active: Pod[];
  ready: number;
  succeeded: number;
  failed: number;
  terminating: number;
  /** Container restarts of active pods: the failures of a restartPolicy OnFailure Job. */
  restarts: number;
  /** When the latest failed pod finished (ms), for the back-off. */
  lastFailureMs?: number;
}

function finishedAt(p: Pod): number | undefined {
  let last: number | undefined;
  for (const cs of p.status?.containerStatuses ?? []) {
    const t = cs.state?.terminated?.finishedAt;
    if (t) last = Math.max(last ?? 0, parseTime(t));
  }
  return last;
}

export function countPods(pods: Pod[]): JobCounts {
  const c: JobCounts = { active: [], ready: 0, succeeded: 0, failed: 0, terminating: 0, restarts: 0 };
  for (const p of pods) {
    const phase = p.status?.phase;
    if (phase === 'Succeeded') c.succeeded++;
    else if (phase === 'Failed') {
      c.failed++;
      const t = finishedAt(p);
      if (t !== undefined) c.lastFailureMs = Math.max(c.lastFailureMs ?? 0, t);
    } else if (p.metadata.deletionTimestamp) c.terminating++;
    else {
      c.active.push(p);
      if (isPodReady(p)) c.ready++;
      for (const cs of p.status?.containerStatuses ?? []) c.restarts += cs.restartCount ?? 0;
    }
  }
  return c;
}

/** The pods that should be running now: parallelism, but no more than the completions still missing. */
export function wantActive(job: Job, c: JobCounts): number {
  const parallelism = job.spec.parallelism ?? 1;
  if (job.spec.suspend) return 0;
  if (job.spec.completions === undefined || job.spec.completions === null) return c.succeeded > 0 ? 0 : parallelism;
  return Math.max(0, Math.min(parallelism, job.spec.completions - c.succeeded));
}

/** Complete once `completions` pods succeeded (or, without completions, once one has and none runs). */
export function isComplete(job: Job, c: JobCounts): boolean {
  const completions = job.spec.completions;
  if (completions === undefined || completions === null) return c.succeeded > 0 && c.active.length === 0;
  return c.succeeded >= completions;
}

/**
 * pastBackoffLimit: failed pods (restartPolicy Never) or container restarts of active pods
 * (OnFailure) beyond spec.backoffLimit.
 */
export function pastBackoffLimit(job: Job, c: JobCounts): boolean {
  const limit = job.spec.backoffLimit ?? 6;
  if (job.spec.template.spec.restartPolicy === 'OnFailure') return c.restarts + c.failed > limit;
  return c.failed > limit;
}

/** How long until a new pod may be created after failures (0 if it may now). */
export function backoffRemainingMs(c: JobCounts, now: number): number {
  if (c.failed === 0 || c.lastFailureMs === undefined) return 0;
  const delay = Math.min(JOB_BACKOFF_MAX_MS, JOB_BACKOFF_BASE_MS * 2 ** (c.failed - 1));
  return Math.max(0, c.lastFailureMs + delay - now);
}

export function condition(type: JobCondition['type'], now: number, reason?: string, message?: string): JobCondition {
  const t = rfc3339(now);
  const c: JobCondition = { type, status: 'True', lastProbeTime: t, lastTransitionTime: t };
  if (reason !== undefined) c.reason = reason;
  if (message !== undefined) c.message = message;
  return c;
}

export function finished(job: Job): boolean {
  return (job.status?.conditions ?? []).some((c) => (c.type === 'Complete' || c.type === 'Failed') && c.status === 'True');
}

/** The Job's pod: the template, generateName `<job>-`, the controller reference. */
export function jobPodFor(job: Job): Pod {
  const t = job.spec.template;
  const metadata: Pod['metadata'] = { generateName: `${job.metadata.name}-`, namespace: job.metadata.namespace, labels: { ...(t.metadata?.labels ?? {}) }, ownerReferences: [controllerRef(job)] };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(t.spec) };
}
