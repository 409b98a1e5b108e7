// What every part of an etcd member shares: its state, its data dir, its zap log lines, the header
// of its answers, and applying one committed write (etcd's applierV3 followed by the watch
// notification). The Raft side (member-raft.ts) and the single-member path (member.ts) both end
// in applyWrite, so a write looks the same to a watcher whichever way it committed.

import type { Effects, Message, ObjectRef, Phase } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import { rfc3339Micro } from '../api/time';
import type { EtcdError, EtcdResponseBody, EtcdResult, ResponseHeader, WatchEvent, WriteRequest } from './protocol';
import { ETCD_ERRORS, summarizeResponse } from './protocol';
import type { MvccStore } from './mvcc/kvstore';
import type { WatcherRegistry } from './mvcc/watchable';
import { apply, type ApplyResult } from './apply';
import { notifyWatchers, type WatchContext } from './member-watch';
import type { RaftStorage } from './raft/types';
import type { RaftSide } from './member-raft';
import { onLeaseGranted, onLeaseRevoked, type LessorState } from './member-lessor';

/** What a Raft entry carries: the write, and who waits for its answer (the proposing member and the client message). */
export interface EntryData {
  req: WriteRequest;
  /** The member the client sent the write to; only it answers. */
  origin: string;
  /** The client message's id on that member. */
  rid: number;
  /** The phase and object of the client's request, so the watch events it causes on every member keep them. */
  phase: Phase;
  object?: ObjectRef;
}

/** What survives a kill: the data dir (by reference): the MVCC store, and with Raft its WAL and the applied index. */
export interface EtcdDataDir {
  store: MvccStore;
  raft?: RaftStorage<EntryData>;
  /** The last log index applied to the store (etcd's consistent index). */
  applied?: number;
}

export interface EtcdMemberState {
  name: string;
  memberId: string;
  clusterId: string;
  peers: ProcessId[];
  /** Member name -> host address, for member list and endpoint status. */
  addresses: Record<string, string>;
  raftTerm: number;
  quotaBackendBytes: number;
  store: MvccStore;
  watches: WatcherRegistry;
  dataDir: EtcdDataDir;
  /** Present when the cluster has more than one member: the member then commits through Raft. */
  raft?: RaftSide;
  /** Lease expiry, kept by the primary lessor only (member-lessor.ts). */
  lessor: LessorState;
}

export function zap(ctx: Effects, level: 'info' | 'warn', msg: string, fields: Record<string, string | number> = {}): void {
  ctx.log(JSON.stringify({ level, ts: rfc3339Micro(ctx.now), msg, ...fields }));
}

/** A line of etcd's raft logger (zap_raft.go): the library's own texts, under logger "raft". */
export function raftLog(ctx: Effects, msg: string): void {
  ctx.log(JSON.stringify({ level: 'info', ts: rfc3339Micro(ctx.now), logger: 'raft', caller: 'etcdserver/zap_raft.go:77', msg }));
}

export function header(s: EtcdMemberState): ResponseHeader {
  return { clusterId: s.clusterId, memberId: s.memberId, revision: s.store.revision, raftTerm: s.raftTerm };
}

export const watchContext = (s: EtcdMemberState): WatchContext => ({ store: s.store, watches: s.watches, header: () => header(s) });

export function answer(s: EtcdMemberState, msg: Message, ctx: Effects, out: { result?: EtcdResult; error?: EtcdError }): void {
  const body: EtcdResponseBody = { type: 'etcd.response', requestId: msg.id, header: header(s) };
  if (out.error) body.error = out.error;
  else if (out.result) body.result = out.result;
  ctx.reply(msg, body, { summary: summarizeResponse(body) });
}

/** A member applied a write that changed keys: its revision and events (values shared, not copied). */
export interface EtcdAppliedProbe {
  type: 'etcd.applied';
  member: string;
  revision: number;
  events: WatchEvent[];
}

/**
 * Apply one committed write to the store. Compaction and lease revocation free space, so the
 * quota does not stop them. Every member runs this for every entry in log order, so every member's
 * store goes through the same revisions. The caller answers the client, then calls notifyApplied.
 */
export function applyWrite(s: EtcdMemberState, req: WriteRequest, ctx: Effects): ApplyResult {
  if (req.op !== 'compact' && req.op !== 'leaseRevoke' && s.store.sizeInUseBytes > s.quotaBackendBytes) {
    return { error: ETCD_ERRORS.noSpace, events: [], revision: s.store.revision };
  }
  const res = apply(s.store, req);
  // A chaos run's watch invariant checks every watcher against the writes etcd committed.
  if (ctx.probing && res.events.length) ctx.probe({ type: 'etcd.applied', member: s.name, revision: res.revision, events: res.events } satisfies EtcdAppliedProbe);
  if (req.op === 'compact' && res.result) zap(ctx, 'info', 'finished scheduled compaction', { 'compact-revision': req.revision });
  if (res.result?.op === 'leaseGrant') onLeaseGranted(s.lessor, res.result, ctx);
  if (req.op === 'leaseRevoke') onLeaseRevoked(s.lessor, req.id, ctx);
  return res;
}

/** Stream an applied write's events to this member's watchers (after the client got its answer). */
export function notifyApplied(s: EtcdMemberState, res: ApplyResult, cause: { phase: Phase; object?: ObjectRef }, ctx: Effects): void {
  notifyWatchers(watchContext(s), res.revision, res.events, cause, ctx);
}
