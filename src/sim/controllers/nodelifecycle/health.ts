// tryUpdateNodeHealth (node_lifecycle_controller.go): the controller does not trust the node's own
// timestamps; it remembers when IT last saw the node's Ready heartbeat or its Lease's renewTime
// change (probeTimestamp, on its own clock). When more than the grace period has passed since
// then, it sets the node's conditions to Unknown itself: "Kubelet stopped posting node status."

import { parseTime, rfc3339 } from '../../api/time';
import type { Condition, Lease, Node } from '../../api/types';

export interface NodeHealth {
  /** When the controller last saw the node alive (a new Ready heartbeat or a renewed lease). */
  probeTimestamp: number;
  readyTransitionTimestamp: number;
  /** The Ready condition as last seen: its heartbeat and transition times (undefined: the node had none). */
  savedReady?: { lastHeartbeatTime?: string; lastTransitionTime?: string };
  /** The renewTime of the lease as last seen. */
  savedLeaseRenewTime?: string;
}

/** The conditions the controller sets to Unknown; NetworkUnavailable is managed elsewhere. */
export const MONITORED_CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'];
export const NODE_STATUS_UNKNOWN_REASON = 'NodeStatusUnknown';
export const NODE_STATUS_UNKNOWN_MESSAGE = 'Kubelet stopped posting node status.';
export const NODE_STATUS_NEVER_UPDATED_REASON = 'NodeStatusNeverUpdated';
export const NODE_STATUS_NEVER_UPDATED_MESSAGE = 'Kubelet never posted node status.';

export interface HealthTimings {
  nodeMonitorGracePeriodMs: number;
  nodeStartupGracePeriodMs: number;
}

export interface HealthResult {
  health: NodeHealth;
  /** Ready as it was before this pass (a Unknown stand-in when the node never posted one). */
  observedReady: Condition;
  /** Ready after this pass. */
  currentReady?: Condition;
  /** The node with its conditions set to Unknown, when the controller must write its status. */
  updated?: Node;
}

function readyOf(node: Node): Condition | undefined {
  return (node.status?.conditions ?? []).find((c) => c.type === 'Ready');
}

function renewTimeMs(s: string | undefined): number {
  return s ? parseTime(s) : -Infinity;
}

/** The bookkeeping half: refresh probeTimestamp from what changed since the last pass. */
function refreshHealth(prev: NodeHealth | undefined, node: Node, current: Condition | undefined, now: number, creation: number): NodeHealth {
  if (!current) {
    // The node never posted a Ready condition: count from its creation (the startup grace period).
    return prev ? { ...prev, savedReady: undefined } : { probeTimestamp: creation, readyTransitionTimestamp: creation };
  }
  const fresh = (): NodeHealth => ({
    probeTimestamp: now,
    readyTransitionTimestamp: now,
    savedReady: { lastHeartbeatTime: current.lastHeartbeatTime, lastTransitionTime: current.lastTransitionTime },
    savedLeaseRenewTime: prev?.savedLeaseRenewTime,
  });
  // First sight of the node (e.g. after a controller restart), or of its Ready condition: assume now.
  if (!prev || !prev.savedReady) return fresh();
  if (prev.savedReady.lastHeartbeatTime === current.lastHeartbeatTime) return { ...prev };
  const transitioned = prev.savedReady.lastTransitionTime !== current.lastTransitionTime;
  return { ...fresh(), readyTransitionTimestamp: transitioned ? now : prev.readyTransitionTimestamp };
}

export function tryUpdateNodeHealth(prev: NodeHealth | undefined, node: Node, lease: Lease | undefined, now: number, t: HealthTimings): HealthResult {
  const creation = node.metadata.creationTimestamp ? parseTime(node.metadata.creationTimestamp) : now;
  const current = readyOf(node);
  const gracePeriod = current ? t.nodeMonitorGracePeriodMs : t.nodeStartupGracePeriodMs;
  const observedReady: Condition = current
    ? { ...current }
    : { type: 'Ready', status: 'Unknown', lastHeartbeatTime: node.metadata.creationTimestamp, lastTransitionTime: node.metadata.creationTimestamp };
  const health = refreshHealth(prev, node, current, now, creation);
  // Always count a renewed lease as a sign of life (the kubelet's heartbeat since NodeLease).
  const renew = lease?.spec.renewTime;
  if (renew && renewTimeMs(renew) > renewTimeMs(health.savedLeaseRenewTime)) {
    health.savedLeaseRenewTime = renew;
    health.probeTimestamp = now;
  }
  if (!(now > health.probeTimestamp + gracePeriod)) return { health, observedReady, currentReady: current };

  const conditions = [...(node.status?.conditions ?? [])].map((c) => ({ ...c }));
  for (const type of MONITORED_CONDITIONS) {
    const c = conditions.find((x) => x.type === type);
    if (!c) {
      conditions.push({
        type,
        status: 'Unknown',
        reason: NODE_STATUS_NEVER_UPDATED_REASON,
        message: NODE_STATUS_NEVER_UPDATED_MESSAGE,
        lastHeartbeatTime: node.metadata.creationTimestamp,
        lastTransitionTime: rfc3339(now),
      });
    } else if (c.status !== 'Unknown') {
      c.status = 'Unknown';
      c.reason = NODE_STATUS_UNKNOWN_REASON;
      c.message = NODE_STATUS_UNKNOWN_MESSAGE;
      c.lastTransitionTime = rfc3339(now);
    }
  }
  const currentReady = conditions.find((c) => c.type === 'Ready');
  if (sameCondition(currentReady, observedReady)) return { health, observedReady, currentReady };
  const updated: Node = { ...node, status: { ...node.status, conditions } };
  return { health: { ...health, readyTransitionTimestamp: now }, observedReady, currentReady, updated };
}

function sameCondition(a: Condition | undefined, b: Condition): boolean {
  if (!a) return false;
  return a.status === b.status && a.reason === b.reason && a.message === b.message && a.lastHeartbeatTime === b.lastHeartbeatTime && a.lastTransitionTime === b.lastTransitionTime;
}
