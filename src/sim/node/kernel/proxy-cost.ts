// The seed's chapter 3 claim, measured on the simulation's own kernel tables: "iptables costs O(N)
// per packet, IPVS O(1)". For each size, N Services with endpoints go through kube-proxy's sync
// (computeRules, as on every node), the node's tables are programmed from the result (the nat and
// filter tables parsed from its iptables-save text; the IPVS virtual servers), and the first packet
// of a connection to every Service is routed through them, counting the rules the kernel tests.
// Then one endpoint is added and the cost of re-programming is counted: iptables mode writes the
// whole table with iptables-restore, IPVS mode changes one virtual server over netlink, nftables
// mode runs one `nft` transaction with only the changed service's chains and map elements (the
// nftables proxier's partial sync, pkg/proxy/nftables/proxier.go: skipServiceUpdate,
// nftElementStorage.ensureElem).

import type { EndpointSlice, Service } from '../../api/service';
import { createPrng, nextFloat } from '../../kernel/prng';
import { renderIptablesSave } from '../kube-proxy/iptables-save';
import { nftEndpointChain, nftExternalChain, nftServiceChain } from '../kube-proxy/nft-ruleset';
import { computeRules, type ProxyMode, type ProxyRules, type ServicePortRule } from '../kube-proxy/rules';
import { numToIp } from '../cni/ipam';
import { programIpvs, type IpvsTable } from './ipvs';
import type { NftTable } from './nftables';
import { CLUSTER_CIDR, createNodeKernel, netfilterOf, nftOf, routeConnection } from './packet-path';

/**
 * A model constant, not a measurement: the time iptables-restore takes per line it loads, and IPVS
 * per netlink operation. Only the counts come out of the simulation; these turn them into time.
 */
export const IPTABLES_RESTORE_MS_PER_LINE = 0.01;
export const IPVS_NETLINK_MS_PER_OP = 0.05;
export const NFT_MS_PER_OP = 0.01;

export interface ProxyCostRow {
  mode: ProxyMode;
  services: number;
  /** Rules in the node's table: `-A` lines of iptables-save, virtual + real servers of ipvsadm -Ln, or rule lines of nft list ruleset. */
  rules: number;
  rulesEvaluatedMean: number;
  rulesEvaluatedMax: number;
  /** What kube-proxy writes to the kernel after one endpoint changes. */
  reprogramWrites: number;
  reprogramMs: number;
}

const CLIENT_IP = '10.244.0.5';
const ENDPOINTS_PER_SERVICE = 2;

function objects(n: number, extraEndpointOn?: number): { services: Service[]; slices: EndpointSlice[] } {
  const services: Service[] = [];
  const slices: EndpointSlice[] = [];
  const serviceBase = 10 * 2 ** 24 + 96 * 2 ** 16 + 256; // 10.96.1.0
  const podBase = 10 * 2 ** 24 + 244 * 2 ** 16 + 256; // 10.244.1.0
  for (let i = 0; i < n; i++) {
    const name = `svc-${String(i).padStart(5, '0')}`;
    services.push({ apiVersion: 'v1', kind: 'Service', metadata: { name, namespace: 'default' }, spec: { clusterIP: numToIp(serviceBase + i), ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] } });
    const count = ENDPOINTS_PER_SERVICE + (i === extraEndpointOn ? 1 : 0);
    const ips = Array.from({ length: count }, (_, j) => numToIp(podBase + i * 4 + j));
    slices.push({
      apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', addressType: 'IPv4',
      metadata: { name: `${name}-abcde`, namespace: 'default', labels: { 'kubernetes.io/service-name': name } },
      endpoints: ips.map((ip) => ({ addresses: [ip], conditions: { ready: true } })),
      ports: [{ name: '', port: 8080, protocol: 'TCP' }],
    });
  }
  return { services, slices };
}

/** The lines iptables-restore loads for a full sync (tables, chains, rules, COMMITs). */
function restoreLines(rules: ProxyRules): number {
  return renderIptablesSave(rules, { clusterCIDR: CLUSTER_CIDR, date: '' }).split('\n').filter((l) => l && !l.startsWith('#')).length;
}

function ipvsEntries(t: IpvsTable): number {
  let n = 0;
  for (const vs of t.services.values()) n += 1 + vs.realServers.length;
  return n;
}

