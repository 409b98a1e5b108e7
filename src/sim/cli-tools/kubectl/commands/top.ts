// `kubectl top node|pod` once discovery lists metrics.k8s.io (kubectl v1.31 pkg/cmd/top/top_node.go,
// top_pod.go, pkg/metricsutil/metrics_printer.go and metrics_sorter.go):
// - node: GET the NodeMetrics (one, or a list by label selector); none at all is `error: metrics not
//   available yet`; then the Nodes, whose allocatable (capacity with --show-capacity) gives CPU% and
//   MEMORY%; a node with no metrics prints `<unknown>` cells after the others.
// - pod: GET the PodMetrics of the namespace (or all with -A); when there are none, kubectl lists the
//   pods of the current namespace: none is `No resources found in <ns> namespace.` (exit 0), a pod
//   older than 2 minutes is `Metrics not available for pod <ns>/<name>, age: <duration>`, else
//   `metrics not available yet`.
// CPU prints as millicores rounded up (Quantity.MilliValue), memory as whole Mi rounded down; every
// cell ends with a tab, so each line carries the tabwriter's padding at its end as kubectl's does.
// Unordered rows sort by name (pods by namespace first with -A); --sort-by=cpu|memory sorts
// descending. Go's sort.Sort is not stable; ties keep their order here (insertion sort for short
// lists, which is what pdqsort does below 12 elements).

import { parseBytes, parseCpuMillis, tryParseQuantity } from '../../../api/quantity';
import { parseTime } from '../../../api/time';
import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { tabwrite } from '../../common/tabwriter';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

const METRICS = '/apis/metrics.k8s.io/v1beta1';
/** top_pod.go metricsCreationDelay. */
const METRICS_CREATION_DELAY_MS = 2 * 60_000;

interface Usage {
  cpu?: string;
  memory?: string;
}

interface MetricsItem {
  metadata: { name?: string; namespace?: string };
  usage?: Usage;
  containers?: { name: string; usage?: Usage }[];
}

export interface TopOptions {
  what: 'node' | 'pod';
  name?: string;
  selector?: string;
  fieldSelector?: string;
  allNamespaces: boolean;
  containers: boolean;
  noHeaders: boolean;
  sortBy?: string;
  showCapacity: boolean;
  sum: boolean;
}

export interface TopState {
  opts: TopOptions;
  metrics?: MetricsItem[];
}

export function topOptions(p: ParsedArgs): TopOptions {
  const sub = p.args[0] ?? '';
  return {
    what: ['pod', 'pods', 'po'].includes(sub) ? 'pod' : 'node',
    name: p.args[1],
    selector: flagString(p, 'selector'),
    fieldSelector: flagString(p, 'field-selector'),
    allNamespaces: flagBool(p, 'all-namespaces'),
    containers: flagBool(p, 'containers'),
    noHeaders: flagBool(p, 'no-headers'),
    sortBy: flagString(p, 'sort-by') || undefined,
    showCapacity: flagBool(p, 'show-capacity'),
    sum: flagBool(p, 'sum'),
  };
}

/** Quantity.MilliValue (rounded up) and Value (rounded up) of a usage quantity. */
function milli(q: string | undefined): number {
  const parsed = q ? tryParseQuantity(q) : undefined;
  return parsed ? Math.ceil(parseCpuMillis(q!) - 1e-9) : 0;
}

function bytes(q: string | undefined): number {
  return q && tryParseQuantity(q) ? Math.ceil(parseBytes(q)) : 0;
}

function cells(cpuMilli: number, memBytes: number, available?: { cpu: number; memory: number }): string {
  const mem = Math.floor(memBytes / (1024 * 1024));
  if (!available) return `${cpuMilli}m\t${mem}Mi\t`;
  const pct = (used: number, of: number): string => `${Math.trunc((used / of) * 100)}%`;
  return `${cpuMilli}m\t${pct(cpuMilli, available.cpu)}\t${mem}Mi\t${pct(memBytes * 1000, available.memory * 1000)}\t`;
}

function stableSort<T>(xs: T[], less: (a: T, b: T) => boolean): T[] {
  const out = [...xs];
  for (let i = 1; i < out.length; i++) for (let j = i; j > 0 && less(out[j]!, out[j - 1]!); j--) [out[j], out[j - 1]] = [out[j - 1]!, out[j]!];
  return out;
}

