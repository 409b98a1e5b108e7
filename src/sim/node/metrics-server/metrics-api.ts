// The Metrics API (metrics.k8s.io/v1beta1) as metrics-server serves it (pkg/api/node.go, pod.go,
// pkg/storage/node.go and pod.go GetMetrics): NodeMetrics and PodMetrics built from the last two
// scrapes. CPU is the counter's increase over the window in nanocores, memory the last working set;
// `window` is the time between the two points and `timestamp` the last one. A node or pod without two
// points is left out of a list, and a GET of it is 404 (`nodemetrics.metrics.k8s.io "x" not found`).
// A pod's metrics need every one of its containers to have two points of the same container start.

import { notFound } from '../../api/errors';
import { parseSelector, selectorMatches } from '../../api/labels';
import { rfc3339, simEpochMs } from '../../api/time';
import type { KubeObject } from '../../api/types';
import type { ContainerPoint, ScrapePoint } from './scrape';
import { storageReady, type MetricsServer } from './metrics-server';

const GV = 'metrics.k8s.io/v1beta1';

export interface ApiAnswer {
  status: number;
  body: string;
}

/** A Go time.Duration's String(): `15s`, `15.002s`, `1m0.5s`. */
export function goDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const secs = (ms - minutes * 60_000) / 1000;
  const s = `${Number(secs.toFixed(3))}s`;
  return minutes ? `${minutes}m${s}` : s;
}

/** resource.Quantity's canonical text of nanocores (DecimalSI, scale -9). */
export function cpuQuantity(nanocores: number): string {
  const n = Math.max(0, Math.round(nanocores));
  if (n === 0) return '0';
  if (n % 1e9 === 0) return `${n / 1e9}`;
  if (n % 1e6 === 0) return `${n / 1e6}m`;
  if (n % 1e3 === 0) return `${n / 1e3}u`;
  return `${n}n`;
}

/** resource.Quantity's canonical text of bytes (BinarySI). */
export function memoryQuantity(bytes: number): string {
  let b = Math.max(0, Math.round(bytes));
  if (b === 0) return '0';
  for (const suffix of ['', 'Ki', 'Mi', 'Gi']) {
    if (b % 1024 !== 0 || suffix === 'Gi') return `${b}${suffix}`;
    b /= 1024;
  }
  return `${b}Ti`;
}

function rate(last: number, prev: number, windowMs: number): number | undefined {
  if (windowMs <= 0 || last < prev) return undefined;
  return ((last - prev) / (windowMs / 1000)) * 1e9;
}

function stamp(p: ScrapePoint): string {
  return rfc3339(p.timestampMs - simEpochMs());
}

function nodeItem(srv: MetricsServer, node: KubeObject, now: number): Record<string, unknown> | undefined {
  const st = srv.nodes.get(node.metadata.name ?? '');
  if (!st?.prev) return undefined;
  const windowMs = st.last.timestampMs - st.prev.timestampMs;
  const cpu = rate(st.last.nodeCpuCoreSeconds!, st.prev.nodeCpuCoreSeconds!, windowMs);
  if (cpu === undefined) return undefined;
  const metadata: Record<string, unknown> = { name: node.metadata.name, creationTimestamp: rfc3339(now) };
  if (node.metadata.labels) metadata.labels = node.metadata.labels;
  return { metadata, timestamp: stamp(st.last), window: goDuration(windowMs), usage: { cpu: cpuQuantity(cpu), memory: memoryQuantity(st.last.nodeMemBytes!) } };
}

function podItem(srv: MetricsServer, pod: KubeObject, now: number): Record<string, unknown> | undefined {
  const nodeName = (pod.spec as { nodeName?: string } | undefined)?.nodeName;
  const st = nodeName ? srv.nodes.get(nodeName) : undefined;
  if (!st?.prev) return undefined;
  const mine = (p: ScrapePoint): ContainerPoint[] => p.containers.filter((c) => c.namespace === pod.metadata.namespace && c.pod === pod.metadata.name);
  const last = mine(st.last);
  if (!last.length) return undefined;
  const windowMs = st.last.timestampMs - st.prev.timestampMs;
  const containers: Record<string, unknown>[] = [];
  for (const c of last) {
    const p = mine(st.prev).find((x) => x.container === c.container && x.startTimeSec === c.startTimeSec);
    const cpu = p ? rate(c.cpuCoreSeconds, p.cpuCoreSeconds, windowMs) : undefined;
    if (cpu === undefined) return undefined;
    containers.push({ name: c.container, usage: { cpu: cpuQuantity(cpu), memory: memoryQuantity(c.memBytes) } });
  }
  const metadata: Record<string, unknown> = { name: pod.metadata.name, namespace: pod.metadata.namespace, creationTimestamp: rfc3339(now) };
  if (pod.metadata.labels) metadata.labels = pod.metadata.labels;
  return { metadata, timestamp: stamp(st.last), window: goDuration(windowMs), containers };
}

