// An etcd member of a multi-member cluster drives the Raft core (raft/raft.ts) the way etcd's
// raftNode does (server/etcdserver/raft.go): one tick every heartbeat interval, every peer message
// stepped in, and after each of those the Ready drained in order: persist the entries and hard
// state to the data dir, send the messages to the peers, apply the committed entries to the MVCC
// store, and serve the linearizable reads whose read index has been applied. A client write is
// answered by the member it was sent to, when its entry applies there.

import type { Effects, Message } from '../kernel/component';
import type { TimerId } from '../kernel/units';
import { etcdMemberId } from '../names';
import type { EtcdRequestBody, RangeRequest, WriteRequest } from './protocol';
import { ETCD_ERRORS } from './protocol';
import { range } from './mvcc/txn';
import { answer, applyWrite, notifyApplied, raftLog, watchContext, zap, type EntryData, type EtcdMemberState } from './member-core';
import { cancelAllWatches } from './member-watch';
import { demote, promote } from './member-lessor';
import { memberIdOf } from './identity';
import { summarizeRaftMessage, type RaftMessageBody } from './raft-summary';
import { type Raft, applyToStorage, hasReady, newRaft, propose, readIndex, ready, status, step, tick } from './raft/raft';
import type { Entry, RaftMessage, RaftStateType, RaftStorage, ReadState, SoftState } from './raft/types';

export const RAFT_TICK_TIMER = 'raft.tick';
export const REQUEST_TIMEOUT_TIMER = 'etcd.request.timeout';
/** etcd re-sends a read index request that got no answer after readIndexRetryTime (500 ms). */
const READ_INDEX_RETRY_MS = 500;
/** v3rpc's maxNoLeaderCnt: election timeouts without a leader before watch streams are ended. */
const NO_LEADER_WATCH_TIMEOUTS = 3;

/** A client write waiting for its entry to apply here. */
export interface PendingWrite {
  msg: Message<EtcdRequestBody>;
  req: WriteRequest;
  start: number;
  timer: TimerId;
  /** False while no leader is known: raft's node does not take proposals then (node.go propc = nil). */
  proposed: boolean;
}

/** A linearizable read waiting for its read index, then for the member to apply up to it. */
export interface PendingRead {
  msg: Message<EtcdRequestBody>;
  req: RangeRequest;
  timer: TimerId;
  /** When the read index was last asked for (undefined: not yet, no leader known). */
  askedAt?: number;
  index?: number;
}

export interface RaftSide {
  node: Raft<EntryData>;
  storage: RaftStorage<EntryData>;
  lead: string;
  raftState: RaftStateType;
  /** When this member last learned of a newly elected leader (etcd's leadElectedTime). */
  leadElectedAt?: number;
  heartbeatMs: number;
  electionMs: number;
  /** etcd's ReqTimeout: 5 s + 2 x election timeout. */
  requestTimeoutMs: number;
  writes: Map<number, PendingWrite>;
  reads: Map<string, PendingRead>;
  /** Ticks in a row without a known leader (for ending watch streams that require one). */
  noLeaderTicks: number;
}

export const memberName = (pid: string): string => pid.slice(pid.indexOf('/') + 1);

/** Build (or rebuild from the data dir after a restart) the Raft side of a member. */
export function startRaft(s: EtcdMemberState, heartbeatMs: number, electionMs: number, ctx: Effects): RaftSide {
  const dd = s.dataDir;
  const storage: RaftStorage<EntryData> = dd.raft ?? { hardState: { term: 0, vote: '', commit: 0 }, entries: [] };
  dd.raft = storage;
  dd.applied ??= 0;
  const cfg = {
    id: s.name,
    peers: s.peers.map(memberName),
    electionTick: Math.max(1, Math.round(electionMs / heartbeatMs)),
    heartbeatTick: 1,
    preVote: true,
    checkQuorum: true,
    applied: dd.applied,
  };
  const node = newRaft<EntryData>(cfg, storage, Math.floor(ctx.rand() * 0x7fffffff));
  const st = status(node);
  raftLog(ctx, `${s.memberId} became follower at term ${st.term}`);
  raftLog(ctx, `newRaft ${s.memberId} [peers: [${cfg.peers.map(memberIdOf).join(',')}], term: ${st.term}, commit: ${st.commit}, applied: ${dd.applied}, lastindex: ${st.lastIndex}, lastterm: ${st.lastTerm}]`);
  ctx.setTimer(heartbeatMs, RAFT_TICK_TIMER);
  return {
    node,
    storage,
    lead: '',
    raftState: 'StateFollower',
    heartbeatMs,
    electionMs,
    requestTimeoutMs: 5_000 + 2 * electionMs,
    writes: new Map(),
    reads: new Map(),
    noLeaderTicks: 0,
  };
}

const ROLE_WORD: Record<RaftStateType, string> = {
  StateFollower: 'follower',
  StatePreCandidate: 'pre-candidate',
  StateCandidate: 'candidate',
  StateLeader: 'leader',
};

