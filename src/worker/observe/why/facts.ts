// What the "why" callouts read of the simulation: the stored objects (etcd's truth, as the graph
// shows them), which processes run, and the leading kube-controller-manager's own bookkeeping.
// Read-only: nothing here sends, sets timers or draws from the PRNG.

import type { SilentReason } from '../../../protocol/why';
import type { Node, Pod } from '../../../sim/api/types';
import type { KubeControllerManagerState } from '../../../sim/controllers/kube-controller-manager';
import { prefixRangeEnd } from '../../../sim/etcd/keys';
import { currentKv, type MvccStore } from '../../../sim/etcd/mvcc/kvstore';
import { forEachInRange } from '../../../sim/etcd/mvcc/sorted-keys';
import { isPartitioned } from '../../../sim/kernel/network';
import type { ProcessState, Simulation } from '../../../sim/kernel/simulation';
import { APISERVER, kubeletId } from '../../../sim/names';

const PODS_PREFIX = '/registry/pods/';
const NODES_PREFIX = '/registry/minions/';

/** The simulation and the store the graph shows (the etcd member that applied the most). */
export interface WhyInput {
  sim: Simulation;
  store: MvccStore | undefined;
}

function values<T>(store: MvccStore | undefined, prefix: string, visit: (v: T) => void): void {
  if (!store) return;
  forEachInRange(store.live, prefix, prefixRangeEnd(prefix), (key) => {
    const kv = currentKv(store, key);
    if (kv && kv.value && typeof kv.value === 'object') visit(kv.value as T);
    return true;
  });
}

export function storedPods(store: MvccStore | undefined, visit: (pod: Pod) => void): void {
  values<Pod>(store, PODS_PREFIX, visit);
}

export function storedNodes(store: MvccStore | undefined): Node[] {
  const out: Node[] = [];
  values<Node>(store, NODES_PREFIX, (n) => out.push(n));
  return out;
}

/** The graph's id of a stored pod (worker/observe/objects.ts objectIdOfKey). */
export const podObjectId = (pod: Pod): string => `pods/${pod.metadata.namespace ?? 'default'}/${pod.metadata.name ?? ''}`;

export function hostUp(sim: Simulation, host: string): boolean {
  return sim.world.net.hosts.get(host)?.up ?? false;
}

/** A process that runs now: started, and on a host that is powered on. */
export function running(sim: Simulation, p: ProcessState | undefined): p is ProcessState {
  return !!p && p.alive && hostUp(sim, p.host);
}

export function processesOfKind(sim: Simulation, kind: string): ProcessState[] {
  const out: ProcessState[] = [];
  for (const p of sim.world.processes.values()) if (p.kind === kind) out.push(p);
  return out;
}

/**
 * Why a node's kubelet no longer reaches the apiserver, or undefined when it does: its host is off,
 * the kubelet process is stopped, or the network between the node and the apiserver is cut.
 */
export function silentReason(sim: Simulation, node: string): SilentReason | undefined {
  const kubelet = sim.world.processes.get(kubeletId(node));
  if (!kubelet) return undefined;
  if (!hostUp(sim, kubelet.host)) return 'host-down';
  if (!kubelet.alive) return 'kubelet-down';
  const api = sim.world.processes.get(APISERVER);
  if (api && isPartitioned(sim.world.net, kubelet.host, api.host)) return 'cut';
  return undefined;
}

/** Every node whose kubelet is silent, and why: a cheap walk over the kubelet processes, no objects. */
export function silentNodes(sim: Simulation): Map<string, SilentReason> {
  const out = new Map<string, SilentReason>();
  for (const p of processesOfKind(sim, 'kubelet')) {
    const node = p.id.slice('kubelet/'.length);
    const reason = silentReason(sim, node);
    if (reason) out.set(node, reason);
  }
  return out;
}

/** The kube-controller-manager whose node lifecycle controller runs (the leader, with HA). */
export function leadingControllerManager(sim: Simulation): KubeControllerManagerState | undefined {
  for (const p of processesOfKind(sim, 'kube-controller-manager')) {
    if (!running(sim, p)) continue;
    const s = p.state as KubeControllerManagerState | undefined;
    if (s?.nodeLifecycle.monitorStarted) return s;
  }
  return undefined;
}
