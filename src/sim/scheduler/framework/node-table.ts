// The numbers the default Filters and Scores read, one row per node in the snapshot's node order,
// in two typed arrays. kube-scheduler's NodeInfo keeps Allocatable, Requested and NonZeroRequested
// precomputed (pkg/scheduler/framework/types.go) and its snapshot hands the cycle a list of them
// (pkg/scheduler/backend/cache/snapshot.go); here the same sums sit side by side in one Float64Array,
// so a cycle that filters and scores 500 of 5,000 nodes reads one row of 80 bytes per node instead
// of following NodeInfo -> Node -> spec/status and three Resources objects scattered over the heap.
// A row is written when its NodeInfo is built (NodeInfos never change once built), so it is as true
// as the NodeInfo. Plugins read a row only when the cycle gives them its number; called without one
// (preemption's what-if NodeInfos, tests), they read the NodeInfo.

import type { NodeInfo } from './types';

/** Columns of `nums` (numbers exactly as the NodeInfo holds them: JS numbers are doubles). */
export const ALLOC_CPU = 0;
export const ALLOC_MEMORY = 1;
export const ALLOC_STORAGE = 2;
export const ALLOC_PODS = 3;
export const REQ_CPU = 4;
export const REQ_MEMORY = 5;
export const REQ_STORAGE = 6;
export const REQ_PODS = 7;
export const NONZERO_CPU = 8;
export const NONZERO_MEMORY = 9;
export const COLUMNS = 10;

/** Bits of `flags`. */
export const UNSCHEDULABLE = 1; // spec.unschedulable
export const HAS_TAINTS = 2; // spec.taints not empty
export const HAS_IMAGES = 4; // status.images not empty

export interface NodeTable {
  /** Row r's column c is nums[r * COLUMNS + c]. */
  nums: Float64Array;
  flags: Uint8Array;
  rows: number;
}

export function createNodeTable(rows = 0): NodeTable {
  return { nums: new Float64Array(Math.max(rows, 16) * COLUMNS), flags: new Uint8Array(Math.max(rows, 16)), rows };
}

/** Make room for `rows` rows (the rows kept keep their values). */
export function sizeNodeTable(t: NodeTable, rows: number): void {
  if (t.flags.length < rows) {
    const cap = Math.max(rows, 2 * t.flags.length);
    const nums = new Float64Array(cap * COLUMNS);
    nums.set(t.nums);
    const flags = new Uint8Array(cap);
    flags.set(t.flags);
    t.nums = nums;
    t.flags = flags;
  }
  t.rows = rows;
}

/** Write a NodeInfo's numbers into row `row`. */
export function writeNodeRow(t: NodeTable, row: number, info: NodeInfo): void {
  const o = row * COLUMNS;
  const n = t.nums;
  n[o + ALLOC_CPU] = info.allocatable.milliCPU;
  n[o + ALLOC_MEMORY] = info.allocatable.memory;
  n[o + ALLOC_STORAGE] = info.allocatable.ephemeralStorage;
  n[o + ALLOC_PODS] = info.allocatable.pods;
  n[o + REQ_CPU] = info.requested.milliCPU;
  n[o + REQ_MEMORY] = info.requested.memory;
  n[o + REQ_STORAGE] = info.requested.ephemeralStorage;
  n[o + REQ_PODS] = info.requested.pods;
  n[o + NONZERO_CPU] = info.nonZeroRequested.milliCPU;
  n[o + NONZERO_MEMORY] = info.nonZeroRequested.memory;
  const node = info.node;
  t.flags[row] = (node.spec?.unschedulable ? UNSCHEDULABLE : 0) | (node.spec?.taints?.length ? HAS_TAINTS : 0) | (node.status?.images?.length ? HAS_IMAGES : 0);
}

/** A table of `nodes` in their order (a cycle run without the snapshot's: tests, small clusters). */
export function nodeTableOf(nodes: readonly NodeInfo[]): NodeTable {
  const t = createNodeTable(nodes.length);
  for (let i = 0; i < nodes.length; i++) writeNodeRow(t, i, nodes[i]!);
  return t;
}
