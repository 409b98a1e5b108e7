import { describe, expect, it } from 'vitest';
import type { ProxyCostPoint } from '../../protocol/traffic';
import { chartGeometry } from './proxy-cost-chart';

// The shape `npx kubeplay proxy-cost` prints (iptables grows, IPVS stays at one lookup).
const points: ProxyCostPoint[] = [
  { mode: 'iptables', services: 10, rules: 91, rulesEvaluatedMean: 11.7, rulesEvaluatedMax: 21 },
  { mode: 'iptables', services: 100, rules: 811, rulesEvaluatedMean: 57, rulesEvaluatedMax: 111 },
  { mode: 'ipvs', services: 100, rules: 300, rulesEvaluatedMean: 1, rulesEvaluatedMax: 1 },
  { mode: 'ipvs', services: 10, rules: 30, rulesEvaluatedMean: 1, rulesEvaluatedMax: 1 },
];

describe('the kube-proxy cost chart', () => {
  const g = chartGeometry(points);
  const iptables = g.series.find((s) => s.mode === 'iptables')!;
  const ipvs = g.series.find((s) => s.mode === 'ipvs')!;

  it('draws a rising series higher on the right', () => {
    expect(iptables.points.map((p) => p.services)).toEqual([10, 100]);
    expect(iptables.points[1]!.y).toBeLessThan(iptables.points[0]!.y);
  });
  it('draws a flat series level, sorted by Services whatever order the points came in', () => {
    expect(ipvs.points.map((p) => p.services)).toEqual([10, 100]);
    expect(ipvs.points[0]!.y).toBe(ipvs.points[1]!.y);
  });
  it('spaces the Service counts on a log axis and gives each series a path', () => {
    expect(g.xTicks.map((t) => t.value)).toEqual([10, 100]);
    expect(g.xTicks[0]!.x).toBe(g.margin.left);
    expect(g.xTicks[1]!.x).toBe(g.width - g.margin.right);
    expect(iptables.path).toMatch(/^M[\d.]+,[\d.]+L/);
  });
  it('starts the rules axis at zero', () => {
    expect(g.yTicks[0]!.value).toBe(0);
    expect(g.yTicks[0]!.y).toBe(g.height - g.margin.bottom);
  });
});
