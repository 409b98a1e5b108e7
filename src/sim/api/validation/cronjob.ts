// ValidateCronJobCreate / ValidateCronJobUpdate (pkg/apis/batch/validation/validation.go, v1.31):
// the name (a ReplicationController-style DNS subdomain of at most 52 characters, since the
// controller appends `-<minutes>`), the schedule (robfig/cron's ParseStandard error as the detail,
// no TZ= inside it), timeZone (an IANA name), concurrencyPolicy (Allow, Forbid, Replace), the
// history limits and startingDeadlineSeconds (not negative) and the job template (validateJobSpec,
// with a selector it may not carry: the Job's is generated).

import { parseStandard, knownTimeZone } from '../cron';
import { invalid, notSupported, required, type FieldError } from '../field-error';
import type { KubeObject } from '../types';
import { validateJobSpecAt } from './batch';
import { nameIsDNSSubdomain } from './names';
import { IS_NEGATIVE, validateObjectMeta } from './object-meta';

interface CronJobSpec {
  schedule?: string;
  timeZone?: string | null;
  startingDeadlineSeconds?: number | null;
  concurrencyPolicy?: string;
  suspend?: boolean;
  successfulJobsHistoryLimit?: number | null;
  failedJobsHistoryLimit?: number | null;
  jobTemplate?: { metadata?: unknown; spec?: Parameters<typeof validateJobSpecAt>[0] & { selector?: unknown; manualSelector?: boolean } };
}

export const CONCURRENCY_POLICIES = ['Allow', 'Forbid', 'Replace'];
/** DNS1035LabelMaxLength - 11: the Job name `<cronjob>-<minutes>` must stay a 63-character label. */
const CRONJOB_NAME_MAX = 52;

function nonNegative(v: number | null | undefined, field: string): FieldError[] {
  return v !== undefined && v !== null && v < 0 ? [invalid(field, v, IS_NEGATIVE)] : [];
}

/** validateScheduleFormat: ParseStandard's error, and TZ= refused in favour of the timeZone field. */
function validateSchedule(schedule: string, allowTZ: boolean, timeZone: string | null | undefined): FieldError[] {
  const errs: FieldError[] = [];
  const parsed = parseStandard(schedule);
  if ('error' in parsed) errs.push(invalid('spec.schedule', schedule, parsed.error));
  if (allowTZ && schedule.includes('TZ') && timeZone !== undefined && timeZone !== null) {
    errs.push(invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && schedule.includes('TZ')) {
    errs.push(invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

/** validateTimeZone: IANA naming rules, no `Local`, and a zone time.LoadLocation knows. */
function validateTimeZone(tz: string | null | undefined): FieldError[] {
  if (tz === undefined || tz === null) return [];
  const path = 'spec.timeZone';
  if (tz === '') return [invalid(path, tz, 'timeZone must be nil or non-empty string')];
  for (const part of tz.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !/^[A-Za-z.\-_0-9+]{1,14}$/.test(part)) return [invalid(path, tz, `unknown time zone ${tz}`)];
  }
  if (tz.toLowerCase() === 'local') return [invalid(path, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones')];
  if (!knownTimeZone(tz)) return [invalid(path, tz, `unknown time zone ${tz}`)];
  return [];
}

function validateConcurrencyPolicy(p: string | undefined): FieldError[] {
  if (p === undefined || p === '') return [required('spec.concurrencyPolicy')];
  return CONCURRENCY_POLICIES.includes(p) ? [] : [notSupported('spec.concurrencyPolicy', p, CONCURRENCY_POLICIES)];
}

/** validateCronJobSpec; `old` is the stored spec on update (a schedule that had TZ may keep it). */
export function validateCronJobSpec(spec: CronJobSpec | undefined, old?: CronJobSpec): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  if (!s.schedule) errs.push(required('spec.schedule'));
  else errs.push(...validateSchedule(s.schedule, (old?.schedule ?? '').includes('TZ'), s.timeZone));
  errs.push(...nonNegative(s.startingDeadlineSeconds, 'spec.startingDeadlineSeconds'));
  if (!old || (old.timeZone ?? null) !== (s.timeZone ?? null)) errs.push(...validateTimeZone(s.timeZone));
  errs.push(...validateConcurrencyPolicy(s.concurrencyPolicy));
  // ValidateJobTemplateSpec: the Job's own rules, and no selector (it is generated per Job).
  const jt = s.jobTemplate?.spec;
  errs.push(...validateJobSpecAt(jt, 'spec.jobTemplate.spec'));
  if (jt?.selector) errs.push(invalid('spec.jobTemplate.spec.selector', jt.selector, '`selector` will be auto-generated'));
  if (jt?.manualSelector === true) errs.push(notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  errs.push(...nonNegative(s.successfulJobsHistoryLimit, 'spec.successfulJobsHistoryLimit'));
  errs.push(...nonNegative(s.failedJobsHistoryLimit, 'spec.failedJobsHistoryLimit'));
  return errs;
}

export function validateCronJob(obj: KubeObject): FieldError[] {
  const errs = [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateCronJobSpec(obj.spec as CronJobSpec | undefined)];
  const name = obj.metadata?.name ?? '';
  if (name.length > CRONJOB_NAME_MAX) errs.push(invalid('metadata.name', name, `must be no more than ${CRONJOB_NAME_MAX} characters`));
  return errs;
}