/** Netlink operations to go from one IPVS table to the next: virtual and real servers added or removed. */
function ipvsDiff(a: IpvsTable, b: IpvsTable): number {
  let ops = 0;
  for (const [key, vs] of b.services) {
    const old = a.services.get(key);
    if (!old) ops += 1 + vs.realServers.length;
    else ops += vs.realServers.filter((r) => !old.realServers.includes(r)).length + old.realServers.filter((r) => !vs.realServers.includes(r)).length;
  }
  for (const key of a.services.keys()) if (!b.services.has(key)) ops++;
  return ops;
}

/** The chains kube-proxy's nftables proxier writes for one service port (ensureChain). */
function nftChainsOf(s: ServicePortRule): string[] {
  if (s.endpoints.length === 0) return [];
  return [nftServiceChain(s), ...(s.nodePort ? [nftExternalChain(s)] : []), ...s.endpoints.map((e) => nftEndpointChain(s, e.ip, e.port))];
}

/**
 * The operations of the partial-sync transaction from one table to the next, as the nftables
 * proxier builds it: a service port whose Service or endpoints changed has each of its chains added
 * and flushed (`add chain`, `flush chain`) and its rules written again; unchanged ones are skipped
 * (skipServiceUpdate). Map elements are written only when missing or changed (ensureElem: `add
 * element`, or `delete` + `add` for a new verdict) and deleted when left over; a chain no longer
 * used is flushed now and deleted at a later sync.
 */
export function nftSyncOps(before: ProxyRules, after: ProxyRules): number {
  const a = nftOf(before);
  const b = nftOf(after);
  const old = new Map(before.services.map((s) => [s.name, JSON.stringify(s)]));
  let ops = 0;
  const live = new Set<string>();
  for (const s of after.services) {
    const chains = nftChainsOf(s);
    chains.forEach((c) => live.add(c));
    if (old.get(s.name) === JSON.stringify(s)) continue;
    for (const c of chains) ops += 2 + (b.chains.get(c)?.length ?? 0);
  }
  for (const s of before.services) for (const c of nftChainsOf(s)) if (!live.has(c)) ops++;
  return ops + elementOps(a, b);
}

function elementOps(a: NftTable, b: NftTable): number {
  let ops = 0;
  for (const [name, m] of b.maps) {
    const prev = a.maps.get(name) ?? new Map<string, string>();
    for (const [k, v] of m) ops += !prev.has(k) ? 1 : prev.get(k) !== v ? 2 : 0;
    for (const k of prev.keys()) if (!m.has(k)) ops++;
  }
  return ops;
}

export function proxyCost(mode: ProxyMode, n: number, seed = 1): ProxyCostRow {
  const prng = createPrng(seed);
  const rand = (): number => nextFloat(prng);
  const { services, slices } = objects(n);
  const rules = computeRules(mode, services, slices);
  const kernel = createNodeKernel();
  let sum = 0;
  let max = 0;
  rules.services.forEach((s, i) => {
    const r = routeConnection(kernel, rules, { src: CLIENT_IP, sport: 32768 + (i % 28000), dst: s.clusterIP, dport: s.port, proto: 'tcp' }, 0, rand);
    sum += r.rulesEvaluated;
    max = Math.max(max, r.rulesEvaluated);
    kernel.conntrack.entries.length = 0;
  });
  const changed = objects(n, n - 1);
  const next = computeRules(mode, changed.services, changed.slices);
  const row: ProxyCostRow = { mode, services: n, rules: 0, rulesEvaluatedMean: n ? sum / n : 0, rulesEvaluatedMax: max, reprogramWrites: 0, reprogramMs: 0 };
  if (mode === 'ipvs') {
    const before = programIpvs(rules);
    row.rules = ipvsEntries(before);
    row.reprogramWrites = ipvsDiff(before, programIpvs(next));
    row.reprogramMs = row.reprogramWrites * IPVS_NETLINK_MS_PER_OP;
  } else if (mode === 'nftables') {
    row.rules = nftOf(rules).ruleCount;
    row.reprogramWrites = nftSyncOps(rules, next);
    row.reprogramMs = row.reprogramWrites * NFT_MS_PER_OP;
  } else {
    row.rules = netfilterOf(rules).ruleCount;
    row.reprogramWrites = restoreLines(next);
    row.reprogramMs = row.reprogramWrites * IPTABLES_RESTORE_MS_PER_LINE;
  }
  return row;
}
