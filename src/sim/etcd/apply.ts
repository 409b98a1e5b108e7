// Applying one committed write to the store: the function the Raft log feeds (etcd's
// applierV3.Apply). A single member applies each write as soon as it arrives; a Raft cluster will
// apply the same entries, in log order, on every member. It returns the client's result and the
// watch events of the write; which watchers get them is watchable.ts's business.

import type { EtcdError, EtcdResult, RequestOp, WatchEvent, WriteRequest } from './protocol';
import { ETCD_ERRORS } from './protocol';
import { compactStore, deleteKvs, logRevision, type MvccStore } from './mvcc/kvstore';
import { grantLease, lookupLease, removeLease } from './mvcc/lessor';
import { checkReadRevision, evaluateCompare, runOp, type WriteTxn } from './mvcc/txn';

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

/**
 * A put that names a lease the cluster does not hold fails before anything is written, also inside
 * the branch a Txn takes (etcd's applyTxn runs checkRequestPut over the chosen path first).
 */
function missingLease(store: MvccStore, op: RequestOp): EtcdError | undefined {
  if (op.op === 'put') return op.lease && !lookupLease(store, op.lease) ? ETCD_ERRORS.leaseNotFound : undefined;
  if (op.op !== 'txn') return undefined;
  const branch = op.compare.every((c) => evaluateCompare(store, c)) ? op.success : op.failure;
  for (const inner of branch) {
    const bad = missingLease(store, inner);
    if (bad) return bad;
  }
  return undefined;
}

/** LeaseRevoke (asked by a client or proposed by the lessor at expiry): its keys go in one revision. */
function applyLeaseRevoke(store: MvccStore, id: number): ApplyResult {
  const keys = removeLease(store, id);
  if (!keys) return { error: ETCD_ERRORS.leaseNotFound, events: [], revision: store.revision };
  const rev = store.revision + 1;
  const events: WatchEvent[] = [];
  for (const key of keys) events.push(...deleteKvs(store, key, undefined, rev));
  if (events.length) {
    store.revision = rev;
    logRevision(store, rev, events);
  }
  return { result: { op: 'leaseRevoke' }, events, revision: store.revision };
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
  if (entry.op === 'leaseGrant') {
    const granted = grantLease(store, entry.ttl, entry.id);
    return granted ? { result: granted, events: [], revision: store.revision } : { error: ETCD_ERRORS.leaseExists, events: [], revision: store.revision };
  }
  if (entry.op === 'leaseRevoke') return applyLeaseRevoke(store, entry.id);
  const bad = (entry.op === 'txn' ? firstBadRange(store, [entry]) : undefined) ?? missingLease(store, entry);
  if (bad) return { error: bad, events: [], revision: store.revision };
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
