// A new connection never lands on a stale conntrack entry to an endpoint that is gone, as on Linux:
// - UDP: kube-proxy deletes the entries to a Service whose reply source is no longer a serving
//   endpoint after each sync (kubernetes pkg/proxy/conntrack/cleanup.go, CleanStaleEntries);
// - TCP: a SYN on the tuple of a finished connection (TIME_WAIT, CLOSE) reopens it and walks the
//   rules again (linux net/netfilter/nf_conntrack_proto_tcp.c, tcp_packet: "Attempt to reopen a
//   closed/aborted connection. Delete this connection and look up again"), an unanswered connect
//   lingers as SYN_SENT [UNREPLIED] for nf_conntrack_tcp_timeout_syn_sent (120 s), and connect()
//   walks its per-destination port sequence (net/ipv4/inet_hashtables.c __inet_hash_connect) rather
//   than drawing a port that a recent connection used.
import { describe, expect, it } from 'vitest';
import type { EndpointSlice, Service } from '../../api/service';
import { computeRules, type ProxyMode } from '../kube-proxy/rules';
import { cleanStaleEntries, conntrackList, insert, type ConntrackEntry } from './conntrack';
import { closeConnection, connectPort, createNodeKernel, routeConnection, type Connection } from './packet-path';

function dnsService(): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'kube-dns', namespace: 'kube-system' }, spec: { clusterIP: '10.96.0.10', ports: [{ name: 'dns', port: 53, protocol: 'UDP', targetPort: 53 }] } };
}
function webService(): Service {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.0.20', ports: [{ port: 80, protocol: 'TCP', targetPort: 80 }] } };
}
function slice(svc: string, ns: string, ips: string[], port: number, protocol: 'TCP' | 'UDP', name = ''): EndpointSlice {
  return {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', addressType: 'IPv4',
    metadata: { name: `${svc}-x`, namespace: ns, labels: { 'kubernetes.io/service-name': svc } },
    endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
    ports: [{ name, port, protocol }],
  };
}
const rulesWith = (mode: ProxyMode, dns: string[], web: string[]) =>
  computeRules(mode, [dnsService(), webService()], [slice('kube-dns', 'kube-system', dns, 53, 'UDP', 'dns'), slice('web', 'default', web, 80, 'TCP')]);
const udp = (sport: number): Connection => ({ src: '10.244.1.5', sport, dst: '10.96.0.10', dport: 53, proto: 'udp' });
const tcp = (sport: number): Connection => ({ src: '10.244.1.5', sport, dst: '10.96.0.20', dport: 80, proto: 'tcp' });
const always = (x: number) => () => x;

