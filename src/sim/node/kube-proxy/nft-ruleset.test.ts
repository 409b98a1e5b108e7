// The nftables proxier's chain names and table (kubernetes pkg/proxy/nftables/proxier.go and its
// tests: helpers_test.go's TestTracePacketV4 names ns1/svc1:p80 `service-ULMVA6XW-ns1/svc1/tcp/p80`
// and its endpoint 10.180.0.1:80 `endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80`), printed in
// the layout of `nft list ruleset` (nftables(8), "LISTING").
import { describe, expect, it } from 'vitest';
import { computeRules, type ServicePortRule } from './rules';
import { nftEndpointChain, nftServiceChain, renderNftRuleset } from './nft-ruleset';
import type { EndpointSlice, Service } from '../../api/service';

const svc1: ServicePortRule = { name: 'ns1/svc1:p80', protocol: 'tcp', clusterIP: '172.30.0.41', port: 80, chain: '', endpoints: [{ chain: '', ip: '10.180.0.1', port: 80 }] };

describe('nftables chain names', () => {
  it('hash the service port name and protocol as kube-proxy does', () => {
    expect(nftServiceChain(svc1)).toBe('service-ULMVA6XW-ns1/svc1/tcp/p80');
    expect(nftEndpointChain(svc1, '10.180.0.1', 80)).toBe('endpoint-5OJB2KTY-ns1/svc1/tcp/p80__10.180.0.1/80');
  });
});

describe('nft list ruleset', () => {
  const service: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.100.10', ports: [{ port: 80, protocol: 'TCP' }] } };
  const empty: Service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'idle', namespace: 'default' }, spec: { clusterIP: '10.96.100.11', ports: [{ port: 8080, protocol: 'TCP' }] } };
  const slice: EndpointSlice = {
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: { name: 'web-abc', namespace: 'default', labels: { 'kubernetes.io/service-name': 'web' } },
    addressType: 'IPv4', ports: [{ name: '', port: 8080, protocol: 'TCP' }],
    endpoints: [{ addresses: ['10.244.1.5'], conditions: { ready: true } }, { addresses: ['10.244.2.7'], conditions: { ready: true } }],
  };
  const text = renderNftRuleset(computeRules('nftables', [service, empty], [slice]), { clusterCIDR: '10.244.0.0/16' });
  const web = nftServiceChain({ ...svc1, name: 'default/web' });

  it('opens the kube-proxy table and sends a ClusterIP through the service-ips verdict map', () => {
    expect(text.startsWith('table ip kube-proxy {\n\tcomment "rules for kube-proxy"\n\tmap firewall-ips {\n')).toBe(true);
    expect(text).toContain(`\tmap service-ips {\n\t\ttype ipv4_addr . inet_proto . inet_service : verdict\n\t\tcomment "ClusterIP, ExternalIP and LoadBalancer IP traffic"\n\t\telements = { 10.96.100.10 . tcp . 80 : goto ${web} }\n\t}\n`);
    expect(web).toMatch(/^service-[A-Z2-7]{8}-default\/web\/tcp\/$/);
  });

  it('spreads over the endpoints with numgen and DNATs in each endpoint chain', () => {
    const e1 = nftEndpointChain({ ...svc1, name: 'default/web' }, '10.244.1.5', 8080);
    const e2 = nftEndpointChain({ ...svc1, name: 'default/web' }, '10.244.2.7', 8080);
    expect(text).toContain(
      `\tchain ${web} {\n\t\tip daddr 10.96.100.10 tcp dport 80 ip saddr != 10.244.0.0/16 jump mark-for-masquerade\n\t\tnumgen random mod 2 vmap { 0 : goto ${e1}, 1 : goto ${e2} }\n\t}\n`,
    );
    expect(text).toContain(`\tchain ${e1} {\n\t\tip saddr 10.244.1.5 jump mark-for-masquerade\n\t\tmeta l4proto tcp dnat to 10.244.1.5:8080\n\t}\n`);
  });

  it('rejects a Service without endpoints through no-endpoint-services', () => {
    expect(text).toContain('\t\telements = { 10.96.100.11 . tcp . 8080 comment "default/idle" : goto reject-chain }\n');
    expect(text.endsWith('\t}\n}\n')).toBe(true);
  });
});
