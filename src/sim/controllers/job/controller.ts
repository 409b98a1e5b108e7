// The Job controller (pkg/controller/job/job_controller.go, service account job-controller): run
// pods from the template until spec.completions of them have succeeded, at most spec.parallelism at
// a time, then mark the Job SuccessCriteriaMet and Complete (CompletionsReached, event "Job
// completed"); after more than spec.backoffLimit failures (failed pods under restartPolicy Never,
// container restarts under OnFailure) mark it FailureTarget, delete what still runs, and once no
// pod runs mark it Failed (BackoffLimitExceeded). New pods after a failure wait the back-off
// (10 s doubling, at most 6 minutes). Pod and Job changes only enqueue the Job's key.
//
// Simplified: NonIndexed completion mode only; no pod finalizers (pods are counted by their phase
// while they exist, as before the job-tracking finalizer), no podFailurePolicy or successPolicy, no
// ttlSecondsAfterFinished.

import { parseTime, rfc3339 } from '../../api/time';
import type { Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import { queueAdd, queueAddAfter } from '../framework/workqueue';
import { backoffRemainingMs, condition, countPods, finished, isComplete, jobPodFor, jobPods, pastBackoffLimit, wantActive, type Job, type JobCondition, type JobCounts } from './manage';

export const JOB_CONTROLLER = 'job-controller';
export const JOB_SA = 'job-controller';
const PURPOSE = `controller:${JOB_CONTROLLER}`;

export interface JobControllerState {
  rt: ControllerRuntime;
  expectations: Map<string, { adds: number; deletes: string[] }>;
}

export function createJobController(): JobControllerState {
  return { rt: createRuntime(JOB_CONTROLLER), expectations: new Map() };
}

function enqueue(s: JobControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onJobDelta(s: JobControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

export function onJobPodDelta(s: JobControllerState, env: ControllerEnv, d: Delta): void {
  const pod = d.object as Pod;
  const ref = pod.metadata.ownerReferences?.find((r) => r.controller === true);
  if (ref?.kind !== 'Job') return;
  const key = `${pod.metadata.namespace}/${ref.name}`;
  const exp = s.expectations.get(key);
  if (exp && d.type === 'ADDED' && exp.adds > 0) exp.adds--;
  if (exp && (d.type === 'DELETED' || pod.metadata.deletionTimestamp)) exp.deletes = exp.deletes.filter((k) => k !== objectKey(pod));
  enqueue(s, env, key);
}

function podsPath(ns: string, name?: string): string {
  return `/api/v1/namespaces/${ns}/pods${name ? `/${name}` : ''}`;
}

function deletePods(s: JobControllerState, sc: SyncContext, pods: Pod[]): void {
  const exp = s.expectations.get(sc.key) ?? { adds: 0, deletes: [] };
  for (const p of pods) {
    const ns = p.metadata.namespace ?? 'default';
    exp.deletes.push(objectKey(p));
    syncWrite(sc, { method: 'DELETE', path: podsPath(ns, p.metadata.name) }, { phase: 'controller', summary: `DELETE pod ${p.metadata.name}`, object: { kind: 'Pod', name: p.metadata.name ?? '', namespace: ns } });
  }
  s.expectations.set(sc.key, exp);
}

/** manageJob: create or delete pods towards the wanted number of active ones, after the back-off. */
function manageJob(s: JobControllerState, env: ControllerEnv, sc: SyncContext, job: Job, c: JobCounts): void {
  const diff = wantActive(job, c) - c.active.length;
  const ns = job.metadata.namespace ?? 'default';
  if (diff < 0) return deletePods(s, sc, c.active.slice(diff));
  if (diff === 0) return;
  const wait = backoffRemainingMs(c, env.ctx.now);
  if (wait > 0) {
    queueAddAfter(s.rt.queue, env.ctx, sc.key, wait);
    return;
  }
  s.expectations.set(sc.key, { adds: diff, deletes: [] });
  for (let i = 0; i < diff; i++) {
    syncWrite(sc, { method: 'POST', path: podsPath(ns), body: jobPodFor(job) }, { phase: 'controller', summary: `POST pod ${job.metadata.name}-*`, object: { kind: 'Job', name: job.metadata.name ?? '', namespace: ns } });
  }
}

function event(env: ControllerEnv, job: Job, type: 'Normal' | 'Warning', reason: string, message: string): void {
  const ref = { kind: 'Job', apiVersion: 'batch/v1', namespace: job.metadata.namespace, name: job.metadata.name, uid: job.metadata.uid ?? '' };
  recordEvent(env.ctx, env.client, { component: JOB_CONTROLLER, credentials: env.credentials, phase: 'controller' }, env.events, ref, type, reason, message);
}

const COMPLETIONS_REACHED = 'CompletionsReached';
const COMPLETIONS_MESSAGE = 'Reached expected number of succeeded pods';
const BACKOFF_REASON = 'BackoffLimitExceeded';
const BACKOFF_MESSAGE = 'Job has reached the specified backoff limit';
const DEADLINE_REASON = 'DeadlineExceeded';
const DEADLINE_MESSAGE = 'Job was active longer than specified deadline';

/**
 * The interim condition this sync reaches, if any: FailureTarget (backoff limit or deadline) or
 * SuccessCriteriaMet (enough completions). Since v1.31 (KEP-4368, with JobPodReplacementPolicy on by
 * default) the terminal Failed / Complete condition follows only once no pod still runs.
 */
function interim(job: Job, c: JobCounts, now: number, startTime: string | undefined): JobCondition | undefined {
  const deadline = job.spec.activeDeadlineSeconds;
  if (pastBackoffLimit(job, c)) return condition('FailureTarget', now, BACKOFF_REASON, BACKOFF_MESSAGE);
  if (deadline !== undefined && startTime && now - parseTime(startTime) >= deadline * 1000) return condition('FailureTarget', now, DEADLINE_REASON, DEADLINE_MESSAGE);
  if (isComplete(job, c)) return condition('SuccessCriteriaMet', now, COMPLETIONS_REACHED, COMPLETIONS_MESSAGE);
  return undefined;
}

/** The Job's new status, and whether it is ending (then its active pods go). */
function nextStatus(env: ControllerEnv, job: Job, c: JobCounts): { status: NonNullable<Job['status']>; ended: boolean } {
  const now = env.ctx.now;
  const startTime = job.status?.startTime ?? (job.spec.suspend ? undefined : rfc3339(now));
  const conditions = [...(job.status?.conditions ?? [])];
  let completionTime = job.status?.completionTime;
  let target = conditions.find((x) => (x.type === 'FailureTarget' || x.type === 'SuccessCriteriaMet') && x.status === 'True');
  if (!target) {
    target = interim(job, c, now, startTime);
    if (target) conditions.push(target);
  }
  const ended = target !== undefined;
  if (target && c.active.length === 0 && c.terminating === 0) {
    const failed = target.type === 'FailureTarget';
    conditions.push(condition(failed ? 'Failed' : 'Complete', now, target.reason, target.message));
    if (failed) event(env, job, 'Warning', target.reason ?? '', target.message ?? '');
    else {
      completionTime = rfc3339(now);
      event(env, job, 'Normal', 'Completed', 'Job completed');
    }
  }
  const status: NonNullable<Job['status']> = { active: ended ? 0 : c.active.length, ready: ended ? 0 : c.ready, terminating: c.terminating, uncountedTerminatedPods: {} };
  if (c.succeeded) status.succeeded = c.succeeded;
  if (c.failed) status.failed = c.failed;
  if (startTime) status.startTime = startTime;
  if (completionTime) status.completionTime = completionTime;
  if (conditions.length) status.conditions = conditions;
  if (!status.active) delete status.active;
  return { status, ended };
}

export function syncJob(s: JobControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const job = env.informers.byName.jobs.items.get(sc.key) as Job | undefined;
  if (!job) {
    s.expectations.delete(sc.key);
    return 'ok';
  }
  if (finished(job) || job.metadata.deletionTimestamp) return 'ok';
  const exp = s.expectations.get(sc.key);
  if (exp && (exp.adds > 0 || exp.deletes.length > 0)) return 'ok';
  const c = countPods(jobPods(job, env.informers.byName.pods.items.values() as Iterable<Pod>));
  const { status, ended } = nextStatus(env, job, c);
  if (ended) deletePods(s, sc, c.active);
  else manageJob(s, env, sc, job, c);
  if (JSON.stringify(status) !== JSON.stringify(job.status ?? {})) {
    const ns = job.metadata.namespace ?? 'default';
    const path = `/apis/batch/v1/namespaces/${ns}/jobs/${job.metadata.name}/status`;
    syncWrite(sc, { method: 'PUT', path, body: { ...job, status } }, { phase: 'controller', summary: `PUT job ${job.metadata.name}/status`, object: { kind: 'Job', name: job.metadata.name ?? '', namespace: ns } });
  }
  return 'ok';
}

/** The answer to a pod create or delete: its event, or a failed expectation given up. */
export function jobOnWriteResult(s: JobControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const { key } = ev.call.data as { key: string };
  const ok = ev.kind === 'response' && ev.response.status < 300;
  const job = env.informers.byName.jobs.items.get(key) as Job | undefined;
  const exp = s.expectations.get(key);
  if (ev.call.method === 'POST' && ev.call.path.endsWith('/pods')) {
    if (!ok) {
      if (exp && exp.adds > 0) exp.adds--;
      return;
    }
    const pod = (ev as { response: { body: Pod } }).response.body;
    if (job) event(env, job, 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`);
  } else if (ev.call.method === 'DELETE' && ev.call.path.includes('/pods/')) {
    const pod = ev.call.path.slice(ev.call.path.lastIndexOf('/') + 1);
    const [ns] = key.split('/') as [string];
    if (!ok) {
      if (exp) exp.deletes = exp.deletes.filter((k) => k !== `${ns}/${pod}`);
      return;
    }
    if (job) event(env, job, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod}`);
  }
}
