// The time side of etcd's lessor (server/lease/lessor.go): only the primary lessor (the leader's,
// or a lone member's) keeps expiry times, and when a lease runs out it asks for a LeaseRevoke,
// which goes through the log so every member deletes the lease's keys at the same revision. Other
// members hold the leases with no expiry ("forever") until they become leader; then Promote gives
// every lease its full TTL again plus the election timeout, which is why a lease outlives a leader
// change or a restart by up to one TTL in real etcd too.
//
// Real etcd checks for expired leases every 500 ms; here one timer is armed for the earliest expiry
// instead, so an idle cluster's trace does not tick twice a second. A revoke asked for but not yet
// applied (no quorum) is asked again after expiredLeaseRetryInterval, 3 s.

import type { Effects } from '../kernel/component';
import type { TimerId } from '../kernel/units';
import type { LeaseGrantResponse } from './protocol';
import { leaseTable } from './mvcc/lessor';
import type { MvccStore } from './mvcc/kvstore';

export const LESSOR_TIMER = 'lessor.revokeExpiredLeases';
/** lessor.go expiredLeaseRetryInterval. */
export const EXPIRED_LEASE_RETRY_MS = 3_000;

export interface LessorState {
  primary: boolean;
  /** Lease id -> when it expires (ms of simulated time); only on the primary. */
  expiries: Map<number, number>;
  /** The armed check, if any. */
  timer?: { id: TimerId; at: number };
}

export const newLessorState = (): LessorState => ({ primary: false, expiries: new Map() });

/** Keep one timer armed for the earliest expiry (none when nothing can expire). */
function arm(l: LessorState, ctx: Effects): void {
  let next = Infinity;
  for (const at of l.expiries.values()) if (at < next) next = at;
  if (l.timer && l.timer.at === next) return;
  if (l.timer) ctx.cancelTimer(l.timer.id);
  l.timer = undefined;
  if (next === Infinity) return;
  l.timer = { id: ctx.setTimer(Math.max(0, next - ctx.now), LESSOR_TIMER), at: next };
}

/** Became the leader (or a lone member started): every lease gets its full TTL plus extendMs from now. */
export function promote(l: LessorState, store: MvccStore, extendMs: number, ctx: Effects): void {
  l.primary = true;
  l.expiries.clear();
  for (const lease of leaseTable(store).leases.values()) l.expiries.set(lease.id, ctx.now + lease.ttl * 1000 + extendMs);
  arm(l, ctx);
}

/** Lost leadership: leases no longer expire here. */
export function demote(l: LessorState, ctx: Effects): void {
  l.primary = false;
  l.expiries.clear();
  if (l.timer) ctx.cancelTimer(l.timer.id);
  l.timer = undefined;
}

/** A LeaseGrant applied: the primary starts its clock. */
export function onLeaseGranted(l: LessorState, granted: LeaseGrantResponse, ctx: Effects): void {
  if (!l.primary) return;
  l.expiries.set(granted.id, ctx.now + granted.ttl * 1000);
  arm(l, ctx);
}

/** A LeaseRevoke applied (or found no lease): nothing left to expire. */
export function onLeaseRevoked(l: LessorState, id: number, ctx: Effects): void {
  if (l.expiries.delete(id)) arm(l, ctx);
}

/**
 * The check timer fired: the leases that have run out, in id order. Each is given the retry
 * interval, so if its revoke does not apply (no quorum) it is asked for again.
 */
export function expiredLeases(l: LessorState, timer: TimerId, ctx: Effects): number[] {
  if (l.timer?.id !== timer) return [];
  l.timer = undefined;
  if (!l.primary) return [];
  const out: number[] = [];
  for (const [id, at] of l.expiries) if (at <= ctx.now) out.push(id);
  out.sort((a, b) => a - b);
  for (const id of out) l.expiries.set(id, ctx.now + EXPIRED_LEASE_RETRY_MS);
  arm(l, ctx);
  return out;
}
