// The taints the node lifecycle controller owns (pkg/controller/nodelifecycle/
// node_lifecycle_controller.go): NoSchedule taints that mirror node conditions and
// spec.unschedulable (doNoScheduleTaintingPass, the TaintNodesByCondition feature), and the
// not-ready / unreachable NoExecute taints of taint-based eviction (doNoExecuteTaintingPass).
// The functions here are pure: node in, the node's new taint list out.

import { rfc3339 } from '../../api/time';
import type { Node, Taint } from '../../api/types';

// Well-known taint keys (k8s.io/api/core/v1 well_known_taints.go).
export const TAINT_NODE_NOT_READY = 'node.kubernetes.io/not-ready';
export const TAINT_NODE_UNREACHABLE = 'node.kubernetes.io/unreachable';
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';
export const TAINT_NODE_MEMORY_PRESSURE = 'node.kubernetes.io/memory-pressure';
export const TAINT_NODE_DISK_PRESSURE = 'node.kubernetes.io/disk-pressure';
export const TAINT_NODE_NETWORK_UNAVAILABLE = 'node.kubernetes.io/network-unavailable';
export const TAINT_NODE_PID_PRESSURE = 'node.kubernetes.io/pid-pressure';

/** nodeConditionToTaintKeyStatusMap: which condition status gives which NoSchedule taint. */
const CONDITION_TAINTS: Record<string, Partial<Record<'True' | 'False' | 'Unknown', string>>> = {
  Ready: { False: TAINT_NODE_NOT_READY, Unknown: TAINT_NODE_UNREACHABLE },
  MemoryPressure: { True: TAINT_NODE_MEMORY_PRESSURE },
  DiskPressure: { True: TAINT_NODE_DISK_PRESSURE },
  NetworkUnavailable: { True: TAINT_NODE_NETWORK_UNAVAILABLE },
  PIDPressure: { True: TAINT_NODE_PID_PRESSURE },
};

/** taintKeyToNodeConditionMap's keys plus the unschedulable taint: the NoSchedule taints this controller manages. */
const MANAGED_NO_SCHEDULE_KEYS = new Set([
  TAINT_NODE_NOT_READY,
  TAINT_NODE_UNREACHABLE,
  TAINT_NODE_MEMORY_PRESSURE,
  TAINT_NODE_DISK_PRESSURE,
  TAINT_NODE_NETWORK_UNAVAILABLE,
  TAINT_NODE_PID_PRESSURE,
  TAINT_NODE_UNSCHEDULABLE,
]);

/** What taint-based eviction wants on a node, as monitorNodeHealth last decided it. */
export type NoExecuteDecision = 'not-ready' | 'unreachable' | 'reachable';

/** MatchTaint: two taints are the same taint when key and effect agree (value and timeAdded aside). */
export function matchTaint(a: Taint, b: Taint): boolean {
  return a.key === b.key && a.effect === b.effect;
}

export function taintExists(taints: readonly Taint[], t: Taint): boolean {
  return taints.some((x) => matchTaint(x, t));
}

/** The NoSchedule taints a node's conditions and spec.unschedulable call for, in condition order. */
export function desiredNoScheduleTaints(node: Node): Taint[] {
  const out: Taint[] = [];
  for (const c of node.status?.conditions ?? []) {
    const key = CONDITION_TAINTS[c.type]?.[c.status];
    if (key) out.push({ key, effect: 'NoSchedule' });
  }
  if (node.spec.unschedulable) out.push({ key: TAINT_NODE_UNSCHEDULABLE, effect: 'NoSchedule' });
  return out;
}

/** The node's NoSchedule taints that this controller manages (the others are the user's). */
function managedNoScheduleTaints(node: Node): Taint[] {
  return (node.spec.taints ?? []).filter((t) => t.effect === 'NoSchedule' && MANAGED_NO_SCHEDULE_KEYS.has(t.key));
}

export interface TaintChange {
  add: Taint[];
  remove: Taint[];
}

/** doNoScheduleTaintingPass's TaintSetDiff: what to add and what to remove. */
export function noScheduleTaintChange(node: Node): TaintChange {
  const desired = desiredNoScheduleTaints(node);
  const current = managedNoScheduleTaints(node);
  return {
    add: desired.filter((t) => !taintExists(current, t)),
    remove: current.filter((t) => !taintExists(desired, t)),
  };
}

export const NOT_READY_NO_EXECUTE: Taint = { key: TAINT_NODE_NOT_READY, effect: 'NoExecute' };
export const UNREACHABLE_NO_EXECUTE: Taint = { key: TAINT_NODE_UNREACHABLE, effect: 'NoExecute' };

/**
 * The NoExecute swap for a decision: not-ready replaces unreachable and the other way round
 * (SwapNodeControllerTaint); reachable removes both (markNodeAsReachable). A taint already on the
 * node is left alone, so its timeAdded stays the moment it was first added.
 */
export function noExecuteTaintChange(node: Node, decision: NoExecuteDecision | undefined): TaintChange {
  const taints = node.spec.taints ?? [];
  const has = (t: Taint) => taints.filter((x) => matchTaint(x, t));
  if (decision === undefined) return { add: [], remove: [] };
  if (decision === 'reachable') return { add: [], remove: [...has(NOT_READY_NO_EXECUTE), ...has(UNREACHABLE_NO_EXECUTE)] };
  const [want, opposite] = decision === 'not-ready' ? [NOT_READY_NO_EXECUTE, UNREACHABLE_NO_EXECUTE] : [UNREACHABLE_NO_EXECUTE, NOT_READY_NO_EXECUTE];
  return { add: taintExists(taints, want) ? [] : [{ ...want }], remove: has(opposite) };
}

/**
 * Apply a change as SwapNodeControllerTaint does: every added taint gets timeAdded = now and goes
 * at the end (AddOrUpdateTaintOnNode), then the removed ones are filtered out (RemoveTaintOffNode).
 * Returns undefined when nothing changes.
 */
export function applyTaintChange(node: Node, changes: TaintChange[], now: number): Taint[] | undefined {
  const add = changes.flatMap((c) => c.add);
  const remove = changes.flatMap((c) => c.remove);
  if (add.length === 0 && remove.length === 0) return undefined;
  const kept = (node.spec.taints ?? []).filter((t) => !remove.some((r) => matchTaint(r, t)));
  return [...kept, ...add.map((t) => ({ ...t, timeAdded: rfc3339(now) }))];
}
