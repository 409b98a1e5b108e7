// One scheduling cycle (schedule_one.go: schedulePod, findNodesThatFitPod, prioritizeNodes,
// selectHost) over a snapshot of NodeInfos. It returns the chosen node or the FitError message, and
// a record of every node and plugin for the UI: filter verdicts with reasons, raw, normalised and
// weighted scores.

import { fitErrorMessage } from './fit-error';
import type { VolumeListers } from '../plugins/VolumeBinding/binder';
import { isSuccess, type CycleContext, type NodeInfo, type NodeScore, type Plugin, type PodInfo, type Status } from './types';

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

/**
 * A plugin that scored in a cycle, its weight and its raw and normalised score of each scored node
 * (a node's `row`). A score every node got alike (TaintToleration's 100 on untainted nodes, a
 * plugin with nothing to prefer) is one number; the others are one per row in the smallest typed
 * array that holds them.
 */
export interface ScoreColumn {
  plugin: string;
  weight: number;
  raw: ScoreValues;
  normalized: ScoreValues;
}

/** Filter verdicts in the order they ran (the list stops at the first failure), and how many nodes in a row had them. */
export interface FilterRun {
  filters: FilterVerdict[];
  nodes: number;
}

/** One node's line of a cycle's table, as cycleNodes gives it (the record keeps columns). */
export interface NodeRecord {
  node: string;
  /** Filter plugins in the order they ran; the list stops at the first failure. */
  filters: FilterVerdict[];
  feasible: boolean;
  /** This node's row in the cycle's score columns (absent for a node that was not scored). */
  row?: number;
  total?: number;
}

/** A cycle's scores in the smallest typed array that holds them (scores are int64 in kube-scheduler). */
export type ScorePoints = Int16Array | Int32Array | Float64Array;
/** One score for every row, or one per row. */
export type ScoreValues = number | ScorePoints;

export function scoreAt(v: ScoreValues, row: number): number {
  return typeof v === 'number' ? v : v[row]!;
}

/** What one cycle did, for the UI's table. */
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
  /**
   * The nodes filtered, in the order they were, as columns rather than an object per node: a cycle
   * over 5,000 nodes filters 500 of them, and the scheduler keeps the records of every pod it tracks
   * (150,000 at Kubernetes' limits). cycleNodes gives them as one NodeRecord each.
   */
  nodeNames: string[];
  /**
   * The filtered nodes' verdict lists, run-length: `nodes` nodes in a row (in nodeNames' order) had
   * the same list. Lists are shared between nodes and cycles, so a cycle whose every node passed
   * (most of them) keeps one run.
   */
  filterRuns: FilterRun[];
  /**
   * The plugins that scored the feasible nodes, in the order they ran, with their scores by row (the
   * feasible nodes in filter order). Absent when nothing was scored.
   */
  scored?: ScoreColumn[];
  numAllNodes: number;
  numFeasibleToFind: number;
  chosen?: string;
  /** The FitError message when no node fits. */
  message?: string;
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
  plugins: readonly Plugin[];
  cycle: number;
  time: number;
  startIndex: number;
  rand: () => number;
  volumes?: VolumeListers;
  /** The snapshot's list of nodes with pods that have required anti-affinity; computed from `nodes` when not given. */
  havePodsWithRequiredAntiAffinity?: NodeInfo[];
}

/** One passing verdict per plugin, shared by every node record (records are read, never changed). */
const PASSED = new Map<string, FilterVerdict>();
function passed(plugin: string): FilterVerdict {
  let v = PASSED.get(plugin);
  if (!v) PASSED.set(plugin, (v = Object.freeze({ plugin, code: 'Success', reasons: Object.freeze([]) as unknown as string[] })));
  return v;
}
/**
 * Failing verdicts are shared too, by plugin, code and reasons: a DaemonSet pod's cycle records
 * NodeAffinity's same refusal for every other node of the cluster. Bounded, in case reasons vary.
 */
const FAILED = new Map<string, FilterVerdict>();
function failed(plugin: string, s: Status): FilterVerdict {
  const key = `${plugin}\u0000${s.code}\u0000${s.reasons.join('\u0000')}`;
  let v = FAILED.get(key);
  if (!v) {
    v = Object.freeze({ plugin, code: s.code, reasons: Object.freeze([...s.reasons]) as unknown as string[] });
    if (FAILED.size < 10_000) FAILED.set(key, v);
  }
  return v;
}
const FEASIBLE: Status = Object.freeze({ code: 'Success', reasons: Object.freeze([]) as unknown as string[] });

