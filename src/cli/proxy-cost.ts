// `kubeplay proxy-cost --services 10,100,1000,10000 [--modes iptables,ipvs,nftables] [--json]`: the figure of
// the seed's chapter 3 (iptables O(N) per first packet, IPVS and nftables O(1)) from the simulation's own kernel
// tables (sim/node/kernel/proxy-cost.ts). A table, or one JSON line per mode and size.

import type { ProxyMode } from '../sim/node/kube-proxy/rules';
import { proxyCost, type ProxyCostRow } from '../sim/node/kernel/proxy-cost';
import type { CliIO } from './run-command';

export const PROXY_COST_USAGE = `Usage: kubeplay proxy-cost [--services 10,100,1000,10000] [--modes iptables,ipvs,nftables] [--json]\n`;
const MODES: ProxyMode[] = ['iptables', 'ipvs', 'nftables'];
const MAX_SERVICES = 50_000;

export function parseProxyCost(argv: string[]): { sizes: number[]; modes: ProxyMode[]; json: boolean } | { error: string } {
  let sizes = [10, 100, 1000, 10000];
  let modes = MODES;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => inline ?? argv[++i] ?? '';
    if (flag === '--json') json = true;
    else if (flag === '--services') {
      const v = value();
      sizes = v.split(',').map((x) => Number(x));
      if (!v || sizes.some((x) => !Number.isInteger(x) || x < 1 || x > MAX_SERVICES)) return { error: `--services: expected a comma-separated list of counts from 1 to ${MAX_SERVICES}, got ${JSON.stringify(v)}` };
    } else if (flag === '--modes') {
      const v = value().split(',');
      const bad = v.find((m) => !MODES.includes(m as ProxyMode));
      if (bad !== undefined) return { error: `--modes: unknown proxy mode ${JSON.stringify(bad)} (iptables, ipvs, nftables)` };
      modes = v as ProxyMode[];
    } else return { error: `unknown flag "${flag}"` };
  }
  return { sizes, modes, json };
}

function table(rows: ProxyCostRow[]): string {
  const head = ['MODE', 'SERVICES', 'RULES', 'EVALUATED-MEAN', 'EVALUATED-MAX', 'REPROGRAM-WRITES', 'REPROGRAM-MS'];
  const cells = rows.map((r) => [r.mode, String(r.services), String(r.rules), r.rulesEvaluatedMean.toFixed(1), String(r.rulesEvaluatedMax), String(r.reprogramWrites), r.reprogramMs.toFixed(2)]);
  const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  return [head, ...cells].map((c) => c.map((x, i) => (i === c.length - 1 ? x : x.padEnd(width[i]! + 3))).join('')).join('\n') + '\n';
}

export function proxyCostMain(argv: string[], io: Pick<CliIO, 'out' | 'err'>): number {
  const p = parseProxyCost(argv);
  if ('error' in p) {
    io.err(`error: ${p.error}\n${PROXY_COST_USAGE}`);
    return 2;
  }
  const rows: ProxyCostRow[] = [];
  for (const mode of p.modes) {
    for (const n of p.sizes) {
      const r = proxyCost(mode, n);
      rows.push(r);
      if (p.json) io.out(JSON.stringify(r) + '\n');
    }
  }
  if (!p.json) io.out(table(rows));
  return 0;
}
