// The seed's chapter 3 claim ("iptables: O(N) per packet; IPVS: O(1), a hash lookup") out of the
// simulated kernel tables, and the shape published for it: kubernetes.io/blog/2025/02/28/nftables-kube-proxy
// (first-packet latency in iptables mode grows with the number of Services, as each KUBE-SERVICES
// rule is tested in turn) and kubernetes.io/blog/2018/07/09/ipvs-based-in-cluster-load-balancing-deep-dive.
import { describe, expect, it } from 'vitest';
import { proxyCost } from './proxy-cost';

describe('proxy-cost', () => {
  it('at 1,000 Services iptables tests at least 30 times the rules it tests at 10', () => {
    const small = proxyCost('iptables', 10);
    const big = proxyCost('iptables', 1000);
    expect(big.rulesEvaluatedMean).toBeGreaterThanOrEqual(30 * small.rulesEvaluatedMean);
    expect(big.rulesEvaluatedMax).toBeGreaterThan(1000);
  });

  it('IPVS stays within 2x from 10 to 1,000 Services', () => {
    const small = proxyCost('ipvs', 10);
    const big = proxyCost('ipvs', 1000);
    expect(big.rulesEvaluatedMean).toBeLessThanOrEqual(2 * small.rulesEvaluatedMean);
    expect(big.rules).toBe(3000);
  });

  it('iptables re-programs the whole table after one change, IPVS one real server', () => {
    expect(proxyCost('iptables', 100)).toMatchObject({ rules: 811, reprogramWrites: 1131 });
    expect(proxyCost('ipvs', 100)).toMatchObject({ reprogramWrites: 1 });
  });

  it('nftables stays within 2x from 10 to 1,000 Services: one service-ips verdict-map lookup', () => {
    const small = proxyCost('nftables', 10);
    const big = proxyCost('nftables', 1000);
    expect(big.rulesEvaluatedMean).toBeLessThanOrEqual(2 * small.rulesEvaluatedMean);
    expect(big.rulesEvaluatedMax).toBe(small.rulesEvaluatedMax);
  });

  it('nftables re-programs only the changed service: its chains added, flushed and rewritten, no map element (pkg/proxy/nftables/proxier.go partial sync)', () => {
    // default/svc-N gains a third endpoint: the service chain (2 rules) and three endpoint chains
    // (2 rules each), each `add chain` + `flush chain`: 4 x 2 + 2 + 3 x 2 = 16; its service-ips
    // element keeps its verdict, so ensureElem writes nothing.
    expect(proxyCost('nftables', 10).reprogramWrites).toBe(16);
    expect(proxyCost('nftables', 1000).reprogramWrites).toBe(16);
  });

  it('is deterministic for a given size', () => {
    expect(proxyCost('iptables', 50)).toEqual(proxyCost('iptables', 50));
  });
});
