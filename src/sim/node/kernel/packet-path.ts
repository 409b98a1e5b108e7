// The first packet of a connection from a pod, through the sending node's kernel as kube-proxy
// programmed it: conntrack first (an established connection keeps its backend), else the rules of
// the proxy mode (iptables: the walk of the nat and filter tables; IPVS: one hash lookup of the
// virtual server and the rr scheduler), then a conntrack entry for the translation. What comes out
// is where the packet goes and what it cost to decide, for the trace and for proxy-cost.

import { renderIptablesSave } from '../kube-proxy/iptables-save';
import { renderNftRuleset } from '../kube-proxy/nft-ruleset';
import type { ProxyRules } from '../kube-proxy/rules';
import { cleanStaleEntries, close, createConntrack, insert, lookup, remove, reopens, TCP_TIMEOUT_ESTABLISHED_MS, UDP_TIMEOUT_MS, type Conntrack, type TcpEnd } from './conntrack';
import { programIpvs, scheduleIpvs, type IpvsTable } from './ipvs';
import { parseIptablesSave, routeNewConnection, type Netfilter, type Packet } from './netfilter';
import { parseNftRuleset, routeNftConnection, routeNftLocalConnection, type NftTable } from './nftables';

/** The node kernel's own state that outlives one packet. */
export interface NodeKernel {
  conntrack: Conntrack;
  /** The IPVS rr scheduler's position per virtual server. */
  ipvsRr: Map<string, number>;
  /** connect()'s source port sequence per destination (see connectPort). */
  connectPorts?: Map<string, number>;
}

export function createNodeKernel(): NodeKernel {
  return { conntrack: createConntrack(), ipvsRr: new Map() };
}

// Which rules each conntrack table was last cleaned against. kube-proxy cleans once per sync, and the
// rules object is new on every sync; the cleanup is idempotent, so losing this cache (a snapshot
// restore) only repeats work.
const cleanedAgainst = new WeakMap<Conntrack, ProxyRules>();

/**
 * kube-proxy's CleanStaleEntries after the sync that wrote `rules` (conntrack.ts). It runs when the
 * kernel next reads the table, before any packet looks an entry up, so no packet sees an entry the
 * sync deleted; a stopped kube-proxy writes no new rules and so cleans nothing.
 */
export function cleanAfterSync(t: Conntrack, rules: ProxyRules | undefined): void {
  if (!rules || cleanedAgainst.get(t) === rules) return;
  cleanedAgainst.set(t, rules);
  cleanStaleEntries(t, rules.services);
}

export const CLUSTER_CIDR = '10.244.0.0/16';

// The kernel's tables are derived from kube-proxy's rules object, which is replaced on every sync:
// compile each once (a cache, not state: the same rules always compile to the same tables).
const netfilterCache = new WeakMap<ProxyRules, Netfilter>();
const ipvsCache = new WeakMap<ProxyRules, IpvsTable>();
const nftCache = new WeakMap<ProxyRules, NftTable>();

/** The nat and filter tables exactly as `iptables-save` prints them on the node. */
export function netfilterOf(rules: ProxyRules, clusterCIDR = CLUSTER_CIDR): Netfilter {
  let nf = netfilterCache.get(rules);
  if (!nf) {
    nf = parseIptablesSave(renderIptablesSave(rules, { clusterCIDR, date: '' }));
    netfilterCache.set(rules, nf);
  }
  return nf;
}

/** kube-proxy's `table ip kube-proxy` exactly as `nft list ruleset` prints it on the node. */
export function nftOf(rules: ProxyRules, clusterCIDR = CLUSTER_CIDR): NftTable {
  let t = nftCache.get(rules);
  if (!t) {
    t = parseNftRuleset(renderNftRuleset(rules, { clusterCIDR }));
    nftCache.set(rules, t);
  }
  return t;
}

export function ipvsOf(rules: ProxyRules): IpvsTable {
  let t = ipvsCache.get(rules);
  if (!t) {
    t = programIpvs(rules);
    ipvsCache.set(rules, t);
  }
  return t;
}

const ipvsNodeCache = new WeakMap<ProxyRules, Map<string, IpvsTable>>();

/** The IPVS table with the node-port virtual servers on the node's address (what a process on the node reaches). */
function ipvsWithNodePorts(rules: ProxyRules, nodeIP: string): IpvsTable {
  let byIP = ipvsNodeCache.get(rules);
  if (!byIP) ipvsNodeCache.set(rules, (byIP = new Map()));
  let t = byIP.get(nodeIP);
  if (!t) byIP.set(nodeIP, (t = programIpvs(rules, nodeIP)));
  return t;
}

export type Route =
  /** Sent on to this pod address (DNATed from a Service, or a pod address to begin with). */
  | { kind: 'deliver'; ip: string; port: number; dnat: boolean; fromConntrack: boolean; rulesEvaluated: number; chain?: string; path?: string[] }
  /** REJECT --reject-with icmp-port-unreachable, or an IPVS virtual server with no real server. */
  | { kind: 'refused'; rulesEvaluated: number };

/** What deciding a first packet cost, as the trace says it: `iptables: 17 rules evaluated`. */
export function routeCost(mode: ProxyRules['mode'], route: Route): string {
  if (mode === 'ipvs') return `ipvs: ${route.rulesEvaluated} hash lookup`;
  if (mode === 'nftables') return `nftables: service-ips verdict map lookup, ${route.rulesEvaluated} rules evaluated`;
  return `iptables: ${route.rulesEvaluated} rules evaluated`;
}

export interface Connection extends Packet {
  sport: number;
}

function split(hostPort: string): { ip: string; port: number } {
  const i = hostPort.lastIndexOf(':');
  return { ip: hostPort.slice(0, i), port: Number(hostPort.slice(i + 1)) };
}

