// monitorNodeHealth (node_lifecycle_controller.go), run every --node-monitor-period: register new
// nodes, check each node's health (health.ts) and write Unknown conditions for nodes that stopped
// reporting, record NodeNotReady and mark their pods not Ready (MarkPodsNotReady), decide each
// node's NoExecute taint (processTaintBaseEviction) and the zones' disruption state.

import type { Condition, Lease, Node, Pod } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { apiRequest } from '../../client/apiclient';
import { armWorker } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent, type EventRecorder } from '../framework/events';
import { podsOnNode } from '../framework/informers';
import { queueAdd } from '../framework/workqueue';
import { NODE_CONTROLLER_COMPONENT, type NodeLifecycleState, type ZoneState } from './controller';
import { computeZoneState, zoneKey, zoneMayTaint } from './disruption';
import { tryUpdateNodeHealth } from './health';
import { NOT_READY_NO_EXECUTE, taintExists, UNREACHABLE_NO_EXECUTE, type NoExecuteDecision } from './taints';

function recorder(env: ControllerEnv): EventRecorder {
  return { component: NODE_CONTROLLER_COMPONENT, credentials: env.credentials, phase: 'controller' };
}

function nodeRef(node: Node) {
  return { kind: 'Node', name: node.metadata.name, uid: node.metadata.uid, apiVersion: 'v1' };
}

/** RecordNodeEvent: `Node worker-1 event: Registered Node worker-1 in Controller`. */
function recordNodeEvent(env: ControllerEnv, node: Node, reason: string, event: string): void {
  recordEvent(env.ctx, env.client, recorder(env), env.events, nodeRef(node), 'Normal', reason, `Node ${node.metadata.name} event: ${event}`);
}

/** RecordNodeStatusChange: `Node worker-1 status is now: NodeNotReady`. */
function recordNodeStatusChange(env: ControllerEnv, node: Node, newStatus: string): void {
  recordEvent(env.ctx, env.client, recorder(env), env.events, nodeRef(node), 'Normal', newStatus, `Node ${node.metadata.name} status is now: ${newStatus}`);
}

function updateNodeStatus(env: ControllerEnv, node: Node): void {
  const name = node.metadata.name ?? '';
  // Not a sync of the work queue: a failed update is simply tried again at the next pass.
  apiRequest(env.ctx, env.client, { method: 'PUT', path: `/api/v1/nodes/${name}/status`, body: node, credentials: env.credentials }, 'node-lifecycle:status', name, {
    phase: 'controller',
    summary: `PUT /api/v1/nodes/${name}/status (Ready=Unknown: NodeStatusUnknown)`,
    object: { kind: 'Node', name },
  });
}

/** MarkPodsNotReady: set the Ready condition of every pod on the node to False (once). */
export function markPodsNotReady(env: ControllerEnv, nodeName: string, pods: Pod[]): void {
  for (const pod of pods) {
    const conds = pod.status?.conditions ?? [];
    const i = conds.findIndex((c) => c.type === 'Ready');
    if (i < 0 || conds[i]!.status === 'False') continue;
    const ns = pod.metadata.namespace ?? 'default';
    const name = pod.metadata.name ?? '';
    const conditions = conds.map((c, j) => (j === i ? { ...c, status: 'False' as const, lastTransitionTime: rfc3339Now(env) } : c));
    const body: Pod = { ...pod, status: { ...pod.status, conditions } };
    apiRequest(env.ctx, env.client, { method: 'PUT', path: `/api/v1/namespaces/${ns}/pods/${name}/status`, body, credentials: env.credentials }, 'node-lifecycle:pod-status', `${ns}/${name}`, {
      phase: 'controller',
      summary: `PUT /api/v1/namespaces/${ns}/pods/${name}/status (Ready=False: node ${nodeName} not ready)`,
      object: { kind: 'Pod', name, namespace: ns },
    });
    const ref = { kind: 'Pod', namespace: ns, name, uid: pod.metadata.uid, apiVersion: 'v1', resourceVersion: pod.metadata.resourceVersion };
    recordEvent(env.ctx, env.client, recorder(env), env.events, ref, 'Warning', 'NodeNotReady', 'Node is not ready');
  }
}

function rfc3339Now(env: ControllerEnv): string {
  return rfc3339(env.ctx.now);
}

/**
 * processTaintBaseEviction: which NoExecute taint the node should carry given the Ready condition
 * seen at the start of this pass. A swap between not-ready and unreachable happens at once; a first
 * taint only if the zone's tainter may taint. undefined: leave the current decision.
 */
