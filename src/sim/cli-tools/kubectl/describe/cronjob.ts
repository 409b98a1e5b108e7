// `kubectl describe cronjob` (describeCronJob, describeJobTemplate and printActiveJobs in
// kubectl/pkg/describe/describe.go, v1.31): the schedule and policies, `<unset>` for what the spec
// leaves out, the job template (Selector, Parallelism, Completions, then the pod template), the
// last schedule time, the active Jobs by name and the events.

import type { Event } from '../../../api/types';
import { labelSelectorAsSelector, selectorToString } from '../../../api/labels';
import type { CronJob } from '../../../controllers/cronjob/schedule';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline, rfc1123z } from './format';
import { describePodTemplate } from './template';

const orUnset = (v: number | undefined | null, unit = ''): string => (v === undefined || v === null ? '<unset>' : `${v}${unit}`);

function boolPtr(v: boolean | undefined | null): string {
  if (v === undefined || v === null) return '<unset>';
  return v ? 'True' : 'False';
}

function describeJobTemplate(jt: CronJob['spec']['jobTemplate'] | undefined): string {
  const sp = jt?.spec ?? ({} as Partial<CronJob['spec']['jobTemplate']['spec']>);
  let s = `Selector:\t${sp.selector ? selectorToString(labelSelectorAsSelector(sp.selector)) : '<unset>'}\n`;
  s += `Parallelism:\t${orUnset(sp.parallelism)}\n`;
  s += `Completions:\t${orUnset(sp.completions)}\n`;
  if (sp.activeDeadlineSeconds !== undefined) s += `Active Deadline Seconds:\t${sp.activeDeadlineSeconds}s\n`;
  return s + describePodTemplate(sp.template);
}

export function describeCronJob(cj: CronJob, events: Event[], now: number): string {
  const m = cj.metadata;
  const sp = cj.spec ?? ({} as CronJob['spec']);
  const st = cj.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  s += `Schedule:\t${sp.schedule ?? ''}\n`;
  s += `Concurrency Policy:\t${sp.concurrencyPolicy ?? ''}\n`;
  s += `Suspend:\t${boolPtr(sp.suspend)}\n`;
  s += `Successful Job History Limit:\t${orUnset(sp.successfulJobsHistoryLimit)}\n`;
  s += `Failed Job History Limit:\t${orUnset(sp.failedJobsHistoryLimit)}\n`;
  s += `Starting Deadline Seconds:\t${orUnset(sp.startingDeadlineSeconds, 's')}\n`;
  s += describeJobTemplate(sp.jobTemplate);
  s += `Last Schedule Time:\t${st.lastScheduleTime ? rfc1123z(st.lastScheduleTime) : '<unset>'}\n`;
  const active = (st.active ?? []).map((a) => a.name ?? '');
  s += `Active Jobs:\t${active.length ? active.join(', ') : '<none>'}\n`;
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}
