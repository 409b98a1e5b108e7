// One scheduling cycle (schedule_one.go: schedulePod, findNodesThatFitPod, prioritizeNodes,
// selectHost) over a snapshot of NodeInfos. It returns the chosen node or the FitError message, and
// a record of every node and plugin for the UI: filter verdicts with reasons, raw, normalised and
// weighted scores.

import { fitErrorMessage } from './fit-error';
import type { VolumeListers } from '../plugins/VolumeBinding/binder';
import { isSuccess, type CycleContext, type NodeInfo, type NodeScore, type Plugin, type PodInfo, type Status } from './types';
import { nodeTableOf, type NodeTable } from './node-table';
import { NOTHING_LOOKED_AT, pointsArray, verdictIndex, type FilterVerdict, type ScoreColumn, type SchedulingCycleRecord } from './cycle-record';

export type { FilterVerdict, NodeRecord, ScoreColumn, ScoreEntry, SchedulingCycleRecord } from './cycle-record';
export { nodeScores, recordNodes } from './cycle-record';

/** minFeasibleNodesToFind and minFeasibleNodesPercentageToFind (schedule_one.go). */
export const MIN_FEASIBLE_NODES_TO_FIND = 100;
export const MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND = 5;

/** numFeasibleNodesToFind: all nodes under 100; else the adaptive share 50 - nodes/125 percent, at least 5 % and 100 nodes. */
export function numFeasibleNodesToFind(numAllNodes: number, percentageOfNodesToScore = 0): number {
  if (numAllNodes < MIN_FEASIBLE_NODES_TO_FIND) return numAllNodes;
  let percentage = percentageOfNodesToScore;
  if (percentage === 0) {
    percentage = 50 - Math.trunc(numAllNodes / 125);
    if (percentage < MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND) percentage = MIN_FEASIBLE_NODES_PERCENTAGE_TO_FIND;
  }
  const n = Math.trunc((numAllNodes * percentage) / 100);
  return n < MIN_FEASIBLE_NODES_TO_FIND ? MIN_FEASIBLE_NODES_TO_FIND : n;
}

export interface CycleResult {
  record: SchedulingCycleRecord;
  chosen?: string;
  fitError?: string;
  /** Where the next cycle starts its filter pass (round robin over nodes). */
  nextStartNodeIndex: number;
}

interface Input {
  pod: PodInfo;
  nodes: NodeInfo[];
  /** The names of `nodes`, in order, never changed once made (the snapshot's); made from `nodes` when not given. */
  nodeNames?: readonly string[];
  plugins: readonly Plugin[];
  cycle: number;
  time: number;
  startIndex: number;
  rand: () => number;
  volumes?: VolumeListers;
  /** The snapshot's list of nodes with pods that have required anti-affinity; computed from `nodes` when not given. */
  havePodsWithRequiredAntiAffinity?: NodeInfo[];
  /** The snapshot's count of nodes per image name (ImageStateSummary.NumNodes); counted from `nodes` when not given. */
  imageNumNodes?: ReadonlyMap<string, number>;
  /** The snapshot's numbers of `nodes`, one row each in their order (node-table.ts); made from `nodes` when not given. */
  table?: NodeTable;
}

const EMPTY: readonly string[] = Object.freeze([]);
/** One passing verdict per plugin, shared by every node record (records are read, never changed). */
const PASSED = new Map<string, FilterVerdict>();
function passed(plugin: string): FilterVerdict {
  let v = PASSED.get(plugin);
  if (!v) PASSED.set(plugin, (v = Object.freeze({ plugin, code: 'Success', reasons: EMPTY as string[] })));
  return v;
}
/**
 * Failing verdicts are shared too, by plugin, code and reasons: a DaemonSet pod's cycle records
 * NodeAffinity's same refusal for every other node of the cluster. A plugin's constant status (one
 * object for every node it refuses for the same reason) finds its verdict without a key being built.
 * Bounded, in case reasons vary.
 */
