// etcd's lessor (server/lease/lessor.go) as it touches the store: the table of leases, which keys
// each one holds, and what granting, attaching and revoking do to it. The table lives in the store
// (etcd keeps leases in the same backend, so they survive a restart and every member that applies
// the same log holds the same leases). When a lease runs out is not in here: expiry is the primary
// lessor's in-memory business (member-lessor.ts), and it ends a lease by proposing a LeaseRevoke
// through the log like any write, so all members delete the same keys at the same revision.

import type { LeaseGrantResponse } from '../protocol';
import type { MvccStore } from './kvstore';

export interface Lease {
  id: number;
  /** Seconds, as granted. */
  ttl: number;
  /** The keys put with this lease and not since deleted or put with another lease. */
  keys: Set<string>;
}

export interface LeaseTable {
  leases: Map<number, Lease>;
  /** The last id the table handed out; ids are chosen at apply time, so every member picks the same. */
  lastId: number;
}

/**
 * Where ids start. Real etcd builds a lease id from the proposing member's id and a clock-derived
 * counter (pkg/idutil); here a fixed base plus a counter gives ids that look alike (16 hex digits
 * are too many for a JS number, 12 keep the look) and are the same on every member.
 */
const LEASE_ID_BASE = 0x694d_0000_0000;

export const newLeaseTable = (): LeaseTable => ({ leases: new Map(), lastId: 0 });

/** The store's lease table (a store persisted before leases existed gets an empty one). */
export function leaseTable(store: MvccStore): LeaseTable {
  store.leases ??= newLeaseTable();
  return store.leases;
}

export function lookupLease(store: MvccStore, id: number): Lease | undefined {
  return leaseTable(store).leases.get(id);
}

/** Grant a lease; an id the client chose that is taken fails as etcd's ErrLeaseExists would. */
export function grantLease(store: MvccStore, ttl: number, id: number | undefined): LeaseGrantResponse | undefined {
  const t = leaseTable(store);
  let leaseId = id ?? 0;
  if (leaseId === 0) leaseId = LEASE_ID_BASE + ++t.lastId;
  else if (t.leases.has(leaseId)) return undefined;
  const granted = Math.max(1, Math.ceil(ttl));
  t.leases.set(leaseId, { id: leaseId, ttl: granted, keys: new Set() });
  return { op: 'leaseGrant', id: leaseId, ttl: granted };
}

/** A put moved key from one lease (or none) to another (or none). */
export function moveKeyLease(store: MvccStore, key: string, from: number | undefined, to: number | undefined): void {
  if (from === to) return;
  const t = leaseTable(store);
  if (from) t.leases.get(from)?.keys.delete(key);
  if (to) t.leases.get(to)?.keys.add(key);
}

/**
 * Forget a lease and hand back its keys in sorted order: etcd's Revoke sorts them "so deletes are
 * in same order among all members", and deletes them in one write transaction.
 */
export function removeLease(store: MvccStore, id: number): string[] | undefined {
  const t = leaseTable(store);
  const lease = t.leases.get(id);
  if (!lease) return undefined;
  t.leases.delete(id);
  return [...lease.keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
