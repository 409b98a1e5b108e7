// The figure the kube-proxy inspector draws: the simulation's own proxy-cost measurement
// (sim/node/kernel/proxy-cost.ts, the one `npx kubeplay proxy-cost` prints) for each mode the
// simulation's kube-proxy has, at a few Service counts. Sizes are bounded so a hostile or careless
// request cannot stall the worker.

import type { ProxyCostPoint } from '../protocol/traffic';
import { proxyCost } from '../sim/node/kernel/proxy-cost';
import type { ProxyMode } from '../sim/node/kube-proxy/rules';

/** The modes measured, in the order the chart's legend lists them. */
export const PROXY_COST_MODES: readonly ProxyMode[] = ['iptables', 'ipvs', 'nftables'];
/** The largest Service count the app asks for (10,000 takes seconds; the CLI can do it). */
export const MAX_PROXY_COST_SERVICES = 2000;
const MAX_SIZES = 8;

export function proxyCostPoints(sizes: readonly number[]): ProxyCostPoint[] {
  const ns = [...new Set(sizes.filter((n) => Number.isInteger(n) && n >= 1 && n <= MAX_PROXY_COST_SERVICES))].sort((a, b) => a - b).slice(0, MAX_SIZES);
  const out: ProxyCostPoint[] = [];
  for (const mode of PROXY_COST_MODES) {
    for (const n of ns) {
      const r = proxyCost(mode, n);
      out.push({ mode: r.mode, services: r.services, rules: r.rules, rulesEvaluatedMean: r.rulesEvaluatedMean, rulesEvaluatedMax: r.rulesEvaluatedMax });
    }
  }
  return out;
}
