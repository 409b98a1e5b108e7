// CoreDNS's kubernetes plugin (coredns/plugin/kubernetes, v1.11): the answers it gives from its
// own informer caches of Services, EndpointSlices and Namespaces, following the DNS spec for
// Kubernetes (coredns/plugin/kubernetes and kubernetes/dns docs/specification.md) and
// kubernetes.io "DNS for Services and Pods":
// - `<svc>.<ns>.svc.<zone>` A: a ClusterIP Service's cluster IP; a headless Service
//   (`clusterIP: None`) one A record per *ready* endpoint of its EndpointSlices;
// - `<hostname>.<svc>.<ns>.svc.<zone>` A: the endpoint with that hostname (a StatefulSet's pods);
// - PTR `d.c.b.a.in-addr.arpa`: a Service's name for its cluster IP, `<hostname or a-b-c-d>.<svc>...`
//   for an endpoint's address;
// - a name in the zone that matches nothing is NXDOMAIN; an existing namespace's
//   `<ns>.svc.<zone>` is NOERROR with no records (NODATA). Names outside the zone go to `forward .
//   /etc/resolv.conf`; Kubeplay has no upstream DNS, so they end as the upstream would end a
//   single-label or unknown name: NXDOMAIN.

import type { EndpointSlice, Service } from '../../api/service';
import type { KubeObject } from '../../api/types';

export type QType = 'A' | 'AAAA' | 'PTR';
export type RCode = 'NOERROR' | 'NXDOMAIN' | 'SERVFAIL';

export interface DnsRecord {
  name: string;
  type: 'A' | 'PTR';
  /** The address (A) or the name pointed to (PTR). */
  data: string;
}

export interface DnsReply {
  rcode: RCode;
  /** The authoritative-answer flag: set for the plugin's own zones. */
  aa: boolean;
  answers: DnsRecord[];
}

/** What the plugin reads: its informers' caches (namespace/name -> object). */
export interface ClusterView {
  services: ReadonlyMap<string, KubeObject>;
  endpointslices: ReadonlyMap<string, KubeObject>;
  namespaces: ReadonlyMap<string, KubeObject>;
  /** The zones of the Corefile's `kubernetes` line (`cluster.local`). */
  zone: string;
}

const nxdomain = (aa: boolean): DnsReply => ({ rcode: 'NXDOMAIN', aa, answers: [] });

interface Endpoint {
  ip: string;
  hostname?: string;
}

/** The ready addresses of a Service's EndpointSlices (label kubernetes.io/service-name), each once. */
function readyEndpoints(view: ClusterView, ns: string, svc: string): Endpoint[] {
  const out: Endpoint[] = [];
  const seen = new Set<string>();
  for (const o of view.endpointslices.values()) {
    const es = o as EndpointSlice;
    if (es.metadata.namespace !== ns || es.metadata.labels?.['kubernetes.io/service-name'] !== svc) continue;
    for (const e of es.endpoints ?? []) {
      // The plugin serves an endpoint unless it is explicitly not ready (conditions.ready false).
      if (e.conditions?.ready === false) continue;
      for (const ip of e.addresses) {
        if (seen.has(ip)) continue;
        seen.add(ip);
        out.push(e.hostname ? { ip, hostname: e.hostname } : { ip });
      }
    }
  }
  return out;
}

function serviceOf(view: ClusterView, ns: string, name: string): Service | undefined {
  return view.services.get(`${ns}/${name}`) as Service | undefined;
}

const headless = (svc: Service): boolean => svc.spec?.clusterIP === 'None';

/** Answer a query for `qname` (no trailing dot, lower case). */
export function answerQuery(view: ClusterView, qname: string, qtype: QType): DnsReply {
  const name = qname.toLowerCase().replace(/\.$/, '');
  if (qtype === 'PTR') return answerPtr(view, name);
  const suffix = `.svc.${view.zone}`;
  if (!name.endsWith(suffix)) {
    // Not the plugin's zone: `forward` has no upstream in Kubeplay (see the header).
    return nxdomain(false);
  }
  const labels = name.slice(0, -suffix.length).split('.');
  if (labels.length === 1) return view.namespaces.has(labels[0]!) ? { rcode: 'NOERROR', aa: true, answers: [] } : nxdomain(true);
  if (labels.length > 3) return nxdomain(true);
  const [first, second, third] = labels as [string, string, string?];
  const [endpointName, svcName, ns] = third === undefined ? [undefined, first, second] : [first, second, third];
  const svc = serviceOf(view, ns, svcName);
  if (!svc) return nxdomain(true);
  // Only A records: a cluster of IPv4 addresses has none for AAAA (NODATA).
  if (qtype === 'AAAA') return { rcode: 'NOERROR', aa: true, answers: [] };
  if (svc.spec?.type === 'ExternalName') return { rcode: 'NOERROR', aa: true, answers: [] };
  if (endpointName === undefined && !headless(svc)) {
    const ip = svc.spec?.clusterIP;
    return ip ? { rcode: 'NOERROR', aa: true, answers: [{ name, type: 'A', data: ip }] } : nxdomain(true);
  }
  const eps = readyEndpoints(view, ns, svcName).filter((e) => endpointName === undefined || e.hostname === endpointName || dashed(e.ip) === endpointName);
  if (endpointName !== undefined && eps.length === 0) return nxdomain(true);
  return { rcode: 'NOERROR', aa: true, answers: eps.map((e) => ({ name, type: 'A', data: e.ip })) };
}

const dashed = (ip: string): string => ip.replace(/\./g, '-');

/** `d.c.b.a.in-addr.arpa` -> `a.b.c.d`, or undefined. */
export function ptrAddress(name: string): string | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)\.in-addr\.arpa$/.exec(name);
  return m ? `${m[4]}.${m[3]}.${m[2]}.${m[1]}` : undefined;
}

export function ptrName(ip: string): string {
  return `${ip.split('.').reverse().join('.')}.in-addr.arpa`;
}

function answerPtr(view: ClusterView, name: string): DnsReply {
  const ip = ptrAddress(name);
  if (!ip) return nxdomain(false);
  const ptr = (target: string): DnsReply => ({ rcode: 'NOERROR', aa: true, answers: [{ name, type: 'PTR', data: target }] });
  for (const o of view.services.values()) {
    const svc = o as Service;
    if (svc.spec?.clusterIP === ip) return ptr(`${svc.metadata.name}.${svc.metadata.namespace}.svc.${view.zone}`);
  }
  // Not a cluster IP: every Service endpoint with this address has a name (reverse.go serviceRecordForIP).
  const answers: DnsRecord[] = [];
  for (const o of view.services.values()) {
    const svc = o as Service;
    const ns = svc.metadata.namespace ?? 'default';
    const e = readyEndpoints(view, ns, svc.metadata.name ?? '').find((x) => x.ip === ip);
    if (e) answers.push({ name, type: 'PTR', data: `${e.hostname ?? dashed(ip)}.${svc.metadata.name ?? ''}.${ns}.svc.${view.zone}` });
  }
  if (answers.length) return { rcode: 'NOERROR', aa: true, answers };
  return nxdomain(true);
}

/** The zone of the Corefile's `kubernetes <zones...> {` line; kubeadm's is cluster.local. */
export function corefileZone(corefile: string | undefined): string {
  const m = /^\s*kubernetes\s+([a-z0-9.-]+)/m.exec(corefile ?? '');
  return m ? m[1]!.replace(/\.$/, '') : 'cluster.local';
}