/**
 * Whole lists of verdicts are shared as well (every feasible node has the same list of passes; the
 * nodes a DaemonSet pod is not for all have the same refusal): a record over 5,000 nodes holds one
 * small object per node. Each shared verdict gets a number; a list is found by its numbers.
 */
const VERDICT_IDS = new Map<FilterVerdict, number>();
const VERDICT_LISTS = new Map<string, FilterVerdict[]>();
function verdictList(list: FilterVerdict[]): FilterVerdict[] {
  let key = '';
  for (const v of list) {
    let id = VERDICT_IDS.get(v);
    if (id === undefined) {
      if (VERDICT_IDS.size >= 20_000) return list; // bounded: past it, lists are kept as they are
      VERDICT_IDS.set(v, (id = VERDICT_IDS.size));
    }
    key += `${id},`;
  }
  let shared = VERDICT_LISTS.get(key);
  if (!shared) {
    shared = Object.freeze(list) as unknown as FilterVerdict[];
    if (VERDICT_LISTS.size < 10_000) VERDICT_LISTS.set(key, shared);
  }
  return shared;
}

/** Filter one node; its verdicts go to the record's column. */
function runFilters(ctx: CycleContext, plugins: readonly Plugin[], node: NodeInfo, record: SchedulingCycleRecord, skipped: ReadonlySet<string>): Status {
  const verdicts: FilterVerdict[] = [];
  let status = FEASIBLE;
  for (const p of plugins) {
    if (!p.filter || skipped.has(p.name)) continue;
    const s = p.filter(ctx, node);
    if (isSuccess(s)) {
      verdicts.push(passed(p.name));
      continue;
    }
    verdicts.push(failed(p.name, s));
    status = { ...s, plugin: p.name };
    break;
  }
  record.nodeNames.push(node.name);
  const filters = verdictList(verdicts);
  const last = record.filterRuns[record.filterRuns.length - 1];
  if (last?.filters === filters) last.nodes++;
  else record.filterRuns.push({ filters, nodes: 1 });
  return status;
}

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
  const ctx: CycleContext = { pod, nodes, havePodsWithRequiredAntiAffinity, state: {}, volumes: input.volumes };
  const record: SchedulingCycleRecord = { cycle, pod: pod.key, time, nodeNames: [], filterRuns: [], numAllNodes: nodes.length, numFeasibleToFind: numFeasibleNodesToFind(nodes.length) };
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
  if (narrowedTo) record.narrowed = { plugins: narrowedBy, nodes: candidates.length };
  const numFeasibleToFind = numFeasibleNodesToFind(candidates.length);
  record.numFeasibleToFind = numFeasibleToFind;
  const feasible: NodeInfo[] = [];
  let processed = 0;
  for (let i = 0; i < candidates.length && feasible.length < numFeasibleToFind; i++) {
    const node = candidates[(input.startIndex + i) % candidates.length]!;
    processed++;
    const s = runFilters(ctx, plugins, node, record, skipped);
    if (isSuccess(s)) feasible.push(node);
    else statuses.set(node.name, s);
  }
  // The round robin moves on by the nodes looked at, over all of the snapshot's nodes.
  const nextStartNodeIndex = nodes.length ? (input.startIndex + processed) % nodes.length : 0;
  if (feasible.length === 0) return fail(ctx, plugins, record, statuses, nextStartNodeIndex);
  // With one feasible node there is nothing to compare: the real scheduler skips scoring.
  if (feasible.length === 1) {
    record.chosen = feasible[0]!.name;
    return { record, chosen: record.chosen, nextStartNodeIndex };
  }
  const totals = prioritizeNodes(ctx, plugins, feasible, record);
  record.chosen = selectHost(totals, input.rand);
  return { record, chosen: record.chosen, nextStartNodeIndex };
}