describe('stale conntrack entries', () => {
  it.each(['iptables', 'ipvs', 'nftables'] as const)('%s: a UDP flow to a removed endpoint is deleted at the next sync, and the next packet goes to a serving one', (mode) => {
    const k = createNodeKernel();
    const before = rulesWith(mode, ['10.244.2.2'], ['10.244.2.3']);
    expect(routeConnection(k, before, udp(40001), 0, always(0.1))).toMatchObject({ ip: '10.244.2.2', fromConntrack: false });
    // The same flow again (a resolver retrying from its socket): conntrack keeps it on its endpoint.
    expect(routeConnection(k, before, udp(40001), 1000, always(0.1))).toMatchObject({ ip: '10.244.2.2', fromConntrack: true });
    // The CoreDNS pod at 10.244.2.2 is gone; kube-proxy's next sync programs 10.244.3.3 only.
    const after = rulesWith(mode, ['10.244.3.3'], ['10.244.2.3']);
    expect(routeConnection(k, after, udp(40001), 2000, always(0.1))).toMatchObject({ ip: '10.244.3.3', fromConntrack: false });
  });

  it('deletes only UDP entries to a Service frontend whose reply source is not serving; keeps TCP and other destinations', () => {
    const e = (proto: 'udp' | 'tcp', dst: string, dport: number, replySrc: string): ConntrackEntry => ({ proto, src: '10.244.1.5', sport: 40000, dst, dport, replySrc, replySport: dport, state: 'ESTABLISHED', expiresAt: 30_000 });
    const t = { entries: [e('udp', '10.96.0.10', 53, '10.244.2.2'), e('udp', '10.96.0.10', 53, '10.244.3.3'), e('tcp', '10.96.0.10', 53, '10.244.2.2'), e('udp', '10.96.0.99', 53, '10.244.2.2')] };
    const deleted = cleanStaleEntries(t, [{ protocol: 'udp', clusterIP: '10.96.0.10', port: 53, endpoints: [{ ip: '10.244.3.3' }] }]);
    expect(deleted).toBe(1);
    expect(t.entries.map((x) => `${x.proto} ${x.dst} ${x.replySrc}`)).toEqual(['udp 10.96.0.10 10.244.3.3', 'tcp 10.96.0.10 10.244.2.2', 'udp 10.96.0.99 10.244.2.2']);
  });

  it('leaves the entries of a UDP Service with no endpoints at all (cleanup.go: "a Service without endpoints does not require to clean")', () => {
    const t = { entries: [] as ConntrackEntry[] };
    insert(t, { proto: 'udp', src: '10.244.1.5', sport: 1, dst: '10.96.0.10', dport: 53, replySrc: '10.244.2.2', replySport: 53, state: 'ESTABLISHED', expiresAt: 30_000 }, 0);
    expect(cleanStaleEntries(t, [{ protocol: 'udp', clusterIP: '10.96.0.10', port: 53, endpoints: [] }])).toBe(0);
  });

  it('a SYN on the tuple of a closed or reset TCP connection reopens it through the rules, not to the old backend', () => {
    for (const how of ['closed', 'reset'] as const) {
      const k = createNodeKernel();
      const before = rulesWith('iptables', ['10.244.2.2'], ['10.244.2.3']);
      routeConnection(k, before, tcp(45000), 0, always(0.1));
      closeConnection(k, tcp(45000), 500, how);
      const after = rulesWith('iptables', ['10.244.2.2'], ['10.244.3.4']);
      expect(routeConnection(k, after, tcp(45000), 1000, always(0.1))).toMatchObject({ ip: '10.244.3.4', fromConntrack: false });
    }
  });

  it('keeps an unanswered connect as SYN_SENT [UNREPLIED] for 120 s, a reset one as CLOSE for 10 s', () => {
    const k = createNodeKernel();
    const r = rulesWith('iptables', ['10.244.2.2'], ['10.244.2.3']);
    routeConnection(k, r, tcp(45000), 0, always(0.1));
    closeConnection(k, tcp(45000), 0, 'unanswered');
    routeConnection(k, r, tcp(45002), 0, always(0.1));
    closeConnection(k, tcp(45002), 0, 'reset');
    expect(conntrackList(k.conntrack, 1000).stdout).toBe(
      'tcp      6 119 SYN_SENT src=10.244.1.5 dst=10.96.0.20 sport=45000 dport=80 [UNREPLIED] src=10.244.2.3 dst=10.244.1.5 sport=80 dport=45000 mark=0 use=1\n' +
        'tcp      6 9 CLOSE src=10.244.1.5 dst=10.96.0.20 sport=45002 dport=80 src=10.244.2.3 dst=10.244.1.5 sport=80 dport=45002 mark=0 use=1\n',
    );
  });

  it("gives each connect to a destination the next port of that destination's sequence, stepping by 2, skipping one still open", () => {
    const k = createNodeKernel();
    const r = rulesWith('iptables', ['10.244.2.2'], ['10.244.2.3']);
    const first = connectPort(k, '10.244.1.5', '10.96.0.20', 80, 0, always(0.5));
    routeConnection(k, r, tcp(first + 2), 0, always(0.1)); // an open connection holds the next one
    const second = connectPort(k, '10.244.1.5', '10.96.0.20', 80, 0, always(0.9));
    expect([first, second]).toEqual([32768 + 14116, 32768 + 14120]);
  });

  it('does not come back to a port within 120 s at 100 connects a second to one Service', () => {
    const k = createNodeKernel();
    const seen = new Set<number>();
    for (let i = 0; i < 12_000; i++) seen.add(connectPort(k, '10.244.1.5', '10.96.0.20', 80, i * 10, always(0.3)));
    expect(seen.size).toBe(12_000);
  });
});