/** The role as the UI and etcdctl name it. */
export const roleOf = (r: RaftSide): string => ROLE_WORD[r.raftState];

/** raft.go's and node.go's log lines for a change of role or of leader. */
function onSoftState(s: EtcdMemberState, rs: RaftSide, ss: SoftState, term: number, ctx: Effects): void {
  if (ss.raftState !== rs.raftState) raftLog(ctx, `${s.memberId} became ${ROLE_WORD[ss.raftState]} at term ${term}`);
  // etcd's updateLeadership: the new leader's lessor becomes primary (every lease gets its TTL
  // again plus an election timeout); a member that stops leading stops expiring leases.
  if (ss.raftState === 'StateLeader' && rs.raftState !== 'StateLeader') promote(s.lessor, s.store, rs.electionMs, ctx);
  else if (ss.raftState !== 'StateLeader' && rs.raftState === 'StateLeader') demote(s.lessor, ctx);
  rs.raftState = ss.raftState;
  if (ss.lead === rs.lead) return;
  const old = rs.lead;
  rs.lead = ss.lead;
  if (ss.lead === '') {
    raftLog(ctx, `raft.node: ${s.memberId} lost leader ${memberIdOf(old)} at term ${term}`);
    return;
  }
  if (old === '') raftLog(ctx, `raft.node: ${s.memberId} elected leader ${memberIdOf(ss.lead)} at term ${term}`);
  else raftLog(ctx, `raft.node: ${s.memberId} changed leader from ${memberIdOf(old)} to ${memberIdOf(ss.lead)} at term ${term}`);
  rs.leadElectedAt = ctx.now;
  leaderChanged(s, rs, ctx);
}

/**
 * A new leader is known. Reads still waiting for their read index fail with "leader changed"
 * (etcd's linearizableReadLoop on leaderChangedNotify); writes that could not be proposed while
 * there was no leader are proposed now.
 */
function leaderChanged(s: EtcdMemberState, rs: RaftSide, ctx: Effects): void {
  for (const [key, r] of rs.reads) {
    if (r.index !== undefined || r.askedAt === undefined) continue;
    rs.reads.delete(key);
    ctx.cancelTimer(r.timer);
    answer(s, r.msg, ctx, { error: ETCD_ERRORS.leaderChanged });
  }
  for (const w of rs.writes.values()) if (!w.proposed) proposeWrite(s, rs, w);
  for (const [key, r] of rs.reads) if (r.askedAt === undefined) askReadIndex(rs, key, r, ctx);
}

function sendPeer(s: EtcdMemberState, m: RaftMessage<EntryData>, ctx: Effects): void {
  const body: RaftMessageBody = { type: 'raft.message', msg: m };
  ctx.send(etcdMemberId(m.to), body, { phase: 'raft', summary: summarizeRaftMessage(m) });
}

function applyEntry(s: EtcdMemberState, rs: RaftSide, e: Entry<EntryData>, ctx: Effects): void {
  s.dataDir.applied = e.index;
  const d = e.data;
  if (!d) return;
  const res = applyWrite(s, d.req, ctx);
  const w = d.origin === s.name ? rs.writes.get(d.rid) : undefined;
  if (w) {
    rs.writes.delete(d.rid);
    ctx.cancelTimer(w.timer);
    answer(s, w.msg, ctx, res);
  }
  notifyApplied(s, res, d.object ? { phase: d.phase, object: d.object } : { phase: d.phase }, ctx);
}

function onReadState(rs: RaftSide, st: ReadState): void {
  const r = rs.reads.get(st.requestCtx);
  if (r && r.index === undefined) r.index = st.index;
}

/** Drain Ready until Raft has nothing more to say: persist, send, apply, serve reads. */
export function drive(s: EtcdMemberState, ctx: Effects): void {
  const rs = s.raft!;
  while (hasReady(rs.node)) {
    const rd = ready(rs.node);
    applyToStorage(rs.storage, rd);
    const term = rd.hardState?.term ?? s.raftTerm;
    s.raftTerm = term;
    if (rd.softState) onSoftState(s, rs, rd.softState, term, ctx);
    for (const m of rd.messages) sendPeer(s, m, ctx);
    for (const e of rd.committedEntries) applyEntry(s, rs, e, ctx);
    for (const st of rd.readStates) onReadState(rs, st);
  }
  s.raftTerm = status(rs.node).term;
  serveReads(s, rs, ctx);
}

function serveReads(s: EtcdMemberState, rs: RaftSide, ctx: Effects): void {
  const applied = s.dataDir.applied ?? 0;
  for (const [key, r] of rs.reads) {
    if (r.index === undefined || r.index > applied) continue;
    rs.reads.delete(key);
    ctx.cancelTimer(r.timer);
    answer(s, r.msg, ctx, range(s.store, r.req));
  }
}

/**
 * A write the member proposes for itself (the lessor's LeaseRevoke). No client waits: the entry's
 * origin is nobody, so no member answers it. Dropped if this member is no longer leader; the
 * lessor asks again after its retry interval.
 */
