// The phases the graph does not draw, from the toolbar's filters. The worker uses them to decide
// how much to slow the clock for watchable dots (src/protocol/view.ts, `speed`). etcd's Raft
// messages have three switches of their own (log, votes, heartbeats: src/protocol/raft.ts).

import type { Phase, RaftKind, UiToWorker } from '../../protocol/view';

export interface FilterState {
  hideHeartbeats: boolean;
  hideRaft: boolean;
  /** Raft message kinds hidden (default: the leader's heartbeats, every 100 ms). */
  hideRaftKinds?: readonly RaftKind[];
  /** Slow the clock while a visible message crosses (absent: the worker keeps what it has). */
  slowMotion?: boolean;
}

export function hiddenPhases(f: { hideHeartbeats: boolean; hideRaft: boolean }): Phase[] {
  const out: Phase[] = [];
  if (f.hideHeartbeats) out.push('heartbeat');
  if (f.hideRaft) out.push('raft');
  return out;
}

/** The command that tells the worker the speed and what the graph hides now. */
export function speedCommand(speed: number, f: FilterState): Extract<UiToWorker, { type: 'speed' }> {
  const cmd: Extract<UiToWorker, { type: 'speed' }> = { type: 'speed', speed, hiddenPhases: hiddenPhases(f), hiddenRaft: [...(f.hideRaftKinds ?? [])] };
  if (f.slowMotion !== undefined) cmd.slowMotion = f.slowMotion;
  return cmd;
}
