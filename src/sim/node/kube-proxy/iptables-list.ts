// `iptables [-t table] -L [chain] [-n] [--line-numbers]`: the same rules iptables-save prints, as
// iptables' list format lays them out (iptables/xshared.c print_header, print_ipv4_addresses and
// the matches' and targets' print functions, iptables v1.8.9): a `Chain NAME (policy ACCEPT)` or
// `Chain NAME (N references)` header, the column titles, then one row per rule: target padded to 9,
// protocol to 5, `--` for the options, source and destination padded to 19 each with `!` in front
// when negated, then the matches (`/* comment */`, `tcp dpt:80`, `statistic mode random probability
// 0.5...`) and the target's options (`to:10.244.1.5:80`, `MARK or 0x4000`).
//
// Simplified: without -n only 0.0.0.0/0 becomes `anywhere` and ports 53, 80 and 443 their
// /etc/services names; real iptables also resolves addresses through DNS.

import { ruleWords } from '../kernel/netfilter';

const BUILTIN = new Set(['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING']);
const SERVICES: Record<string, string> = { '53': 'domain', '80': 'http', '443': 'https' };

export interface Table {
  /** Chains in iptables-save order, with their policy (`-` for a user chain). */
  chains: { name: string; policy: string }[];
  rules: { chain: string; words: string[] }[];
}

/** One table (`nat`, `filter`) out of iptables-save's text, or undefined if it is not there. */
export function parseTable(save: string, table: string): Table | undefined {
  const lines = save.split('\n');
  const start = lines.indexOf(`*${table}`);
  if (start < 0) return undefined;
  const t: Table = { chains: [], rules: [] };
  for (const line of lines.slice(start + 1)) {
    if (line === 'COMMIT') break;
    const chain = /^:(\S+) (\S+)/.exec(line);
    if (chain) t.chains.push({ name: chain[1]!, policy: chain[2]! });
    else if (line.startsWith('-A ')) {
      const w = ruleWords(line);
      t.rules.push({ chain: w[1]!, words: w.slice(2) });
    }
  }
  return t;
}

const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));

function address(v: string | undefined, numeric: boolean): string {
  if (v === undefined || v === '0.0.0.0/0') return numeric ? '0.0.0.0/0' : 'anywhere';
  return v.endsWith('/32') ? v.slice(0, -3) : v;
}

interface Row {
  target: string;
  proto: string;
  src?: string;
  srcNot: boolean;
  dst?: string;
  dstNot: boolean;
  extra: string;
}

function row(w: string[], numeric: boolean): Row {
  const r: Row = { target: '', proto: 'all', srcNot: false, dstNot: false, extra: '' };
  let not = false;
  for (let i = 0; i < w.length; i++) {
    const a = w[i]!;
    const next = (): string => w[++i] ?? '';
    if (a === '!') {
      not = true;
      continue;
    }
    if (a === '-s') [r.src, r.srcNot] = [next(), not];
    else if (a === '-d') [r.dst, r.dstNot] = [next(), not];
    else if (a === '-p') r.proto = next();
    else if (a === '-j' || a === '-g') r.target = next();
    else if (a === '--comment') r.extra += ` /* ${next()} */`;
    else if (a === '-m') {
      const m = next();
      if (m === 'tcp' || m === 'udp' || m === 'sctp') r.extra += ` ${m}`;
      else if (m === 'addrtype') r.extra += ' ADDRTYPE match';
      else if (m === 'statistic') r.extra += ' statistic';
      else if (m === 'mark') r.extra += ' mark match';
    } else if (a === '--dport') {
      const p = next();
      r.extra += ` dpt:${numeric ? p : SERVICES[p] ?? p}`;
    } else if (a === '--dst-type') r.extra += ` dst-type ${next()}`;
    else if (a === '--mode') r.extra += ` mode ${next()}`;
    else if (a === '--probability') r.extra += ` probability ${next()}`;
    else if (a === '--mark') r.extra += `${not ? ' !' : ''} ${next()}`;
    else if (a === '--ctstate') r.extra += ` ctstate ${next()}`;
    else if (a === '--to-destination') r.extra += ` to:${next()}`;
    else if (a === '--random-fully') r.extra += ' random-fully';
    else if (a === '--reject-with') r.extra += ` reject-with ${next()}`;
    else if (a === '--set-xmark') {
      const [value, mask] = next().split('/');
      r.extra += mask === '0x0' ? ` MARK xor ${value}` : ` MARK or ${value}`;
    }
    not = false;
  }
  return r;
}

export interface ListOptions {
  numeric: boolean;
  lineNumbers: boolean;
}

function header(t: Table, chain: { name: string; policy: string }, o: ListOptions): string {
  const refs = t.rules.filter((r) => {
    const j = r.words.findIndex((w) => w === '-j' || w === '-g');
    return j >= 0 && r.words[j + 1] === chain.name;
  }).length;
  const title = BUILTIN.has(chain.name) ? `Chain ${chain.name} (policy ${chain.policy})` : `Chain ${chain.name} (${refs} references)`;
  return `${title}\n${o.lineNumbers ? 'num  ' : ''}target     prot opt source               destination         \n`;
}

function rows(t: Table, chain: string, o: ListOptions): string {
  return t.rules
    .filter((r) => r.chain === chain)
    .map((rule, i) => {
      const r = row(rule.words, o.numeric);
      const num = o.lineNumbers ? pad(String(i + 1), 4) + ' ' : '';
      const src = (r.srcNot ? '!' : ' ') + pad(address(r.src, o.numeric), 19) + ' ';
      const dst = (r.dstNot ? '!' : ' ') + pad(address(r.dst, o.numeric), 19) + ' ';
      return `${num}${pad(r.target, 9)}  ${pad(r.proto, 5)}-- ${src}${dst}${r.extra}\n`;
    })
    .join('');
}

/** The list for one chain, or every chain of the table; undefined when the chain does not exist. */
export function listChains(t: Table, chain: string | undefined, o: ListOptions): string | undefined {
  const chains = chain === undefined ? t.chains : t.chains.filter((c) => c.name === chain);
  if (chains.length === 0) return undefined;
  return chains.map((c) => header(t, c, o) + rows(t, c.name, o)).join('\n');
}