function podTotals(m: MetricsItem): { cpu: number; mem: number } {
  let cpu = 0;
  let mem = 0;
  for (const c of m.containers ?? []) {
    cpu += milli(c.usage?.cpu);
    mem += bytes(c.usage?.memory);
  }
  return { cpu, mem };
}

/** Start: the metrics request, after discovery found the group. */
export function startTopMetrics(st: KubectlState, job: JobCommon & { top?: TopState }, ctx: Effects): void {
  const opts = job.top!.opts;
  const query: Record<string, string> = {};
  if (opts.selector) query.labelSelector = opts.selector;
  if (opts.what === 'node') {
    return void jobRequest(st, job, ctx, { method: 'GET', path: `${METRICS}/nodes${opts.name ? `/${opts.name}` : ''}`, query: opts.name ? {} : query }, 'metrics');
  }
  if (opts.fieldSelector) query.fieldSelector = opts.fieldSelector;
  const base = opts.allNamespaces ? METRICS : `${METRICS}/namespaces/${job.namespace}`;
  jobRequest(st, job, ctx, { method: 'GET', path: `${base}/pods${opts.name ? `/${opts.name}` : ''}`, query: opts.name ? {} : query }, 'metrics');
}

function itemsOf(r: RequestResult): MetricsItem[] {
  const o = asObject(r) as unknown as MetricsItem & { items?: MetricsItem[]; kind?: string };
  return o.kind?.endsWith('List') ? (o.items ?? []) : [o];
}

/** Go's time.Duration String() of an age in ms (`5m3.2s`, `2h0m1s`). */
export function goDurationString(ms: number): string {
  const totalSec = ms / 1000;
  const h = Math.floor(totalSec / 3600);
  const m = Math.floor((totalSec - h * 3600) / 60);
  const s = Number((totalSec - h * 3600 - m * 60).toFixed(9));
  if (h) return `${h}h${m}m${s}s`;
  if (m) return `${m}m${s}s`;
  return `${s}s`;
}

function printNodes(job: JobCommon & { top?: TopState }, nodes: KubeObject[]): void {
  const t = job.top!;
  const available = new Map<string, { cpu: number; memory: number }>();
  for (const n of nodes) {
    const status = (n.status ?? {}) as { allocatable?: Record<string, string>; capacity?: Record<string, string> };
    const list = (t.opts.showCapacity ? status.capacity : status.allocatable) ?? {};
    available.set(n.metadata.name ?? '', { cpu: list.cpu ? parseCpuMillis(list.cpu) : 0, memory: list.memory ? parseBytes(list.memory) : 0 });
  }
  const sortBy = t.opts.sortBy;
  const rows = stableSort(t.metrics!, (a, b) => (sortBy === 'cpu' ? milli(a.usage?.cpu) > milli(b.usage?.cpu) : sortBy === 'memory' ? bytes(a.usage?.memory) > bytes(b.usage?.memory) : (a.metadata.name ?? '') < (b.metadata.name ?? '')));
  let text = t.opts.noHeaders ? '' : 'NAME\tCPU(cores)\tCPU%\tMEMORY(bytes)\tMEMORY%\t\n';
  for (const m of rows) {
    const name = m.metadata.name ?? '';
    const av = available.get(name);
    text += `${name}\t${cells(milli(m.usage?.cpu), bytes(m.usage?.memory), av)}\n`;
    available.delete(name);
  }
  for (const name of available.keys()) text += `${name}\t<unknown>\t<unknown>\t<unknown>\t<unknown>\t\n`;
  job.stdout += tabwrite(text);
}

