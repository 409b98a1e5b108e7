// An etcd member as a Kubeplay component (kind 'etcd'). It serves etcd's KV, Watch and Maintenance
// APIs to kube-apiserver and etcdctl over `etcd.request` messages. A lone member is its own quorum:
// it validates a write, applies it to the MVCC store (apply.ts), answers, and streams the write's
// events to the watchers, all at once, and sends no peer message. In a cluster of several members
// every write goes through Raft (member-raft.ts) and applies only once a quorum has it; linearizable
// reads wait for a read index. The data dir (store, Raft log, applied index) is persisted, so a
// restarted member keeps its keys and catches up from the leader; watches live in memory and are
// gone after a restart (the apiserver re-watches).

import type { Http2Pong } from '../api/http';
import type { ComponentType, Effects, Message, StartInput, StreamClosed, Timer } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import type { Timings } from '../config';
import type { EtcdRequestBody, WriteRequest } from './protocol';
import { opLeaseRevoke } from './protocol';
import { newStore } from './mvcc/kvstore';
import { range } from './mvcc/txn';
import { newWatcherRegistry } from './mvcc/watchable';
import { prepareRequest } from './validate';
import { clusterIdOf, memberIdOf } from './identity';
import { closeWatch, openWatch, progressWatch } from './member-watch';
import { answer, applyWrite, notifyApplied, watchContext, zap, type EtcdDataDir, type EtcdMemberState } from './member-core';
import { memberList, memberStatus } from './member-status';
import { isRaftMessage } from './raft-summary';
import { RAFT_TICK_TIMER, REQUEST_TIMEOUT_TIMER, onLinearizableRead, onPeerMessage, onRequestTimeout, onTick, onWrite, proposeInternal, startRaft } from './member-raft';
import { LESSOR_TIMER, expiredLeases, newLessorState, promote } from './member-lessor';

export type { EtcdDataDir, EtcdMemberState } from './member-core';

export interface EtcdMemberConfig {
  /** The member's name (`etcd-1`); its process id is `etcd/<name>`. */
  name: string;
  /** Every member's process id, this one included. */
  peers: ProcessId[];
  timings: Timings;
  /** --quota-backend-bytes (etcd's default is 2 GiB); writes beyond it fail with "database space exceeded". */
  quotaBackendBytes?: number;
  /** Member name -> the address it listens on (peer URLs :2380, client URLs :2379). */
  addresses?: Record<string, string>;
}

/** etcd's DefaultQuotaBytes. */
export const DEFAULT_QUOTA_BACKEND_BYTES = 2 * 1024 * 1024 * 1024;

/** A lone member commits a write as soon as it arrives: apply, answer, then tell the watchers. */
function commitAlone(s: EtcdMemberState, msg: Message, req: WriteRequest, ctx: Effects): void {
  const res = applyWrite(s, req, ctx);
  answer(s, msg, ctx, res);
  notifyApplied(s, res, msg.object ? { phase: msg.phase, object: msg.object } : { phase: msg.phase }, ctx);
}

/**
 * A write the member makes itself (the lessor's LeaseRevoke): through the log with Raft, at once
 * alone; nobody waits for an answer, the watchers see its events.
 */
function commitInternal(s: EtcdMemberState, req: WriteRequest, ctx: Effects): void {
  if (s.raft) return proposeInternal(s, req, ctx);
  notifyApplied(s, applyWrite(s, req, ctx), { phase: 'watch' }, ctx);
}

/** The lessor's check: revoke every lease that ran out (etcd's revokeExpiredLeases). */
function onLessorTimer(s: EtcdMemberState, t: Timer, ctx: Effects): void {
  for (const id of expiredLeases(s.lessor, t.id, ctx)) commitInternal(s, opLeaseRevoke(id), ctx);
}

