// The kernel's packet rules as a node shell shows them: `iptables-save`, `iptables -t nat -L
// [chain] -n [--line-numbers]`, `nft list ruleset` and `ipvsadm -Ln`. They read what kube-proxy
// last wrote into this host's kernel (the rules it persisted: they outlive a killed kube-proxy),
// local to the host like systemctl, not a message. Which tables hold rules depends on the mode
// kube-proxy ran in: iptables mode fills iptables' nat and filter tables, nftables mode (beta in
// v1.31, GA in v1.33) its own `table ip kube-proxy`, IPVS mode the IPVS virtual servers.
//
// Simplified: in IPVS mode kube-proxy also writes iptables rules and ipsets (KUBE-CLUSTER-IP);
// Kubeplay shows none (nor the KUBE-SVC-/KUBE-SEP- chains iptables mode leaves behind after a switch
// to IPVS), and `nft list ruleset` shows only kube-proxy's own nftables table.

import type { Effects } from '../../kernel/component';
import { DEFAULT_CLUSTER_CIDR, goDate, type KernelRules } from '../../node/kube-proxy/kube-proxy';
import { listChains, parseTable } from '../../node/kube-proxy/iptables-list';
import { renderIptablesSave } from '../../node/kube-proxy/iptables-save';
import { renderIpvsadm } from '../../node/kube-proxy/ipvsadm';
import { renderNftRuleset } from '../../node/kube-proxy/nft-ruleset';
import { output } from './shell-output';

export const PROXY_TOOLS = new Set(['iptables', 'iptables-save', 'nft', 'ipvsadm']);

function kernel(ctx: Effects): KernelRules | undefined {
  return ctx.hostProcesses().find((p) => p.kind === 'kube-proxy')?.persisted as KernelRules | undefined;
}

function iptablesSaveText(ctx: Effects): string {
  const k = kernel(ctx);
  if (!k || k.rules.mode !== 'iptables') return '';
  return renderIptablesSave(k.rules, { clusterCIDR: k.clusterCIDR ?? DEFAULT_CLUSTER_CIDR, date: goDate(ctx.now) });
}

/** iptables' short options may be bundled (`-nL`); -t and -L take a value. */
function iptables(ctx: Effects, jobId: number, args: string[]): void {
  let table = 'filter';
  let list = false;
  let chain: string | undefined;
  let numeric = false;
  let lineNumbers = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-t' || a === '--table') table = args[++i] ?? '';
    else if (a === '--line-numbers') lineNumbers = true;
    else if (a === '--numeric') numeric = true;
    else if (a === '--list' || /^-[a-zA-Z]+$/.test(a)) {
      const letters = a === '--list' ? 'L' : a.slice(1);
      for (const c of letters) {
        if (c === 'n') numeric = true;
        else if (c === 'L') list = true;
        else if (c === 'v' || c === 'x') continue;
        else return output(ctx, jobId, '', `iptables v1.8.9 (nf_tables): unknown option "-${c}"\nTry \`iptables -h' or 'iptables --help' for more information.\n`, 2);
      }
      if (letters.endsWith('L') && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) chain = args[++i];
    } else return output(ctx, jobId, '', `Bad argument \`${a}'\nTry \`iptables -h' or 'iptables --help' for more information.\n`, 2);
  }
  if (!list) return output(ctx, jobId, '', 'iptables v1.8.9 (nf_tables): no command specified\nTry `iptables -h\' or \'iptables --help\' for more information.\n', 2);
  const save = iptablesSaveText(ctx);
  const t = parseTable(save, table) ?? (['filter', 'nat', 'mangle', 'raw'].includes(table) ? defaultTable(table) : undefined);
  if (!t) return output(ctx, jobId, '', `iptables v1.8.9 (nf_tables): table '${table}' does not exist\nPerhaps iptables or your kernel needs to be upgraded.\n`, 3);
  const text = listChains(t, chain, { numeric, lineNumbers });
  if (text === undefined) return output(ctx, jobId, '', 'iptables: No chain/target/match by that name.\n', 1);
  output(ctx, jobId, text, '', 0);
}

/** A table nobody has added rules to: only its built-in chains. */
function defaultTable(table: string): ReturnType<typeof parseTable> {
  const builtins: Record<string, string[]> = {
    filter: ['INPUT', 'FORWARD', 'OUTPUT'],
    nat: ['PREROUTING', 'INPUT', 'OUTPUT', 'POSTROUTING'],
    mangle: ['PREROUTING', 'INPUT', 'FORWARD', 'OUTPUT', 'POSTROUTING'],
    raw: ['PREROUTING', 'OUTPUT'],
  };
  return { chains: builtins[table]!.map((name) => ({ name, policy: 'ACCEPT' })), rules: [] };
}

function nft(ctx: Effects, jobId: number, args: string[]): void {
  const words = args.filter((a) => !a.startsWith('-'));
  const k = kernel(ctx);
  const text = k && k.rules.mode === 'nftables' ? renderNftRuleset(k.rules, { clusterCIDR: k.clusterCIDR ?? DEFAULT_CLUSTER_CIDR }) : '';
  if (words[0] === 'list' && words[1] === 'ruleset') return output(ctx, jobId, text, '', 0);
  if (words[0] === 'list' && words[1] === 'table') {
    const [family, name] = words.length >= 4 ? [words[2], words[3]] : ['ip', words[2]];
    if (family === 'ip' && name === 'kube-proxy' && text) return output(ctx, jobId, text, '', 0);
    return output(ctx, jobId, '', `Error: No such file or directory\nlist table ${family} ${name ?? ''}\n`, 1);
  }
  output(ctx, jobId, '', `Error: syntax error, unexpected ${words[0] ? `'${words[0]}'` : 'end of file'}\n`, 1);
}

export function proxyTool(ctx: Effects, jobId: number, tool: string, args: string[]): void {
  if (tool === 'iptables-save') return output(ctx, jobId, iptablesSaveText(ctx), '', 0);
  if (tool === 'iptables') return iptables(ctx, jobId, args);
  if (tool === 'nft') return nft(ctx, jobId, args);
  const k = kernel(ctx);
  // After IPVS -> iptables the virtual servers stay (v1.31 cleans IPVS up only for nftables).
  const rules = [...(k ? [k.rules] : []), ...(k?.leftover ?? [])].find((r) => r.mode === 'ipvs') ?? { mode: 'ipvs' as const, services: [] };
  output(ctx, jobId, renderIpvsadm(rules, k?.nodeIP ?? ''), '', 0);
}
