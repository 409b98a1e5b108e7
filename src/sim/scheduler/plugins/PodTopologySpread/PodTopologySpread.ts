// PodTopologySpread (plugins/podtopologyspread): Filter enforces DoNotSchedule constraints
// (skew = pods in this domain + 1 - the fewest in any domain, at most maxSkew); Score prefers
// domains with fewer matching pods for ScheduleAnyway constraints, or, when the pod has none, the
// cluster's default system constraints (zone maxSkew 5, hostname maxSkew 3), which apply to pods
// owned by a ReplicaSet, StatefulSet or ReplicationController.

import { labelSelectorMatches } from '../../../api/labels';
import type { LabelSelector, Pod, TopologySpreadConstraint } from '../../../api/types';
import { MAX_NODE_SCORE, PluginNames, skip, success, unresolvable, unschedulable, type CycleContext, type NodeInfo, type Plugin } from '../../framework/types';

export const ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints";
export const ErrReasonNodeLabelNotMatch = ErrReasonConstraintsNotMatch + ' (missing required label)';

const HOSTNAME = 'kubernetes.io/hostname';
const ZONE = 'topology.kubernetes.io/zone';

/** The system default constraints of v1.31 (config/v1 defaults: systemDefaultConstraints). */
export const SYSTEM_DEFAULT_CONSTRAINTS = [
  { topologyKey: HOSTNAME, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 3 },
  { topologyKey: ZONE, whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 5 },
] as const;

interface Constraint {
  topologyKey: string;
  maxSkew: number;
  matches: (p: Pod) => boolean;
  /** For constraints whose match depends only on the owner (the system defaults): a key to keep per-node counts under. */
  memoKey?: string;
}

/** countPodsMatchSelector: pods of the namespace, not being deleted, that the constraint selects. */
function countIn(pods: Pod[], c: Constraint, ns: string): number {
  let n = 0;
  for (const p of pods) if (!p.metadata.deletionTimestamp && (p.metadata.namespace ?? 'default') === ns && c.matches(p)) n++;
  return n;
}

/** A node's matching pods; counts by owner are kept on the NodeInfo, which the scheduler reuses until the node's pods change. */
function countOnNode(node: NodeInfo, c: Constraint, ns: string): number {
  if (!c.memoKey) return countIn(node.pods, c, ns);
  const known = node.derived?.get(c.memoKey);
  if (known !== undefined) return known;
  const n = countIn(node.pods, c, ns);
  (node.derived ??= new Map()).set(c.memoKey, n);
  return n;
}

function fromSpec(pod: Pod, whenUnsatisfiable: string): Constraint[] {
  return (pod.spec.topologySpreadConstraints ?? [])
    .filter((c: TopologySpreadConstraint) => c.whenUnsatisfiable === whenUnsatisfiable)
    .map((c) => ({ topologyKey: c.topologyKey, maxSkew: c.maxSkew, matches: (p: Pod) => labelSelectorMatches(c.labelSelector as LabelSelector, p.metadata.labels) }));
}

/** Default constraints select the pods of the same controller (approximating the owner's selector). */
function systemDefaults(pod: Pod): Constraint[] {
  const owner = (pod.metadata.ownerReferences ?? []).find((o) => o.controller && ['ReplicaSet', 'StatefulSet', 'ReplicationController'].includes(o.kind));
  if (!owner) return [];
  const matches = (p: Pod): boolean => (p.metadata.ownerReferences ?? []).some((o) => o.uid === owner.uid);
  const memoKey = `PodTopologySpread/owner/${pod.metadata.namespace ?? 'default'}/${owner.uid}`;
  return SYSTEM_DEFAULT_CONSTRAINTS.map((c) => ({ topologyKey: c.topologyKey, maxSkew: c.maxSkew, matches, memoKey }));
}

/** Matching pods per topology value, over the nodes that have the key. */
function domainCounts(nodes: NodeInfo[], c: Constraint, ns: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of nodes) {
    const v = n.node.metadata.labels?.[c.topologyKey];
    if (v === undefined) continue;
    counts.set(v, (counts.get(v) ?? 0) + countIn(n.pods, c, ns));
  }
  return counts;
}

interface FilterConstraint {
  constraint: Constraint;
  counts: Map<string, number>;
  /** The fewest matching pods in any domain (Infinity when no node has the key). */
  min: number;
}
const FILTER_KEY = 'PodTopologySpread.preFilter';

