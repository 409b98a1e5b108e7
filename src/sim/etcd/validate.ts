// The checks etcd's gRPC layer makes before a request reaches the store or the Raft log
// (api/v3rpc/key.go checkPutRequest, checkTxnRequest, checkIntervals; etcdserver's
// MaxRequestBytes). It also fills in each Put's valueSize, so the JSON is measured once and the
// entry the log carries is complete.

import type { EtcdError, EtcdRequest, PutRequest, RequestOp } from './protocol';
import { ETCD_ERRORS, MAX_REQUEST_BYTES, MAX_TXN_OPS } from './protocol';
import { inRange } from './keys';
import { valueSizeOf } from './mvcc/kvstore';

export type Prepared<R> = { request: R } | { error: EtcdError };

function sizedPut(p: PutRequest): PutRequest {
  return p.valueSize !== undefined ? p : { ...p, valueSize: valueSizeOf(p.value) };
}

/** A copy of op with every Put's valueSize set (ops that need nothing are shared, not copied). */
function withSizes<R extends RequestOp>(op: R): R {
  if (op.op === 'put') return sizedPut(op) as R;
  if (op.op === 'txn') return { ...op, success: op.success.map(withSizes), failure: op.failure.map(withSizes) } as R;
  return op;
}

/** Approximate wire size: keys, range ends and values. */
function requestBytes(op: RequestOp): number {
  switch (op.op) {
    case 'put':
      return op.key.length + (op.valueSize ?? 0);
    case 'range':
    case 'deleteRange':
      return op.key.length + (op.rangeEnd?.length ?? 0);
    case 'txn':
      return (
        op.compare.reduce((n, c) => n + c.key.length + (typeof c.value === 'number' ? 8 : valueSizeOf(c.value)), 0) +
        op.success.reduce((n, o) => n + requestBytes(o), 0) +
        op.failure.reduce((n, o) => n + requestBytes(o), 0)
      );
  }
}

/** Puts to one key twice, or a put inside a deleted range, in one branch: etcd's ErrGRPCDuplicateKey. */
function hasDuplicateKeys(ops: RequestOp[]): boolean {
  const puts = new Set<string>();
  const dels: { key: string; rangeEnd?: string }[] = [];
  for (const op of ops) {
    if (op.op === 'put') {
      if (puts.has(op.key)) return true;
      puts.add(op.key);
    } else if (op.op === 'deleteRange') dels.push(op);
  }
  for (const key of puts) if (dels.some((d) => inRange(key, d.key, d.rangeEnd))) return true;
  return false;
}

function checkOp(op: RequestOp): EtcdError | undefined {
  if (op.op !== 'txn') return op.key === '' ? ETCD_ERRORS.emptyKey : undefined;
  if (op.success.length > MAX_TXN_OPS || op.failure.length > MAX_TXN_OPS) return ETCD_ERRORS.tooManyOps;
  if (hasDuplicateKeys(op.success) || hasDuplicateKeys(op.failure)) return ETCD_ERRORS.duplicateKey;
  for (const inner of [...op.success, ...op.failure]) {
    const bad = checkOp(inner);
    if (bad) return bad;
  }
  return undefined;
}

/** Validate a request and return it ready for the store (or the log), or the error etcd answers. */
export function prepareRequest(req: EtcdRequest): Prepared<EtcdRequest> {
  if (req.op === 'compact' || req.op === 'watchCancel' || req.op === 'watchProgress' || req.op === 'status' || req.op === 'memberList') return { request: req };
  if (req.op === 'leaseGrant' || req.op === 'leaseRevoke') return { request: req };
  if (req.op === 'watchCreate') return req.key === '' ? { error: ETCD_ERRORS.emptyKey } : { request: req };
  const bad = checkOp(req);
  if (bad) return { error: bad };
  const sized = withSizes(req);
  if (requestBytes(sized) > MAX_REQUEST_BYTES) return { error: ETCD_ERRORS.requestTooLarge };
  return { request: sized };
}
