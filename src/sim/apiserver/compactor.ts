// kube-apiserver's etcd compactor (k8s.io/apiserver/pkg/storage/etcd3/compact.go): every
// --etcd-compaction-interval (5 min) it compacts etcd's history up to the revision it saw at the
// previous run, so etcd keeps only the last interval or two of old revisions and its memory stops
// growing. Several apiservers may share one etcd, so they agree through a key: a Txn that succeeds
// only if `compact_rev_key`'s version is the one this compactor last saw ("compact time"), and
// that bumps it. The winner compacts; a loser learns the current version and tries again next
// interval. The first successful round only records the revision ("we don't compact on
// bootstrap"). A restarted apiserver starts from version 0, loses one round, then takes over.
//
// Reads and watches from before the compacted revision then fail with etcd's
// `mvcc: required revision has been compacted`, and the watch cache lists again (apiserver.ts).

import type { Effects } from '../kernel/component';
import { cmpVersion, opCompact, opPut, opRange, opTxn, type RangeResponse, type TxnResponse } from '../etcd/protocol';
import { etcdCall, type EtcdOutcome } from './etcdclient';
import type { ApiserverState } from './state';

export const COMPACT_TIMER = 'etcd.compactor';
/** compact.go compactRevKey (outside /registry/, so the watch cache never sees it). */
export const COMPACT_REV_KEY = 'compact_rev_key';

export type CompactStep = 'txn' | 'compact';

export interface CompactorState {
  /** The version of compact_rev_key this compactor expects (its "compact time"). */
  compactTime: number;
  /** The revision seen at the last round: what the next round compacts up to. */
  rev: number;
  /** The revision the last successful compaction reached (compactor.CompactRevision). */
  compactRevision: number;
}

function state(s: ApiserverState): CompactorState {
  s.compactor ??= { compactTime: 0, rev: 0, compactRevision: 0 };
  return s.compactor;
}

/** StartCompactor: the first round runs one interval after start; an interval of 0 turns it off. */
export function startCompactor(ctx: Effects, s: ApiserverState): void {
  state(s);
  const interval = s.config.timings.etcdCompactionIntervalMs;
  if (interval > 0) ctx.setTimer(interval, COMPACT_TIMER);
}

function next(ctx: Effects, s: ApiserverState): void {
  ctx.setTimer(s.config.timings.etcdCompactionIntervalMs, COMPACT_TIMER);
}

/** One round: the compare-and-swap on compact_rev_key. */
export function onCompactTimer(ctx: Effects, s: ApiserverState): void {
  const c = state(s);
  const txn = opTxn(
    [cmpVersion(COMPACT_REV_KEY, '=', c.compactTime)],
    [opPut(COMPACT_REV_KEY, String(c.rev))],
    [opRange(COMPACT_REV_KEY)],
  );
  etcdCall(ctx, s.etcd, txn, { kind: 'compact', step: 'txn' }, `Txn put ${COMPACT_REV_KEY} if version=${c.compactTime} (compactor)`);
}

function compactFailed(ctx: Effects, s: ApiserverState, message: string): void {
  ctx.log(`etcd: endpoint (${s.config.etcd.join(',')}) compact failed: ${message}`);
}

/** The answer to the round's Txn or to its Compact. */
export function onCompactOutcome(ctx: Effects, s: ApiserverState, step: CompactStep, out: EtcdOutcome): void {
  const c = state(s);
  if (step === 'compact') {
    if ('error' in out) compactFailed(ctx, s, out.error.message);
    else {
      c.compactRevision = (out.call.request as { revision: number }).revision;
      ctx.log(`etcd: compacted rev (${c.compactRevision}), endpoints (${s.config.etcd.join(',')})`);
    }
    return next(ctx, s);
  }
  if ('error' in out) {
    compactFailed(ctx, s, out.error.message);
    return next(ctx, s);
  }
  const txn = out.response.result as TxnResponse;
  const currentRev = out.response.header.revision;
  if (!txn.succeeded) {
    // Another compactor (or this apiserver before a restart) moved the key on: follow it.
    const kv = (txn.responses[0] as RangeResponse | undefined)?.kvs[0];
    c.compactTime = kv?.version ?? 0;
    c.rev = currentRev;
    const recorded = Number(kv?.value);
    if (Number.isFinite(recorded) && recorded > 0) c.compactRevision = recorded;
    return next(ctx, s);
  }
  c.compactTime++;
  const compactTo = c.rev;
  c.rev = currentRev;
  if (compactTo === 0) return next(ctx, s);
  etcdCall(ctx, s.etcd, opCompact(compactTo), { kind: 'compact', step: 'compact' }, `Compact rev ${compactTo}`);
}
