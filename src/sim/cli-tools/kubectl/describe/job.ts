// `kubectl describe job` (describeJob in kubectl/pkg/describe/describe.go): the optional spec
// fields are printed only when set, Duration only once the Job has both a start and a
// completion time, and Pods Statuses shows the Ready count when the status carries one.

import type { Event } from '../../../api/types';
import { labelSelectorAsSelector, selectorToString } from '../../../api/labels';
import { parseTime } from '../../../api/time';
import { controllerOf } from '../../../controllers/replicaset/types';
import type { Job } from '../../../controllers/job/manage';
import { humanDuration } from '../../../../apimachinery/duration';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline, rfc1123z } from './format';
import { describePodTemplate } from './template';

type JobSpecExtras = { completionMode?: string; ttlSecondsAfterFinished?: number };

function specLines(job: Job): string {
  const sp = job.spec as Job['spec'] & JobSpecExtras;
  let s = '';
  if (sp.parallelism !== undefined) s += `Parallelism:\t${sp.parallelism}\n`;
  s += `Completions:\t${sp.completions ?? '<unset>'}\n`;
  if (sp.completionMode) s += `Completion Mode:\t${sp.completionMode}\n`;
  if (sp.suspend !== undefined) s += `Suspend:\t${sp.suspend}\n`;
  if (sp.backoffLimit !== undefined) s += `Backoff Limit:\t${sp.backoffLimit}\n`;
  if (sp.ttlSecondsAfterFinished !== undefined) s += `TTL Seconds After Finished:\t${sp.ttlSecondsAfterFinished}\n`;
  return s;
}

export function describeJob(job: Job, events: Event[], now: number): string {
  const m = job.metadata;
  const st = job.status ?? {};
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  if (job.spec.selector) s += `Selector:\t${selectorToString(labelSelectorAsSelector(job.spec.selector))}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  const owner = controllerOf(job);
  if (owner) s += `Controlled By:\t${owner.kind}/${owner.name}\n`;
  s += specLines(job);
  if (st.startTime) s += `Start Time:\t${rfc1123z(st.startTime)}\n`;
  if (st.completionTime) s += `Completed At:\t${rfc1123z(st.completionTime)}\n`;
  if (st.startTime && st.completionTime) s += `Duration:\t${humanDuration(parseTime(st.completionTime) - parseTime(st.startTime))}\n`;
  if (job.spec.activeDeadlineSeconds !== undefined) s += `Active Deadline Seconds:\t${job.spec.activeDeadlineSeconds}s\n`;
  const ready = st.ready === undefined ? '' : ` (${st.ready} Ready)`;
  s += `Pods Statuses:\t${st.active ?? 0} Active${ready} / ${st.succeeded ?? 0} Succeeded / ${st.failed ?? 0} Failed\n`;
  s += describePodTemplate(job.spec.template);
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}
