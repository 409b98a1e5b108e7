// What one scheduling cycle did, kept for the inspector's filter/score table (the real kube-scheduler
// keeps no such record; it logs). A cycle over 5,000 nodes filters and scores 500 of them
// (percentageOfNodesToScore) and the scheduler keeps the records of every pod it tracks, so the
// record is a few columns per cycle, not an object per node: the names of the nodes looked at are
// the snapshot's own list read round robin, each node's Filter verdicts are one of the cycle's few
// shared lists (a small number per node), and the scores are one typed array of numbers. The
// per-node view the table shows is made on demand (recordNodes, nodeScores).

import type { Status } from './types';

export interface FilterVerdict {
  plugin: string;
  code: Status['code'];
  reasons: string[];
}

export interface ScoreEntry {
  plugin: string;
  raw: number;
  normalized: number;
  weight: number;
  weighted: number;
}

/** A plugin that scored in a cycle and its weight: one list per cycle. */
export interface ScoreColumn {
  plugin: string;
  weight: number;
}

/** One node of a cycle, as the inspector shows it (made from the record's columns). */
export interface NodeRecord {
  node: string;
  /** Filter plugins in the order they ran; the list stops at the first failure. */
  filters: FilterVerdict[];
  feasible: boolean;
  /** Where this node's scores are in the cycle's `points` (absent for a node that was not scored). */
  row?: number;
  total?: number;
}

/**
 * The nodes a cycle filtered, in order: `names[(start + i) % names.length]` for i < count. `names`
 * is the snapshot's list of node names (never changed once made, shared by every cycle until nodes
 * come or go), or the nodes a PreFilterResult named.
 */
export interface LookedAt {
  names: readonly string[];
  start: number;
  count: number;
}

export type VerdictIndex = Uint8Array | Uint16Array | Uint32Array;

export interface SchedulingCycleRecord {
  cycle: number;
  pod: string;
  time: number;
  /** Set when PreFilter rejected the pod before any node was looked at. */
  preFilter?: FilterVerdict;
  /**
   * Set when PreFilter plugins named the only nodes worth filtering (framework.PreFilterResult):
   * the plugins and how many of the snapshot's nodes were then filtered; the rest were not looked at.
   */
  narrowed?: { plugins: string[]; nodes: number };
  looked: LookedAt;
  /** The cycle's distinct lists of Filter verdicts (lists shared between cycles, never changed). */
  verdictLists: readonly FilterVerdict[][];
  /** Per node looked at, the index of its list in `verdictLists`. */
  verdicts: VerdictIndex;
  /** The plugins that scored the feasible nodes, in the order they ran. */
  scored?: ScoreColumn[];
  /**
   * Per scored node (its row: the feasible nodes in the order they were found), the raw and the
   * normalised score of each `scored` plugin, in pairs: row-major, one array for the whole cycle.
   */
  points?: Int32Array | Float64Array;
  numAllNodes: number;
  numFeasibleToFind: number;
  chosen?: string;
  /** The FitError message when no node fits. */
  message?: string;
}

/** The columns of a record with no node looked at (PreFilter rejected the pod). */
export const NOTHING_LOOKED_AT: Pick<SchedulingCycleRecord, 'looked' | 'verdictLists' | 'verdicts'> = Object.freeze({
  looked: Object.freeze({ names: Object.freeze([]) as readonly string[], start: 0, count: 0 }),
  verdictLists: Object.freeze([]) as readonly FilterVerdict[][],
  verdicts: new Uint8Array(0),
});

/** The smallest unsigned array that holds indexes below `n`. */
export function verdictIndex(n: number, count: number): VerdictIndex {
  return n <= 0x100 ? new Uint8Array(count) : n <= 0x10000 ? new Uint16Array(count) : new Uint32Array(count);
}

/** A list of verdicts lets the node through when none of them failed. */
export function passes(list: readonly FilterVerdict[]): boolean {
  for (const v of list) if (v.code !== 'Success') return false;
  return true;
}

/** Scores as the smallest exact typed array: 32-bit integers unless some value is not one. */
export function pointsArray(values: ArrayLike<number>): Int32Array | Float64Array {
  // Copied by index as it is checked (TypedArray.from walks an iterator: 2 % of a 5,000-node run).
  const n = values.length;
  const ints = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if ((v | 0) !== v || (v === 0 && 1 / v < 0)) {
      const doubles = new Float64Array(n);
      for (let j = 0; j < n; j++) doubles[j] = values[j]!;
      return doubles;
    }
    ints[i] = v;
  }
  return ints;
}

/** A node's weighted total in a cycle: the sum of its normalised scores times their weights, in plugin order. */
function rowTotal(r: SchedulingCycleRecord, row: number): number {
  const { scored, points } = r;
  let total = 0;
  if (!scored || !points) return total;
  const at = 2 * row * scored.length;
  for (let c = 0; c < scored.length; c++) total += points[at + 2 * c + 1]! * scored[c]!.weight;
  return total;
}

/** The nodes of a cycle, one entry per node looked at, in the order they were filtered. */
export function recordNodes(r: SchedulingCycleRecord): NodeRecord[] {
  const { names, start, count } = r.looked;
  const out: NodeRecord[] = [];
  let row = 0;
  for (let i = 0; i < count; i++) {
    const filters = r.verdictLists[r.verdicts[i]!]!;
    const feasible = passes(filters);
    const rec: NodeRecord = { node: names[(start + i) % names.length]!, filters, feasible };
    if (feasible && r.points) {
      rec.row = row;
      rec.total = rowTotal(r, row++);
    }
    out.push(rec);
  }
  return out;
}

/** A node's scores in a cycle, one entry per plugin that scored (none for a node not scored). */
export function nodeScores(r: SchedulingCycleRecord, n: NodeRecord): ScoreEntry[] {
  const out: ScoreEntry[] = [];
  const { scored, points } = r;
  if (n.row === undefined || !scored || !points) return out;
  const at = 2 * n.row * scored.length;
  scored.forEach(({ plugin, weight }, c) => {
    const normalized = points[at + 2 * c + 1]!;
    out.push({ plugin, raw: points[at + 2 * c]!, normalized, weight, weighted: normalized * weight });
  });
  return out;
}

/** The node columns of a record from per-node lists (tests and fixtures: the cycle builds them itself). */
export function nodeColumns(nodes: readonly { node: string; filters: FilterVerdict[] }[]): Pick<SchedulingCycleRecord, 'looked' | 'verdictLists' | 'verdicts'> {
  const lists: FilterVerdict[][] = [];
  const verdicts = verdictIndex(nodes.length, nodes.length);
  nodes.forEach((n, i) => {
    let at = lists.indexOf(n.filters);
    if (at < 0) at = lists.push(n.filters) - 1;
    verdicts[i] = at;
  });
  return { looked: { names: nodes.map((n) => n.node), start: 0, count: nodes.length }, verdictLists: lists, verdicts };
}
