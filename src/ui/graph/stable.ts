// Keeps the graph's objects the same objects while what they show has not changed, so React Flow
// keeps its internal node (it compares user nodes by identity) and the memoised node components
// skip their render: a change to one pod re-renders that pod's box, not the 1,500 others.

import type { Box, ClusterLayout } from './layout';

/** Fields holding store views: the store replaces a view when it changes, so identity decides. */
const BY_IDENTITY = new Set(['view', 'pod', 'svc', 'host', 'node']);

/**
 * Small derived values (a Box, a position, handles, cutFrom, an etcd summary, a Service's endpoints)
 * by content: arrays and plain objects member by member. This runs for every node of the graph on
 * every redraw; comparing JSON.stringify of both sides took a third of the graph's redraw at
 * scale-50 (issue 11).
 */
function sameContent(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameContent(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  if (ka.length !== Object.keys(rb).length) return false;
  for (const k of ka) if (!(k in rb) || !sameContent(ra[k], rb[k])) return false;
  return true;
}

function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (BY_IDENTITY.has(key)) return false;
  return sameContent(a, b);
}

/** Whether two records hold the same values field by field (views by identity, small values by content). */
export function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!(k in b) || !sameValue(k, a[k], b[k])) return false;
  return true;
}

interface Drawn {
  id: string;
  data?: Record<string, unknown>;
}

/** Whether a graph node or edge would draw the same: every field but `data` by content, `data` by sameFields. */
function sameDrawn<T extends Drawn>(a: T, b: T): boolean {
  const { data: da, ...ra } = a;
  const { data: db, ...rb } = b;
  if (!sameFields(ra as Record<string, unknown>, rb as Record<string, unknown>)) return false;
  if (!da || !db) return da === db;
  return sameFields(da, db);
}

/**
 * Returns `next` with each item replaced by the previous one of the same id when it would draw the
 * same; `prev` is updated to the result. The returned array is `prevList` itself when nothing changed.
 */
export function keepSame<T extends Drawn>(cache: { byId: Map<string, T>; list: T[] }, next: T[]): T[] {
  const byId = new Map<string, T>();
  let changed = next.length !== cache.list.length;
  const out = next.map((n, i) => {
    const old = cache.byId.get(n.id);
    const keep = old && (old === n || sameDrawn(old, n)) ? old : n;
    if (keep !== cache.list[i]) changed = true;
    byId.set(n.id, keep);
    return keep;
  });
  if (!changed) return cache.list;
  cache.byId = byId;
  cache.list = out;
  return out;
}

const BOX_FIELDS = ['id', 'kind', 'x', 'y', 'w', 'h', 'ax', 'ay', 'parent', 'ref', 'count', 'compact', 'role'] as const satisfies readonly (keyof Box)[];

function sameBox(a: Box, b: Box): boolean {
  for (const k of BOX_FIELDS) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * `next` with every box that is placed as the one of the same id in `prev` replaced by that one, so
 * that a pod's box stays the same object when a new pod is placed elsewhere (its node is then kept
 * by identity, buildNodes' memo); `prev` itself when nothing moved, came or went.
 */
export function keepBoxes(prev: ClusterLayout | undefined, next: ClusterLayout): ClusterLayout {
  if (!prev || prev === next) return next;
  let moved = prev.boxes.length !== next.boxes.length || prev.compact !== next.compact;
  const boxes = next.boxes.map((b, i) => {
    const old = prev.byId[b.id];
    const keep = old && sameBox(old, b) ? old : b;
    if (keep !== prev.boxes[i]) moved = true;
    return keep;
  });
  if (!moved && sameRegions(prev.podRegion, next.podRegion)) return prev;
  const byId: Record<string, Box> = {};
  for (const b of boxes) byId[b.id] = b;
  return { ...next, boxes, byId };
}

function sameRegions(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
