// The node kernel's IPVS table as kube-proxy's IPVS mode programs it over netlink: one virtual
// server per ClusterIP:port (what `ipvsadm -Ln` lists), each with its real servers and the rr
// scheduler. The kernel finds the virtual server of a packet with one hash lookup
// (ip_vs_service_find in net/netfilter/ipvs/ip_vs_ctl.c hashes protocol, address and port), so
// the cost of a first packet does not depend on how many Services there are.

import type { ProxyRules } from '../kube-proxy/rules';

export interface VirtualServer {
  realServers: string[];
}

export interface IpvsTable {
  /** `tcp 10.96.0.10:53` -> virtual server. */
  services: Map<string, VirtualServer>;
}

export const vsKey = (proto: string, ip: string, port: number): string => `${proto} ${ip}:${port}`;

export function programIpvs(rules: ProxyRules, nodeIP?: string): IpvsTable {
  const services = new Map<string, VirtualServer>();
  for (const s of rules.services) {
    const realServers = s.endpoints.map((e) => `${e.ip}:${e.port}`);
    services.set(vsKey(s.protocol, s.clusterIP, s.port), { realServers });
    if (s.nodePort && nodeIP) services.set(vsKey(s.protocol, nodeIP, s.nodePort), { realServers });
  }
  return { services };
}

export type IpvsVerdict = { kind: 'forward'; to: string } | { kind: 'no-service' } | { kind: 'no-real-server' };

/**
 * Schedule a new connection: one hash lookup, then the rr scheduler's next real server. `rr` is the
 * scheduler's position per virtual server (kernel state that outlives one packet).
 */
export function scheduleIpvs(t: IpvsTable, proto: string, dst: string, dport: number, rr: Map<string, number>): { verdict: IpvsVerdict; lookups: number } {
  const key = vsKey(proto, dst, dport);
  const vs = t.services.get(key);
  if (!vs) return { verdict: { kind: 'no-service' }, lookups: 1 };
  if (vs.realServers.length === 0) return { verdict: { kind: 'no-real-server' }, lookups: 1 };
  const i = (rr.get(key) ?? 0) % vs.realServers.length;
  rr.set(key, i + 1);
  return { verdict: { kind: 'forward', to: vs.realServers[i]! }, lookups: 1 };
}
