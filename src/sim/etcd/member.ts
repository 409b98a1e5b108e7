// An etcd member as a Kubeplay component (kind 'etcd'). It serves etcd's KV and Watch APIs to
// kube-apiserver over `etcd.request` messages. With one member every write commits at once: the
// member validates it, applies it to the MVCC store (apply.ts, the function a Raft log will feed),
// answers, and streams the write's events to the watchers. The store is the data dir: it is
// persisted, so a restarted member keeps its keys and revision; watches live in memory and are
// gone after a restart (the apiserver re-watches).

import type { ComponentType, Effects, Message, StartInput, StreamClosed, Timer } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import type { Timings } from '../config';
import { rfc3339Micro } from '../api/time';
import type { EtcdError, EtcdRequestBody, EtcdResponseBody, EtcdResult, ResponseHeader, WriteRequest } from './protocol';
import { ETCD_ERRORS, summarizeResponse } from './protocol';
import { newStore, type MvccStore } from './mvcc/kvstore';
import { range } from './mvcc/txn';
import { newWatcherRegistry, type WatcherRegistry } from './mvcc/watchable';
import { apply } from './apply';
import { prepareRequest } from './validate';
import { clusterIdOf, memberIdOf } from './identity';
import { closeWatch, notifyWatchers, openWatch, progressWatch, type WatchContext } from './member-watch';

export interface EtcdMemberConfig {
  /** The member's name (`etcd-1`); its process id is `etcd/<name>`. */
  name: string;
  /** Every member's process id, this one included. */
  peers: ProcessId[];
  timings: Timings;
  /** --quota-backend-bytes (etcd's default is 2 GiB); writes beyond it fail with "database space exceeded". */
  quotaBackendBytes?: number;
}

/** etcd's DefaultQuotaBytes. */
export const DEFAULT_QUOTA_BACKEND_BYTES = 2 * 1024 * 1024 * 1024;

/** What survives a kill: the data dir (the store, by reference). */
export interface EtcdDataDir {
  store: MvccStore;
}

export interface EtcdMemberState {
  name: string;
  memberId: string;
  clusterId: string;
  peers: ProcessId[];
  raftTerm: number;
  quotaBackendBytes: number;
  store: MvccStore;
  watches: WatcherRegistry;
}

function zap(ctx: Effects, level: 'info' | 'warn', msg: string, fields: Record<string, string | number> = {}): void {
  ctx.log(JSON.stringify({ level, ts: rfc3339Micro(ctx.now), msg, ...fields }));
}

function header(s: EtcdMemberState): ResponseHeader {
  return { clusterId: s.clusterId, memberId: s.memberId, revision: s.store.revision, raftTerm: s.raftTerm };
}

const watchContext = (s: EtcdMemberState): WatchContext => ({ store: s.store, watches: s.watches, header: () => header(s) });

function answer(s: EtcdMemberState, msg: Message, ctx: Effects, out: { result?: EtcdResult; error?: EtcdError }): void {
  const body: EtcdResponseBody = { type: 'etcd.response', requestId: msg.id, header: header(s) };
  if (out.error) body.error = out.error;
  else if (out.result) body.result = out.result;
  ctx.reply(msg, body, { summary: summarizeResponse(body) });
}

/**
 * A write is committed and applied. With Raft this runs when the entry commits; with one member
 * it runs at once. Compaction is the one write that frees space, so the quota does not stop it.
 */
function commitWrite(s: EtcdMemberState, msg: Message, req: WriteRequest, ctx: Effects): void {
  if (req.op !== 'compact' && s.store.sizeInUseBytes > s.quotaBackendBytes) {
    answer(s, msg, ctx, { error: ETCD_ERRORS.noSpace });
    return;
  }
  const res = apply(s.store, req);
  answer(s, msg, ctx, res);
  if (req.op === 'compact' && res.result) zap(ctx, 'info', 'finished scheduled compaction', { 'compact-revision': req.revision });
  const cause = msg.object ? { phase: msg.phase, object: msg.object } : { phase: msg.phase };
  notifyWatchers(watchContext(s), res.revision, res.events, cause, ctx);
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
      // One member is its own quorum, so linearizable and serializable reads are both served locally.
      answer(s, msg, ctx, range(s.store, req));
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
    default:
      commitWrite(s, msg, req, ctx);
  }
}

function start(ctx: Effects, input: StartInput<EtcdMemberConfig>): EtcdMemberState {
  const { config } = input;
  const dataDir = input.persisted as EtcdDataDir | undefined;
  const store = dataDir?.store ?? newStore();
  if (!dataDir) ctx.persist({ store } satisfies EtcdDataDir);
  const s: EtcdMemberState = {
    name: config.name,
    memberId: memberIdOf(config.name),
    clusterId: clusterIdOf(config.peers),
    peers: config.peers,
    raftTerm: 1,
    quotaBackendBytes: config.quotaBackendBytes ?? DEFAULT_QUOTA_BACKEND_BYTES,
    store,
    watches: newWatcherRegistry(),
  };
  zap(ctx, 'info', 'starting an etcd server', { name: s.name, 'member-id': s.memberId, 'cluster-id': s.clusterId });
  if (dataDir) zap(ctx, 'info', 'recovered v3 backend', { 'current-revision': store.revision, 'compact-revision': store.compactRevision });
  if (config.peers.length > 1) {
    zap(ctx, 'warn', 'serving alone: Raft replication is not simulated yet', { peers: config.peers.length });
  }
  zap(ctx, 'info', 'ready to serve client requests');
  return s;
}

export const etcdMember: ComponentType<EtcdMemberState, EtcdMemberConfig> = {
  kind: 'etcd',
  start,
  onMessage(s: EtcdMemberState, msg: Message, ctx: Effects): void {
    switch (msg.body.type) {
      case 'etcd.request':
        onRequest(s, msg as Message<EtcdRequestBody>, ctx);
        return;
      case 'stream.closed': {
        // The client went away or gave up the watch: forget it (there is nobody to tell).
        const stream = (msg.body as StreamClosed).stream;
        s.watches.watchers.delete(stream);
        return;
      }
      default:
        return;
    }
  },
  onTimer(_s: EtcdMemberState, _t: Timer, _ctx: Effects): void {
    // A single member has no timers yet; Raft's heartbeat and election ticks will live here.
  },
};
