// What kube-proxy computes on every sync (pkg/proxy/iptables/proxier.go syncProxyRules, and the
// IPVS proxier): from the Services and their EndpointSlices, one entry per service port with its
// chain names, its ready endpoints and, in iptables mode, the probability with which each endpoint's
// rule is taken so that traffic is spread evenly (the first of n with 1/n, the next with 1/(n-1)...,
// the last always). Plain data; iptables-save.ts and ipvsadm.ts render it.

import type { EndpointSlice, Service } from '../../api/service';
import { LABEL_SERVICE_NAME } from '../../api/service';
import { externalChainName, servicePortChainName, servicePortEndpointChainName } from './hash';

/** nftables is beta in v1.31 (feature gate NFTablesProxyMode, on by default) and GA in v1.33. */
export type ProxyMode = 'iptables' | 'ipvs' | 'nftables';

export interface EndpointRule {
  /** KUBE-SEP-<hash> */
  chain: string;
  ip: string;
  port: number;
  /** The endpoint's node (EndpointSlice endpoints[].nodeName), where the pod network delivers to it. */
  nodeName?: string;
  /** `-m statistic --mode random --probability` as iptables-save prints it; absent on the last rule. */
  probability?: string;
}

export interface ServicePortRule {
  /** `default/web` or `default/web:http` (ServicePortName.String). */
  name: string;
  protocol: 'tcp' | 'udp' | 'sctp';
  clusterIP: string;
  port: number;
  nodePort?: number;
  /** KUBE-SVC-<hash> */
  chain: string;
  /** KUBE-EXT-<hash>, for node ports. */
  extChain?: string;
  endpoints: EndpointRule[];
}

export interface ProxyRules {
  mode: ProxyMode;
  services: ServicePortRule[];
}

/**
 * The probability iptables stores and prints back: kube-proxy writes 1/n with ten decimals; the
 * statistic match keeps it as a 31-bit fraction and iptables-save prints eleven decimals
 * (1/3 -> 0.33333333349).
 */
export function probability(n: number): string {
  const written = Number((1 / n).toFixed(10));
  const stored = Math.round(written * 0x80000000);
  return (stored / 0x80000000).toFixed(11);
}

/** The ready endpoints of a service port, from the Service's slices: `ip` and the slice port matched by name. */
function readyEndpoints(slices: EndpointSlice[], portName: string): { ip: string; port: number; nodeName?: string }[] {
  const out: { ip: string; port: number; nodeName?: string }[] = [];
  const seen = new Set<string>();
  for (const slice of slices) {
    const port = (slice.ports ?? []).find((p) => (p.name ?? '') === portName)?.port;
    if (port === undefined) continue;
    for (const ep of slice.endpoints ?? []) {
      if (ep.conditions?.ready === false) continue;
      for (const ip of ep.addresses.slice(0, 1)) {
        const key = `${ip}:${port}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(ep.nodeName ? { ip, port, nodeName: ep.nodeName } : { ip, port });
      }
    }
  }
  return out;
}

/** syncProxyRules over the caches: Services in cache order, endpoints in slice order. */
export function computeRules(mode: ProxyMode, services: Iterable<Service>, slices: Iterable<EndpointSlice>): ProxyRules {
  const byService = new Map<string, EndpointSlice[]>();
  for (const s of slices) {
    const svc = s.metadata.labels?.[LABEL_SERVICE_NAME];
    if (!svc || s.addressType !== 'IPv4') continue;
    const key = `${s.metadata.namespace}/${svc}`;
    byService.set(key, [...(byService.get(key) ?? []), s]);
  }
  const out: ServicePortRule[] = [];
  for (const svc of services) {
    const ip = svc.spec.clusterIP;
    if (!ip || ip === 'None' || svc.spec.type === 'ExternalName') continue;
    const svcKey = `${svc.metadata.namespace}/${svc.metadata.name}`;
    for (const p of svc.spec.ports ?? []) {
      const name = p.name ? `${svcKey}:${p.name}` : svcKey;
      const protocol = (p.protocol ?? 'TCP').toLowerCase() as ServicePortRule['protocol'];
      const eps = readyEndpoints(byService.get(svcKey) ?? [], p.name ?? '');
      const rule: ServicePortRule = {
        name,
        protocol,
        clusterIP: ip,
        port: p.port,
        chain: servicePortChainName(name, protocol),
        endpoints: eps.map((e, i) => {
          const r: EndpointRule = { chain: servicePortEndpointChainName(name, protocol, `${e.ip}:${e.port}`), ip: e.ip, port: e.port };
          if (e.nodeName) r.nodeName = e.nodeName;
          if (i < eps.length - 1) r.probability = probability(eps.length - i);
          return r;
        }),
      };
      if (p.nodePort) {
        rule.nodePort = p.nodePort;
        rule.extChain = externalChainName(name, protocol);
      }
      out.push(rule);
    }
  }
  return { mode, services: out };
}

/** Every `ip:port` some Service's traffic is DNATed (or, in IPVS, forwarded) to. */
export function dnatTargets(rules: ProxyRules): string[] {
  return rules.services.flatMap((s) => s.endpoints.map((e) => `${e.ip}:${e.port}`));
}
