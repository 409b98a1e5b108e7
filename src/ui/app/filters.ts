// The phases the graph does not draw, from the toolbar's filters. The worker uses them to decide
// how much to slow the clock for watchable dots (src/protocol/view.ts, `speed`).

import type { Phase } from '../../protocol/view';

export function hiddenPhases(f: { hideHeartbeats: boolean; hideRaft: boolean }): Phase[] {
  const out: Phase[] = [];
  if (f.hideHeartbeats) out.push('heartbeat');
  if (f.hideRaft) out.push('raft');
  return out;
}
