// The CronJob controller v2 (pkg/controller/cronjob/cronjob_controllerv2.go, service account
// cronjob-controller), on the simulation's virtual clock. A CronJob or Job change only enqueues the
// CronJob's key; sync(key) then:
// - takes finished Jobs out of status.active (event SawCompletedJob) and notes lastSuccessfulTime;
// - stops there if the CronJob is suspended;
// - finds the latest scheduled time that has come and not been run (after lastScheduleTime, or the
//   creation time), skips it if startingDeadlineSeconds has passed (MissSchedule) or if a Job for it
//   is already active, honours concurrencyPolicy (Forbid: JobAlreadyActive; Replace: the active Jobs
//   are deleted, SuccessfulDelete), then creates the Job `<cronjob>-<minutes>` (SuccessfulCreate)
//   and records it in status.active and status.lastScheduleTime;
// - deletes the oldest finished Jobs beyond successfulJobsHistoryLimit / failedJobsHistoryLimit;
// - looks again 100 ms after the next scheduled time.
// Simplified: no UnexpectedJob adoption; a Job missing from the cache is taken out of the active list
// (MissingJob) without the live GET the real controller makes.

import { knownTimeZone, nextAfter, parseStandard, zoneOffsetMinutes } from '../../api/cron';
import { parseTime, rfc3339, simEpochMs } from '../../api/time';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent } from '../framework/events';
import { queueAdd, queueAddAfter } from '../framework/workqueue';
import type { Job } from '../job/manage';
import { finishedCondition, jobFromTemplate, jobNameFor, jobReference, jobsPastHistoryLimits, mostRecentScheduleTime, NEXT_SCHEDULE_DELTA_MS, type CronJob } from './schedule';

export const CRONJOB_CONTROLLER = 'cronjob-controller';
export const CRONJOB_SA = 'cronjob-controller';
const PURPOSE = `controller:${CRONJOB_CONTROLLER}`;

type CronJobStatus = NonNullable<CronJob['status']>;

export interface CronJobControllerState {
  rt: ControllerRuntime;
  /** Per CronJob key: the status to write once the Job being created is answered, until it is written. */
  pending: Map<string, { status: CronJobStatus; job: string }>;
  /** The last schedule time this controller wrote, per key: a cache that lags does not run it twice. */
  lastScheduled: Map<string, number>;
  /**
   * The CronJob as this controller's last status write returned it, per key: a sync reads whichever
   * of it and the cache is newer, as the Go controller goes on with the object UpdateStatus returned.
   */
  written: Map<string, CronJob>;
  /** Jobs created but maybe not yet in the cache: `<ns>/<name>`; not "missing". */
  created: Set<string>;
}

export function createCronJobController(): CronJobControllerState {
  return { rt: createRuntime(CRONJOB_CONTROLLER), pending: new Map(), lastScheduled: new Map(), written: new Map(), created: new Set() };
}

