// metrics-server's decoder of the kubelet's /metrics/resource text (pkg/scraper/client/resource/
// decode.go): the node's and each container's cumulative CPU (core-seconds) and working set, with the
// timestamp of the samples. Lines it does not know are skipped, as the decoder skips other series.

export interface ContainerPoint {
  namespace: string;
  pod: string;
  container: string;
  cpuCoreSeconds: number;
  memBytes: number;
  startTimeSec?: number;
}

export interface ScrapePoint {
  timestampMs: number;
  nodeCpuCoreSeconds?: number;
  nodeMemBytes?: number;
  containers: ContainerPoint[];
}

const SAMPLE = /^([a-z_]+)(?:\{([^}]*)\})?\s+(\S+)(?:\s+(\d+))?$/;

function labelsOf(text: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of (text ?? '').matchAll(/([a-z_]+)="([^"]*)"/g)) out[m[1]!] = m[2]!;
  return out;
}

/** The point a scrape gave, or undefined when the text holds no node sample. */
export function parseResourceMetrics(text: string): ScrapePoint | undefined {
  const point: ScrapePoint = { timestampMs: 0, containers: [] };
  const byKey = new Map<string, ContainerPoint>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) continue;
    const [, name, labelText, valueText, ts] = m as unknown as [string, string, string | undefined, string, string | undefined];
    const value = Number(valueText);
    if (!Number.isFinite(value)) continue;
    if (ts) point.timestampMs = Math.max(point.timestampMs, Number(ts));
    if (name === 'node_cpu_usage_seconds_total') point.nodeCpuCoreSeconds = value;
    else if (name === 'node_memory_working_set_bytes') point.nodeMemBytes = value;
    else if (name.startsWith('container_')) {
      const l = labelsOf(labelText);
      const key = `${l.namespace}/${l.pod}/${l.container}`;
      const c = byKey.get(key) ?? { namespace: l.namespace ?? '', pod: l.pod ?? '', container: l.container ?? '', cpuCoreSeconds: NaN, memBytes: NaN };
      byKey.set(key, c);
      if (name === 'container_cpu_usage_seconds_total') c.cpuCoreSeconds = value;
      else if (name === 'container_memory_working_set_bytes') c.memBytes = value;
      else if (name === 'container_start_time_seconds') c.startTimeSec = value;
    }
  }
  if (point.nodeCpuCoreSeconds === undefined || point.nodeMemBytes === undefined) return undefined;
  point.containers = [...byKey.values()].filter((c) => Number.isFinite(c.cpuCoreSeconds) && Number.isFinite(c.memBytes));
  return point;
}
