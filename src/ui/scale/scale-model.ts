// The scale view's picture of a big cluster (issue 14): one tile per worker node, coloured by the
// node's Ready condition, its pods as counts by how they look (the graph's own pod-status.ts
// words), and the pods that fail and the nodes that are not Ready listed one by one, so an
// aggregate never hides a problem. Pure: made from what the sim store holds, nothing else.

import type { HostView, ObjectView } from '../../protocol/view';
import { type PodLook, nodeDisplay, podDisplay } from '../graph/pod-status';

/** The Ready condition of a node: `True`, `False`, or `Unknown` (also when none was reported yet). */
export type NodeCondition = 'Ready' | 'NotReady' | 'Unknown';

/** How pods are counted on a tile: the graph's looks, folded into the few a tile can show. */
export type PodBucket = 'running' | 'pending' | 'creating' | 'not-ready' | 'failing' | 'terminating' | 'completed';
export const POD_BUCKETS: readonly PodBucket[] = ['running', 'creating', 'pending', 'not-ready', 'failing', 'terminating', 'completed'];

/** A pod that must stay visible on its own: failing, errored or not ready. */
export interface ProblemPod {
  id: string;
  name: string;
  namespace: string;
  /** kubectl's STATUS. */
  status: string;
  ready: string;
  node: string | undefined;
}

export interface NodeTile {
  /** The node's name (= its host's name). */
  name: string;
  /** The Node object's id (`nodes//worker-1`), when the kubelet has registered it. */
  nodeId: string | undefined;
  condition: NodeCondition;
  /** kubectl's STATUS for the node (`Ready,SchedulingDisabled`), or `Unknown` before registration. */
  status: string;
  /** Whether the machine is up (a host that is down is drawn crossed, whatever its Node says). */
  hostUp: boolean;
  counts: Record<PodBucket, number>;
  pods: number;
  /** Its failing and not-ready pods, by name. */
  problems: ProblemPod[];
}

export interface ScaleModel {
  tiles: NodeTile[];
  /** Tiles whose node is not Ready (or whose host is down). */
  notReady: NodeTile[];
  /** Every failing or not-ready pod in the cluster, scheduled or not. */
  problemPods: ProblemPod[];
  /** Pods not bound to any node yet. */
  unscheduled: number;
  totals: Record<PodBucket, number>;
  pods: number;
}

export function bucketOf(look: PodLook): PodBucket {
  switch (look) {
    case 'running':
    case 'pending':
    case 'creating':
    case 'not-ready':
    case 'failing':
    case 'terminating':
    case 'completed':
      return look;
    case 'error':
      return 'failing';
    default:
      return 'pending';
  }
}

const emptyCounts = (): Record<PodBucket, number> => ({ running: 0, pending: 0, creating: 0, 'not-ready': 0, failing: 0, terminating: 0, completed: 0 });

function conditionOf(node: ObjectView | undefined): { condition: NodeCondition; status: string } {
  if (!node) return { condition: 'Unknown', status: 'Unknown' };
  const d = nodeDisplay(node);
  const condition: NodeCondition = d.readyCondition === 'True' ? 'Ready' : d.readyCondition === 'False' ? 'NotReady' : 'Unknown';
  return { condition, status: d.status };
}

/** Numeric-aware name order, so worker-2 comes before worker-10. */
const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * The scale model of the cluster: a tile for every worker host and every Node object without a
 * host (in name order), its pods counted by look, and the problems listed individually.
 */
export function scaleModel(hosts: Record<string, HostView>, objects: Record<string, ObjectView>): ScaleModel {
  const tiles = new Map<string, NodeTile>();
  const nodes = new Map<string, ObjectView>();
  const pods: ObjectView[] = [];
  for (const o of Object.values(objects)) {
    if (o.kind === 'Pod') pods.push(o);
    else if (o.kind === 'Node') nodes.set(o.name, o);
  }
  const names = Object.values(hosts)
    .filter((h) => h.role === 'worker')
    .map((h) => h.id);
  for (const n of nodes.keys()) if (!hosts[n]) names.push(n);
  names.sort(byName);
  for (const name of names) {
    const node = nodes.get(name);
    tiles.set(name, { name, nodeId: node?.id, ...conditionOf(node), hostUp: hosts[name]?.up ?? true, counts: emptyCounts(), pods: 0, problems: [] });
  }
  const totals = emptyCounts();
  const problemPods: ProblemPod[] = [];
  let unscheduled = 0;
  for (const p of pods) {
    const d = podDisplay(p);
    const bucket = bucketOf(d.look);
    const nodeName = (p.object.spec as { nodeName?: string } | undefined)?.nodeName || undefined;
    totals[bucket]++;
    const tile = nodeName ? tiles.get(nodeName) : undefined;
    if (tile) {
      tile.counts[bucket]++;
      tile.pods++;
    } else if (!nodeName) unscheduled++;
    if (bucket === 'failing' || bucket === 'not-ready') {
      const problem: ProblemPod = { id: p.id, name: p.name, namespace: p.namespace, status: d.status, ready: d.ready, node: nodeName };
      problemPods.push(problem);
      tile?.problems.push(problem);
    }
  }
  const list = [...tiles.values()];
  return {
    tiles: list,
    notReady: list.filter((t) => t.condition !== 'Ready' || !t.hostUp),
    problemPods,
    unscheduled,
    totals,
    pods: pods.length,
  };
}

/** Whether a tile must be drawn as a problem (never blended into its neighbours). */
export function tileInTrouble(t: NodeTile): boolean {
  return t.condition !== 'Ready' || !t.hostUp || t.problems.length > 0;
}
