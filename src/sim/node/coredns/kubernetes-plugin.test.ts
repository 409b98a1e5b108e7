// The CoreDNS kubernetes plugin's answers, from the Kubernetes DNS-Based Service Discovery spec
// (kubernetes/dns docs/specification.md, as CoreDNS's plugin/kubernetes README follows it) and
// kubernetes.io "DNS for Services and Pods": a ClusterIP Service's A record is its cluster IP; a
// headless Service has one A record per ready endpoint; `<hostname>.<svc>.<ns>.svc.<zone>` names
// an endpoint with a hostname; PTR records name cluster IPs and endpoint addresses; NXDOMAIN for
// names that do not exist.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { answerQuery, corefileZone, ptrName, type ClusterView, type QType } from './kubernetes-plugin';

const obj = (o: Record<string, unknown>): KubeObject => o as unknown as KubeObject;

function view(): ClusterView {
  const services = new Map<string, KubeObject>([
    ['default/web', obj({ metadata: { name: 'web', namespace: 'default' }, spec: { clusterIP: '10.96.5.5' } })],
    ['default/nginx', obj({ metadata: { name: 'nginx', namespace: 'default' }, spec: { clusterIP: 'None' } })],
    ['shop/db', obj({ metadata: { name: 'db', namespace: 'shop' }, spec: { clusterIP: '10.96.7.7' } })],
  ]);
  const endpointslices = new Map<string, KubeObject>([
    [
      'default/nginx-abcde',
      obj({
        metadata: { name: 'nginx-abcde', namespace: 'default', labels: { 'kubernetes.io/service-name': 'nginx' } },
        endpoints: [
          { addresses: ['10.244.1.4'], conditions: { ready: true }, hostname: 'web-0' },
          { addresses: ['10.244.2.5'], conditions: { ready: true } },
          { addresses: ['10.244.2.6'], conditions: { ready: false } },
        ],
      }),
    ],
  ]);
  const namespaces = new Map<string, KubeObject>([
    ['default', obj({ metadata: { name: 'default' } })],
    ['shop', obj({ metadata: { name: 'shop' } })],
  ]);
  return { services, endpointslices, namespaces, zone: 'cluster.local' };
}

describe('CoreDNS kubernetes plugin answers', () => {
  const cases: [string, string, QType, string, string[]][] = [
    ['a ClusterIP Service has its cluster IP', 'web.default.svc.cluster.local', 'A', 'NOERROR', ['10.96.5.5']],
    ['names are case-insensitive and may end with a dot', 'WEB.default.svc.cluster.local.', 'A', 'NOERROR', ['10.96.5.5']],
    ['a Service in another namespace is found by its namespace', 'db.shop.svc.cluster.local', 'A', 'NOERROR', ['10.96.7.7']],
    ['the wrong namespace is NXDOMAIN', 'db.default.svc.cluster.local', 'A', 'NXDOMAIN', []],
    ['a headless Service has one A record per ready endpoint, never a not-ready one', 'nginx.default.svc.cluster.local', 'A', 'NOERROR', ['10.244.1.4', '10.244.2.5']],
    ["an endpoint's hostname names it (a StatefulSet pod)", 'web-0.nginx.default.svc.cluster.local', 'A', 'NOERROR', ['10.244.1.4']],
    ['an endpoint without a hostname is named by its dashed address', '10-244-2-5.nginx.default.svc.cluster.local', 'A', 'NOERROR', ['10.244.2.5']],
    ['an unknown endpoint name is NXDOMAIN', 'web-9.nginx.default.svc.cluster.local', 'A', 'NXDOMAIN', []],
    ['an unknown Service is NXDOMAIN', 'nosuch.default.svc.cluster.local', 'A', 'NXDOMAIN', []],
    ['an existing namespace alone is NOERROR without records', 'default.svc.cluster.local', 'A', 'NOERROR', []],
    ['an unknown namespace alone is NXDOMAIN', 'nowhere.svc.cluster.local', 'A', 'NXDOMAIN', []],
    ['AAAA of an IPv4 Service is NOERROR without records', 'web.default.svc.cluster.local', 'AAAA', 'NOERROR', []],
    ['a name outside the zone has no upstream to answer it', 'web', 'A', 'NXDOMAIN', []],
    ["a cluster IP's PTR is the Service's name", ptrName('10.96.5.5'), 'PTR', 'NOERROR', ['web.default.svc.cluster.local']],
    ["an endpoint's PTR is its hostname under the Service", ptrName('10.244.1.4'), 'PTR', 'NOERROR', ['web-0.nginx.default.svc.cluster.local']],
    ['an address nothing serves has no PTR', ptrName('10.244.9.9'), 'PTR', 'NXDOMAIN', []],
  ];
  it.each(cases)('%s', (_why, qname, qtype, rcode, data) => {
    const r = answerQuery(view(), qname, qtype);
    expect(r.rcode).toBe(rcode);
    expect(r.answers.map((a) => a.data)).toEqual(data);
  });

  it('is authoritative for its zone, not for names it forwards', () => {
    expect(answerQuery(view(), 'web.default.svc.cluster.local', 'A').aa).toBe(true);
    expect(answerQuery(view(), 'example.com', 'A').aa).toBe(false);
  });

  it("takes the zone from the Corefile's kubernetes line", () => {
    expect(corefileZone('.:53 {\n    kubernetes cluster.local in-addr.arpa ip6.arpa {\n    }\n}\n')).toBe('cluster.local');
    expect(corefileZone('.:53 {\n    kubernetes k8s.example. {\n    }\n}\n')).toBe('k8s.example');
    expect(corefileZone(undefined)).toBe('cluster.local');
  });
});
