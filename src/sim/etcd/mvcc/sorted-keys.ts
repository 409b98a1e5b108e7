// A sorted set of keys as plain data: a list of sorted blocks, each at most BLOCK_MAX keys. It keeps
// etcd's key order (bytewise, see ../keys.ts) with O(log n + k) range reads and cheap inserts: an
// insert moves at most one block's worth of entries, where one flat sorted array would move half of
// 150,000 pod keys on every create. It is the small cousin of the B-tree etcd's treeIndex uses.

export const BLOCK_MAX = 512;

export interface SortedKeySet {
  blocks: string[][];
  size: number;
}

/** A position in the set: block index and index within that block. */
export interface KeyCursor {
  block: number;
  index: number;
}

export function newSortedKeySet(): SortedKeySet {
  return { blocks: [], size: 0 };
}

/** First index in the sorted array `a` whose element is >= key. */
function lowerBoundIn(a: readonly string[], key: string): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first block whose last key is >= key (blocks.length if none). */
function blockFor(set: SortedKeySet, key: string): number {
  let lo = 0;
  let hi = set.blocks.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const b = set.blocks[mid]!;
    if (b[b.length - 1]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The cursor at the first key >= key (block = blocks.length when past the end). */
export function lowerBound(set: SortedKeySet, key: string): KeyCursor {
  const block = blockFor(set, key);
  const b = set.blocks[block];
  return { block, index: b ? lowerBoundIn(b, key) : 0 };
}

export function hasKey(set: SortedKeySet, key: string): boolean {
  const c = lowerBound(set, key);
  return set.blocks[c.block]?.[c.index] === key;
}

/** Insert key; returns false if it was already there. */
export function insertKey(set: SortedKeySet, key: string): boolean {
  if (set.blocks.length === 0) {
    set.blocks.push([key]);
    set.size = 1;
    return true;
  }
  // A key beyond every block goes at the end of the last block.
  const block = Math.min(blockFor(set, key), set.blocks.length - 1);
  const b = set.blocks[block]!;
  const i = lowerBoundIn(b, key);
  if (b[i] === key) return false;
  b.splice(i, 0, key);
  set.size++;
  if (b.length > BLOCK_MAX) set.blocks.splice(block + 1, 0, b.splice(b.length >>> 1));
  return true;
}

/** Remove key; returns false if it was not there. */
export function removeKey(set: SortedKeySet, key: string): boolean {
  const c = lowerBound(set, key);
  const b = set.blocks[c.block];
  if (!b || b[c.index] !== key) return false;
  b.splice(c.index, 1);
  set.size--;
  if (b.length === 0) set.blocks.splice(c.block, 1);
  return true;
}

/** The cursor just past the last key < end; end '\0' means the end of the set. */
function endCursor(set: SortedKeySet, end: string): KeyCursor {
  return end === '\0' ? { block: set.blocks.length, index: 0 } : lowerBound(set, end);
}

/**
 * Visit the keys in [start, end) in order until visit returns false. end undefined or '' visits
 * only start (if present), end '\0' every key >= start, as etcd's Range does.
 */
export function forEachInRange(
  set: SortedKeySet,
  start: string,
  end: string | undefined,
  visit: (key: string) => boolean,
): void {
  if (end === undefined || end === '') {
    if (hasKey(set, start)) visit(start);
    return;
  }
  let { block, index } = lowerBound(set, start);
  for (; block < set.blocks.length; block++, index = 0) {
    const b = set.blocks[block]!;
    for (; index < b.length; index++) {
      const k = b[index]!;
      if (end !== '\0' && k >= end) return;
      if (!visit(k)) return;
    }
  }
}

/** How many keys lie in [start, end), in O(log n + blocks spanned). */
export function countInRange(set: SortedKeySet, start: string, end: string | undefined): number {
  if (end === undefined || end === '') return hasKey(set, start) ? 1 : 0;
  if (end !== '\0' && end <= start) return 0;
  const lo = lowerBound(set, start);
  const hi = endCursor(set, end);
  if (lo.block === hi.block) return hi.index - lo.index;
  let n = (set.blocks[lo.block]?.length ?? 0) - lo.index;
  for (let b = lo.block + 1; b < hi.block; b++) n += set.blocks[b]!.length;
  return n + hi.index;
}

/** Every key in order (tests and compaction). */
export function allKeys(set: SortedKeySet): string[] {
  return set.blocks.flat();
}
