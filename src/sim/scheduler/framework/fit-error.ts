// framework.FitError.Error (pkg/scheduler/framework/types.go): `0/<n> nodes are available: ` then the
// reasons as `<count> <reason>`, sorted with sort.Strings (byte order) and joined by ", ", then `.`;
// a PreFilter message replaces the histogram; a PostFilter message follows as ` <msg>.`.

import type { Status } from './types';

export function fitErrorMessage(numAllNodes: number, statuses: Map<string, Status>, opts: { preFilterMsg?: string; postFilterMsg?: string } = {}): string {
  let msg = `0/${numAllNodes} nodes are available:`;
  if (opts.preFilterMsg) msg += ` ${opts.preFilterMsg}.`;
  else {
    const histogram = new Map<string, number>();
    for (const s of statuses.values()) for (const r of s.reasons) histogram.set(r, (histogram.get(r) ?? 0) + 1);
    const lines = [...histogram].map(([r, n]) => `${n} ${r}`);
    lines.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    if (lines.length) msg += ` ${lines.join(', ')}.`;
  }
  if (opts.postFilterMsg) msg += ` ${opts.postFilterMsg}.`;
  return msg;
}
