// The kubelet's /metrics/resource text (kubernetes pkg/kubelet/metrics/collectors/resource_metrics.go:
// node_/pod_/container_ cpu_usage_seconds_total and memory_working_set_bytes, container_start_time_seconds,
// each sample with its timestamp in ms) and the usage model behind it; metrics-server's decoder
// (metrics-server pkg/scraper/client/resource/decode.go) reads it back.
import { describe, expect, it } from 'vitest';
import { containerUsage, hashFraction } from './resource-usage';
import { goFloat } from './resource-metrics';
import { parseResourceMetrics } from '../metrics-server/scrape';

describe('resource usage model', () => {
  it('gives nginx about 1m CPU and 3-8 Mi, the same figures for the same container id', () => {
    const u = containerUsage({ name: 'web', image: 'nginx:1.27' }, 'abc123', 2000);
    expect(u.cpuMilli).toBeLessThanOrEqual(1);
    expect(u.memBytes).toBeGreaterThanOrEqual(3 * 1024 * 1024);
    expect(u.memBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(u.memBytes % 4096).toBe(0);
    expect(containerUsage({ name: 'web', image: 'nginx:1.27' }, 'abc123', 2000)).toEqual(u);
    expect(hashFraction('a')).not.toBe(hashFraction('b'));
  });

  it('runs stress near what its arguments ask, capped by the limits (docs: Assign CPU/Memory Resources to Containers)', () => {
    // The docs' cpu-demo: vish/stress -cpus 2 under a 1-CPU limit uses about one CPU.
    expect(containerUsage({ name: 'c', image: 'vish/stress', args: ['-cpus', '2'], resources: { limits: { cpu: '1' } } }, 'x', 4000).cpuMilli).toBe(1000);
    expect(containerUsage({ name: 'c', image: 'vish/stress', args: ['-cpus', '2'] }, 'x', 4000).cpuMilli).toBeGreaterThan(2000);
    const spin = containerUsage({ name: 'c', image: 'polinux/stress', command: undefined, args: ['--cpu', '2'], resources: { limits: { cpu: '1' } } }, 'x', 4000);
    expect(spin.cpuMilli).toBe(1000);
    const mem = containerUsage({ name: 'c', image: 'polinux/stress', args: ['--vm', '1', '--vm-bytes', '150M', '--vm-hang', '1'], resources: { limits: { memory: '200Mi' } } }, 'x', 4000);
    expect(mem.memBytes).toBeGreaterThan(150 * 1024 * 1024);
    expect(mem.memBytes).toBeLessThan(153 * 1024 * 1024);
    expect(mem.cpuMilli).toBeLessThanOrEqual(1);
  });
});

describe('Prometheus text', () => {
  it("writes floats as Go's strconv.FormatFloat(f, 'g', -1, 64): exponent from 1e6 up", () => {
    expect([0, 0.015, 123456.5, 15798915, 1.723539592e9].map(goFloat)).toEqual(['0', '0.015', '123456.5', '1.5798915e+07', '1.723539592e+09']);
  });

  it('is read back by the decoder: node and container points with the sample time', () => {
    const text = [
      '# HELP container_cpu_usage_seconds_total [STABLE] Cumulative cpu time consumed by the container in core-seconds',
      '# TYPE container_cpu_usage_seconds_total counter',
      'container_cpu_usage_seconds_total{container="web",namespace="default",pod="web"} 0.015 1723539605000',
      'container_memory_working_set_bytes{container="web",namespace="default",pod="web"} 6.291456e+06 1723539605000',
      'container_start_time_seconds{container="web",namespace="default",pod="web"} 1.72353959e+09 1723539605000',
      'node_cpu_usage_seconds_total 2.0664 1723539605000',
      'node_memory_working_set_bytes 9.84455221e+08 1723539605000',
      'resource_scrape_error 0',
    ].join('\n');
    expect(parseResourceMetrics(text)).toEqual({
      timestampMs: 1723539605000,
      nodeCpuCoreSeconds: 2.0664,
      nodeMemBytes: 984455221,
      containers: [{ namespace: 'default', pod: 'web', container: 'web', cpuCoreSeconds: 0.015, memBytes: 6291456, startTimeSec: 1723539590 }],
    });
    expect(parseResourceMetrics('resource_scrape_error 1\n')).toBeUndefined();
  });
});
