// The node kernel's nftables table as kube-proxy's nftables proxier writes it
// (pkg/proxy/nftables/proxier.go), and the path of a packet through it. The table is parsed from the
// very text `nft list ruleset` prints on the node (kube-proxy/nft-ruleset.ts), as the iptables path
// parses iptables-save. Where iptables tests one KUBE-SERVICES rule per service port, nftables
// hashes `ip daddr . meta l4proto . th dport` into the `service-ips` verdict map: one lookup however
// many Services there are, then the `service-<hash>-ns/name/proto/port` chain picks an endpoint with
// `numgen random mod N vmap`, and the `endpoint-<hash>-...` chain DNATs. A service port with no
// endpoints is an element of `no-endpoint-services`, checked in the filter hooks, that goes to
// `reject-chain`.

import type { Packet } from './netfilter';

export interface NftTable {
  /** Chain name -> its rule lines, in order (the hook line and comments left out). */
  chains: Map<string, string[]>;
  /** Verdict map name -> element key (`10.96.0.10 . udp . 53`) -> verdict (`goto service-...`). */
  maps: Map<string, Map<string, string>>;
  /** Rule lines of all chains (what proxy-cost reports as the table's size). */
  ruleCount: number;
}

const HEADER = /^(type |comment |policy |flags )/;

