// The packet walk through the tables kube-proxy programs (pkg/proxy/iptables/proxier.go: PREROUTING
// -> KUBE-SERVICES, one rule per service port -> KUBE-SVC-<hash> with `statistic --mode random
// --probability 1/n` per endpoint -> KUBE-SEP-<hash> DNAT; a Service with no endpoints is REJECTed in
// the filter table), IPVS's hash lookup and rr scheduler (ip_vs_ctl.c ip_vs_service_find,
// ip_vs_rr.c), and conntrack keeping an established connection on its backend.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../../api/service';
import { computeRules, type ProxyMode } from '../kube-proxy/rules';
import { conntrackList } from './conntrack';
import { parseRule } from './netfilter';
import { createNodeKernel, netfilterOf, routeConnection, type Connection } from './packet-path';

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
/** A sequence of PRNG draws. */
function draws(...xs: number[]): () => number {
  let i = 0;
  return () => xs[i++ % xs.length]!;
}
const conn = (dst: string, sport = 40000): Connection => ({ src: '10.244.1.5', sport, dst, dport: 80, proto: 'tcp' });

function rules(mode: ProxyMode) {
  return computeRules(mode, [svc('a', '10.96.0.11'), svc('b', '10.96.0.12'), svc('empty', '10.96.0.13')], [slice('a', ['10.244.2.2']), slice('b', ['10.244.2.3', '10.244.3.4', '10.244.3.5'])]);
}

describe('packet path', () => {
  it('parses a KUBE-SVC rule with its statistic match and target', () => {
    const r = parseRule('-A KUBE-SVC-X -m comment --comment "default/b -> 10.244.2.3:8080" -m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-Y');
    expect(r).toEqual({ chain: 'KUBE-SVC-X', match: { probability: 0.33333333349 }, target: 'KUBE-SEP-Y', comment: 'default/b -> 10.244.2.3:8080' });
  });

  it('walks KUBE-SERVICES rule by rule: the second Service costs one rule more than the first', () => {
    const r = rules('iptables');
    const a = routeConnection(createNodeKernel(), r, conn('10.96.0.11'), 0, draws(0.9));
    const b = routeConnection(createNodeKernel(), r, conn('10.96.0.12'), 0, draws(0.9));
    expect(a).toMatchObject({ kind: 'deliver', ip: '10.244.2.2', port: 8080, dnat: true });
    expect(b.kind === 'deliver' && a.kind === 'deliver' && b.rulesEvaluated - a.rulesEvaluated).toBeGreaterThanOrEqual(1);
  });

  it.each([
    [0.1, '10.244.2.3'],
    [0.4, '10.244.3.4'],
    [0.9, '10.244.3.5'],
  ])('takes the KUBE-SEP rule the statistic match picks (draws %f -> %s)', (x, want) => {
    const r = routeConnection(createNodeKernel(), rules('iptables'), conn('10.96.0.12'), 0, draws(x));
    expect(r).toMatchObject({ kind: 'deliver', ip: want, port: 8080 });
  });

  it('rejects a Service with no endpoints in the filter table', () => {
    expect(routeConnection(createNodeKernel(), rules('iptables'), conn('10.96.0.13'), 0, draws(0.5))).toMatchObject({ kind: 'refused' });
    expect(routeConnection(createNodeKernel(), rules('ipvs'), conn('10.96.0.13'), 0, draws(0.5))).toMatchObject({ kind: 'refused', rulesEvaluated: 1 });
  });

  it('sends a pod address on as it is', () => {
    expect(routeConnection(createNodeKernel(), rules('iptables'), conn('10.244.3.4'), 0, draws(0.5))).toMatchObject({ kind: 'deliver', ip: '10.244.3.4', port: 80, dnat: false });
  });

  it('in IPVS mode finds the virtual server with one lookup and hands connections out round-robin', () => {
    const k = createNodeKernel();
    const got = [1, 2, 3, 4].map((i) => routeConnection(k, rules('ipvs'), conn('10.96.0.12', 40000 + i), 0, draws(0.5)));
    expect(got.map((g) => g.kind === 'deliver' && g.ip)).toEqual(['10.244.2.3', '10.244.3.4', '10.244.3.5', '10.244.2.3']);
    expect(got.every((g) => g.rulesEvaluated === 1)).toBe(true);
  });

  it('keeps an established connection on its backend through conntrack, without walking the rules', () => {
    const k = createNodeKernel();
    const first = routeConnection(k, rules('iptables'), conn('10.96.0.12'), 0, draws(0.1));
    const again = routeConnection(k, rules('iptables'), conn('10.96.0.12'), 1000, draws(0.9));
    expect(first).toMatchObject({ ip: '10.244.2.3', fromConntrack: false });
    expect(again).toMatchObject({ ip: '10.244.2.3', fromConntrack: true, rulesEvaluated: 0 });
  });

  it('lists conntrack entries as conntrack -L prints them', () => {
    const k = createNodeKernel();
    routeConnection(k, rules('iptables'), conn('10.96.0.11', 43210), 0, draws(0.5));
    expect(conntrackList(k.conntrack, 3000)).toEqual({
      stdout: 'tcp      6 431997 ESTABLISHED src=10.244.1.5 dst=10.96.0.11 sport=43210 dport=80 src=10.244.2.2 dst=10.244.1.5 sport=8080 dport=43210 [ASSURED] mark=0 use=1\n',
      stderr: 'conntrack v1.4.7 (conntrack-tools): 1 flow entries have been shown.\n',
    });
  });

  it('counts every rule of both tables as programmed', () => {
    const nf = netfilterOf(rules('iptables'));
    expect(nf.nat.chains.get('KUBE-SERVICES')!.map((r) => r.match.dst ?? r.target)).toEqual(['10.96.0.11', '10.96.0.12', 'KUBE-NODEPORTS']);
    expect(nf.filter.chains.get('KUBE-SERVICES')!.map((r) => r.target)).toEqual(['REJECT']);
  });
});
