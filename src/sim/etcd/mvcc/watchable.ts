// etcd's watchable store (server/storage/mvcc/watchable_store.go) reduced to its decisions: a
// registry of watchers, each a key range and the revision it starts from, and a function that
// says which watchers get which events of one write. A watcher that starts in the past first gets
// the history from the store's log; a start revision below the compacted one cancels the watch
// with compactRevision, as etcd does ("mvcc: required revision has been compacted").
//
// The registry is the member's in-memory state, not the store's: watches do not survive a restart.

import type { ReplyAddress } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import { inRange } from '../keys';
import type { WatchCreateRequest, WatchEvent } from '../protocol';
import { eventsSince, type MvccStore } from './kvstore';

export type WatchId = MessageId;

export interface Watcher {
  id: WatchId;
  key: string;
  rangeEnd?: string;
  prevKv: boolean;
  /** The lowest revision this watcher still wants (events below it were sent or predate it). */
  minRev: number;
  /** Where the watch stream goes. */
  client: ReplyAddress;
}

export interface WatcherRegistry {
  watchers: Map<WatchId, Watcher>;
}

export const newWatcherRegistry = (): WatcherRegistry => ({ watchers: new Map() });

/** What to send on a watch: one delivery per watcher, events in revision order. */
export interface WatchDelivery {
  watchId: WatchId;
  events: WatchEvent[];
}

export type CreateWatchOutcome =
  | { created: Watcher; replay: WatchEvent[] }
  | { compacted: number };

function selects(w: Pick<Watcher, 'key' | 'rangeEnd'>, key: string): boolean {
  return inRange(key, w.key, w.rangeEnd);
}

/** The event as this watcher asked for it: without prevKv unless it asked (events are shared, not mutated). */
function shaped(w: Watcher, e: WatchEvent): WatchEvent {
  return !w.prevKv && e.prevKv ? { type: e.type, kv: e.kv } : e;
}

/**
 * Register a watch. startRevision 0/absent means "from the next write"; a past revision replays
 * the logged history from it; a future revision waits for it.
 */
export function createWatch(
  reg: WatcherRegistry,
  store: MvccStore,
  id: WatchId,
  req: WatchCreateRequest,
  client: ReplyAddress,
): CreateWatchOutcome {
  const start = req.startRevision ?? 0;
  if (start > 0 && start < store.compactRevision) return { compacted: store.compactRevision };
  const w: Watcher = { id, key: req.key, prevKv: req.prevKv ?? false, minRev: start > 0 ? start : store.revision + 1, client };
  if (req.rangeEnd !== undefined) w.rangeEnd = req.rangeEnd;
  const replay: WatchEvent[] = [];
  if (w.minRev <= store.revision) {
    for (const rev of eventsSince(store, w.minRev)) {
      for (const e of rev.events) if (selects(w, e.kv.key)) replay.push(shaped(w, e));
    }
    w.minRev = store.revision + 1;
  }
  reg.watchers.set(id, w);
  return { created: w, replay };
}

export function cancelWatch(reg: WatcherRegistry, id: WatchId): Watcher | undefined {
  const w = reg.watchers.get(id);
  reg.watchers.delete(id);
  return w;
}

/**
 * Which watchers get which of the events of one write at `revision`, in registration order. The
 * cost is one range test per watcher and event; kube-apiserver keeps one etcd watch per resource
 * and fans out from its own watch cache, so etcd sees few watchers.
 */
export function matchEvents(reg: WatcherRegistry, revision: number, events: WatchEvent[]): WatchDelivery[] {
  const out: WatchDelivery[] = [];
  if (!events.length) return out;
  for (const w of reg.watchers.values()) {
    if (revision < w.minRev) continue;
    const mine: WatchEvent[] = [];
    for (const e of events) if (selects(w, e.kv.key)) mine.push(shaped(w, e));
    w.minRev = revision + 1;
    if (mine.length) out.push({ watchId: w.id, events: mine });
  }
  return out;
}