const FAILED = new Map<string, FilterVerdict>();
const FAILED_BY_STATUS = new WeakMap<Status, FilterVerdict>();
function failed(plugin: string, s: Status): FilterVerdict {
  const known = FAILED_BY_STATUS.get(s);
  if (known?.plugin === plugin) return known;
  const key = `${plugin}\u0000${s.code}\u0000${s.reasons.join('\u0000')}`;
  let v = FAILED.get(key);
  if (!v) {
    v = Object.freeze({ plugin, code: s.code, reasons: Object.freeze([...s.reasons]) as unknown as string[] });
    if (FAILED.size < 10_000) FAILED.set(key, v);
  }
  if (Object.isFrozen(s)) FAILED_BY_STATUS.set(s, v);
  return v;
}

/**
 * Whole lists of verdicts are shared as well: for the Filter plugins a cycle runs (those whose
 * PreFilter did not answer Skip), every feasible node has the same list of passes, and a node
 * refused by a plugin has the passes before it and that refusal, one list per refusal.
 */
interface VerdictLists {
  all: FilterVerdict[];
  byFailure: Map<FilterVerdict, FilterVerdict[]>;
}
const LISTS = new Map<string, VerdictLists>();
function verdictListsFor(filters: readonly Plugin[]): VerdictLists {
  const key = filters.map((p) => p.name).join(',');
  let lists = LISTS.get(key);
  if (!lists) {
    lists = { all: Object.freeze(filters.map((p) => passed(p.name))) as FilterVerdict[], byFailure: new Map() };
    if (LISTS.size < 1_000) LISTS.set(key, lists);
  }
  return lists;
}
function failedList(lists: VerdictLists, at: number, v: FilterVerdict): FilterVerdict[] {
  let list = lists.byFailure.get(v);
  if (!list) {
    list = Object.freeze([...lists.all.slice(0, at), v]) as FilterVerdict[];
    if (lists.byFailure.size < 10_000) lists.byFailure.set(v, list);
  }
  return list;
}

/** Scratch space the filter pass and the scoring reuse from cycle to cycle (never kept in a record). */
interface Scratch<T> {
  buf: T;
  /** At least n long: the same array, or one twice as long (its contents not kept). */
  take(n: number): T;
}
function scratch<T extends { length: number }>(make: (n: number) => T, initial: number): Scratch<T> {
  const s: Scratch<T> = {
    buf: make(initial),
    take: (n) => {
      if (s.buf.length < n) s.buf = make(Math.max(n, 2 * s.buf.length));
      return s.buf;
    },
  };
  return s;
}
const scratchIds = scratch((n) => new Uint32Array(n), 1024);
const scratchPoints = scratch((n) => new Float64Array(n), 4096);
const scratchRows = scratch((n) => new Int32Array(n), 1024);
const scratchFeasibleRows = scratch((n) => new Int32Array(n), 1024);

function intersect(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  const out = new Set<string>();
  for (const x of a) if (b.has(x)) out.add(x);
  return out;
}

/** RunPreFilterPlugins' status when the plugins' node sets have nothing in common. */
function unresolvableFor(plugins: string[]): Status {
  const reason = plugins.length === 1 ? `node(s) didn't satisfy plugin ${plugins[0]}` : `node(s) didn't satisfy plugin(s) [${plugins.join(' ')}] simultaneously`;
  return { code: 'UnschedulableAndUnresolvable', reasons: [reason] };
}

