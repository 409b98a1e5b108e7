// The node kernel's netfilter tables as kube-proxy wrote them with iptables-restore, and the walk a
// packet takes through them. The table is parsed from the very text `iptables-save` prints on the
// node (kube-proxy/iptables-save.ts), so the rules a packet is matched against are the programmed
// ones, in their order. Netfilter evaluates a chain rule by rule until one matches and its target
// ends the chain (DNAT, REJECT, ACCEPT, RETURN) or jumps elsewhere; that linear walk of
// KUBE-SERVICES, one rule per service port, is the O(N) of the seed's chapter 3.

export interface RuleMatch {
  /** `-d 10.96.0.1/32`, `-s 10.244.1.2/32`, `! -s 10.244.0.0/16` */
  dst?: string;
  src?: string;
  notSrc?: string;
  proto?: string;
  dport?: number;
  /** `-m statistic --mode random --probability p` */
  probability?: number;
  /** `-m addrtype --dst-type LOCAL`: the packet is for one of the node's own addresses. */
  dstLocal?: boolean;
  /** `-m mark ! --mark 0x4000/0x4000` and the like: a mark test. */
  mark?: { negate: boolean };
  /** `-m conntrack --ctstate NEW` */
  ctstateNew?: boolean;
}

export interface Rule {
  chain: string;
  match: RuleMatch;
  target: string;
  /** DNAT --to-destination ip:port */
  toDestination?: string;
  /** The comment, for the trace. */
  comment?: string;
}

export interface NetfilterTable {
  chains: Map<string, Rule[]>;
}

export interface Netfilter {
  filter: NetfilterTable;
  nat: NetfilterTable;
  /** All the rules of both tables (what `iptables-save | grep -c '^-A'` counts). */
  ruleCount: number;
}

/**
 * The words of one iptables-save rule line, the double quotes around a comment removed
 * (`--comment "default/web cluster IP"` is one word); what `iptables -L` lists is read the same way.
 */
export function ruleWords(line: string): string[] {
  return [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1] : m[2]!));
}

function stripMask(addr: string): string {
  return addr.endsWith('/32') ? addr.slice(0, -3) : addr;
}

/** One `-A CHAIN ...` line as a rule. */
export function parseRule(line: string): Rule {
  const w = ruleWords(line);
  const rule: Rule = { chain: w[1] ?? '', match: {}, target: '' };
  let negate = false;
  for (let i = 2; i < w.length; i++) {
    const a = w[i]!;
    const next = (): string => w[++i] ?? '';
    if (a === '!') {
      negate = true;
      continue;
    }
    if (a === '-d') rule.match.dst = stripMask(next());
    else if (a === '-s') {
      if (negate) rule.match.notSrc = next();
      else rule.match.src = stripMask(next());
    } else if (a === '-p') rule.match.proto = next();
    else if (a === '--dport') rule.match.dport = Number(next());
    else if (a === '--probability') rule.match.probability = Number(next());
    else if (a === '--dst-type') rule.match.dstLocal = next() === 'LOCAL';
    else if (a === '--mark') {
      rule.match.mark = { negate };
      next();
    } else if (a === '--ctstate') rule.match.ctstateNew = next() === 'NEW';
    else if (a === '--comment') rule.comment = next();
    else if (a === '-j') rule.target = next();
    else if (a === '--to-destination') rule.toDestination = next();
    negate = false;
  }
  return rule;
}

/** Parse `iptables-save` output into its tables and chains. */
export function parseIptablesSave(text: string): Netfilter {
  const tables: Record<string, NetfilterTable> = { filter: { chains: new Map() }, nat: { chains: new Map() } };
  let table: NetfilterTable | undefined;
  let ruleCount = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('*')) {
      const name = line.slice(1);
      table = tables[name] ?? (tables[name] = { chains: new Map() });
    } else if (line.startsWith(':') && table) {
      const name = line.slice(1).split(' ')[0]!;
      if (!table.chains.has(name)) table.chains.set(name, []);
    } else if (line.startsWith('-A ') && table) {
      const r = parseRule(line);
      const chain = table.chains.get(r.chain) ?? [];
      chain.push(r);
      table.chains.set(r.chain, chain);
      ruleCount++;
    }
  }
  return { filter: tables.filter!, nat: tables.nat!, ruleCount };
}

export interface Packet {
  src: string;
  dst: string;
  proto: 'tcp' | 'udp' | 'sctp';
  dport: number;
  /** The node's own addresses (for `--dst-type LOCAL`). */
  local?: readonly string[];
}

