// The nftables proxier's packet path (kubernetes pkg/proxy/nftables/proxier.go syncProxyRules: the
// `services` chain's `ip daddr . meta l4proto . th dport vmap @service-ips`, the service chain's
// `numgen random mod N vmap { 0 : goto endpoint-..., ... }`, the endpoint chain's `dnat to`, and
// `no-endpoint-services` -> `reject-chain` for a service port without endpoints), walked over the
// text `nft list ruleset` prints on the node.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../../api/service';
import { renderNftRuleset } from '../kube-proxy/nft-ruleset';
import { computeRules } from '../kube-proxy/rules';
import { parseNftRuleset } from './nftables';
import { createNodeKernel, routeConnection, routeCost, type Connection } from './packet-path';

function svc(name: string, ip: string): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { clusterIP: ip, ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] } };
}
function slice(name: string, ips: string[]): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', addressType: 'IPv4',
    metadata: { name: `${name}-x`, namespace: 'default', labels: { 'kubernetes.io/service-name': name } },
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: [{ name: '', port: 8080, protocol: 'TCP' }],
  };
}
const draws = (...xs: number[]): (() => number) => {
  let i = 0;
  return () => xs[i++ % xs.length]!;
};
const conn = (dst: string, sport = 40000): Connection => ({ src: '10.244.1.5', sport, dst, dport: 80, proto: 'tcp' });

function many(n: number) {
  const services = Array.from({ length: n }, (_, i) => svc(`s${i}`, `10.96.1.${i + 1}`));
  const slices = Array.from({ length: n }, (_, i) => slice(`s${i}`, [`10.244.2.${i + 1}`, `10.244.3.${i + 1}`]));
  return computeRules('nftables', [...services, svc('empty', '10.96.0.13')], slices);
}

describe('nftables packet path (pkg/proxy/nftables/proxier.go)', () => {
  const rules = many(3);

  it('parses the verdict maps and chains of the node\'s nft list ruleset', () => {
    const t = parseNftRuleset(renderNftRuleset(rules, { clusterCIDR: '10.244.0.0/16' }));
    expect(t.maps.get('service-ips')?.get('10.96.1.2 . tcp . 80')).toMatch(/^goto service-[A-Z2-7]{8}-default\/s1\/tcp\/$/);
    expect(t.maps.get('no-endpoint-services')?.get('10.96.0.13 . tcp . 80')).toBe('goto reject-chain');
    expect(t.chains.get('services')).toEqual(['ip daddr . meta l4proto . th dport vmap @service-ips', 'fib daddr type local ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @service-nodeports']);
  });

  it.each([
    [0.1, '10.244.2.2'],
    [0.9, '10.244.3.2'],
  ])('numgen random mod 2 picks the endpoint chain that DNATs (draw %f -> %s)', (x, ip) => {
    const r = routeConnection(createNodeKernel(), rules, conn('10.96.1.2'), 0, draws(x));
    expect(r).toMatchObject({ kind: 'deliver', ip, port: 8080, dnat: true });
    expect(r.kind === 'deliver' && r.chain).toMatch(new RegExp(`^endpoint-[A-Z2-7]{8}-default/s1/tcp/__${ip.replace(/\./g, '\\.')}/8080$`));
  });

  it('rejects a Service without endpoints through no-endpoint-services and reject-chain', () => {
    expect(routeConnection(createNodeKernel(), rules, conn('10.96.0.13'), 0, draws(0.5))).toMatchObject({ kind: 'refused' });
  });

  it('costs the same number of rules for the first and the last of 200 Services (one verdict-map lookup)', () => {
    const big = many(200);
    const first = routeConnection(createNodeKernel(), big, conn('10.96.1.1'), 0, draws(0.5));
    const last = routeConnection(createNodeKernel(), big, conn('10.96.1.200'), 0, draws(0.5));
    const small = routeConnection(createNodeKernel(), many(2), conn('10.96.1.1'), 0, draws(0.5));
    expect(first.rulesEvaluated).toBe(last.rulesEvaluated);
    expect(first.rulesEvaluated).toBe(small.rulesEvaluated);
    expect(routeCost('nftables', first)).toBe(`nftables: service-ips verdict map lookup, ${first.rulesEvaluated} rules evaluated`);
  });

  it('keeps an established connection on its endpoint through conntrack', () => {
    const k = createNodeKernel();
    const a = routeConnection(k, rules, conn('10.96.1.3', 41000), 0, draws(0.9));
    const b = routeConnection(k, rules, conn('10.96.1.3', 41000), 1, draws(0.1));
    expect(b).toMatchObject({ kind: 'deliver', fromConntrack: true, ip: a.kind === 'deliver' ? a.ip : '' });
  });

  it('passes a packet for no Service through unchanged', () => {
    expect(routeConnection(createNodeKernel(), rules, conn('10.244.9.9'), 0, draws(0.5))).toMatchObject({ kind: 'deliver', ip: '10.244.9.9', dnat: false });
  });
});
