// Which message dots to draw and how far along their edge each one is. Pure, so the overlay can call it
// every animation frame and the tests can check it without a DOM. When an edge carries more than
// MERGE_ABOVE messages at once, the dots of one message type on that edge become one dot with a count
// (UX.md: "when too many messages are in flight to read, dots of the same kind merge").

import { raftKind } from '../../protocol/raft';
import type { MessageView, Phase, RaftKind } from '../../protocol/view';
import type { TrafficFlow } from '../../protocol/traffic';

export const MERGE_ABOVE = 8;

export interface Dot {
  /** Stable across frames: `m<id>` for one message, `<from>><to>><type>` for a merged group. */
  key: string;
  from: string;
  to: string;
  phase: Phase;
  type: string;
  summary: string;
  /** 0 at the sender, 1 at the receiver. */
  progress: number;
  /** How many messages this dot stands for (1 unless merged). */
  count: number;
  /** A request or answer between pods: drawn along its route (traffic/flow.ts), not between nodes. */
  flow?: TrafficFlow;
}

export interface DotFilter {
  hideHeartbeats: boolean;
  hideRaft: boolean;
  /** etcd Raft messages hidden by kind (src/protocol/raft.ts). */
  hideRaftKinds?: readonly RaftKind[];
}

/** How far a message has travelled at simulated time `now`. */
export function progressOf(m: MessageView, now: number): number {
  const span = m.deliverAt - m.sentAt;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (now - m.sentAt) / span));
}

export function visible(m: MessageView, f: DotFilter): boolean {
  if (f.hideHeartbeats && m.phase === 'heartbeat') return false;
  if (f.hideRaft && m.phase === 'raft') return false;
  if (m.phase === 'raft' && f.hideRaftKinds?.length && f.hideRaftKinds.includes(raftKind(m.summary))) return false;
  // A request between two pods on one node never leaves the node, yet it goes from pod to pod.
  return m.from !== m.to || m.flow !== undefined;
}

/** One dot per message, travelling on its own. */
function single(m: MessageView, now: number): Dot {
  const d: Dot = { key: `m${m.id}`, from: m.from, to: m.to, phase: m.phase, type: m.type, summary: m.summary, progress: progressOf(m, now), count: 1 };
  if (m.flow) d.flow = m.flow;
  return d;
}

/** The key of the edge a message travels: requests between pods share one per route (client, address, backend), not per node pair. */
function edgeKey(m: MessageView): string {
  return m.flow ? `${m.from}>${m.to}>${m.flow.client}>${m.flow.dst}>${m.flow.backend}>${m.flow.reply ? 'r' : 'q'}` : `${m.from}>${m.to}`;
}

/**
 * The messages grouped by the edge they travel, edges in the order their first message comes.
 * Called on every frame with thousands of messages at 50 workers: node-to-node messages are grouped
 * by sender and receiver in nested maps, without a key string per message.
 */
function byEdge(msgs: readonly MessageView[], f: DotFilter): MessageView[][] {
  const nodes = new Map<string, Map<string, MessageView[]>>();
  const routes = new Map<string, MessageView[]>();
  const edges: MessageView[][] = [];
  for (const m of msgs) {
    if (!visible(m, f)) continue;
    let list: MessageView[] | undefined;
    if (m.flow) {
      const k = edgeKey(m);
      list = routes.get(k);
      if (!list) routes.set(k, (list = []));
    } else {
      let to = nodes.get(m.from);
      if (!to) nodes.set(m.from, (to = new Map()));
      list = to.get(m.to);
      if (!list) to.set(m.to, (list = []));
    }
    if (list.length === 0) edges.push(list);
    list.push(m);
  }
  return edges;
}

/** The dots for the messages in flight at `now`, merged per edge and type when an edge is crowded. */
export function computeDots(msgs: readonly MessageView[], now: number, f: DotFilter, mergeAbove = MERGE_ABOVE): Dot[] {
  const out: Dot[] = [];
  for (const list of byEdge(msgs, f)) {
    if (list.length <= mergeAbove) {
      for (const m of list) out.push(single(m, now));
      continue;
    }
    const byType = new Map<string, MessageView[]>();
    for (const m of list) {
      const g = byType.get(m.type);
      if (g) g.push(m);
      else byType.set(m.type, [m]);
    }
    const edge = edgeKey(list[0]!);
    for (const [type, group] of byType) {
      const first = group[0]!;
      if (group.length === 1) {
        out.push(single(first, now));
        continue;
      }
      // The merged dot travels with the middle of its group.
      const ps = group.map((m) => progressOf(m, now)).sort((a, b) => a - b);
      const d: Dot = {
        key: `${edge}>${type}`,
        from: first.from,
        to: first.to,
        phase: first.phase,
        type,
        summary: `${group.length} × ${type}: ${first.summary}, ...`,
        progress: ps[Math.floor(ps.length / 2)]!,
        count: group.length,
      };
      if (first.flow) d.flow = first.flow;
      out.push(d);
    }
  }
  return out;
}