export type Verdict =
  | { kind: 'dnat'; to: string; via: Rule[] }
  | { kind: 'reject'; via: Rule[] }
  | { kind: 'accept'; via: Rule[] };

export interface Walk {
  verdict: Verdict;
  /** Every rule whose matches were tested, across all chains visited. */
  rulesEvaluated: number;
}

function cidrContains(cidr: string, ip: string): boolean {
  const [net, len] = cidr.split('/');
  const n = (a: string): number => a.split('.').reduce((x, o) => x * 256 + Number(o), 0);
  const bits = Number(len ?? 32);
  const size = 2 ** (32 - bits);
  return Math.floor(n(ip) / size) === Math.floor(n(net!) / size);
}

function matches(m: RuleMatch, p: Packet, marked: boolean, rand: () => number): boolean {
  if (m.dst !== undefined && m.dst !== p.dst) return false;
  if (m.src !== undefined && m.src !== p.src) return false;
  if (m.notSrc !== undefined && cidrContains(m.notSrc, p.src)) return false;
  if (m.proto !== undefined && m.proto !== p.proto) return false;
  if (m.dport !== undefined && m.dport !== p.dport) return false;
  if (m.dstLocal && !(p.local ?? []).includes(p.dst)) return false;
  if (m.mark && (m.mark.negate ? marked : !marked)) return false;
  // The statistic match draws last, and only when everything else matched, as the kernel does.
  if (m.probability !== undefined && !(rand() < m.probability)) return false;
  return true;
}

const ACCEPT = 'ACCEPT';

/**
 * Walk a packet through one table from a built-in chain: user chains are jumped to and returned
 * from; non-terminating targets (MARK, MASQUERADE, a chain that returns) go on to the next rule.
 */
export function walkTable(table: NetfilterTable, start: string, p: Packet, rand: () => number): Walk {
  let evaluated = 0;
  let marked = false;
  const via: Rule[] = [];
  const run = (chain: string, depth: number): Verdict | undefined => {
    if (depth > 16) return undefined;
    for (const r of table.chains.get(chain) ?? []) {
      evaluated++;
      if (!matches(r.match, p, marked, rand)) continue;
      if (r.target === 'MARK') {
        marked = true;
        continue;
      }
      if (r.target === 'MASQUERADE') continue;
      if (r.target === 'RETURN') return undefined;
      if (r.target === 'DNAT') return via.push(r), { kind: 'dnat', to: r.toDestination ?? '', via };
      if (r.target === 'REJECT') return via.push(r), { kind: 'reject', via };
      if (r.target === ACCEPT) return via.push(r), { kind: 'accept', via };
      if (table.chains.has(r.target)) {
        via.push(r);
        const v = run(r.target, depth + 1);
        if (v) return v;
        via.pop();
      }
    }
    return undefined;
  };
  const verdict = run(start, 0) ?? { kind: 'accept' as const, via };
  return { verdict, rulesEvaluated: evaluated };
}

/**
 * A new connection from a pod on this node: nat PREROUTING (where kube-proxy's DNAT lives), then,
 * as the packet is forwarded, filter FORWARD (where a Service without endpoints is REJECTed).
 * One a process on the node itself opens (`curl` in an ssh session) takes the local output path
 * instead: nat OUTPUT, then filter OUTPUT; kube-proxy jumps to KUBE-SERVICES from both
 * (pkg/proxy/iptables/proxier.go iptablesJumpChains), so the same rules decide.
 */
export function routeNewConnection(nf: Netfilter, p: Packet, rand: () => number, from: 'pod' | 'host' = 'pod'): Walk {
  const [natHook, filterHook] = from === 'host' ? ['OUTPUT', 'OUTPUT'] : ['PREROUTING', 'FORWARD'];
  const nat = walkTable(nf.nat, natHook, p, rand);
  if (nat.verdict.kind === 'dnat') {
    const to = nat.verdict.to;
    const colon = to.lastIndexOf(':');
    const forwarded = { ...p, dst: to.slice(0, colon), dport: Number(to.slice(colon + 1)) };
    const filter = walkTable(nf.filter, filterHook, forwarded, rand);
    return { verdict: filter.verdict.kind === 'reject' ? filter.verdict : nat.verdict, rulesEvaluated: nat.rulesEvaluated + filter.rulesEvaluated };
  }
  const filter = walkTable(nf.filter, filterHook, p, rand);
  return { verdict: filter.verdict, rulesEvaluated: nat.rulesEvaluated + filter.rulesEvaluated };
}
