// Read-only access to a running cluster for the chaos invariants: etcd's stored objects (the source
// of truth), the etcd members' Raft data, and the components' own state. Nothing here sends a
// message or changes a process: an invariant looks, it never touches.

import type { KubeObject } from '../api/types';
import { parseKey } from '../apiserver/registry/keys';
import type { ApiserverState } from '../apiserver/state';
import type { InformerState } from '../client/informer';
import type { InformerSet } from '../client/informer-set';
import type { EtcdDataDir, EtcdMemberState } from '../etcd/member-core';
import { forEachInRange } from '../etcd/mvcc/sorted-keys';
import { currentKv, type MvccStore } from '../etcd/mvcc/kvstore';
import type { ProcessState, Simulation } from '../kernel/simulation';
import type { ContainerdState } from '../node/runtime/state';

export function processesOfKind(sim: Simulation, kind: string): ProcessState[] {
  return [...sim.world.processes.values()].filter((p) => p.kind === kind);
}

/** An etcd member's data dir: what it persisted (alive or not, the data dir is the same object). */
export function dataDirOf(p: ProcessState): EtcdDataDir | undefined {
  const live = p.state as EtcdMemberState | undefined;
  return live?.dataDir ?? (p.persisted as EtcdDataDir | undefined);
}

/** The store of the member that has applied the most: the cluster's view once it has settled. */
export function freshestStore(sim: Simulation): MvccStore | undefined {
  let best: MvccStore | undefined;
  for (const p of processesOfKind(sim, 'etcd')) {
    const store = (p.state as EtcdMemberState | undefined)?.store ?? dataDirOf(p)?.store;
    if (store && (!best || store.revision > best.revision)) best = store;
  }
  return best;
}

/** Every object stored under /registry/, by resource, then by `namespace/name`. */
export function storedObjects(store: MvccStore): Map<string, Map<string, KubeObject>> {
  const out = new Map<string, Map<string, KubeObject>>();
  forEachInRange(store.live, '/registry/', '/registry0', (key) => {
    const k = parseKey(key);
    const kv = currentKv(store, key);
    if (!k || !kv) return true;
    let m = out.get(k.info.resource);
    if (!m) out.set(k.info.resource, (m = new Map()));
    m.set(k.cacheKey, { ...(kv.value as unknown as KubeObject), metadata: { ...(kv.value as unknown as KubeObject).metadata, resourceVersion: String(kv.modRevision) } });
    return true;
  });
  return out;
}

export function containerdStates(sim: Simulation): { node: string; state: ContainerdState }[] {
  const out: { node: string; state: ContainerdState }[] = [];
  for (const p of processesOfKind(sim, 'containerd')) {
    const st = (p.state as ContainerdState | undefined) ?? (p.persisted as ContainerdState | undefined);
    if (st?.sandboxes) out.push({ node: p.host, state: st });
  }
  return out;
}

export function apiserverState(sim: Simulation): ApiserverState | undefined {
  const p = sim.process('kube-apiserver');
  return p?.alive ? (p.state as ApiserverState) : undefined;
}

/** Every running component's informers: `kubelet/worker-1 pods` and its state. */
export function runningInformers(sim: Simulation): { owner: string; informer: InformerState }[] {
  const out: { owner: string; informer: InformerState }[] = [];
  for (const p of sim.world.processes.values()) {
    if (!p.alive) continue;
    const set = (p.state as { informers?: InformerSet } | undefined)?.informers;
    if (!set?.byName || !set.names) continue;
    for (const n of set.names) out.push({ owner: p.id, informer: set.byName[n]! });
  }
  return out;
}
