// `kubectl get <type> [name] -w | --watch-only` (kubectl/pkg/cmd/get/get.go, watch()): print the
// current table, then WATCH from the list's resourceVersion and print one row per event (ADDED,
// MODIFIED and DELETED alike) until Ctrl-C. Each print is flushed at once, so each event reaches the
// terminal as its own `partial` chunk. The header is printed once, with the first rows
// (`--watch-only` skips the current rows, so the header comes with the first event).
//
// Alignment: kubectl's tabwriter (cli-runtime printers/tabwriter.go) is liggitt/tabwriter with the
// RememberWidths flag, flushed after every event. A column keeps the widest width it has had, and
// grows when a later row needs more, so `ContainerCreating` widens the STATUS column from then on
// while the rows printed before stay as they were, just as in a real terminal.
//
// --request-timeout: the watch request lasts that long at most (client-go's http.Client.Timeout),
// and a timeout while reading a watch stream is a normal end for client-go's StreamWatcher
// (net.IsTimeout). kubectl v1.31.9 `get pods -w --request-timeout=5s` against kubeplay serve printed
// the table, ended 5 s later with nothing more, and exited 0.

import { omitManagedFields } from '../printers/go-template-output';
import type { WatchEventBody } from '../../../api/http';
import type { KubeObject, Status } from '../../../api/types';
import { apiVersionOf } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import { goMarshalIndent } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import { KUBECTL_TABLE } from '../../common/tabwriter';
import type { CliOutput } from '../../protocol';
import { aggregate, plain } from '../errors';
import { finishJob, jobRequest, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { tableText, TABLE_ACCEPT } from '../printers/table-print';
import type { Table } from '../../../apiserver/table';
import { printsTable, type GetJob } from './get';
import { onGetRawWatchEvent } from './get-raw';

/** The state a watching `get` keeps between events. */
export interface GetWatch {
  /** The rows of the first table are not printed (`--watch-only`). */
  only: boolean;
  /** The header was printed (with the first rows). */
  headerPrinted: boolean;
  /** RememberWidths: the widest width each column has had so far. */
  widths: number[];
  /** The WATCH is open. */
  open: boolean;
  /** --request-timeout's deadline for the watch request. */
  deadline?: TimerId;
}

export const GET_WATCH_DEADLINE_TIMER = 'kubectl.get.watch-deadline';

/** --request-timeout ran out on the watch: the stream is closed and kubectl exits 0. */
export function onGetWatchDeadline(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as GetJob | undefined;
  if (!job?.watch || job.watch.deadline !== timer.id) return;
  finishJob(st, job, ctx);
}

/** Align tab-separated rows as a RememberWidths tabwriter flushed once after them (rows of one table). */
export function alignRemembering(text: string, widths: number[]): string {
  const lines = text.replace(/\n$/, '').split('\n').map((l) => l.split('\t'));
  for (const cells of lines) {
    cells.slice(0, -1).forEach((c, j) => {
      widths[j] = Math.max(widths[j] ?? 0, KUBECTL_TABLE.minwidth, Array.from(c).length + KUBECTL_TABLE.padding);
    });
  }
  return lines
    .map((cells) => cells.map((c, j) => (j < cells.length - 1 ? c.padEnd(widths[j]!, KUBECTL_TABLE.padchar) : c)).join(''))
    .map((l) => l + '\n')
    .join('');
}

function emitChunk(job: GetJob, ctx: Effects, stdout: string): void {
  if (stdout === '') return;
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout, stderr: '', exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}

/** The objects as the chosen printer writes them (-o name, json, yaml). */
function renderObjects(job: GetJob, objs: KubeObject[]): string {
  const t = job.targets[0]!;
  if (job.output === 'name') return objs.map((o) => kindSlashName(t.info, o.metadata.name ?? '') + '\n').join('');
  if (job.output === 'json') return objs.map((o) => goMarshalIndent(omitManagedFields(o, job.showManagedFields)) + '\n').join('');
  return objs.map((o) => goYaml(omitManagedFields(o, job.showManagedFields))).join('---\n');
}

/** The server's Table rows as kubectl's table printer writes them, the header only before the first rows. */
function renderTable(job: GetJob, w: GetWatch, table: Table, event: string): string {
  const t = job.targets[0]!;
  if ((table.rows ?? []).length === 0) return '';
  // kubectl's watch prints without kinds (ToPrinter(mapping, ..., withKind false)).
  const text = tableText(table, {
    wide: job.output === 'wide',
    withNamespace: job.allNamespaces && t.info.namespaced,
    showLabels: job.showLabels,
    noHeaders: job.noHeaders || w.headerPrinted,
    labelColumns: job.labelColumns,
  });
  const withEvent = job.outputWatchEvents ? eventColumn(text, event, !(job.noHeaders || w.headerPrinted)) : text;
  w.headerPrinted = true;
  return alignRemembering(withEvent, w.widths);
}

/**
 * --output-watch-events: each object is printed as a metav1.WatchEvent, and the table printer
 * (cli-runtime printers/tableprinter.go, printTable for WatchEvent) puts an EVENT column first.
 */
function eventColumn(text: string, event: string, header: boolean): string {
  const cell = formatEventType(event);
  return text
    .replace(/\n$/, '')
    .split('\n')
    .map((l, i) => `${header && i === 0 ? 'EVENT' : cell}\t${l}\n`)
    .join('');
}

/**
 * tableprinter.go formatEventType: the known types padded to eight characters, so the EVENT column
 * is as wide from the first row as MODIFIED makes it (real kubectl v1.31.9 prints `ADDED      a`).
 */
function formatEventType(event: string): string {
  return ['ADDED', 'MODIFIED', 'DELETED', 'ERROR'].includes(event) ? event.padEnd(8, ' ') : event;
}

/** After the first LIST (or GET): print it and open the WATCH. */
export function beginWatch(st: KubectlState, job: GetJob, ctx: Effects): void {
  const t = job.targets[0];
  const infos = job.targets.reduce((n, x) => n + Math.max(1, x.names.length), 0);
  if (!t || infos !== 1) {
    return finishJob(st, job, ctx, plain(`watch is only supported on individual resources and resource collections, but ${infos} resources were found`));
  }
  if (job.errors.length) return finishJob(st, job, ctx, aggregate(job.errors));
  if (job.output.startsWith('jsonpath')) return finishJob(st, job, ctx, plain('--watch with -o jsonpath is not supported by this simulator'));
  const w: GetWatch = { only: job.watchOnly, headerPrinted: false, widths: [], open: true };
  job.watch = w;
  const table = printsTable(job.output);
  if (!w.only) {
    const rows = t.tables.flatMap((x) => x.rows ?? []);
    emitChunk(job, ctx, table ? renderTable(job, w, { ...t.tables[0]!, rows }, 'ADDED') : renderObjects(job, t.items));
  }
  const name = t.names[0];
  const namespace = t.info.namespaced && !(job.allNamespaces && !name) ? job.namespace : undefined;
  const path = resourcePath({ group: t.info.group || undefined, version: t.info.version, resource: t.info.resource, namespace });
  // A list's resourceVersion is "now" and a watch from it sends no synthetic ADDED events. For one
  // named object real kubectl watches from "0" and drops the synthetic first event; watching from the
  // object's own resourceVersion prints the same thing.
  const first = table ? (t.tables[0]?.rows?.[0]?.object as KubeObject | undefined) : t.items[0];
  const rv = name ? (first?.metadata?.resourceVersion ?? '0') : (job.listResourceVersion ?? '0');
  const query: Record<string, string> = { resourceVersion: rv, watch: 'true' };
  if (name) query.fieldSelector = `metadata.name=${name}`;
  else {
    if (job.selector) query.labelSelector = job.selector;
    if (job.fieldSelector) query.fieldSelector = job.fieldSelector;
  }
  jobRequest(st, job, ctx, { method: 'GET', path, query, accept: table ? TABLE_ACCEPT : undefined }, 'watch', {
    phase: 'watch',
    watch: true,
    object: name ? { kind: t.info.kind, name, namespace } : undefined,
  });
  if (job.requestTimeoutSet) w.deadline = ctx.setTimer(job.timeoutMs, GET_WATCH_DEADLINE_TIMER, { jobId: job.jobId });
}

/** One event on the watch: its object's row, flushed at once. An ERROR event ends the command. */
export function onGetWatchEvent(st: KubectlState, job: GetJob, body: WatchEventBody, ctx: Effects): void {
  const w = job.watch;
  if (!w) return onGetRawWatchEvent(job, body, ctx);
  if (body.watchId !== job.watchId) return;
  if (body.event.type === 'ERROR') return finishJob(st, job, ctx, { t: 'status', status: body.event.object as Status });
  if (body.event.type === 'BOOKMARK') return;
  const t = job.targets[0]!;
  if (printsTable(job.output)) return emitChunk(job, ctx, renderTable(job, w, body.event.object as unknown as Table, body.event.type));
  const o = body.event.object as KubeObject;
  const obj = { ...o, apiVersion: o.apiVersion ?? apiVersionOf(t.info), kind: o.kind ?? t.info.kind };
  emitChunk(job, ctx, renderObjects(job, [obj]));
}

/** The watch request ended: refused (an error), or the server closed the stream. */
export function onGetWatchEnded(st: KubectlState, job: GetJob, r: RequestResult, ctx: Effects): void {
  if (job.watch) job.watch.open = false;
  finishJob(st, job, ctx, r.ok ? undefined : r.err);
}