function printPods(job: JobCommon & { top?: TopState }): void {
  const t = job.top!;
  const { sortBy, allNamespaces: withNs, containers } = t.opts;
  const rows = stableSort(t.metrics!, (a, b) => {
    if (sortBy === 'cpu') return podTotals(a).cpu > podTotals(b).cpu;
    if (sortBy === 'memory') return podTotals(a).mem > podTotals(b).mem;
    if (withNs && a.metadata.namespace !== b.metadata.namespace) return (a.metadata.namespace ?? '') < (b.metadata.namespace ?? '');
    return (a.metadata.name ?? '') < (b.metadata.name ?? '');
  });
  let text = '';
  if (!t.opts.noHeaders) text += `${withNs ? 'NAMESPACE\t' : ''}${containers ? 'POD\t' : ''}NAME\tCPU(cores)\tMEMORY(bytes)\t\n`;
  const ns = (m: MetricsItem): string => (withNs ? `${m.metadata.namespace ?? ''}\t` : '');
  let cpuSum = 0;
  let memSum = 0;
  for (const m of rows) {
    const tot = podTotals(m);
    cpuSum += tot.cpu;
    memSum += tot.mem;
    if (!containers) {
      text += `${ns(m)}${m.metadata.name ?? ''}\t${cells(tot.cpu, tot.mem)}\n`;
      continue;
    }
    const cs = stableSort(m.containers ?? [], (a, b) => (sortBy === 'cpu' ? milli(a.usage?.cpu) > milli(b.usage?.cpu) : sortBy === 'memory' ? bytes(a.usage?.memory) > bytes(b.usage?.memory) : a.name < b.name));
    for (const c of cs) text += `${ns(m)}${m.metadata.name ?? ''}\t${c.name}\t${cells(milli(c.usage?.cpu), bytes(c.usage?.memory))}\n`;
  }
  if (t.opts.sum) {
    const width = 3 + (withNs ? 1 : 0) + (containers ? 1 : 0);
    text += '\t'.repeat(width - 2) + '________\t________\t\n';
    text += '\t'.repeat(width - 3) + `\t${cells(cpuSum, memSum)}\n`;
  }
  job.stdout += tabwrite(text);
}

/** The pods check of verifyEmptyMetrics: why there are no metrics. */
function verifyEmptyMetrics(st: KubectlState, job: JobCommon & { top?: TopState }, ctx: Effects, r: RequestResult): void {
  const t = job.top!;
  const o = asObject(r) as unknown as KubeObject & { items?: KubeObject[]; kind?: string };
  const pods = o.kind === 'PodList' ? (o.items ?? []) : [o];
  if (!pods.length) {
    job.stderr += t.opts.allNamespaces ? 'No resources found\n' : `No resources found in ${job.namespace} namespace.\n`;
    return finishJob(st, job, ctx);
  }
  for (const pod of pods) {
    const ageMs = ctx.now - parseTime(pod.metadata.creationTimestamp ?? '');
    if (ageMs > METRICS_CREATION_DELAY_MS) return finishJob(st, job, ctx, plain(`Metrics not available for pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''}, age: ${goDurationString(ageMs)}`));
  }
  finishJob(st, job, ctx, plain('metrics not available yet'));
}

/** The answers after discovery: metrics, then nodes (top node) or the pods check (top pod). */
export function onTopResult(st: KubectlState, job: JobCommon & { top?: TopState }, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  const t = job.top!;
  if (step === 'metrics') {
    t.metrics = itemsOf(r);
    if (t.opts.what === 'node') {
      if (!t.metrics.length) return finishJob(st, job, ctx, plain('metrics not available yet'));
      const query: Record<string, string> = t.opts.selector ? { labelSelector: t.opts.selector } : {};
      return void jobRequest(st, job, ctx, { method: 'GET', path: `/api/v1/nodes${t.opts.name ? `/${t.opts.name}` : ''}`, query: t.opts.name ? {} : query }, 'nodes');
    }
    if (t.metrics.length) {
      printPods(job);
      return finishJob(st, job, ctx);
    }
    const query: Record<string, string> = {};
    if (t.opts.selector) query.labelSelector = t.opts.selector;
    if (t.opts.fieldSelector) query.fieldSelector = t.opts.fieldSelector;
    return void jobRequest(st, job, ctx, { method: 'GET', path: `/api/v1/namespaces/${job.namespace}/pods${t.opts.name ? `/${t.opts.name}` : ''}`, query: t.opts.name ? {} : query }, 'pods');
  }
  if (step === 'nodes') {
    const o = asObject(r) as unknown as KubeObject & { items?: KubeObject[]; kind?: string };
    printNodes(job, o.kind === 'NodeList' ? (o.items ?? []) : [o]);
    return finishJob(st, job, ctx);
  }
  verifyEmptyMetrics(st, job, ctx, r);
}