/** Parse the `table ip kube-proxy { ... }` block of `nft list ruleset`. */
export function parseNftRuleset(text: string): NftTable {
  const chains = new Map<string, string[]>();
  const maps = new Map<string, Map<string, string>>();
  let chain: string[] | undefined;
  let map: Map<string, string> | undefined;
  let elements: string | undefined;
  let ruleCount = 0;
  const addElements = (m: Map<string, string>, body: string): void => {
    for (const raw of body.split(',')) {
      const e = /^\s*(.+?)(?: comment "[^"]*")? : (.+?)\s*$/.exec(raw);
      if (e) m.set(e[1]!, e[2]!);
    }
  };
  for (const line of text.split('\n')) {
    const t = line.trim();
    let m: RegExpExecArray | null;
    if (elements !== undefined) {
      elements += ` ${t}`;
      if (t.endsWith('}')) {
        addElements(map!, elements.slice(0, elements.lastIndexOf('}')));
        elements = undefined;
      }
    } else if ((m = /^chain (\S+) \{$/.exec(t))) {
      chain = [];
      chains.set(m[1]!, chain);
      map = undefined;
    } else if ((m = /^(?:map|set) (\S+) \{$/.exec(t))) {
      map = new Map();
      maps.set(m[1]!, map);
      chain = undefined;
    } else if (t === '}') {
      chain = undefined;
      map = undefined;
    } else if (map && t.startsWith('elements = {')) {
      const body = t.slice('elements = {'.length);
      if (body.endsWith('}')) addElements(map, body.slice(0, -1));
      else elements = body;
    } else if (chain && t && !HEADER.test(t)) {
      chain.push(t);
      ruleCount++;
    }
  }
  return { chains, maps, ruleCount };
}

export type NftVerdict =
  | { kind: 'dnat'; to: string; via: string[] }
  | { kind: 'reject'; via: string[] }
  | { kind: 'accept'; via: string[] };

export interface NftWalk {
  verdict: NftVerdict;
  /** Rules tested across the chains visited; a verdict-map rule is one hash lookup, counted once. */
  rulesEvaluated: number;
  /** Verdict-map lookups made (`vmap @service-ips` and the like). */
  lookups: number;
}

function cidrContains(cidr: string, ip: string): boolean {
  const [net, len] = cidr.split('/');
  const n = (a: string): number => a.split('.').reduce((x, o) => x * 256 + Number(o), 0);
  const size = 2 ** (32 - Number(len ?? 32));
  return Math.floor(n(ip) / size) === Math.floor(n(net!) / size);
}

/** One base chain hook's walk: jumps return, gotos do not, a verdict ends it. */
function walk(t: NftTable, start: string, p: Packet, rand: () => number, count: { rules: number; lookups: number }, via: string[]): NftVerdict | undefined {
  const run = (name: string, depth: number): NftVerdict | 'return' | undefined => {
    if (depth > 16) return undefined;
    for (const rule of t.chains.get(name) ?? []) {
      count.rules++;
      const target = (verdict: string): NftVerdict | 'return' | undefined => {
        const [kw, next] = verdict.split(' ');
        if (kw === 'goto' || kw === 'jump') {
          via.push(next!);
          const v = run(next!, depth + 1);
          if (kw === 'goto') return v ?? 'return';
          return v === 'return' ? undefined : v;
        }
        return undefined;
      };
      let m: RegExpExecArray | null;
      if ((m = /^ct state new (jump|goto) (\S+)$/.exec(rule))) {
        const v = target(`${m[1]} ${m[2]}`);
        if (v) return v;
      } else if ((m = /^(jump|goto) (\S+)$/.exec(rule))) {
        const v = target(`${m[1]} ${m[2]}`);
        if (v) return v;
      } else if ((m = /^(fib daddr type local ip daddr != 127\.0\.0\.0\/8 )?(ip daddr \. )?meta l4proto \. th dport vmap @(\S+)$/.exec(rule))) {
        if (m[1] && (!(p.local ?? []).includes(p.dst) || cidrContains('127.0.0.0/8', p.dst))) continue;
        count.lookups++;
        const key = m[2] ? `${p.dst} . ${p.proto} . ${p.dport}` : `${p.proto} . ${p.dport}`;
        const verdict = t.maps.get(m[3]!)?.get(key);
        if (!verdict) continue;
        const v = target(verdict);
        if (v) return v;
      } else if ((m = /^numgen random mod (\d+) vmap \{ (.+) \}$/.exec(rule))) {
        const pick = Math.floor(rand() * Number(m[1]));
        const arm = m[2]!.split(', ').find((a) => a.startsWith(`${pick} : `));
        if (!arm) continue;
        const v = target(arm.slice(arm.indexOf(' : ') + 3));
        if (v) return v;
      } else if ((m = /^meta l4proto (\S+) dnat to (\S+)$/.exec(rule))) {
        if (m[1] === p.proto) return { kind: 'dnat', to: m[2]!, via };
      } else if (rule === 'reject') {
        return { kind: 'reject', via };
      } else if (rule.endsWith(' return') || rule === 'return') {
        return 'return';
      }
      // Match-and-mark rules (`ip saddr X jump mark-for-masquerade`, `meta mark set ...`): tested,
      // they only mark the packet for masquerade on the way out; the walk goes on.
      else if ((m = /^ip saddr (!= )?(\S+) jump mark-for-masquerade$/.exec(rule)) || (m = /^ip daddr \S+ \S+ dport \d+ ip saddr (!= )(\S+) jump mark-for-masquerade$/.exec(rule))) {
        const inside = m[2]!.includes('/') ? cidrContains(m[2]!, p.src) : m[2] === p.src;
        if (m[1] ? !inside : inside) count.rules += t.chains.get('mark-for-masquerade')?.length ?? 0;
      }
    }
    return undefined;
  };
  const v = run(start, 0);
  return v === 'return' ? undefined : v;
}

/**
 * A new connection from a pod on this node, through the hooks in their priority order as the
 * proxier registers them: filter-prerouting (dstnat - 10: the firewall check), nat-prerouting
 * (dstnat: `services`, where the DNAT happens), then, forwarded, filter-forward (-110: the
 * no-endpoint check that rejects a Service without endpoints).
 */
export function routeNftConnection(t: NftTable, p: Packet, rand: () => number): NftWalk {
  const count = { rules: 0, lookups: 0 };
  const end = (verdict: NftVerdict): NftWalk => ({ verdict, rulesEvaluated: count.rules, lookups: count.lookups });
  const first = walk(t, 'filter-prerouting', p, rand, count, []);
  if (first?.kind === 'reject') return end(first);
  const nat = walk(t, 'nat-prerouting', p, rand, count, []);
  let forwarded = p;
  if (nat?.kind === 'dnat') {
    const colon = nat.to.lastIndexOf(':');
    forwarded = { ...p, dst: nat.to.slice(0, colon), dport: Number(nat.to.slice(colon + 1)) };
  }
  const filter = walk(t, 'filter-forward', forwarded, rand, count, []);
  if (filter?.kind === 'reject') return end(filter);
  return end(nat?.kind === 'dnat' ? nat : { kind: 'accept', via: [] });
}

/**
 * A new connection a process on the node opens: the output hooks in priority order,
 * filter-output (-110: the no-endpoint and firewall checks, on the address as sent), then
 * nat-output (-100: `services`, the DNAT). The node-port map is guarded by
 * `ip daddr != 127.0.0.0/8`, so a NodePort on localhost is not forwarded in this mode.
 */
export function routeNftLocalConnection(t: NftTable, p: Packet, rand: () => number): NftWalk {
  const count = { rules: 0, lookups: 0 };
  const end = (verdict: NftVerdict): NftWalk => ({ verdict, rulesEvaluated: count.rules, lookups: count.lookups });
  const filter = walk(t, 'filter-output', p, rand, count, []);
  if (filter?.kind === 'reject') return end(filter);
  const nat = walk(t, 'nat-output', p, rand, count, []);
  return end(nat?.kind === 'dnat' ? nat : { kind: 'accept', via: [] });
}
