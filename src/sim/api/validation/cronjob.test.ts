// ValidateCronJobCreate (pkg/apis/batch/validation/validation.go, v1.31): schedule (robfig/cron's
// error as the detail), timeZone, concurrencyPolicy, history limits, the 52-character name limit and
// the job template, whose restartPolicy must be OnFailure or Never and whose selector is generated.

import { describe, expect, it } from 'vitest';
import { formatFieldError } from '../field-error';
import { validateCronJob } from './cronjob';

const template = (restartPolicy: string) => ({
  spec: { template: { spec: { containers: [{ name: 'hello', image: 'busybox', terminationMessagePolicy: 'File', imagePullPolicy: 'IfNotPresent' }], restartPolicy, dnsPolicy: 'ClusterFirst' } } },
});
const cronJob = (name: string, spec: Record<string, unknown>) => ({
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name, namespace: 'default' },
  spec: { schedule: '* * * * *', concurrencyPolicy: 'Allow', jobTemplate: template('OnFailure'), ...spec },
});

describe('ValidateCronJobCreate', () => {
  it.each([
    ['accepts the docs page CronJob', cronJob('hello', {}), []],
    ['refuses a schedule robfig/cron cannot parse', cronJob('hello', { schedule: '61 * * * *' }), ['spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61']],
    ['refuses TZ= in the schedule', cronJob('hello', { schedule: 'TZ=UTC * * * * *' }), ['spec.schedule: Invalid value: "TZ=UTC * * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead']],
    ['refuses an unknown concurrencyPolicy', cronJob('hello', { concurrencyPolicy: 'Sometimes' }), ['spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"']],
    ['refuses an unknown time zone', cronJob('hello', { timeZone: 'Mars/Olympus' }), ['spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus']],
    ['refuses Local', cronJob('hello', { timeZone: 'Local' }), ['spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones']],
    ['refuses restartPolicy Always in the job template', cronJob('hello', { jobTemplate: template('Always') }), ['spec.jobTemplate.spec.template.spec.restartPolicy: Required value: valid values: "OnFailure", "Never"']],
    ['refuses a negative history limit', cronJob('hello', { successfulJobsHistoryLimit: -1 }), ['spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0']],
    ['refuses names longer than 52 characters', cronJob('a'.repeat(53), {}), [`metadata.name: Invalid value: "${'a'.repeat(53)}": must be no more than 52 characters`]],
  ])('%s', (_name, obj, want) => {
    expect(validateCronJob(obj as never).map(formatFieldError)).toEqual(want);
  });
});
