// The pure parts of the CronJob controller v2 (pkg/controller/cronjob/utils.go, v1.31): which
// scheduled time is due now (mostRecentScheduleTime), when to look again (nextScheduleTimeDuration:
// the next time plus 100 ms), the Job a schedule makes (getJobFromTemplate2: named
// `<cronjob>-<scheduled time in minutes since the Unix epoch>`, owned by the CronJob, annotated with
// batch.kubernetes.io/cronjob-scheduled-timestamp since CronJobsScheduledAnnotation is on by default
// from v1.28), and the Job's finished state. Times here are Unix milliseconds.

import { nextAfter, type CronSchedule } from '../../api/cron';
import type { KubeObject, ObjectReference } from '../../api/types';
import { controllerRef } from '../replicaset/types';
import type { Job } from '../job/manage';

export interface CronJob extends KubeObject {
  spec: {
    schedule: string;
    timeZone?: string;
    startingDeadlineSeconds?: number;
    concurrencyPolicy?: 'Allow' | 'Forbid' | 'Replace';
    suspend?: boolean;
    successfulJobsHistoryLimit?: number;
    failedJobsHistoryLimit?: number;
    jobTemplate: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: Job['spec'] };
  };
  status?: { active?: ObjectReference[]; lastScheduleTime?: string; lastSuccessfulTime?: string };
}

/** nextScheduleDelta: requeue a little after the scheduled time, so the time has surely come. */
export const NEXT_SCHEDULE_DELTA_MS = 100;
/** More missed start times than this is reported (TooManyMissedTimes) and only the last is run. */
export const MAX_MISSED = 100;
export const SCHEDULED_TIMESTAMP_ANNOTATION = 'batch.kubernetes.io/cronjob-scheduled-timestamp';

export interface MostRecent {
  earliest: number;
  /** The latest unmet scheduled time at or before now, if any. */
  mostRecent?: number;
  tooManyMissed: boolean;
}

/**
 * mostRecentScheduleTime: from the last schedule time (or the creation time), the latest scheduled
 * time that has come; with startingDeadlineSeconds, nothing before now minus the deadline counts.
 */
export function mostRecentScheduleTime(earliestMs: number, nowMs: number, s: CronSchedule, zone: string | undefined, startingDeadlineSeconds?: number): MostRecent {
  let earliest = earliestMs;
  if (startingDeadlineSeconds !== undefined && startingDeadlineSeconds !== null) earliest = Math.max(earliest, nowMs - startingDeadlineSeconds * 1000);
  let t = nextAfter(s, earliest, zone);
  if (t === undefined || nowMs < t) return { earliest, tooManyMissed: false };
  let missed = 0;
  let last = t;
  while (t !== undefined && t <= nowMs) {
    last = t;
    missed++;
    t = nextAfter(s, t, zone);
  }
  return { earliest, mostRecent: last, tooManyMissed: missed > MAX_MISSED };
}

/** getJobName: `<cronjob>-<scheduled time in minutes>` (getTimeHashInMinutes). */
export function jobNameFor(cj: CronJob, scheduledMs: number): string {
  return `${cj.metadata.name}-${Math.floor(scheduledMs / 60_000)}`;
}

/** time.Time.Format(time.RFC3339) of the scheduled time in the CronJob's zone. */
function rfc3339InZone(unixMs: number, zone: string | undefined, offsetMinutes: number): string {
  const local = new Date(unixMs + offsetMinutes * 60_000).toISOString().replace(/\.\d{3}Z$/, '');
  if (!zone || offsetMinutes === 0) return `${local}Z`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** getJobFromTemplate2: the Job the CronJob runs for one scheduled time. */
export function jobFromTemplate(cj: CronJob, scheduledMs: number, offsetMinutes = 0): Job {
  const t = cj.spec.jobTemplate;
  const annotations = { ...(t.metadata?.annotations ?? {}), [SCHEDULED_TIMESTAMP_ANNOTATION]: rfc3339InZone(scheduledMs, cj.spec.timeZone, offsetMinutes) };
  const metadata: Job['metadata'] = { name: jobNameFor(cj, scheduledMs), namespace: cj.metadata.namespace, annotations, ownerReferences: [controllerRef(cj)] };
  if (t.metadata?.labels) metadata.labels = { ...t.metadata.labels };
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: structuredClone(t.spec) };
}

/** IsJobFinished / getFinishedStatus: the Complete or Failed condition that is True. */
export function finishedCondition(job: Job): 'Complete' | 'Failed' | undefined {
  const c = (job.status?.conditions ?? []).find((x) => (x.type === 'Complete' || x.type === 'Failed') && x.status === 'True');
  return c?.type as 'Complete' | 'Failed' | undefined;
}

/** byJobStartTime: oldest first by status.startTime (none last), then by name. */
export function byStartTime(a: Job, b: Job): number {
  const sa = a.status?.startTime;
  const sb = b.status?.startTime;
  if (sa !== sb) {
    if (!sa) return 1;
    if (!sb) return -1;
    return sa < sb ? -1 : 1;
  }
  return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
}

/** The finished Jobs beyond the history limits, oldest first (cleanupFinishedJobs / removeOldestJobs). */
export function jobsPastHistoryLimits(cj: CronJob, jobs: Job[]): Job[] {
  const over = (list: Job[], limit: number | undefined): Job[] => {
    if (limit === undefined || limit === null) return [];
    const sorted = [...list].sort(byStartTime);
    return sorted.slice(0, Math.max(0, sorted.length - limit));
  };
  if (cj.spec.successfulJobsHistoryLimit === undefined && cj.spec.failedJobsHistoryLimit === undefined) return [];
  const ok = jobs.filter((j) => finishedCondition(j) === 'Complete');
  const failed = jobs.filter((j) => finishedCondition(j) === 'Failed');
  return [...over(ok, cj.spec.successfulJobsHistoryLimit), ...over(failed, cj.spec.failedJobsHistoryLimit)];
}

/** The Job's reference in status.active (ref.GetReference). */
export function jobReference(job: KubeObject): ObjectReference {
  const ref: ObjectReference = { apiVersion: 'batch/v1', kind: 'Job', name: job.metadata.name, namespace: job.metadata.namespace };
  if (job.metadata.resourceVersion) ref.resourceVersion = job.metadata.resourceVersion;
  ref.uid = job.metadata.uid;
  return ref;
}
