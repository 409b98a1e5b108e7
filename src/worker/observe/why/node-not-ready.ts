// Seed chapter 3: "kubelet down -> heartbeats stop -> after 40 s (default) the node is NotReady ->
// after 5 more minutes (eviction timeout) controllers move its pods". The numbers are the running
// controllers' own: the node lifecycle controller's probeTimestamp (when it last saw the node's
// Lease renewed or a new Ready heartbeat) plus --node-monitor-grace-period (40 s in v1.31), checked
// every --node-monitor-period (5 s); then the taint eviction controller's timers, set when it saw
// the node.kubernetes.io/unreachable:NoExecute taint, tolerationSeconds (300 s from the
// DefaultTolerationSeconds admission plugin) later. kubernetes.io/docs/concepts/architecture/nodes/
// and .../scheduling-eviction/taint-and-toleration/#taint-based-evictions.

import type { NodeNotReadyWhy, WhyCallout } from '../../../protocol/why';
import type { Node } from '../../../sim/api/types';
import type { KubeControllerManagerState } from '../../../sim/controllers/kube-controller-manager';
import { leadingControllerManager, silentNodes, storedNodes, type WhyInput } from './facts';

function readyStatus(node: Node): string | undefined {
  return (node.status?.conditions ?? []).find((c) => c.type === 'Ready')?.status;
}

/** The earliest eviction the taint eviction controller has scheduled for a pod on this node. */
function earliestEviction(kcm: KubeControllerManagerState, node: string): { evictAt?: number; tolerationSeconds?: number; pods: number } {
  let pods = 0;
  let best: { fireAt: number; createdAt: number } | undefined;
  for (const [key, ev] of kcm.taintEviction.scheduled) {
    const pod = kcm.informers.byName.pods.items.get(key) as { spec?: { nodeName?: string } } | undefined;
    if (pod?.spec?.nodeName !== node) continue;
    pods++;
    if (!best || ev.fireAt < best.fireAt) best = ev;
  }
  if (!best) return { pods };
  return { evictAt: best.fireAt, tolerationSeconds: Math.round((best.fireAt - best.createdAt) / 1000), pods };
}

function nodeFacts(input: WhyInput, node: Node, reason: NodeNotReadyWhy['reason']): NodeNotReadyWhy {
  const name = node.metadata.name ?? '';
  const kcm = leadingControllerManager(input.sim);
  const timings = (kcm?.config.timings ?? undefined) as KubeControllerManagerState['config']['timings'] | undefined;
  const facts: NodeNotReadyWhy = {
    kind: 'node-not-ready',
    node: name,
    reason,
    stage: 'no-controller',
    gracePeriodSeconds: (timings?.nodeMonitorGracePeriodMs ?? 0) / 1000,
    monitorPeriodSeconds: (timings?.nodeMonitorPeriodMs ?? 0) / 1000,
    podsToEvict: 0,
  };
  if (!kcm || !timings) return facts;
  const health = kcm.nodeLifecycle.health.get(name);
  if (health) {
    facts.lastSeenAt = health.probeTimestamp;
    facts.notReadyAt = health.probeTimestamp + timings.nodeMonitorGracePeriodMs;
  }
  if (readyStatus(node) === 'True') {
    facts.stage = 'grace';
    return facts;
  }
  facts.stage = 'not-ready';
  const ev = earliestEviction(kcm, name);
  facts.podsToEvict = ev.pods;
  if (ev.evictAt !== undefined) facts.evictAt = ev.evictAt;
  if (ev.tolerationSeconds !== undefined) facts.tolerationSeconds = ev.tolerationSeconds;
  return facts;
}

/** One callout per registered node whose kubelet cannot report (stopped, host off, cut off). */
export function nodeNotReadyCallouts(input: WhyInput): WhyCallout[] {
  const silent = silentNodes(input.sim);
  if (silent.size === 0) return [];
  const out: WhyCallout[] = [];
  for (const node of storedNodes(input.store)) {
    const name = node.metadata.name ?? '';
    const reason = silent.get(name);
    if (!reason) continue;
    out.push({ id: `node-not-ready:${name}`, target: { kind: 'host', id: name }, severity: 'warning', facts: nodeFacts(input, node, reason) });
  }
  return out;
}