export function proposeInternal(s: EtcdMemberState, req: WriteRequest, ctx: Effects): void {
  const rs = s.raft!;
  propose(rs.node, { req, origin: '', rid: 0, phase: 'watch' });
  drive(s, ctx);
}

function proposeWrite(s: EtcdMemberState, rs: RaftSide, w: PendingWrite): void {
  const data: EntryData = { req: w.req, origin: s.name, rid: w.msg.id, phase: w.msg.phase };
  if (w.msg.object) data.object = w.msg.object;
  w.proposed = propose(rs.node, data) === 'ok';
}

function askReadIndex(rs: RaftSide, key: string, r: PendingRead, ctx: Effects): void {
  if (rs.lead === '') return;
  if (readIndex(rs.node, key) === 'ok') r.askedAt = ctx.now;
}

/** A client write: propose it (any member takes it; a follower's Raft forwards it to the leader). */
export function onWrite(s: EtcdMemberState, msg: Message<EtcdRequestBody>, req: WriteRequest, ctx: Effects): void {
  const rs = s.raft!;
  const timer = ctx.setTimer(rs.requestTimeoutMs, REQUEST_TIMEOUT_TIMER, { kind: 'write', id: msg.id });
  const w: PendingWrite = { msg, req, start: ctx.now, timer, proposed: false };
  rs.writes.set(msg.id, w);
  if (rs.lead !== '') proposeWrite(s, rs, w);
  drive(s, ctx);
}

/** A linearizable read: ask Raft for a read index, serve once applied up to it (etcd's ReadIndex path). */
export function onLinearizableRead(s: EtcdMemberState, msg: Message<EtcdRequestBody>, req: RangeRequest, ctx: Effects): void {
  const rs = s.raft!;
  const key = `${s.name}/${msg.id}`;
  const timer = ctx.setTimer(rs.requestTimeoutMs, REQUEST_TIMEOUT_TIMER, { kind: 'read', key });
  const r: PendingRead = { msg, req, timer };
  rs.reads.set(key, r);
  askReadIndex(rs, key, r, ctx);
  drive(s, ctx);
}

export function onPeerMessage(s: EtcdMemberState, body: RaftMessageBody, ctx: Effects): void {
  step(s.raft!.node, body.msg as RaftMessage<EntryData>);
  drive(s, ctx);
}

export function onTick(s: EtcdMemberState, ctx: Effects): void {
  const rs = s.raft!;
  tick(rs.node);
  // A read index request lost with a dead or cut-off leader is asked again, as etcd does.
  for (const [key, r] of rs.reads) {
    if (r.index === undefined && (r.askedAt === undefined || ctx.now - r.askedAt >= READ_INDEX_RETRY_MS)) askReadIndex(rs, key, r, ctx);
  }
  drive(s, ctx);
  // v3rpc's monitorLeader: after three election timeouts without a leader, watch streams end.
  rs.noLeaderTicks = rs.lead === '' ? rs.noLeaderTicks + 1 : 0;
  if (rs.noLeaderTicks * rs.heartbeatMs >= NO_LEADER_WATCH_TIMEOUTS * rs.electionMs) {
    rs.noLeaderTicks = 0;
    if (s.watches.watchers.size) zap(ctx, 'warn', 'canceling watch streams: no leader', { streams: s.watches.watchers.size });
    cancelAllWatches(watchContext(s), ETCD_ERRORS.noLeader.message, ctx);
  }
  ctx.setTimer(rs.heartbeatMs, RAFT_TICK_TIMER);
}

/**
 * A request ran out of time (etcd's parseProposeCtxErr): a write that started just before a new
 * leader was elected most likely went down with the old one.
 */
export function onRequestTimeout(s: EtcdMemberState, payload: { kind: 'write'; id: number } | { kind: 'read'; key: string }, ctx: Effects): void {
  const rs = s.raft!;
  if (payload.kind === 'read') {
    const r = rs.reads.get(payload.key);
    if (!r) return;
    rs.reads.delete(payload.key);
    answer(s, r.msg, ctx, { error: ETCD_ERRORS.timeout });
    return;
  }
  const w = rs.writes.get(payload.id);
  if (!w) return;
  rs.writes.delete(payload.id);
  const at = rs.leadElectedAt;
  const leaderFail = at !== undefined && w.start > at - 2 * rs.electionMs && w.start < at;
  answer(s, w.msg, ctx, { error: leaderFail ? ETCD_ERRORS.timeoutDueToLeaderFail : ETCD_ERRORS.timeout });
}

/** What etcdctl endpoint status shows of Raft. */
export function raftStatus(s: EtcdMemberState): { leader: string; raftIndex: number; raftAppliedIndex: number } {
  const rs = s.raft;
  if (!rs) return { leader: s.name, raftIndex: s.store.revision, raftAppliedIndex: s.store.revision };
  const st = status(rs.node);
  return { leader: rs.lead, raftIndex: st.commit, raftAppliedIndex: s.dataDir.applied ?? 0 };
}
