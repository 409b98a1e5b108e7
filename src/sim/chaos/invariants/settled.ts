// What must hold of a cluster that was healed, restarted and left alone long enough: the desired
// state of every Deployment, ReplicaSet, StatefulSet and DaemonSet is reached (capacity
// permitting: the chaos workloads ask for no resources, so every node fits them), nothing runs
// that etcd does not know of, and every cache agrees with etcd.

import { objectKey } from '../../client/informer';
import type { EtcdWatchBody } from '../../etcd/protocol';
import { RESOURCES } from '../../api/resources';
import type { WatchEventBody } from '../../api/http';
import { parseKey } from '../../apiserver/registry/keys';
import { matchesFields, parseFieldSelector } from '../../api/fields';
import { parseSelector, selectorMatches, tolerationsTolerateTaint } from '../../api/labels';
import type { KubeObject, Node, Pod, Toleration } from '../../api/types';
import type { Simulation } from '../../kernel/simulation';
import { apiserverState, containerdStates, freshestStore, runningInformers, storedObjects } from '../observe';

export interface Violation {
  invariant: string;
  detail: string;
}

type Objects = Map<string, Map<string, KubeObject>>;

function list(objs: Objects, resource: string): KubeObject[] {
  return [...(objs.get(resource)?.values() ?? [])];
}

function num(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/**
 * Nodes a DaemonSet's pods can run on: Ready, schedulable, and with no NoSchedule/NoExecute taint
 * its pod template does not tolerate (kubeadm's kube-proxy tolerates every taint, so it runs on the
 * control plane too).
 */
function daemonNodes(objs: Objects, ds: KubeObject): number {
  const tolerations = (ds.spec as { template?: { spec?: { tolerations?: Toleration[] } } } | undefined)?.template?.spec?.tolerations;
  return list(objs, 'nodes').filter((n) => {
    const node = n as Node;
    const ready = node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
    const blocking = (node.spec?.taints ?? []).some((t) => t.effect !== 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t));
    return ready && !blocking && !node.spec?.unschedulable;
  }).length;
}

function workloads(objs: Objects, out: Violation[]): void {
  for (const d of list(objs, 'deployments')) {
    if (d.metadata.deletionTimestamp) continue;
    const want = num((d.spec as { replicas?: number }).replicas ?? 1);
    const st = (d.status ?? {}) as Record<string, unknown>;
    if (num(st.availableReplicas) !== want || num(st.updatedReplicas) !== want || num(st.replicas) !== want) {
      out.push({ invariant: 'deployment available', detail: `deployment ${objectKey(d)} wants ${want}: replicas=${num(st.replicas)} updated=${num(st.updatedReplicas)} available=${num(st.availableReplicas)}` });
    }
  }
  // Every ReplicaSet too, the old ones of a rollout (scaled to 0) included: a Deployment can count
  // its replicas right while a ReplicaSet it no longer watches is stuck.
  for (const rs of list(objs, 'replicasets')) {
    if (rs.metadata.deletionTimestamp) continue;
    const want = num((rs.spec as { replicas?: number }).replicas ?? 1);
    const st = (rs.status ?? {}) as Record<string, unknown>;
    if (num(st.replicas) !== want || num(st.availableReplicas) !== want) {
      out.push({ invariant: 'replicaset available', detail: `replicaset ${objectKey(rs)} wants ${want}: replicas=${num(st.replicas)} available=${num(st.availableReplicas)}` });
    }
  }
  for (const s of list(objs, 'statefulsets')) {
    if (s.metadata.deletionTimestamp) continue;
    const want = num((s.spec as { replicas?: number }).replicas ?? 1);
    const ready = num((s.status as { readyReplicas?: number } | undefined)?.readyReplicas);
    if (ready !== want) out.push({ invariant: 'statefulset ready', detail: `statefulset ${objectKey(s)} wants ${want}, ${ready} ready` });
  }
  for (const ds of list(objs, 'daemonsets')) {
    if (ds.metadata.deletionTimestamp) continue;
    const eligible = daemonNodes(objs, ds);
    const st = (ds.status ?? {}) as Record<string, unknown>;
    if (num(st.desiredNumberScheduled) !== eligible || num(st.numberAvailable) !== eligible) {
      out.push({ invariant: 'daemonset available', detail: `daemonset ${objectKey(ds)}: ${eligible} eligible nodes, desired=${num(st.desiredNumberScheduled)} available=${num(st.numberAvailable)}` });
    }
  }
}

function podsAndNodes(objs: Objects, out: Violation[]): void {
  const nodes = new Set(list(objs, 'nodes').map((n) => n.metadata.name));
  for (const p of list(objs, 'pods')) {
    const node = (p as Pod).spec.nodeName;
    if (node && !nodes.has(node)) out.push({ invariant: 'pod on a missing node', detail: `pod ${objectKey(p)} is bound to ${node}, which does not exist` });
  }
}

/** No two running sandboxes share an IP; every running container belongs to a pod etcd has. */
function runtimes(sim: Simulation, objs: Objects, out: Violation[]): void {
  const uids = new Map(list(objs, 'pods').map((p) => [p.metadata.uid, p]));
  const ips = new Map<string, string>();
  for (const { node, state } of containerdStates(sim)) {
    const sandboxes = new Map([...state.sandboxes.values()].map((s) => [s.id, s]));
    for (const c of state.containers.values()) {
      if (c.state !== 'CONTAINER_RUNNING') continue;
      const sb = sandboxes.get(c.podSandboxId);
      const who = sb ? `${sb.metadata.namespace}/${sb.metadata.name}` : c.podSandboxId;
      if (!sb || !uids.has(sb.metadata.uid)) {
        out.push({ invariant: 'container without a pod', detail: `${node} runs container ${c.metadata.name} of ${who} (uid ${sb?.metadata.uid ?? '?'}), which etcd does not have` });
        continue;
      }
      if (!sb.ip) continue;
      const other = ips.get(sb.ip);
      if (other && other !== sb.id) out.push({ invariant: 'pod IP shared', detail: `${sb.ip} belongs to two running sandboxes on ${node}` });
      ips.set(sb.ip, sb.id);
    }
  }
}

