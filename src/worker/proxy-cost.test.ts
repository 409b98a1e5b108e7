import { describe, expect, it } from 'vitest';
import { proxyCostPoints } from './proxy-cost';

describe('the kube-proxy cost figure the worker measures', () => {
  // The seed's chapter 3 and kubernetes.io/docs/reference/networking/virtual-ips/ (IPVS "uses a hash
  // table as the underlying data structure"): iptables' first-packet cost grows with the Services,
  // IPVS's stays flat. The numbers come from the simulation's proxy-cost.ts.
  const points = proxyCostPoints([100, 10]);
  const at = (mode: string, n: number) => points.find((p) => p.mode === mode && p.services === n)!.rulesEvaluatedMean;

  it('measures every mode at every size asked for, smallest first', () => {
    expect(points.map((p) => `${p.mode}@${p.services}`)).toEqual(['iptables@10', 'iptables@100', 'ipvs@10', 'ipvs@100', 'nftables@10', 'nftables@100']);
  });
  it('finds iptables rising with the number of Services, IPVS and nftables flat', () => {
    expect(at('iptables', 100)).toBeGreaterThan(3 * at('iptables', 10));
    expect(at('ipvs', 100)).toBe(at('ipvs', 10));
    expect(at('nftables', 100)).toBe(at('nftables', 10));
  });
  it('ignores sizes out of bounds', () => {
    expect(proxyCostPoints([0, -5, 1.5, 100_000])).toEqual([]);
  });
});
