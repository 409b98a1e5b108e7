// The requests of etcd's KV service executed against the MVCC store: Range, Put, DeleteRange, Txn
// and Compact. A write request runs as one write transaction: its writes share one new revision,
// which is committed only if something changed (a DeleteRange that deletes nothing, or a Txn whose
// branch only reads, leaves the revision alone, as etcd's storeTxnWrite.End does).

import type {
  Compare,
  EtcdError,
  KeyValue,
  RangeRequest,
  RangeResponse,
  RequestOp,
  ResponseOp,
  TxnRequest,
  WatchEvent,
} from '../protocol';
import { ETCD_ERRORS } from '../protocol';
import { currentKv, deleteKvs, putKv, readRange, valueSizeOf, type MvccStore } from './kvstore';

export type RangeOutcome = { result: RangeResponse } | { error: EtcdError };

/**
 * Check a read revision against the store: 0 means now, above now is a future revision, below the
 * compacted revision is gone (etcd mvcc: ErrFutureRev, ErrCompacted).
 */
export function checkReadRevision(store: MvccStore, revision: number | undefined): EtcdError | undefined {
  const rev = revision ?? 0;
  if (rev > store.revision) return ETCD_ERRORS.futureRev;
  if (rev > 0 && rev < store.compactRevision) return ETCD_ERRORS.compacted;
  return undefined;
}

/** Serve a Range request; inside a write txn it sees the txn's earlier writes. */
export function range(store: MvccStore, req: RangeRequest): RangeOutcome {
  const bad = checkReadRevision(store, req.revision);
  if (bad) return { error: bad };
  const rev = req.revision || store.revision;
  const read = readRange(store, req.key, req.rangeEnd, rev, req.limit ?? 0, req.countOnly ?? false);
  const kvs = req.keysOnly ? read.kvs.map((kv): KeyValue => ({ ...kv, value: null })) : read.kvs;
  return { result: { op: 'range', kvs, count: read.count, more: read.more } };
}

function serialized(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function compareNumbers(actual: number, result: Compare['result'], expected: number): boolean {
  switch (result) {
    case '=':
      return actual === expected;
    case '!=':
      return actual !== expected;
    case '<':
      return actual < expected;
    case '>':
      return actual > expected;
  }
}

/**
 * Evaluate one Txn guard on the current state. A missing key has mod/create revision and version 0,
 * and a VALUE compare on a missing key always fails (etcd apply.go applyCompare: "nil == empty
 * string in grpc; no way to represent missing value").
 */
export function evaluateCompare(store: MvccStore, c: Compare): boolean {
  const kv = currentKv(store, c.key);
  if (c.target === 'VALUE') {
    if (!kv) return false;
    if (kv.value === c.value && (c.result === '=' || c.result === '!=')) return c.result === '=';
    const a = serialized(kv.value);
    const b = serialized(c.value);
    const cmp = a < b ? -1 : a > b ? 1 : 0;
    return compareNumbers(cmp, c.result, 0);
  }
  const actual = !kv ? 0 : c.target === 'MOD' ? kv.modRevision : c.target === 'CREATE' ? kv.createRevision : kv.version;
  return compareNumbers(actual, c.result, Number(c.value));
}

/** The state of one write transaction: the revision its writes get and the events they made. */
export interface WriteTxn {
  store: MvccStore;
  revision: number;
  events: WatchEvent[];
}

export type OpOutcome = { response: ResponseOp } | { error: EtcdError };

/** Run one op of a write request (a top-level Put/DeleteRange/Txn, or an op inside a Txn). */
export function runOp(tx: WriteTxn, op: RequestOp): OpOutcome {
  switch (op.op) {
    case 'range': {
      const out = range(tx.store, op);
      return 'error' in out ? out : { response: out.result };
    }
    case 'put': {
      const ev = putKv(tx.store, op.key, op.value, op.valueSize ?? valueSizeOf(op.value), tx.revision, op.lease);
      tx.events.push(ev);
      return { response: op.prevKv && ev.prevKv ? { op: 'put', prevKv: ev.prevKv } : { op: 'put' } };
    }
    case 'deleteRange': {
      const evs = deleteKvs(tx.store, op.key, op.rangeEnd, tx.revision);
      tx.events.push(...evs);
      const response: ResponseOp = { op: 'deleteRange', deleted: evs.length };
      if (op.prevKv) response.prevKvs = evs.map((e) => e.prevKv!);
      return { response };
    }
    case 'txn':
      return runTxn(tx, op);
  }
}

/** Evaluate the guards, then run the chosen branch's ops in order. */
export function runTxn(tx: WriteTxn, req: TxnRequest): OpOutcome {
  const succeeded = req.compare.every((c) => evaluateCompare(tx.store, c));
  const responses: ResponseOp[] = [];
  for (const op of succeeded ? req.success : req.failure) {
    const out = runOp(tx, op);
    if ('error' in out) return out;
    responses.push(out.response);
  }
  return { response: { op: 'txn', succeeded, responses } };
}
