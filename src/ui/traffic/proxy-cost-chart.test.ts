import { describe, expect, it } from 'vitest';
import { proxyCostPoints } from '../../worker/proxy-cost';
import { chartGeometry } from './proxy-cost-chart';

describe('the kube-proxy cost figure', () => {
  // The seed's chapter 3 and kubernetes.io/docs/reference/networking/virtual-ips/ (IPVS mode: "IPVS
  // ... uses a hash table as the underlying data structure"): iptables' first-packet cost grows
  // with the Services, IPVS's stays flat. The points come from the simulation's proxy-cost.ts.
  const points = proxyCostPoints([10, 100]);
  const g = chartGeometry(points);
  const iptables = g.series.find((s) => s.mode === 'iptables')!;
  const ipvs = g.series.find((s) => s.mode === 'ipvs')!;

  it('measures both modes at every size asked for', () => {
    expect(points.map((p) => `${p.mode}@${p.services}`)).toEqual(['iptables@10', 'iptables@100', 'ipvs@10', 'ipvs@100']);
  });
  it('draws iptables rising with the number of Services', () => {
    expect(iptables.points[1]!.evaluated).toBeGreaterThan(3 * iptables.points[0]!.evaluated);
    expect(iptables.points[1]!.y).toBeLessThan(iptables.points[0]!.y);
  });
  it('draws IPVS flat', () => {
    expect(ipvs.points[0]!.evaluated).toBe(ipvs.points[1]!.evaluated);
    expect(ipvs.points[0]!.y).toBe(ipvs.points[1]!.y);
  });
  it('puts more Services further right and gives each series a path', () => {
    expect(g.xTicks.map((t) => t.value)).toEqual([10, 100]);
    expect(g.xTicks[1]!.x).toBeGreaterThan(g.xTicks[0]!.x);
    expect(iptables.path).toMatch(/^M/);
  });
  it('ignores sizes out of bounds', () => {
    expect(proxyCostPoints([0, -5, 1.5, 100_000])).toEqual([]);
  });
});