/**
 * The DoNotSchedule constraints with their domain counts, computed once per cycle on the first
 * Filter call and kept in the cycle state, as the real plugin's PreFilter computes
 * TpPairToMatchNum once (filtering.go calPreFilterState) instead of once per node.
 */
function filterState(ctx: CycleContext): FilterConstraint[] {
  let st = ctx.state[FILTER_KEY] as FilterConstraint[] | undefined;
  if (st) return st;
  const pod = ctx.pod.pod;
  const ns = pod.metadata.namespace ?? 'default';
  st = fromSpec(pod, 'DoNotSchedule').map((constraint) => {
    const counts = domainCounts(ctx.nodes, constraint, ns);
    return { constraint, counts, min: Math.min(...counts.values()) };
  });
  ctx.state[FILTER_KEY] = st;
  return st;
}

interface ScoreState {
  constraints: Constraint[];
  weights: number[];
  counts: Map<string, number>[];
  ignored: Set<string>;
}
const SCORE_KEY = 'PodTopologySpread.preScore';

export const PodTopologySpread: Plugin = {
  name: PluginNames.PodTopologySpread,
  weight: 2,
  filter(ctx, node) {
    const pod = ctx.pod.pod;
    for (const { constraint: c, counts, min } of filterState(ctx)) {
      const v = node.node.metadata.labels?.[c.topologyKey];
      if (v === undefined) return unresolvable(ErrReasonNodeLabelNotMatch);
      const self = c.matches(pod) ? 1 : 0;
      if ((counts.get(v) ?? 0) + self - min > c.maxSkew) return unschedulable(ErrReasonConstraintsNotMatch);
    }
    return success();
  },
  preScore(ctx, feasible) {
    const pod = ctx.pod.pod;
    const spec = pod.spec.topologySpreadConstraints ?? [];
    const constraints = spec.length ? fromSpec(pod, 'ScheduleAnyway') : systemDefaults(pod);
    if (constraints.length === 0) return skip();
    const ns = pod.metadata.namespace ?? 'default';
    // Only user constraints make a node without every topology key ineligible for the score.
    const ignored = new Set<string>();
    if (spec.length) for (const n of feasible) if (constraints.some((c) => n.node.metadata.labels?.[c.topologyKey] === undefined)) ignored.add(n.name);
    const weights = constraints.map((c) => {
      const size = c.topologyKey === HOSTNAME ? feasible.length : new Set(feasible.map((n) => n.node.metadata.labels?.[c.topologyKey]).filter((v) => v !== undefined)).size;
      return Math.log(size + 2);
    });
    // Per-node (hostname) counts are made in Score for the node scored (scoring.go PreScore skips
    // kubernetes.io/hostname), so only the wider domains are counted here.
    const counts = constraints.map((c) => (c.topologyKey === HOSTNAME ? new Map<string, number>() : domainCounts(ctx.nodes, c, ns)));
    const st: ScoreState = { constraints, weights, counts, ignored };
    ctx.state[SCORE_KEY] = st;
    return success();
  },
  score(ctx, node) {
    const st = ctx.state[SCORE_KEY] as ScoreState | undefined;
    if (!st || st.ignored.has(node.name)) return 0;
    const ns = ctx.pod.pod.metadata.namespace ?? 'default';
    let score = 0;
    st.constraints.forEach((c, i) => {
      const v = node.node.metadata.labels?.[c.topologyKey];
      if (v === undefined) return;
      const cnt = c.topologyKey === HOSTNAME ? countOnNode(node, c, ns) : st.counts[i]!.get(v) ?? 0;
      score += cnt * st.weights[i]! + (c.maxSkew - 1);
    });
    return Math.round(score);
  },
  normalizeScore(ctx, scores) {
    const st = ctx.state[SCORE_KEY] as ScoreState | undefined;
    const ignored = st?.ignored ?? new Set<string>();
    let min = Infinity;
    let max = 0;
    for (const s of scores) {
      if (ignored.has(s.name)) continue;
      min = Math.min(min, s.score);
      max = Math.max(max, s.score);
    }
    for (const s of scores) {
      if (ignored.has(s.name)) s.score = 0;
      else if (max === 0) s.score = MAX_NODE_SCORE;
      else s.score = Math.trunc((MAX_NODE_SCORE * (max + min - s.score)) / max);
    }
  },
};

export type { CycleContext };