/** Run PreFilter, Filter, PostFilter (on failure), PreScore, Score, NormalizeScore and select a host. */
export function runSchedulingCycle(input: Input): CycleResult {
  const { pod, nodes, plugins, cycle, time } = input;
  const havePodsWithRequiredAntiAffinity = input.havePodsWithRequiredAntiAffinity ?? nodes.filter((n) => n.podsWithRequiredAntiAffinity.length > 0);
  const table = input.table ?? nodeTableOf(nodes);
  const ctx: CycleContext = { pod, nodes, havePodsWithRequiredAntiAffinity, state: {}, volumes: input.volumes, imageNumNodes: input.imageNumNodes, table };
  const record: SchedulingCycleRecord = { cycle, pod: pod.key, time, ...NOTHING_LOOKED_AT, numAllNodes: nodes.length, numFeasibleToFind: numFeasibleNodesToFind(nodes.length) };
  const statuses = new Map<string, Status>();
  // A plugin whose PreFilter returned Skip does not run its Filter (framework.go SkipFilterPlugins).
  const skipped = new Set<string>();
  // framework.go RunPreFilterPlugins: the PreFilterResults are intersected as they come; a plugin
  // that rejects the pod, or an intersection left empty, ends PreFilter for every node.
  let narrowedTo: ReadonlySet<string> | undefined;
  const narrowedBy: string[] = [];
  for (const p of plugins) {
    let s = p.preFilter?.(ctx);
    if (s?.code === 'Skip') skipped.add(p.name);
    else if (s?.nodeNames && isSuccess(s)) {
      narrowedBy.push(p.name);
      narrowedTo = narrowedTo ? intersect(narrowedTo, s.nodeNames) : s.nodeNames;
      if (narrowedTo.size === 0) s = unresolvableFor(narrowedBy);
    }
    if (s && !isSuccess(s) && s.code !== 'Skip') {
      record.preFilter = { plugin: p.name, code: s.code, reasons: s.reasons };
      for (const n of nodes) statuses.set(n.name, s);
      return fail(ctx, plugins, record, statuses, input.startIndex, s.reasons.join(', '));
    }
  }
  // schedule_one.go findNodesThatFitPod: only the named nodes that exist are filtered (in the
  // snapshot's order here; Go ranges over a set); the others are left out of the diagnosis, which
  // counts them as UnschedulableAndUnresolvable (kubernetes#125197, in v1.31 and back-ported).
  const candidates = narrowedTo ? nodes.filter((n) => narrowedTo.has(n.name)) : nodes;
  // The candidates' rows in the table (their indexes in `nodes`), when narrowed.
  let candidateRows: Int32Array | undefined;
  if (narrowedTo) {
    candidateRows = scratchRows.take(candidates.length);
    let c = 0;
    for (let r = 0; r < nodes.length; r++) if (narrowedTo.has(nodes[r]!.name)) candidateRows[c++] = r;
  }
  if (narrowedTo) record.narrowed = { plugins: narrowedBy, nodes: candidates.length };
  const names = narrowedTo || !input.nodeNames ? candidates.map((n) => n.name) : input.nodeNames;
  const numFeasibleToFind = numFeasibleNodesToFind(candidates.length);
  record.numFeasibleToFind = numFeasibleToFind;
  // findNodesThatPassFilters: the nodes from the round robin's start, until enough are feasible.
  const filters = plugins.filter((p) => p.filter && !skipped.has(p.name));
  const lists = verdictListsFor(filters);
  const palette: FilterVerdict[][] = [];
  const listIds = scratchIds.take(candidates.length);
  const feasible: NodeInfo[] = [];
  const feasibleRows = scratchFeasibleRows.take(Math.min(candidates.length, numFeasibleToFind));
  let lastList: FilterVerdict[] | undefined;
  let lastId = -1;
  let processed = 0;
  const start = candidates.length ? input.startIndex % candidates.length : 0;
  for (let i = 0; i < candidates.length && feasible.length < numFeasibleToFind; i++) {
    const at = (start + i) % candidates.length;
    const node = candidates[at]!;
    const row = candidateRows ? candidateRows[at]! : at;
    let list = lists.all;
    for (let f = 0; f < filters.length; f++) {
      const p = filters[f]!;
      const s = p.filter!(ctx, node, row);
      if (isSuccess(s)) continue;
      list = failedList(lists, f, failed(p.name, s));
      statuses.set(node.name, { ...s, plugin: p.name });
      break;
    }
    if (list === lists.all) feasibleRows[feasible.push(node) - 1] = row;
    if (list !== lastList) {
      lastId = palette.indexOf(list);
      if (lastId < 0) lastId = palette.push(list) - 1;
      lastList = list;
    }
    listIds[processed++] = lastId;
  }
  record.looked = { names, start, count: processed };
  record.verdictLists = palette;
  record.verdicts = verdictIndex(palette.length, processed);
  record.verdicts.set(listIds.subarray(0, processed));
  // The round robin moves on by the nodes looked at, over all of the snapshot's nodes.
  const nextStartNodeIndex = nodes.length ? (input.startIndex + processed) % nodes.length : 0;
  if (feasible.length === 0) return fail(ctx, plugins, record, statuses, nextStartNodeIndex);
  // With one feasible node there is nothing to compare: the real scheduler skips scoring.
  if (feasible.length === 1) {
    record.chosen = feasible[0]!.name;
    return { record, chosen: record.chosen, nextStartNodeIndex };
  }
  const totals = prioritizeNodes(ctx, plugins, feasible, feasibleRows, input.nodeNames, record);
  const best = selectHostIndex(totals, feasible.length, input.rand);
  record.chosen = best < 0 ? undefined : feasible[best]!.name;
  return { record, chosen: record.chosen, nextStartNodeIndex };
}

