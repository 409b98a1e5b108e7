// The watch side of an etcd member: opening a watch on a client's stream (with its replay of past
// revisions), cancelling it, and streaming the events of each applied write to the watchers that
// select them. Each watch is its own stream here (etcd multiplexes watches on one gRPC stream);
// the watch id is the id of the message that opened it.

import type { Effects, Message, ObjectRef, Phase } from '../kernel/component';
import type { EtcdWatchBody, ResponseHeader, WatchCreateRequest, WatchEvent } from './protocol';
import { WATCH_COMPACTED_REASON, summarizeWatch } from './protocol';
import type { MvccStore } from './mvcc/kvstore';
import { cancelWatch, createWatch, matchEvents, type Watcher, type WatcherRegistry, type WatchId } from './mvcc/watchable';

/** Replayed history goes out in messages of at most this many events, as etcd fragments large responses. */
export const REPLAY_BATCH_EVENTS = 1000;

export interface WatchContext {
  store: MvccStore;
  watches: WatcherRegistry;
  header: () => ResponseHeader;
}

function sendOnWatch(
  ctx: Effects,
  w: Pick<Watcher, 'id' | 'client'>,
  body: EtcdWatchBody,
  phase: Phase,
  object: ObjectRef | undefined,
): void {
  ctx.send(w.client, body, { phase, summary: summarizeWatch(body), stream: w.id, ...(object ? { object } : {}) });
}

/** Register the watch the message opens, confirm it, and replay history from its start revision. */
export function openWatch(wc: WatchContext, msg: Message, req: WatchCreateRequest, ctx: Effects): void {
  const id: WatchId = msg.stream ?? msg.id;
  const client = { process: msg.from, incarnation: msg.fromIncarnation };
  const out = createWatch(wc.watches, wc.store, id, req, client);
  const w = { id, client };
  if ('compacted' in out) {
    // etcd answers a watch from a compacted revision with a canceled response carrying the
    // compact revision; clientv3 turns it into "etcdserver: mvcc: required revision has been compacted".
    const body: EtcdWatchBody = {
      type: 'etcd.watch',
      watchId: id,
      events: [],
      header: wc.header(),
      created: true,
      canceled: true,
      compactRevision: out.compacted,
      cancelReason: WATCH_COMPACTED_REASON,
    };
    sendOnWatch(ctx, w, body, 'watch', undefined);
    ctx.closeStream(id);
    return;
  }
  sendOnWatch(ctx, w, { type: 'etcd.watch', watchId: id, events: [], header: wc.header(), created: true }, 'watch', undefined);
  for (let i = 0; i < out.replay.length; i += REPLAY_BATCH_EVENTS) {
    const events = out.replay.slice(i, i + REPLAY_BATCH_EVENTS);
    sendOnWatch(ctx, w, { type: 'etcd.watch', watchId: id, events, header: wc.header() }, 'watch', undefined);
  }
}

/** End a watch: tell its stream it is canceled and close it. Returns false if there was no such watch. */
export function closeWatch(wc: WatchContext, id: WatchId, ctx: Effects): boolean {
  const w = cancelWatch(wc.watches, id);
  if (!w) return false;
  const body: EtcdWatchBody = { type: 'etcd.watch', watchId: id, events: [], header: wc.header(), canceled: true };
  sendOnWatch(ctx, w, body, 'watch', undefined);
  ctx.closeStream(id);
  return true;
}

/**
 * End every watch with a reason: what etcd does to the watch streams of clients that asked for a
 * leader (clientv3.WithRequireLeader, as kube-apiserver does) once the member has been without a
 * leader for a while (v3rpc's monitorLeader): the client then watches through another member.
 */
export function cancelAllWatches(wc: WatchContext, reason: string, ctx: Effects): void {
  for (const w of [...wc.watches.watchers.values()]) {
    cancelWatch(wc.watches, w.id);
    const body: EtcdWatchBody = { type: 'etcd.watch', watchId: w.id, events: [], header: wc.header(), canceled: true, cancelReason: reason };
    sendOnWatch(ctx, w, body, 'watch', undefined);
    ctx.closeStream(w.id);
  }
}

/** A progress notification: an event-less message carrying the current revision. Returns false if there was no such watch. */
export function progressWatch(wc: WatchContext, id: WatchId, ctx: Effects): boolean {
  const w = wc.watches.watchers.get(id);
  if (!w) return false;
  sendOnWatch(ctx, w, { type: 'etcd.watch', watchId: id, events: [], header: wc.header() }, 'watch', undefined);
  return true;
}

/**
 * Stream the events of one applied write. Lease renewals are background noise, so watch messages
 * caused by a 'heartbeat' write stay in the heartbeat phase; everything else is the seed's phase 2.
 */
export function notifyWatchers(
  wc: WatchContext,
  revision: number,
  events: WatchEvent[],
  cause: { phase: Phase; object?: ObjectRef },
  ctx: Effects,
): void {
  const phase: Phase = cause.phase === 'heartbeat' ? 'heartbeat' : 'watch';
  for (const d of matchEvents(wc.watches, revision, events)) {
    const w = wc.watches.watchers.get(d.watchId)!;
    sendOnWatch(ctx, w, { type: 'etcd.watch', watchId: d.watchId, events: d.events, header: wc.header() }, phase, cause.object);
  }
}
