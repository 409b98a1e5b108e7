// The Node authorizer's graph over kube-apiserver's watch cache (authz/node-graph.ts walks it):
// the pods bound to each node, kept as an index next to the cache as the real apiserver keeps its
// graph from informers, so a kubelet's read costs the pods of its node, not every pod.

import type { KubeObject, Pod } from '../api/types';
import type { NodeGraphSource } from './authz';
import type { ApiserverState, CacheEvent } from './state';

function nodeOf(o: KubeObject | undefined): string {
  return ((o?.spec as { nodeName?: string } | undefined)?.nodeName) ?? '';
}

function keyOf(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;
}

/** Build the pods-by-node index from the cache (after a relist, or on first use). */
function buildIndex(s: ApiserverState): Map<string, Set<string>> {
  const index = new Map<string, Set<string>>();
  for (const [key, c] of s.cache.get('pods')?.objects ?? []) {
    const node = nodeOf(c.obj);
    if (!node) continue;
    let set = index.get(node);
    if (!set) index.set(node, (set = new Set()));
    set.add(key);
  }
  return index;
}

/** Keep the index true after one cache event of `pods` (graph_populator's add/update/delete). */
export function podsByNodeOnEvent(s: ApiserverState, resource: string, ev: CacheEvent): void {
  if (resource !== 'pods' || !s.podsByNode) return;
  const before = nodeOf(ev.prev);
  const after = ev.type === 'DELETED' ? '' : nodeOf(ev.obj);
  const key = keyOf(ev.obj);
  if (before && before !== after) s.podsByNode.get(before)?.delete(key);
  if (after) {
    let set = s.podsByNode.get(after);
    if (!set) s.podsByNode.set(after, (set = new Set()));
    set.add(key);
  }
}

export function cacheNodeGraph(s: ApiserverState): NodeGraphSource {
  return {
    *podsOnNode(node: string): Iterable<Pod> {
      s.podsByNode ??= buildIndex(s);
      const pods = s.cache.get('pods')?.objects;
      for (const key of s.podsByNode.get(node) ?? []) {
        const c = pods?.get(key);
        if (c) yield c.obj as Pod;
      }
    },
    persistentVolume: (name) => s.cache.get('persistentvolumes')?.objects.get(name)?.obj,
  };
}