function onRequest(s: EtcdMemberState, msg: Message<EtcdRequestBody>, ctx: Effects): void {
  const prepared = prepareRequest(msg.body.request);
  if ('error' in prepared) {
    answer(s, msg, ctx, prepared);
    return;
  }
  const req = prepared.request;
  switch (req.op) {
    case 'range':
      // A lone member is its own quorum; a serializable read never asks one.
      if (s.raft && !req.serializable) onLinearizableRead(s, msg, req, ctx);
      else answer(s, msg, ctx, range(s.store, req));
      return;
    case 'watchCreate':
      openWatch(watchContext(s), msg, req, ctx);
      return;
    case 'watchCancel': {
      closeWatch(watchContext(s), req.watchId, ctx);
      answer(s, msg, ctx, { result: { op: 'watchCancel', watchId: req.watchId } });
      return;
    }
    case 'watchProgress':
      // The answer is the notification on the watch's own stream; there is no separate response.
      progressWatch(watchContext(s), req.watchId, ctx);
      return;
    case 'status':
      answer(s, msg, ctx, { result: memberStatus(s) });
      return;
    case 'memberList':
      answer(s, msg, ctx, { result: memberList(s) });
      return;
    default:
      if (s.raft) onWrite(s, msg, req, ctx);
      else commitAlone(s, msg, req, ctx);
  }
}

function start(ctx: Effects, input: StartInput<EtcdMemberConfig>): EtcdMemberState {
  const { config } = input;
  const persisted = input.persisted as EtcdDataDir | undefined;
  const dataDir: EtcdDataDir = persisted ?? { store: newStore() };
  if (!persisted) ctx.persist(dataDir);
  const s: EtcdMemberState = {
    name: config.name,
    memberId: memberIdOf(config.name),
    clusterId: clusterIdOf(config.peers),
    peers: config.peers,
    addresses: config.addresses ?? {},
    raftTerm: 1,
    quotaBackendBytes: config.quotaBackendBytes ?? DEFAULT_QUOTA_BACKEND_BYTES,
    store: dataDir.store,
    watches: newWatcherRegistry(),
    dataDir,
    lessor: newLessorState(),
  };
  zap(ctx, 'info', 'starting an etcd server', { name: s.name, 'member-id': s.memberId, 'cluster-id': s.clusterId });
  if (persisted) zap(ctx, 'info', 'recovered v3 backend', { 'current-revision': s.store.revision, 'compact-revision': s.store.compactRevision });
  if (config.peers.length > 1) {
    const t = config.timings;
    s.raft = startRaft(s, t.etcdHeartbeatIntervalMs, t.etcdElectionTimeoutMs, ctx);
    s.raftTerm = s.raft.storage.hardState.term;
  } else {
    // A lone member leads at once: its leases run from now, with the election timeout added as
    // etcd's Promote does, so leases granted before a restart get their whole TTL again.
    promote(s.lessor, s.store, config.timings.etcdElectionTimeoutMs, ctx);
  }
  zap(ctx, 'info', 'ready to serve client requests');
  return s;
}

export const etcdMember: ComponentType<EtcdMemberState, EtcdMemberConfig> = {
  kind: 'etcd',
  start,
  onMessage(s: EtcdMemberState, msg: Message, ctx: Effects): void {
    const b = msg.body;
    if (b.type === 'etcd.request') return onRequest(s, msg as Message<EtcdRequestBody>, ctx);
    // gRPC keepalive: the client's HTTP/2 PING, acknowledged by the transport whatever etcd is doing.
    if (b.type === 'http2.ping') return void ctx.reply<Http2Pong>(msg, { type: 'http2.pong', inReplyTo: msg.id }, { summary: 'HTTP/2 PING ack (gRPC keepalive)' });
    if (isRaftMessage(b)) {
      if (s.raft) onPeerMessage(s, b, ctx);
      return;
    }
    if (b.type === 'stream.closed') {
      // The client went away or gave up the watch: forget it (there is nobody to tell).
      s.watches.watchers.delete((b as StreamClosed).stream);
    }
  },
  onTimer(s: EtcdMemberState, t: Timer, ctx: Effects): void {
    if (t.name === LESSOR_TIMER) return onLessorTimer(s, t, ctx);
    if (!s.raft) return;
    if (t.name === RAFT_TICK_TIMER) onTick(s, ctx);
    else if (t.name === REQUEST_TIMEOUT_TIMER) onRequestTimeout(s, t.payload as Parameters<typeof onRequestTimeout>[1], ctx);
  },
};
