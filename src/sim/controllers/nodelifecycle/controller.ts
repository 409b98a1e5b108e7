// The node lifecycle controller of kube-controller-manager (pkg/controller/nodelifecycle). Its node
// work queue (nodeUpdateQueue) syncs one node at a time: the NoSchedule taints that mirror the
// node's conditions and spec.unschedulable (doNoScheduleTaintingPass) and the not-ready/unreachable
// NoExecute taint that monitorNodeHealth decided on (doNoExecuteTaintingPass), in one update.
// monitorNodeHealth itself (monitor.ts) runs every --node-monitor-period.

import type { Node } from '../../api/types';
import { setOwn } from '../../api/own-keys';
import type { Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';
import type { NodeHealth } from './health';
import { applyTaintChange, noExecuteTaintChange, noScheduleTaintChange, type NoExecuteDecision, type TaintChange } from './taints';

export const NODE_LIFECYCLE_CONTROLLER = 'node-lifecycle-controller';
/** The service account the controller acts as (and whose ClusterRole system:controller:node-controller grants it). */
export const NODE_CONTROLLER_SA = 'node-controller';
/** source.component of its events. */
export const NODE_CONTROLLER_COMPONENT = 'node-controller';
export const MONITOR_TIMER = 'node-lifecycle.monitorNodeHealth';

export type ZoneState = 'Normal' | 'PartialDisruption' | 'FullDisruption';

export interface NodeLifecycleState {
  rt: ControllerRuntime;
  health: Map<string, NodeHealth>;
  /** The NoExecute taint monitorNodeHealth decided each node should carry. */
  noExecute: Map<string, NoExecuteDecision>;
  /** knownNodeSet: nodes the controller has registered (RegisteredNode event). */
  known: Set<string>;
  /** Zone key -> state after the last pass (handleDisruption). */
  zoneStates: Map<string, ZoneState>;
  monitorStarted: boolean;
}

export function createNodeLifecycle(): NodeLifecycleState {
  return { rt: createRuntime(NODE_LIFECYCLE_CONTROLLER), health: new Map(), noExecute: new Map(), known: new Set(), zoneStates: new Map(), monitorStarted: false };
}

/** Node informer handler (AddFunc/UpdateFunc): enqueue the node's name, nothing more. */
export function onNodeDelta(s: NodeLifecycleState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED') return;
  queueAdd(s.rt.queue, d.object.metadata.name ?? '');
  armWorker(s.rt, env.ctx);
}

/** Start the periodic monitorNodeHealth once the caches have synced (wait.Until runs it at once). */
export function startMonitor(s: NodeLifecycleState, env: ControllerEnv): void {
  if (s.monitorStarted) return;
  s.monitorStarted = true;
  env.ctx.setTimer(0, MONITOR_TIMER);
}

function describeChange(changes: TaintChange[]): string {
  const f = (t: { key: string; effect: string }) => `${t.key}:${t.effect}`;
  const add = changes.flatMap((c) => c.add).map(f);
  const del = changes.flatMap((c) => c.remove).map(f);
  return [add.length ? `add taint ${add.join(', ')}` : '', del.length ? `remove taint ${del.join(', ')}` : ''].filter(Boolean).join('; ');
}

/**
 * The node's spec with its taints replaced (left out when none remain), fields in their order. Built
 * without `delete`: a spec whose only field was `taints` would otherwise become a dictionary-mode
 * object in V8, and every Filter that reads the node's spec (NodeUnschedulable, TaintToleration)
 * then paid a slow lookup per node and cycle (issue 14's scheduler-5000 profile: 14 %).
 */
export function specWithTaints(spec: Node['spec'], taints: NonNullable<Node['spec']>['taints'] & unknown[]): Node['spec'] {
  const out: Record<string, unknown> = {};
  const from = (spec ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(from)) {
    if (k !== 'taints') setOwn(out, k, from[k]);
    else if (taints.length) out.taints = taints;
  }
  if (taints.length && !('taints' in from)) out.taints = taints;
  return out as Node['spec'];
}

/** The node work queue's sync: bring the controller's taints in line, with one PUT (409 -> retried). */
export function syncNode(s: NodeLifecycleState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const node = env.informers.byName.nodes.items.get(sc.key) as Node | undefined;
  if (!node) return 'ok';
  const changes = [noScheduleTaintChange(node), noExecuteTaintChange(node, s.noExecute.get(sc.key))];
  const taints = applyTaintChange(node, changes, env.ctx.now);
  if (!taints) return 'ok';
  const spec = specWithTaints(node.spec, taints);
  const name = node.metadata.name ?? '';
  syncWrite(
    sc,
    { method: 'PUT', path: `/api/v1/nodes/${name}`, body: { ...node, spec } },
    { phase: 'controller', summary: `PUT /api/v1/nodes/${name} (${describeChange(changes)})`, object: { kind: 'Node', name } },
  );
  return 'ok';
}
