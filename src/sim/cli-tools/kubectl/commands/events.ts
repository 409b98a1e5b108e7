// kubectl events [--for TYPE/NAME] [--types Normal,Warning] [-A] [-w] [--no-headers]
// (kubectl/pkg/cmd/events/events.go and event_printer.go, v1.31): LIST events (with --for, a field
// selector on involvedObject kind, apiVersion and name), keep the chosen types, sort by time (the
// series' last observation, else lastTimestamp, else eventTime) and print LAST SEEN TYPE REASON
// OBJECT MESSAGE, NAMESPACE first with -A. -w WATCHes instead and prints each event as it comes,
// through a RememberWidths tabwriter flushed per event. Go's sort.Sort is not stable; for events
// with equal times this sort keeps the server's order, where kubectl's pdqsort may not.

import type { WatchEventBody } from '../../../api/http';
import { apiVersionOf } from '../../../api/resources';
import { parseTime } from '../../../api/time';
import type { Event, KubeList, Status } from '../../../api/types';
import { age } from '../../../apiserver/printers/tables';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { tabwrite, KUBECTL_TABLE } from '../../common/tabwriter';
import type { CliOutput } from '../../protocol';
import { plain } from '../errors';
import { mapResource } from '../discovery-cache';
import { flagArray, flagBool, flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { alignRemembering } from './get-watch';

export interface EventsJob extends JobCommon {
  command: 'events';
  allNamespaces: boolean;
  types: string[];
  noHeaders: boolean;
  watch: boolean;
  headerPrinted: boolean;
  widths: number[];
}

type SeriesEvent = Event & { series?: { count?: number; lastObservedTime?: string } };

function eventTime(e: SeriesEvent): number {
  const t = e.series?.lastObservedTime || e.lastTimestamp || e.eventTime;
  return t ? parseTime(t) : 0;
}

/** getInterval (event_printer.go). */
function interval(e: SeriesEvent, now: number): string {
  const first = e.eventTime ? age(e.eventTime, now) : age(e.firstTimestamp, now);
  if (e.series) return `${age(e.series.lastObservedTime, now)} (x${e.series.count ?? 0} over ${first})`;
  if ((e.count ?? 0) > 1) return `${age(e.lastTimestamp, now)} (x${e.count} over ${first})`;
  return first;
}

function rows(job: EventsJob, events: SeriesEvent[], now: number): string {
  let s = '';
  if (!job.noHeaders && !job.headerPrinted) s += `${job.allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`;
  job.headerPrinted = true;
  for (const e of events) {
    s += `${job.allNamespaces ? `${e.metadata.namespace ?? ''}\t` : ''}${interval(e, now)}\t${e.type ?? ''}\t${e.reason ?? ''}\t`;
    s += `${e.involvedObject?.kind ?? ''}/${e.involvedObject?.name ?? ''}\t${(e.message ?? '').trim()}\n`;
  }
  return s;
}

const wanted = (job: EventsJob, e: Event): boolean => job.types.length === 0 || job.types.some((t) => t.toLowerCase() === (e.type ?? '').toLowerCase());

export function startEvents(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const types = [...new Set(flagArray(p, 'types').flatMap((t) => t.split(',')))].sort();
  if (types.some((t) => !['normal', 'warning'].includes(t.toLowerCase()))) return finishJob(st, common, ctx, plain('valid --types are Normal or Warning'));
  const query: Record<string, string> = {};
  const forObject = flagString(p, 'for');
  if (forObject) {
    const seg = forObject.split('/');
    if (seg.length === 1) return finishJob(st, common, ctx, plain('--for must be in resource/name form'));
    if (seg.length !== 2) return finishJob(st, common, ctx, plain('arguments in resource/name form may not have more than one slash'));
    const info = mapResource(st, seg[0]!);
    if (!info) {
      common.stderr += `the server doesn't have a resource type "${seg[0]!.toLowerCase()}"\n`;
      return finishJob(st, common, ctx, undefined, 1);
    }
    query.fieldSelector = `involvedObject.kind=${info.kind},involvedObject.apiVersion=${apiVersionOf(info)},involvedObject.name=${seg[1]}`;
  }
  const job: EventsJob = {
    ...common,
    command: 'events',
    allNamespaces: flagBool(p, 'all-namespaces'),
    types,
    noHeaders: flagBool(p, 'no-headers'),
    watch: flagBool(p, 'watch'),
    headerPrinted: false,
    widths: [],
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ resource: 'events', namespace: job.allNamespaces ? undefined : job.namespace });
  if (job.watch) {
    jobRequest(st, job, ctx, { method: 'GET', path, query: { ...query, watch: 'true' } }, 'watch', { phase: 'watch', watch: true });
    return;
  }
  jobRequest(st, job, ctx, { method: 'GET', path, query }, 'list');
}

export function onEventsResult(st: KubectlState, job: EventsJob, _step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (job.watch) return finishJob(st, job, ctx);
  const events = ((r.body as KubeList<Event>).items ?? []).filter((e) => wanted(job, e));
  if (events.length === 0) {
    job.stderr += job.allNamespaces ? 'No events found.\n' : `No events found in ${job.namespace} namespace.\n`;
    return finishJob(st, job, ctx);
  }
  const sorted = [...events].sort((a, b) => eventTime(a) - eventTime(b));
  job.stdout = tabwrite(rows(job, sorted, ctx.now), KUBECTL_TABLE);
  finishJob(st, job, ctx);
}

/** -w: each event (not deletions) printed and flushed as it comes; an ERROR event ends the command. */
export function onEventsWatchEvent(st: KubectlState, job: EventsJob, body: WatchEventBody, ctx: Effects): void {
  if (body.watchId !== job.watchId) return;
  if (body.event.type === 'ERROR') return finishJob(st, job, ctx, { t: 'status', status: body.event.object as Status });
  const e = body.event.object as Event;
  if (body.event.type === 'DELETED' || !wanted(job, e)) return;
  const stdout = alignRemembering(rows(job, [e], ctx.now), job.widths);
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout, stderr: '', exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}
