// One write through etcd's Raft, read from the trace (the seed, chapter 2; the Raft paper, 5.3):
// kube-apiserver sends the write to the leader, the leader appends it and sends MsgApp to each
// follower, they answer MsgAppResp, and the entry commits once a quorum (floor(N/2)+1, the leader
// included) has it. Then the leader answers the apiserver and its watch fires. The answer's cause is
// the MsgAppResp that completed the quorum, so the quorum is the leader plus every member whose
// MsgAppResp for this write had arrived by then.

import type { TraceRecord } from '../../protocol/view';
import { APISERVER } from './pipeline';

export interface RaftWrite {
  /** The apiserver's etcd.request. */
  request: number;
  leader: string;
  members: number;
  /** floor(N/2)+1. */
  needed: number;
  /** The members that had the entry when it committed (so far, while it has not), the leader first. */
  quorum: string[];
  /** The MsgApp (with entries) and MsgAppResp records of this write. */
  replication: number[];
  /** etcd's answer to the apiserver: the moment of the commit. */
  response?: number;
  committedAt?: number;
  /** The watch event etcd sent with the answer. */
  watch?: number;
  watchAt?: number;
}

export function quorumOf(members: number): number {
  return Math.floor(members / 2) + 1;
}

function isRaft(r: TraceRecord, name: string): boolean {
  return r.kind === 'message' && r.type === 'raft.message' && r.summary.startsWith(`${name} `);
}

/** MsgApp that carries entries (`+1 entry`), not the empty one that only moves the commit index. */
function carriesEntries(r: TraceRecord): boolean {
  const m = /\+(\d+) entr/.exec(r.summary);
  return m !== null && Number(m[1]) > 0;
}

export function raftWrites(records: readonly TraceRecord[], children: ReadonlyMap<number, TraceRecord[]>, members: number): RaftWrite[] {
  if (members < 2) return [];
  const out: RaftWrite[] = [];
  for (const req of records) {
    if (req.kind !== 'message' || req.type !== 'etcd.request' || req.from !== APISERVER) continue;
    out.push(raftWrite(req, children, members));
  }
  return out;
}

function raftWrite(req: TraceRecord, children: ReadonlyMap<number, TraceRecord[]>, members: number): RaftWrite {
  const leader = req.to;
  const w: RaftWrite = { request: req.id, leader, members, needed: quorumOf(members), quorum: [leader], replication: [] };
  const acks: TraceRecord[] = [];
  // Breadth first through this write's descendants on the etcd members, stopping at the answer.
  const queue = [...(children.get(req.id) ?? [])];
  for (let i = 0; i < queue.length && i < 400; i++) {
    const r = queue[i]!;
    if (r.kind === 'message' && r.type === 'etcd.response' && r.to === APISERVER && w.response === undefined) {
      w.response = r.id;
      w.committedAt = r.time;
      const watch = (children.get(r.cause ?? -1) ?? []).find((s) => s.type === 'etcd.watch');
      if (watch) {
        w.watch = watch.id;
        w.watchAt = watch.time;
      }
      continue;
    }
    if (isRaft(r, 'MsgApp') && carriesEntries(r)) w.replication.push(r.id);
    if (isRaft(r, 'MsgAppResp') && r.to === leader) {
      w.replication.push(r.id);
      acks.push(r);
    }
    if (r.type === 'raft.message') queue.push(...(children.get(r.id) ?? []));
  }
  for (const ack of acks) {
    const arrived = ack.deliverAt ?? ack.time;
    if (w.committedAt !== undefined && arrived > w.committedAt) continue;
    if (!w.quorum.includes(ack.from)) w.quorum.push(ack.from);
  }
  return w;
}