function fail(ctx: CycleContext, plugins: readonly Plugin[], record: SchedulingCycleRecord, statuses: Map<string, Status>, next: number, preFilterMsg?: string): CycleResult {
  const post = plugins.map((p) => p.postFilter?.(ctx, statuses)).filter((s): s is Status => s !== undefined);
  const postFilterMsg = post.flatMap((s) => s.reasons).join(', ');
  record.message = fitErrorMessage(ctx.nodes.length, statuses, { preFilterMsg, postFilterMsg });
  return { record, fitError: record.message, nextStartNodeIndex: next };
}

/** Score every feasible node with every plugin; `feasible[i]`'s scores are row i of the record's columns. */
function prioritizeNodes(ctx: CycleContext, plugins: readonly Plugin[], feasible: NodeInfo[], record: SchedulingCycleRecord): NodeScore[] {
  const n = feasible.length;
  const totals: NodeScore[] = new Array<NodeScore>(n);
  for (let i = 0; i < n; i++) totals[i] = { name: feasible[i]!.name, score: 0 };
  const scored: ScoreColumn[] = [];
  const raw: number[] = new Array<number>(n);
  const normalized: number[] = new Array<number>(n);
  for (const p of plugins) {
    if (!p.score) continue;
    const pre = p.preScore?.(ctx, feasible);
    if (pre?.code === 'Skip') continue;
    const scores: NodeScore[] = new Array<NodeScore>(n);
    for (let i = 0; i < n; i++) {
      const score = p.score(ctx, feasible[i]!);
      raw[i] = score;
      scores[i] = { name: feasible[i]!.name, score };
    }
    p.normalizeScore?.(ctx, scores);
    const weight = p.weight ?? 1;
    for (let i = 0; i < n; i++) {
      normalized[i] = scores[i]!.score;
      totals[i]!.score += normalized[i]! * weight;
    }
    scored.push({ plugin: p.name, weight, raw: packScores(raw), normalized: packScores(normalized) });
  }
  record.scored = scored;
  return totals;
}

/** A column of scores as one number when every row has it, else as packPoints keeps them. */
export function packScores(values: readonly number[]): ScoreValues {
  const first = values[0]!;
  if (values.every((v) => Object.is(v, first))) return first;
  return packPoints(values);
}

/**
 * The smallest typed array that holds the scores exactly: 2 bytes a number when they fit (node
 * scores are 0-100, raw ones mostly small counts), 4 for other whole numbers, 8 otherwise. A plain
 * array of them took 8 bytes a number (V8 stores a list with one fraction as doubles).
 */
export function packPoints(points: readonly number[]): ScorePoints {
  let whole = true;
  let short = true;
  for (const x of points) {
    if (!Number.isInteger(x) || Object.is(x, -0) || x < -0x80000000 || x > 0x7fffffff) {
      whole = false;
      break;
    }
    if (x < -0x8000 || x > 0x7fff) short = false;
  }
  if (!whole) return Float64Array.from(points);
  return short ? Int16Array.from(points) : Int32Array.from(points);
}

/** The record's nodes, one NodeRecord each: feasible when every filter passed, scored in filter order. */
export function cycleNodes(r: SchedulingCycleRecord): NodeRecord[] {
  const out: NodeRecord[] = [];
  let row = 0;
  let run = 0;
  let left = r.filterRuns[0]?.nodes ?? 0;
  r.nodeNames.forEach((node) => {
    while (left === 0 && run + 1 < r.filterRuns.length) left = r.filterRuns[++run]!.nodes;
    left--;
    const filters = r.filterRuns[run]!.filters;
    const feasible = filters.every((f) => f.code === 'Success');
    const rec: NodeRecord = { node, filters, feasible };
    if (feasible && r.scored) {
      rec.row = row++;
      let total = 0;
      for (const c of r.scored) total += scoreAt(c.normalized, rec.row) * c.weight;
      rec.total = total;
    }
    out.push(rec);
  });
  return out;
}

/** A node's scores in a cycle, one entry per plugin that scored (none for a node not scored). */
export function nodeScores(r: SchedulingCycleRecord, n: NodeRecord): ScoreEntry[] {
  const row = n.row;
  if (row === undefined || !r.scored) return [];
  return r.scored.map(({ plugin, weight, raw, normalized }) => {
    const norm = scoreAt(normalized, row);
    return { plugin, raw: scoreAt(raw, row), normalized: norm, weight, weighted: norm * weight };
  });
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