/**
 * Route a connection's packet and remember the translation. `from: 'host'` is a connection a
 * process on the node opens (its packets take the local output path: nat and filter OUTPUT in
 * iptables mode, the nftables output hooks; in IPVS mode the ClusterIPs bound to kube-ipvs0 and
 * the node-port virtual servers on the node's address catch it in LOCAL_OUT). `c.local` names the
 * node's own addresses.
 */
export function routeConnection(k: NodeKernel, rules: ProxyRules | undefined, c: Connection, now: number, rand: () => number, from: 'pod' | 'host' = 'pod'): Route {
  cleanAfterSync(k.conntrack, rules);
  let known = lookup(k.conntrack, c.proto, c.src, c.sport, c.dst, c.dport, now);
  if (known && reopens(known)) {
    remove(k.conntrack, known);
    known = undefined;
  }
  if (known) return { kind: 'deliver', ip: known.replySrc, port: known.replySport, dnat: known.replySrc !== c.dst, fromConntrack: true, rulesEvaluated: 0 };
  const none = rules ?? { mode: 'iptables' as const, services: [] };
  let to: { ip: string; port: number } | undefined;
  let evaluated: number;
  let chain: string | undefined;
  /** The chains jumped through to the verdict (iptables, nftables), for the trace. */
  let path: string[] | undefined;
  if (none.mode === 'ipvs') {
    const nodeIP = from === 'host' ? c.local?.find((a) => !a.startsWith('127.')) : undefined;
    const r = scheduleIpvs(nodeIP ? ipvsWithNodePorts(none, nodeIP) : ipvsOf(none), c.proto, c.dst, c.dport, k.ipvsRr);
    evaluated = r.lookups;
    if (r.verdict.kind === 'no-real-server') return { kind: 'refused', rulesEvaluated: evaluated };
    if (r.verdict.kind === 'forward') to = split(r.verdict.to);
  } else if (none.mode === 'nftables') {
    const w = from === 'host' ? routeNftLocalConnection(nftOf(none), c, rand) : routeNftConnection(nftOf(none), c, rand);
    evaluated = w.rulesEvaluated;
    if (w.verdict.kind === 'reject') return { kind: 'refused', rulesEvaluated: evaluated };
    if (w.verdict.kind === 'dnat') {
      to = split(w.verdict.to);
      chain = w.verdict.via.filter((t) => t.startsWith('endpoint-')).at(-1);
      path = w.verdict.via;
    }
  } else {
    const w = routeNewConnection(netfilterOf(none), c, rand, from);
    evaluated = w.rulesEvaluated;
    if (w.verdict.kind === 'reject') return { kind: 'refused', rulesEvaluated: evaluated };
    if (w.verdict.kind === 'dnat') {
      to = split(w.verdict.to);
      chain = w.verdict.via.map((r) => r.target).filter((t) => t.startsWith('KUBE-SEP-')).at(-1);
      path = w.verdict.via.map((r) => r.target);
    }
  }
  const dest = to ?? { ip: c.dst, port: c.dport };
  insert(
    k.conntrack,
    { proto: c.proto, src: c.src, sport: c.sport, dst: c.dst, dport: c.dport, replySrc: dest.ip, replySport: dest.port, state: 'ESTABLISHED', expiresAt: now + (c.proto === 'udp' ? UDP_TIMEOUT_MS : TCP_TIMEOUT_ESTABLISHED_MS) },
    now,
  );
  const route: Route = { kind: 'deliver', ip: dest.ip, port: dest.port, dnat: to !== undefined, fromConntrack: false, rulesEvaluated: evaluated };
  if (chain) route.chain = chain;
  if (path) route.path = path;
  return route;
}

/** The connection ended: its entry lingers in the state that matches how (conntrack.ts close). */
export function closeConnection(k: NodeKernel, c: Connection, now: number, how: TcpEnd = 'closed'): void {
  const e = lookup(k.conntrack, c.proto, c.src, c.sport, c.dst, c.dport, now);
  if (e) close(e, now, how);
}

const PORT_LOW = 32768;
const PORT_RANGE = 60999 - PORT_LOW + 1;

/**
 * The source port connect() gives a TCP socket, as Linux chooses it (net/ipv4/inet_hashtables.c
 * __inet_hash_connect, RFC 6056 algorithm 4): each destination has its own offset into the range (a
 * keyed hash there; a draw from the simulation's PRNG here, once per destination), and each connect
 * takes the next free port after the previous one, stepping by 2, skipping ports still used by an
 * open connection to that destination. A port comes round again only after 14,116 connects to the
 * same address, so a new connection does not land on the conntrack entry of a recent one.
 */
export function connectPort(k: NodeKernel, src: string, dst: string, dport: number, now: number, rand: () => number): number {
  const key = `${src}>${dst}:${dport}`;
  const ports = (k.connectPorts ??= new Map());
  let offset = ports.get(key);
  if (offset === undefined) offset = Math.floor(rand() * PORT_RANGE);
  for (let i = 0; i < PORT_RANGE; i += 2) {
    const port = PORT_LOW + ((offset + i) % PORT_RANGE);
    const open = lookup(k.conntrack, 'tcp', src, port, dst, dport, now);
    if (open && open.state === 'ESTABLISHED') continue;
    ports.set(key, (offset + i + 2) % PORT_RANGE);
    return port;
  }
  return PORT_LOW + (offset % PORT_RANGE);
}

/** A UDP socket's ephemeral source port: random in net.ipv4.ip_local_port_range 32768 60999 (udp_lib_get_port). */
export function ephemeralPort(rand: () => number): number {
  return 32768 + Math.floor(rand() * (60999 - 32768 + 1));
}
