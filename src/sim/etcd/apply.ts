// Applying one committed write to the store: the function the Raft log feeds (etcd's
// applierV3.Apply). A single member applies each write as soon as it arrives; a Raft cluster will
// apply the same entries, in log order, on every member. It returns the client's result and the
// watch events of the write; which watchers get them is watchable.ts's business.

import type { EtcdError, EtcdResult, RequestOp, WatchEvent, WriteRequest } from './protocol';
import { ETCD_ERRORS } from './protocol';
import { compactStore, logRevision, type MvccStore } from './mvcc/kvstore';
import { checkReadRevision, runOp, type WriteTxn } from './mvcc/txn';

export interface ApplyResult {
  result?: EtcdResult;
  error?: EtcdError;
  /** The events of this write in order (empty for a failed Txn, a no-op delete or a compaction). */
  events: WatchEvent[];
  /** The store's revision after the write (the response header's revision). */
  revision: number;
}

/** Ranges inside a Txn are checked before any write, so a bad revision cannot leave half a txn applied. */
function firstBadRange(store: MvccStore, ops: RequestOp[]): EtcdError | undefined {
  for (const op of ops) {
    const bad =
      op.op === 'range'
        ? checkReadRevision(store, op.revision)
        : op.op === 'txn'
          ? (firstBadRange(store, op.success) ?? firstBadRange(store, op.failure))
          : undefined;
    if (bad) return bad;
  }
  return undefined;
}

function applyCompaction(store: MvccStore, revision: number): ApplyResult {
  // etcd mvcc.Compact: at or below the last compaction is ErrCompacted, above now is ErrFutureRev.
  if (revision <= store.compactRevision) return { error: ETCD_ERRORS.compacted, events: [], revision: store.revision };
  if (revision > store.revision) return { error: ETCD_ERRORS.futureRev, events: [], revision: store.revision };
  compactStore(store, revision);
  return { result: { op: 'compact' }, events: [], revision: store.revision };
}

/** Apply one write (already validated, see validate.ts) to the store. */
export function apply(store: MvccStore, entry: WriteRequest): ApplyResult {
  if (entry.op === 'compact') return applyCompaction(store, entry.revision);
  if (entry.op === 'txn') {
    const bad = firstBadRange(store, [entry]);
    if (bad) return { error: bad, events: [], revision: store.revision };
  }
  const tx: WriteTxn = { store, revision: store.revision + 1, events: [] };
  const out = runOp(tx, entry);
  // Only a write that changed something takes the new revision.
  if (tx.events.length) {
    store.revision = tx.revision;
    logRevision(store, tx.revision, tx.events);
  }
  if ('error' in out) return { error: out.error, events: tx.events, revision: store.revision };
  return { result: out.response, events: tx.events, revision: store.revision };
}