function fail(ctx: CycleContext, plugins: readonly Plugin[], record: SchedulingCycleRecord, statuses: Map<string, Status>, next: number, preFilterMsg?: string): CycleResult {
  const post = plugins.map((p) => p.postFilter?.(ctx, statuses)).filter((s): s is Status => s !== undefined);
  const postFilterMsg = post.flatMap((s) => s.reasons).join(', ');
  record.message = fitErrorMessage(ctx.nodes.length, statuses, { preFilterMsg, postFilterMsg });
  return { record, fitError: record.message, nextStartNodeIndex: next };
}

/** The cycle's NodeScores, one per feasible node, given to each plugin's NormalizeScore in turn. */
const scratchScores: NodeScore[] = [];
let scratchTotals = new Float64Array(1024);

/**
 * prioritizeNodes: RunPreScorePlugins (a plugin that answers Skip does not score), then
 * RunScorePlugins and NormalizeScore per plugin; the feasible nodes' weighted totals, in their
 * order. Raw and normalised scores go into the record's one array of numbers.
 */
function prioritizeNodes(ctx: CycleContext, plugins: readonly Plugin[], feasible: NodeInfo[], rows: Int32Array, rowNames: readonly string[] | undefined, record: SchedulingCycleRecord): Float64Array {
  const n = feasible.length;
  const scorers: Plugin[] = [];
  for (const p of plugins) {
    if (!p.score) continue;
    if (p.preScore?.(ctx, feasible)?.code === 'Skip') continue;
    scorers.push(p);
  }
  const k = scorers.length;
  if (scratchTotals.length < n) scratchTotals = new Float64Array(Math.max(n, 2 * scratchTotals.length));
  const totals = scratchTotals.subarray(0, n);
  totals.fill(0);
  const scores = scratchScores;
  for (let i = scores.length; i < n; i++) scores.push({ name: '', score: 0 });
  if (scores.length !== n) scores.length = n;
  for (let i = 0; i < n; i++) scores[i]!.name = rowNames ? rowNames[rows[i]!]! : feasible[i]!.name;
  const pts = scratchPoints.take(2 * k * n);
  const scored: ScoreColumn[] = [];
  for (let c = 0; c < k; c++) {
    const p = scorers[c]!;
    for (let i = 0; i < n; i++) {
      const score = p.score!(ctx, feasible[i]!, rows[i]);
      pts[2 * (i * k + c)] = score;
      scores[i]!.score = score;
    }
    p.normalizeScore?.(ctx, scores);
    const weight = p.weight ?? 1;
    scored.push({ plugin: p.name, weight });
    for (let i = 0; i < n; i++) {
      const normalized = scores[i]!.score;
      pts[2 * (i * k + c) + 1] = normalized;
      totals[i] = totals[i]! + normalized * weight;
    }
  }
  record.scored = scored;
  record.points = pointsArray(pts.subarray(0, 2 * k * n));
  return totals;
}

/** selectHost over totals in the feasible nodes' order: the index of the host, -1 for none. */
function selectHostIndex(totals: ArrayLike<number>, n: number, rand: () => number): number {
  let best = -1;
  let ties = 0;
  for (let i = 0; i < n; i++) {
    const score = totals[i]!;
    if (best < 0 || score > totals[best]!) {
      best = i;
      ties = 1;
    } else if (score === totals[best]) {
      ties++;
      if (Math.floor(rand() * ties) === 0) best = i;
    }
  }
  return best;
}

/** selectHost: the highest total; ties are broken by reservoir sampling with the simulation's PRNG. */
export function selectHost(scores: NodeScore[], rand: () => number): string | undefined {
  let best: NodeScore | undefined;
  let ties = 0;
  for (const s of scores) {
    if (!best || s.score > best.score) {
      best = s;
      ties = 1;
    } else if (s.score === best.score) {
      ties++;
      if (Math.floor(rand() * ties) === 0) best = s;
    }
  }
  return best?.name;
}
