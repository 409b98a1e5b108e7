// The kubelet's /metrics/resource endpoint (pkg/kubelet/metrics/collectors/resource_metrics.go),
// which metrics-server scrapes: in Prometheus text format, per node, pod and container, the
// cumulative CPU time in core-seconds and the working set in bytes, each sample stamped with the
// time it was read (milliseconds since the Unix epoch). Figures come from resource-usage.ts. The
// node's CPU counter is kept by the kubelet and only grows: each read adds what the node ran since the
// last one, so containers that stop never make it go backwards (metrics-server drops a node whose
// counter decreases).

import type { HttpRequest, HttpResponse } from '../../api/http';
import { parseCpuMillis } from '../../api/quantity';
import { simEpochMs } from '../../api/time';
import type { Effects, Message } from '../../kernel/component';
import { containerUsage, NODE_SYSTEM_USAGE, usageIn } from './resource-usage';
import type { KubeletState } from './state';

export const RESOURCE_METRICS_PATH = '/metrics/resource';

interface Sample {
  namespace: string;
  pod: string;
  container: string;
  startedAt: number;
  cpuCoreSeconds: number;
  memBytes: number;
}

/** Prometheus' text format writes floats as Go's strconv.FormatFloat(f, 'g', -1, 64). */
export function goFloat(x: number): string {
  if (x === 0) return '0';
  const [mant, ex] = x.toExponential().split('e') as [string, string];
  const n = Number(ex);
  if (n < -4 || n >= 21 || n >= 6) return `${mant}e${n < 0 ? '-' : '+'}${String(Math.abs(n)).padStart(2, '0')}`;
  return String(x);
}

function containerSamples(s: KubeletState, now: number, nodeCpu: number): { samples: Sample[]; cpuMilli: number; memBytes: number } {
  const samples: Sample[] = [];
  let cpuMilli = 0;
  let memBytes = 0;
  for (const w of s.workers.values()) {
    if (w.removed) continue;
    for (const c of [...w.initContainers, ...w.containers]) {
      if (c.state !== 'running' || c.startedAt === undefined) continue;
      const u = containerUsage(c.spec, c.containerId ?? `${w.uid}/${c.name}`, nodeCpu);
      cpuMilli += u.cpuMilli;
      memBytes += u.memBytes;
      samples.push({ namespace: w.namespace, pod: w.name, container: c.name, startedAt: c.startedAt, cpuCoreSeconds: (u.cpuMilli / 1000) * Math.max(0, now - c.startedAt) / 1000, memBytes: u.memBytes });
    }
  }
  return { samples, cpuMilli, memBytes };
}

/** The node's cumulative CPU counter, advanced to now at the rate it runs now. */
function nodeCpuCounter(s: KubeletState, now: number, rateMilli: number): number {
  const c = (s.resourceCounter ??= { at: s.startedAt, coreSeconds: 0 });
  c.coreSeconds += (rateMilli / 1000) * Math.max(0, now - c.at) / 1000;
  c.at = now;
  return c.coreSeconds;
}

/** The endpoint's text at `now` (simulated ms). */
export function resourceMetricsText(s: KubeletState, now: number): string {
  const nodeCpu = parseCpuMillis(s.config.capacity.cpu);
  const { samples, cpuMilli, memBytes } = containerSamples(s, now, nodeCpu);
  const system = usageIn(NODE_SYSTEM_USAGE, s.config.nodeName);
  const ts = Math.floor(simEpochMs() + now);
  const sec = (ms: number): string => goFloat((simEpochMs() + ms) / 1000);
  const labels = (x: Sample, withContainer: boolean): string => `{${withContainer ? `container="${x.container}",` : ''}namespace="${x.namespace}",pod="${x.pod}"}`;
  const pods = new Map<string, { x: Sample; cpu: number; mem: number }>();
  for (const x of samples) {
    const p = pods.get(`${x.namespace}/${x.pod}`) ?? { x, cpu: 0, mem: 0 };
    p.cpu += x.cpuCoreSeconds;
    p.mem += x.memBytes;
    pods.set(`${x.namespace}/${x.pod}`, p);
  }
  const lines: string[] = [];
  const family = (name: string, help: string, type: 'counter' | 'gauge', rows: string[]): void => {
    lines.push(`# HELP ${name} [STABLE] ${help}`, `# TYPE ${name} ${type}`, ...rows);
  };
  family('container_cpu_usage_seconds_total', 'Cumulative cpu time consumed by the container in core-seconds', 'counter', samples.map((x) => `container_cpu_usage_seconds_total${labels(x, true)} ${goFloat(x.cpuCoreSeconds)} ${ts}`));
  family('container_memory_working_set_bytes', 'Current working set of the container in bytes', 'gauge', samples.map((x) => `container_memory_working_set_bytes${labels(x, true)} ${goFloat(x.memBytes)} ${ts}`));
  family('container_start_time_seconds', 'Start time of the container since unix epoch in seconds', 'gauge', samples.map((x) => `container_start_time_seconds${labels(x, true)} ${sec(x.startedAt)} ${ts}`));
  family('node_cpu_usage_seconds_total', 'Cumulative cpu time consumed by the node in core-seconds', 'counter', [`node_cpu_usage_seconds_total ${goFloat(nodeCpuCounter(s, now, system.cpuMilli + cpuMilli))} ${ts}`]);
  family('node_memory_working_set_bytes', 'Current working set of the node in bytes', 'gauge', [`node_memory_working_set_bytes ${goFloat(system.memBytes + memBytes)} ${ts}`]);
  family('pod_cpu_usage_seconds_total', 'Cumulative cpu time consumed by the pod in core-seconds', 'counter', [...pods.values()].map((p) => `pod_cpu_usage_seconds_total${labels(p.x, false)} ${goFloat(p.cpu)} ${ts}`));
  family('pod_memory_working_set_bytes', 'Current working set of the pod in bytes', 'gauge', [...pods.values()].map((p) => `pod_memory_working_set_bytes${labels(p.x, false)} ${goFloat(p.mem)} ${ts}`));
  family('resource_scrape_error', '1 if there was an error while getting container metrics, 0 otherwise', 'gauge', ['resource_scrape_error 0']);
  return lines.join('\n') + '\n';
}

/** GET /metrics/resource: answered at once with the text. */
export function onResourceMetrics(s: KubeletState, ctx: Effects, msg: Message): boolean {
  const req = msg.body as HttpRequest;
  if (req.path !== RESOURCE_METRICS_PATH) return false;
  const r: HttpResponse = { type: 'http.response', requestId: msg.id, status: 200, body: resourceMetricsText(s, ctx.now) };
  ctx.send({ process: msg.from, incarnation: msg.fromIncarnation }, r, { summary: `200 ${RESOURCE_METRICS_PATH} (${s.workers.size} pods)`, phase: 'networking' });
  return true;
}
