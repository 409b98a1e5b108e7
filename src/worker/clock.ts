// How fast the simulated clock runs while the app plays. This changes only how fast the UI shows
// the simulation, never what it does: the kernel runs the same events in the same order whatever
// the slices of time it is asked to run.
//
// Playing at speed s advances simulated time by s ms per real ms, with one exception that keeps the
// dots watchable: while a message the graph shows is on the wire, the clock slows down so that the
// quickest such message takes at least SLOWMO_CROSSING_REAL_MS / s of real time to cross (250 ms at
// 1x, 50 ms at 5x). A LAN hop of 0.5 ms therefore plays at 0.002x at 1x. At 25x and above there is
// no slow-down: that speed is for watching the cluster's slow processes (leases, back-offs), not
// single messages. When nothing visible is in flight, time flows at s.

import { raftKind } from '../protocol/raft';
import type { MessageView, Phase, RaftKind } from '../protocol/view';

/** Real ms the quickest visible message takes to cross at 1x (divided by the speed above 1x). */
export const SLOWMO_CROSSING_REAL_MS = 250;
/** From this speed up, messages are not slowed down. */
export const SLOWMO_OFF_AT_SPEED = 25;
/** Floor for a crossing time, so a zero-latency message cannot stop the clock. */
const MIN_CROSSING_MS = 0.001;

/** `summary` tells the kinds of Raft message apart (the graph may hide the leader's heartbeats only). */
export type Flight = Pick<MessageView, 'sentAt' | 'deliverAt' | 'phase'> & { summary?: string };

const NO_KINDS: ReadonlySet<RaftKind> = new Set();

/** Simulated ms per real ms: `speed`, or less while a visible message crosses (see above). */
export function clockRate(speed: number, now: number, inFlight: readonly Flight[], hidden: ReadonlySet<Phase>, hiddenRaft: ReadonlySet<RaftKind> = NO_KINDS): number {
  if (speed >= SLOWMO_OFF_AT_SPEED) return speed;
  let crossing = Infinity;
  for (const m of inFlight) {
    // A message due now is delivered before the clock moves at all; it needs no slow-down.
    if (m.deliverAt <= now || hidden.has(m.phase)) continue;
    if (m.phase === 'raft' && hiddenRaft.size && hiddenRaft.has(raftKind(m.summary ?? ''))) continue;
    crossing = Math.min(crossing, Math.max(MIN_CROSSING_MS, m.deliverAt - m.sentAt));
  }
  if (crossing === Infinity) return speed;
  const minRealMs = SLOWMO_CROSSING_REAL_MS / speed;
  return Math.min(speed, crossing / minRealMs);
}