export function taintDecision(node: Node, observedReady: Condition, mayTaint: boolean): NoExecuteDecision | undefined {
  const taints = node.spec.taints ?? [];
  if (observedReady.status === 'True') return 'reachable';
  const [want, opposite]: [NoExecuteDecision, typeof NOT_READY_NO_EXECUTE] =
    observedReady.status === 'False' ? ['not-ready', UNREACHABLE_NO_EXECUTE] : ['unreachable', NOT_READY_NO_EXECUTE];
  if (taintExists(taints, opposite) || mayTaint) return want;
  return undefined;
}

export function monitorNodeHealth(s: NodeLifecycleState, env: ControllerEnv): void {
  const nodes = [...env.informers.byName.nodes.items.values()] as Node[];
  const seen = new Set<string>();
  const zoneReady = new Map<string, (Condition | undefined)[]>();
  const observed = new Map<string, Condition>();
  const allWereFullyDisrupted = s.zoneStates.size > 0 && [...s.zoneStates.values()].every((z) => z === 'FullDisruption');
  for (const node of nodes) {
    const name = node.metadata.name ?? '';
    seen.add(name);
    if (!s.known.has(name)) {
      s.known.add(name);
      recordNodeEvent(env, node, 'RegisteredNode', `Registered Node ${name} in Controller`);
    }
    const lease = env.informers.byName.leases.items.get(`kube-node-lease/${name}`) as Lease | undefined;
    const r = tryUpdateNodeHealth(s.health.get(name), node, lease, env.ctx.now, env.timings);
    s.health.set(name, r.health);
    if (r.updated) updateNodeStatus(env, r.updated);
    observed.set(name, r.observedReady);
    const zone = zoneKey(node);
    // Appended in place: copying the zone's list for every node made a pass quadratic in the
    // zone's size (5,000 nodes in one zone: 12.5 million copied entries every node-monitor-period).
    const inZone = zoneReady.get(zone);
    if (inZone) inZone.push(r.currentReady);
    else zoneReady.set(zone, [r.currentReady]);
    if (r.currentReady && r.currentReady.status !== 'True' && r.observedReady.status === 'True') {
      recordNodeStatusChange(env, node, 'NodeNotReady');
      markPodsNotReady(env, name, podsOnNode(env.informers, name));
    }
  }
  // A zone seen for the first time has no state yet: judge it by this pass rather than taint blindly.
  for (const [zone, ready] of zoneReady) if (!s.zoneStates.has(zone)) s.zoneStates.set(zone, computeZoneState(ready));
  if (!allWereFullyDisrupted) {
    for (const node of nodes) {
      const name = node.metadata.name ?? '';
      const zone = zoneKey(node);
      const mayTaint = zoneMayTaint(s.zoneStates.get(zone), zoneReady.get(zone)?.length ?? 0);
      setDecision(s, env, name, taintDecision(node, observed.get(name)!, mayTaint));
    }
  }
  for (const name of [...s.known]) {
    if (seen.has(name)) continue;
    s.known.delete(name);
    s.health.delete(name);
    s.noExecute.delete(name);
    recordNodeEvent(env, { apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {} }, 'RemovingNode', `Removing Node ${name} from Controller`);
  }
  handleDisruption(s, env, nodes, zoneReady, allWereFullyDisrupted);
  armWorker(s.rt, env.ctx);
}

function setDecision(s: NodeLifecycleState, env: ControllerEnv, name: string, decision: NoExecuteDecision | undefined): void {
  if (decision === undefined || s.noExecute.get(name) === decision) return;
  s.noExecute.set(name, decision);
  queueAdd(s.rt.queue, name);
}

/** handleDisruption: new zone states; entering or leaving "every zone fully disrupted" mode. */
function handleDisruption(s: NodeLifecycleState, env: ControllerEnv, nodes: Node[], zoneReady: Map<string, (Condition | undefined)[]>, allWere: boolean): void {
  const next = new Map<string, ZoneState>();
  for (const [zone, ready] of zoneReady) next.set(zone, computeZoneState(ready));
  const allAre = next.size > 0 && [...next.values()].every((z) => z === 'FullDisruption');
  if (allAre && !allWere) {
    env.ctx.log('Controller detected that all Nodes are not-Ready. Entering master disruption mode');
    // markAllNodesAsReachable: with every node down, the fault is not the nodes'; evict nothing.
    for (const n of nodes) setDecision(s, env, n.metadata.name ?? '', 'reachable');
  } else if (!allAre && allWere) {
    env.ctx.log('Controller detected that some Nodes are Ready. Exiting master disruption mode');
    // Give every node a fresh grace period, as the controller could not tell them apart meanwhile.
    for (const h of s.health.values()) {
      h.probeTimestamp = env.ctx.now;
      h.readyTransitionTimestamp = env.ctx.now;
    }
  }
  s.zoneStates = next;
}