function selected(inf: { labelSelector?: string; fieldSelector?: string; path: string }, o: KubeObject): boolean {
  const ns = /\/namespaces\/([^/]+)\//.exec(inf.path)?.[1];
  if (ns && o.metadata.namespace !== ns) return false;
  const labels = inf.labelSelector ? parseSelector(inf.labelSelector) : undefined;
  if (labels && !selectorMatches(labels, o.metadata.labels)) return false;
  const fields = inf.fieldSelector ? parseFieldSelector(inf.fieldSelector) : undefined;
  return !fields || typeof fields === 'string' || matchesFields(o, fields);
}

/** Every synced informer, and the apiserver's watch cache, hold exactly what etcd holds. */
function caches(sim: Simulation, objs: Objects, out: Violation[]): void {
  const onTheWay = eventsOnTheWay(sim);
  const settled = ([k]: [string, unknown], resource: string): boolean => !onTheWay.has(`${resource}/${k}`);
  for (const { owner, informer } of runningInformers(sim)) {
    // A standby's informers start only when it leads (controllers start after OnStartedLeading).
    if (informer.status === 'idle') continue;
    if (!informer.synced) {
      out.push({ invariant: 'informer synced', detail: `${owner} ${informer.name} never synced` });
      continue;
    }
    const resource = informer.path.split('/').pop()!;
    const want = new Map<string, string>();
    for (const o of list(objs, resource)) if (selected(informer, o) && settled([objectKey(o), o], resource)) want.set(objectKey(o), o.metadata.resourceVersion!);
    const got = new Map([...informer.items].map(([k, o]) => [k, o.metadata.resourceVersion!] as [string, string]).filter((e) => settled(e, resource)));
    const diff = compare(want, got);
    if (diff) out.push({ invariant: 'informer cache equals etcd', detail: `${owner} ${informer.name}: ${diff}` });
  }
  const api = apiserverState(sim);
  if (!api?.synced) return;
  for (const [resource, cache] of api.cache) {
    const want = new Map(list(objs, resource).map((o) => [objectKey(o), o.metadata.resourceVersion!] as [string, string]).filter((e) => settled(e, resource)));
    const diff = compare(want, new Map([...cache.objects].map(([k, c]) => [k, String(c.modRevision)] as [string, string]).filter((e) => settled(e, resource))));
    if (diff) out.push({ invariant: 'watch cache equals etcd', detail: `kube-apiserver ${resource}: ${diff}` });
  }
}

/**
 * The keys whose change is still on its way: a write etcd applied whose watch event has not reached
 * kube-apiserver, or a watch event kube-apiserver sent that has not reached its informer. Neither is
 * stale: the check stops the clock at one instant, and leases are renewed every few seconds (chaos
 * seed 802 caught a lease's etcd event 0.4 ms before delivery; seed 194, after the merges of
 * 2026-12-03, a node Lease's watch event on its way to kube-controller-manager's informer).
 */
function eventsOnTheWay(sim: Simulation): Set<string> {
  const keys = new Set<string>();
  for (const m of sim.inFlight()) {
    if (m.to === 'kube-apiserver' && m.body.type === 'etcd.watch') {
      for (const ev of (m.body as EtcdWatchBody).events) {
        const pk = parseKey(ev.kv.key);
        if (pk) keys.add(`${pk.info.resource}/${pk.cacheKey}`);
      }
    } else if (m.body.type === 'watch.event') {
      const obj = (m.body as WatchEventBody).event.object as KubeObject | undefined;
      const info = obj?.kind ? RESOURCES.find((r) => r.kind === obj.kind) : undefined;
      if (info && obj?.metadata?.name) keys.add(`${info.resource}/${objectKey(obj)}`);
    }
  }
  return keys;
}

function compare(want: Map<string, string>, got: Map<string, string>): string | undefined {
  const missing = [...want.keys()].filter((k) => !got.has(k));
  const extra = [...got.keys()].filter((k) => !want.has(k));
  const stale = [...want].filter(([k, rv]) => got.has(k) && got.get(k) !== rv).map(([k, rv]) => `${k} (rv ${got.get(k)}, etcd ${rv})`);
  if (!missing.length && !extra.length && !stale.length) return undefined;
  const parts: string[] = [];
  if (missing.length) parts.push(`missing ${missing.slice(0, 5).join(', ')}`);
  if (extra.length) parts.push(`extra ${extra.slice(0, 5).join(', ')}`);
  if (stale.length) parts.push(`stale ${stale.slice(0, 5).join(', ')}`);
  return parts.join('; ');
}

export function checkSettled(sim: Simulation): Violation[] {
  const out: Violation[] = [];
  const store = freshestStore(sim);
  if (!store) return [{ invariant: 'etcd', detail: 'no etcd member has a store' }];
  const objs = storedObjects(store);
  workloads(objs, out);
  podsAndNodes(objs, out);
  runtimes(sim, objs, out);
  caches(sim, objs, out);
  return out;
}
