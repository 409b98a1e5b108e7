// `nft list ruleset` on a node whose kube-proxy runs in nftables mode (pkg/proxy/nftables/proxier.go;
// the mode is beta in v1.31 and GA in v1.33). kube-proxy owns one table, `table ip kube-proxy`:
// base chains hooked into prerouting/output/postrouting jump to `services`, which looks the packet's
// `daddr . l4proto . dport` up in the verdict map `service-ips` (one hash lookup, however many
// Services) and goes to that service port's chain; the service chain picks an endpoint chain with
// `numgen random mod N vmap`, and the endpoint chain DNATs. A service port without endpoints is an
// element of `no-endpoint-services` that goes to `reject-chain`. Chain names are
// `service-<hash8>-<ns>/<name>/<proto>/<port>` and `endpoint-<hash8>-...__<ip>/<port>`, the hash
// taken over the rest of the name (hashAndTruncate, servicePortChainNameBase). The text is the one nft prints for
// that table: tabs, one element per line in verdict maps, marks as `meta mark ... 0x00004000`.

import { base32, sha256 } from './hash';
import type { ProxyRules, ServicePortRule } from './rules';

/** `default/web:http` -> `default/web/tcp/http` (the port name is empty for an unnamed port). */
function nameBase(s: ServicePortRule): string {
  const [nsName, port = ''] = s.name.split(':');
  return `${nsName}/${s.protocol}/${port}`;
}

/** hashAndTruncate: the first 8 base32 characters of the name's SHA-256, then the name itself. */
function hashed(name: string): string {
  return `${base32(sha256(name)).slice(0, 8)}-${name}`;
}

export function nftServiceChain(s: ServicePortRule): string {
  return `service-${hashed(nameBase(s))}`;
}

export function nftExternalChain(s: ServicePortRule): string {
  return `external-${hashed(nameBase(s))}`;
}

export function nftEndpointChain(s: ServicePortRule, ip: string, port: number): string {
  return `endpoint-${hashed(`${nameBase(s)}__${ip}/${port}`)}`;
}

const VMAP = 'ipv4_addr . inet_proto . inet_service : verdict';
const PORT_VMAP = 'inet_proto . inet_service : verdict';

function mapBlock(kind: 'map' | 'set', name: string, type: string, comment: string, elements: string[]): string[] {
  const out = [`\t${kind} ${name} {`, `\t\ttype ${type}`, `\t\tcomment "${comment}"`];
  if (elements.length) out.push(`\t\telements = { ${elements.join(',\n\t\t\t     ')} }`);
  return [...out, '\t}'];
}

function chain(name: string, rules: string[], hook?: string): string[] {
  return [`\tchain ${name} {`, ...(hook ? [`\t\t${hook}`] : []), ...rules.map((r) => `\t\t${r}`), '\t}'];
}

export interface NftOptions {
  /** --cluster-cidr: traffic from outside it is marked for masquerade. */
  clusterCIDR: string;
}

/** The `table ip kube-proxy { ... }` block as `nft list ruleset` prints it. */
export function renderNftRuleset(rules: ProxyRules, opts: NftOptions): string {
  const live = rules.services.filter((s) => s.endpoints.length > 0);
  const dead = rules.services.filter((s) => s.endpoints.length === 0);
  const serviceIps = live.map((s) => `${s.clusterIP} . ${s.protocol} . ${s.port} : goto ${nftServiceChain(s)}`);
  const nodePorts = live.filter((s) => s.nodePort).map((s) => `${s.protocol} . ${s.nodePort} : goto ${nftExternalChain(s)}`);
  const noEndpoints = dead.map((s) => `${s.clusterIP} . ${s.protocol} . ${s.port} comment "${s.name}" : goto reject-chain`);
  const blocks: string[][] = [
    mapBlock('map', 'firewall-ips', VMAP, 'destinations that are subject to LoadBalancerSourceRanges', []),
    mapBlock('map', 'no-endpoint-services', VMAP, 'vmap to drop or reject packets to services with no endpoints', noEndpoints),
    mapBlock('map', 'no-endpoint-nodeports', PORT_VMAP, 'vmap to drop or reject packets to service nodeports with no endpoints', []),
    mapBlock('map', 'service-ips', VMAP, 'ClusterIP, ExternalIP and LoadBalancer IP traffic', serviceIps),
    mapBlock('map', 'service-nodeports', PORT_VMAP, 'NodePort traffic', nodePorts),
    chain('mark-for-masquerade', ['meta mark set meta mark | 0x00004000']),
    chain('masquerading', ['meta mark & 0x00004000 == 0x00000000 return', 'meta mark set meta mark ^ 0x00004000', 'masquerade fully-random']),
    chain('services', ['ip daddr . meta l4proto . th dport vmap @service-ips', 'fib daddr type local ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @service-nodeports']),
    chain('firewall-check', ['ip daddr . meta l4proto . th dport vmap @firewall-ips']),
    chain('endpoints-check', ['ip daddr . meta l4proto . th dport vmap @no-endpoint-services', 'fib daddr type local ip daddr != 127.0.0.0/8 meta l4proto . th dport vmap @no-endpoint-nodeports']),
    chain('filter-prerouting', ['ct state new jump firewall-check'], 'type filter hook prerouting priority dstnat - 10; policy accept;'),
    chain('filter-forward', ['ct state new jump endpoints-check'], 'type filter hook forward priority -110; policy accept;'),
    chain('filter-input', ['ct state new jump endpoints-check'], 'type filter hook input priority -110; policy accept;'),
    chain('filter-output', ['ct state new jump endpoints-check', 'ct state new jump firewall-check'], 'type filter hook output priority -110; policy accept;'),
    chain('nat-output', ['jump services'], 'type nat hook output priority -100; policy accept;'),
    chain('nat-postrouting', ['jump masquerading'], 'type nat hook postrouting priority srcnat; policy accept;'),
    chain('nat-prerouting', ['jump services'], 'type nat hook prerouting priority dstnat; policy accept;'),
    chain('reject-chain', ['reject'], 'comment "helper for @no-endpoint-services / @no-endpoint-nodeports"'),
  ];
  for (const s of live) {
    const svc = nftServiceChain(s);
    const pick = s.endpoints.map((e, i) => `${i} : goto ${nftEndpointChain(s, e.ip, e.port)}`).join(', ');
    blocks.push(chain(svc, [`ip daddr ${s.clusterIP} ${s.protocol} dport ${s.port} ip saddr != ${opts.clusterCIDR} jump mark-for-masquerade`, `numgen random mod ${s.endpoints.length} vmap { ${pick} }`]));
    if (s.nodePort) blocks.push(chain(nftExternalChain(s), ['jump mark-for-masquerade', `goto ${svc}`]));
    for (const e of s.endpoints) {
      blocks.push(chain(nftEndpointChain(s, e.ip, e.port), [`ip saddr ${e.ip} jump mark-for-masquerade`, `meta l4proto ${s.protocol} dnat to ${e.ip}:${e.port}`]));
    }
  }
  const body = blocks.map((b) => b.join('\n')).join('\n\n');
  return `table ip kube-proxy {\n\tcomment "rules for kube-proxy"\n${body}\n}\n`;
}

/** Rules in the table (the figure proxy-cost compares): every rule line of every chain. */
export function nftRuleCount(rules: ProxyRules): number {
  return renderNftRuleset(rules, { clusterCIDR: '0.0.0.0/0' }).split('\n').filter((l) => /^\t\t(?!type |comment |elements |policy )/.test(l) && !l.startsWith('\t\t\t')).length;
}