function json(status: number, body: unknown): ApiAnswer {
  return { status, body: JSON.stringify(body) };
}

function list(kind: string, items: Record<string, unknown>[]): ApiAnswer {
  return json(200, { kind, apiVersion: GV, metadata: {}, items });
}

/** `labelSelector=` of the request's query, or undefined for everything. */
function selectorOf(query: string): ReturnType<typeof parseSelector> | undefined {
  const pair = query.split('&').find((x) => x.startsWith('labelSelector='));
  const text = pair ? decodeURIComponent(pair.slice('labelSelector='.length).replace(/\+/g, ' ')) : '';
  return text ? parseSelector(text) : undefined;
}

/** The answer to a GET of `pathWithQuery` on the server's secure port. */
export function answerMetricsApi(srv: MetricsServer, pathWithQuery: string, now: number): ApiAnswer {
  const [path, q] = pathWithQuery.split('?', 2) as [string, string | undefined];
  const query = q ?? '';
  if (path === '/livez' || path === '/healthz') return { status: 200, body: 'ok' };
  if (path === '/readyz') return storageReady(srv) ? { status: 200, body: 'ok' } : { status: 500, body: '[-]metric-storage-ready failed: reason withheld\nreadyz check failed\n' };
  if (path === '/apis/metrics.k8s.io/v1beta1') {
    const res = (name: string, kind: string, namespaced: boolean): Record<string, unknown> => ({ name, singularName: '', namespaced, kind, verbs: ['get', 'list'] });
    return json(200, { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: GV, resources: [res('nodes', 'NodeMetrics', false), res('pods', 'PodMetrics', true)] });
  }
  let sel;
  try {
    sel = selectorOf(query);
  } catch (e) {
    return json(400, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: (e as Error).message, reason: 'BadRequest', code: 400 });
  }
  const matches = (o: KubeObject): boolean => !sel || selectorMatches(sel, o.metadata.labels);
  const nodes = srv.informers.byName.nodes.items;
  const pods = srv.informers.byName.pods.items;
  let m = /^\/apis\/metrics\.k8s\.io\/v1beta1\/nodes(?:\/([^/]+))?$/.exec(path);
  if (m) {
    if (m[1]) {
      const n = nodes.get(m[1]);
      const item = n ? nodeItem(srv, n, now) : undefined;
      return item ? json(200, { kind: 'NodeMetrics', apiVersion: GV, ...item }) : json(404, notFound({ group: 'metrics.k8s.io', resource: 'nodemetrics' }, m[1]));
    }
    return list('NodeMetricsList', [...nodes.values()].filter(matches).map((n) => nodeItem(srv, n, now)).filter((x): x is Record<string, unknown> => !!x));
  }
  m = /^\/apis\/metrics\.k8s\.io\/v1beta1\/(?:namespaces\/([^/]+)\/)?pods(?:\/([^/]+))?$/.exec(path);
  if (m) {
    const [, ns, name] = m;
    if (name && ns) {
      const p = pods.get(`${ns}/${name}`);
      const item = p ? podItem(srv, p, now) : undefined;
      return item ? json(200, { kind: 'PodMetrics', apiVersion: GV, ...item }) : json(404, notFound({ group: 'metrics.k8s.io', resource: 'podmetrics' }, `${ns}/${name}`));
    }
    const chosen = [...pods.values()].filter((p) => (!ns || p.metadata.namespace === ns) && matches(p));
    return list('PodMetricsList', chosen.map((p) => podItem(srv, p, now)).filter((x): x is Record<string, unknown> => !!x));
  }
  return { status: 404, body: '404 page not found\n' };
}