function enqueue(s: CronJobControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onCronJobDelta(s: CronJobControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

/** A Job change wakes the CronJob that controls it. */
export function onCronJobJobDelta(s: CronJobControllerState, env: ControllerEnv, d: Delta): void {
  const job = d.object as Job;
  const ref = job.metadata.ownerReferences?.find((r) => r.controller === true);
  if (ref?.kind !== 'CronJob') return;
  if (d.type === 'ADDED') s.created.delete(objectKey(job));
  enqueue(s, env, `${job.metadata.namespace}/${ref.name}`);
}

function event(env: ControllerEnv, cj: CronJob, type: 'Normal' | 'Warning', reason: string, message: string): void {
  const ref = { kind: 'CronJob', apiVersion: 'batch/v1', namespace: cj.metadata.namespace, name: cj.metadata.name, uid: cj.metadata.uid ?? '' };
  recordEvent(env.ctx, env.client, { component: CRONJOB_CONTROLLER, credentials: env.credentials, phase: 'controller' }, env.events, ref, type, reason, message);
}

const jobsPath = (ns: string, name?: string): string => `/apis/batch/v1/namespaces/${ns}/jobs${name ? `/${name}` : ''}`;

function ownedJobs(env: ControllerEnv, cj: CronJob): Job[] {
  const out: Job[] = [];
  for (const j of env.informers.byName.jobs.items.values() as Iterable<Job>) {
    if (j.metadata.namespace !== cj.metadata.namespace) continue;
    if (j.metadata.ownerReferences?.some((r) => r.controller === true && r.uid === cj.metadata.uid)) out.push(j);
  }
  return out;
}

function deleteJob(env: ControllerEnv, sc: SyncContext, cj: CronJob, name: string): void {
  const ns = cj.metadata.namespace ?? 'default';
  syncWrite(sc, { method: 'DELETE', path: jobsPath(ns, name), body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' } }, { phase: 'controller', summary: `DELETE job ${name}`, object: { kind: 'Job', name, namespace: ns } });
  event(env, cj, 'Normal', 'SuccessfulDelete', `Deleted job ${name}`);
}

/** The children pass of syncCronJob: finished Jobs leave the active list; missing ones too. */
function reconcileChildren(env: ControllerEnv, s: CronJobControllerState, cj: CronJob, jobs: Job[], status: CronJobStatus): void {
  const active = status.active ?? [];
  for (const j of jobs) {
    const cond = finishedCondition(j);
    if (!cond) continue;
    if (active.some((a) => a.uid === j.metadata.uid)) {
      status.active = (status.active ?? []).filter((a) => a.uid !== j.metadata.uid);
      event(env, cj, 'Normal', 'SawCompletedJob', `Saw completed job: ${j.metadata.name}, status: ${cond}`);
    }
    const done = j.status?.completionTime;
    if (cond === 'Complete' && done && (!status.lastSuccessfulTime || parseTime(done) > parseTime(status.lastSuccessfulTime))) status.lastSuccessfulTime = done;
  }
  for (const a of status.active ?? []) {
    const key = `${a.namespace}/${a.name}`;
    if (jobs.some((j) => j.metadata.uid === a.uid) || s.created.has(key)) continue;
    status.active = (status.active ?? []).filter((x) => x.uid !== a.uid);
    event(env, cj, 'Normal', 'MissingJob', `Active job went missing: ${a.name}`);
  }
  if (status.active?.length === 0) delete status.active;
}

function writeStatus(sc: SyncContext, cj: CronJob, status: CronJobStatus): void {
  if (JSON.stringify(status) === JSON.stringify(cj.status ?? {})) return;
  const ns = cj.metadata.namespace ?? 'default';
  const path = `/apis/batch/v1/namespaces/${ns}/cronjobs/${cj.metadata.name}/status`;
  syncWrite(sc, { method: 'PUT', path, body: { ...cj, status } }, { phase: 'controller', summary: `PUT cronjob ${cj.metadata.name}/status`, object: { kind: 'CronJob', name: cj.metadata.name ?? '', namespace: ns } });
}

/** Requeue 100 ms after the next scheduled time (nextScheduleTimeDuration). */
function requeueForNext(s: CronJobControllerState, env: ControllerEnv, key: string, sched: Exclude<ReturnType<typeof parseStandard>, { error: string }>, cj: CronJob, fromMs: number): void {
  const now = simEpochMs() + env.ctx.now;
  const next = nextAfter(sched, fromMs, cj.spec.timeZone);
  if (next === undefined) return;
  queueAddAfter(s.rt.queue, env.ctx, key, next + NEXT_SCHEDULE_DELTA_MS - now);
}

/** What sync decides about the due scheduled time: create its Job, or why not. */
function startJob(s: CronJobControllerState, env: ControllerEnv, sc: SyncContext, cj: CronJob, jobs: Job[], status: CronJobStatus, scheduled: number): void {
  const name = jobNameFor(cj, scheduled);
  const active = status.active ?? [];
  if (active.some((a) => a.name === name)) return writeStatus(sc, cj, status);
  // The Job exists but the status that should name it was not written: record it now.
  const existing = jobs.find((j) => j.metadata.name === name);
  if (existing) {
    status.lastScheduleTime = rfc3339(scheduled - simEpochMs());
    if (!finishedCondition(existing)) status.active = [...active, jobReference(existing)];
    return writeStatus(sc, cj, status);
  }
  const policy = cj.spec.concurrencyPolicy ?? 'Allow';
  if (policy === 'Forbid' && active.length > 0) {
    event(env, cj, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
    return writeStatus(sc, cj, status);
  }
  if (policy === 'Replace') {
    for (const a of active) deleteJob(env, sc, cj, a.name ?? '');
    delete status.active;
  }
  const ns = cj.metadata.namespace ?? 'default';
  const job = jobFromTemplate(cj, scheduled, zoneOffsetMinutes(scheduled, cj.spec.timeZone));
  s.pending.set(sc.key, { status: { ...status, lastScheduleTime: rfc3339(scheduled - simEpochMs()) }, job: name });
  s.created.add(`${ns}/${name}`);
  syncWrite(sc, { method: 'POST', path: jobsPath(ns), body: job }, { phase: 'controller', summary: `POST job ${name}`, object: { kind: 'CronJob', name: cj.metadata.name ?? '', namespace: ns } });
}

const rv = (o: CronJob): number => Number(o.metadata.resourceVersion ?? 0);

function newer(cached: CronJob, written: CronJob | undefined): CronJob {
  return written && written.metadata.uid === cached.metadata.uid && rv(written) > rv(cached) ? written : cached;
}

export function syncCronJob(s: CronJobControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const cached = env.informers.byName.cronjobs.items.get(sc.key) as CronJob | undefined;
  if (!cached || cached.metadata.deletionTimestamp) {
    s.written.delete(sc.key);
    s.lastScheduled.delete(sc.key);
    return 'ok';
  }
  const cj = newer(cached, s.written.get(sc.key));
  if (s.pending.has(sc.key)) return 'ok';
  const jobs = ownedJobs(env, cj);
  const status: CronJobStatus = structuredClone(cj.status ?? {});
  reconcileChildren(env, s, cj, jobs, status);
  for (const j of jobsPastHistoryLimits(cj, jobs)) deleteJob(env, sc, cj, j.metadata.name ?? '');
  if (cj.spec.suspend) {
    writeStatus(sc, cj, status);
    return 'ok';
  }
  const sched = parseStandard(cj.spec.schedule);
  if ('error' in sched) {
    event(env, cj, 'Warning', 'UnparseableSchedule', `unparseable schedule: ${JSON.stringify(cj.spec.schedule)} : ${sched.error}`);
    return 'ok';
  }
  if (cj.spec.timeZone && !knownTimeZone(cj.spec.timeZone)) {
    event(env, cj, 'Warning', 'UnknownTimeZone', `invalid timeZone: ${JSON.stringify(cj.spec.timeZone)}: unknown time zone ${cj.spec.timeZone}`);
    return 'ok';
  }
  const now = simEpochMs() + env.ctx.now;
  const written = s.lastScheduled.get(sc.key) ?? -Infinity;
  const earliest = Math.max(written, simEpochMs() + parseTime(status.lastScheduleTime ?? cj.metadata.creationTimestamp ?? rfc3339(env.ctx.now)));
  const due = mostRecentScheduleTime(earliest, now, sched, cj.spec.timeZone, cj.spec.startingDeadlineSeconds);
  if (due.tooManyMissed) event(env, cj, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
  requeueForNext(s, env, sc.key, sched, cj, due.mostRecent ?? now);
  if (due.mostRecent === undefined) {
    writeStatus(sc, cj, status);
    return 'ok';
  }
  const deadline = cj.spec.startingDeadlineSeconds;
  if (deadline !== undefined && deadline !== null && due.mostRecent + deadline * 1000 < now) {
    event(env, cj, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${new Date(due.mostRecent).toUTCString().replace('GMT', '+0000')}`);
    writeStatus(sc, cj, status);
    return 'ok';
  }
  startJob(s, env, sc, cj, jobs, status, due.mostRecent);
  return 'ok';
}

/** The answer to a Job create: its event and the CronJob's status with the Job active. */
export function cronJobOnWriteResult(s: CronJobControllerState, env: ControllerEnv, ev: ClientEvent): void {
  if (ev.call.purpose !== PURPOSE) return;
  const { key } = ev.call.data as { key: string };
  if (ev.call.method === 'PUT' && ev.kind === 'response' && ev.response.status < 300) s.written.set(key, ev.response.body as CronJob);
  if (ev.call.method === 'PUT' && s.pending.has(key) && ev.call.path.endsWith('/status')) {
    const ok = ev.kind === 'response' && ev.response.status < 300;
    const written = s.pending.get(key)!.status.lastScheduleTime;
    if (ok && written) s.lastScheduled.set(key, simEpochMs() + parseTime(written));
    s.pending.delete(key);
    return enqueue(s, env, key);
  }
  if (ev.call.method !== 'POST' || !ev.call.path.endsWith('/jobs')) return;
  const pending = s.pending.get(key);
  const cj = env.informers.byName.cronjobs.items.get(key) as CronJob | undefined;
  const [ns] = key.split('/') as [string];
  if (!pending || !cj) {
    s.pending.delete(key);
    return;
  }
  if (ev.kind !== 'response' || ev.response.status >= 300) {
    s.created.delete(`${ns}/${pending.job}`);
    s.pending.delete(key);
    return;
  }
  const job = ev.response.body as Job;
  event(env, cj, 'Normal', 'SuccessfulCreate', `Created job ${job.metadata.name}`);
  const status = { ...pending.status, active: [...(pending.status.active ?? []), jobReference(job)] };
  pending.status = status;
  const path = `/apis/batch/v1/namespaces/${ns}/cronjobs/${cj.metadata.name}/status`;
  const sc: SyncContext = { ctx: env.ctx, client: env.client, credentials: env.credentials, rt: s.rt, key, writes: 0 };
  syncWrite(sc, { method: 'PUT', path, body: { ...cj, status } }, { phase: 'controller', summary: `PUT cronjob ${cj.metadata.name}/status`, object: { kind: 'CronJob', name: cj.metadata.name ?? '', namespace: ns } });
}
