// The scheduler cache's snapshot (pkg/scheduler/backend/cache: cache.go UpdateSnapshot,
// snapshot.go): the NodeInfo list a scheduling cycle reads, kept between cycles and brought up to
// date from what changed since the last one. The cache bumps a generation whenever a node's sums or
// pods change (a pod assumed, bound, updated or deleted; the Node object updated), and the update
// rebuilds only the NodeInfos of those nodes, the node list only when nodes came or went (or the
// informer listed them again), and the lists of nodes with pods that have affinity or required
// anti-affinity only when one of those pods moved, so a cycle costs what changed, not the cluster.
// Like the cache's imageStates it counts, per image name, the nodes that have the image
// (ImageStateSummary.NumNodes, which ImageLocality reads), changed only when a Node object changes.
// Beside the list it keeps the numbers the default Filters and Scores read in a table, one row per
// node in the list's order (framework/node-table.ts), rewritten with the NodeInfo it mirrors.

import type { Node, Pod } from '../api/types';
import { buildNodeInfo, emptyAggregate, type NodeAggregate } from './framework/nodeinfo';
import type { NodeInfo } from './framework/types';
import { createNodeTable, sizeNodeTable, writeNodeRow, type NodeTable } from './framework/node-table';

export interface Snapshot {
  /** The cache's generation: bumped on every change to a node's sums, pods or object. */
  generation: number;
  /** The snapshot's NodeInfo per node, with the generation it was built at. */
  infos: Map<string, { info: NodeInfo; generation: number; at: number }>;
  /** Nodes changed since the last update, with the generation of their last change. */
  changed: Map<string, number>;
  /** All NodeInfos in the node informer's order (the order the filter pass walks round robin). */
  list: NodeInfo[];
  /** The names of `list`, in its order: a new array when nodes come or go, never changed in place (cycle records share it). */
  names: readonly string[];
  /** The numbers of `list`'s NodeInfos, row i for list[i]. */
  table: NodeTable;
  /** Image name -> how many nodes have it (names with no node are dropped). */
  imageNumNodes: Map<string, number>;
  /** snapshot.havePodsWithAffinityNodeInfoList and havePodsWithRequiredAntiAffinityNodeInfoList. */
  havePodsWithAffinity: NodeInfo[];
  havePodsWithRequiredAntiAffinity: NodeInfo[];
  /** The informer's map the list was built from: a relist replaces it, and the order may change. */
  listedFrom?: Map<string, unknown>;
  listStale: boolean;
  affinityStale: boolean;
}

export function createSnapshot(): Snapshot {
  return {
    generation: 0,
    infos: new Map(),
    changed: new Map(),
    list: [],
    names: [],
    table: createNodeTable(),
    imageNumNodes: new Map(),
    havePodsWithAffinity: [],
    havePodsWithRequiredAntiAffinity: [],
    listStale: true,
    affinityStale: true,
  };
}

/** Add (by 1) or take away (by -1) a node's images from the counts; each name once per node. */
function countImages(snap: Snapshot, node: Node | undefined, by: 1 | -1): void {
  const images = node?.status?.images;
  if (!images?.length) return;
  const names = new Set<string>();
  for (const image of images) for (const name of image.names ?? []) names.add(name);
  for (const name of names) {
    const n = (snap.imageNumNodes.get(name) ?? 0) + by;
    if (n > 0) snap.imageNumNodes.set(name, n);
    else snap.imageNumNodes.delete(name);
  }
}

type Entry = { info: NodeInfo; generation: number; at: number };

/** Put a node's NodeInfo in the snapshot (or take it out), keeping the image counts. */
function setInfo(snap: Snapshot, name: string, entry: Entry | undefined): void {
  const old = snap.infos.get(name)?.info.node;
  if (old !== entry?.info.node) {
    countImages(snap, old, -1);
    countImages(snap, entry?.info.node, 1);
  }
  if (entry) snap.infos.set(name, entry);
  else snap.infos.delete(name);
}

/** The cache changed something on `node` (its sums, one of its pods, or the Node object). */
export function nodeChanged(snap: Snapshot, node: string): void {
  snap.changed.set(node, ++snap.generation);
}

/** A node was added or deleted: the list is built again at the next update. */
export function nodeSetChanged(snap: Snapshot, node: string): void {
  nodeChanged(snap, node);
  snap.listStale = true;
}

interface Sources {
  nodes: Map<string, unknown>;
  aggregates: Map<string, NodeAggregate>;
  pod: (key: string) => Pod | undefined;
}

/** UpdateSnapshot: rebuild what changed since the last cycle and return the node list. */
export function updateSnapshot(snap: Snapshot, src: Sources): NodeInfo[] {
  for (const [name, generation] of snap.changed) {
    const had = snap.infos.get(name)?.info;
    const node = src.nodes.get(name) as Node | undefined;
    if (!node) setInfo(snap, name, undefined);
    else {
      const info = buildNodeInfo(node, src.aggregates.get(name) ?? emptyAggregate(), src.pod);
      setInfo(snap, name, { info, generation, at: snap.infos.get(name)?.at ?? -1 });
      if (info.podsWithAffinity.length || info.podsWithRequiredAntiAffinity.length) snap.affinityStale = true;
    }
    if (had && (had.podsWithAffinity.length || had.podsWithRequiredAntiAffinity.length)) snap.affinityStale = true;
    // A node whose info was rebuilt keeps its place in the list.
    const entry = snap.infos.get(name);
    if (!snap.listStale && had && entry && snap.list[entry.at] === had) {
      snap.list[entry.at] = entry.info;
      writeNodeRow(snap.table, entry.at, entry.info);
    } else snap.listStale = true;
  }
  snap.changed.clear();
  if (snap.listStale || snap.listedFrom !== src.nodes) {
    snap.list = [];
    const names: string[] = [];
    for (const [name, obj] of src.nodes) {
      let entry = snap.infos.get(name);
      if (!entry) setInfo(snap, name, (entry = { info: buildNodeInfo(obj as Node, src.aggregates.get(name) ?? emptyAggregate(), src.pod), generation: snap.generation, at: 0 }));
      entry.at = snap.list.push(entry.info) - 1;
      names.push(entry.info.name);
    }
    snap.names = names;
    sizeNodeTable(snap.table, snap.list.length);
    for (let i = 0; i < snap.list.length; i++) writeNodeRow(snap.table, i, snap.list[i]!);
    for (const name of snap.infos.keys()) if (!src.nodes.has(name)) setInfo(snap, name, undefined);
    snap.listedFrom = src.nodes;
    snap.listStale = false;
    snap.affinityStale = true;
  }
  if (snap.affinityStale) {
    snap.havePodsWithAffinity = snap.list.filter((n) => n.podsWithAffinity.length > 0);
    snap.havePodsWithRequiredAntiAffinity = snap.list.filter((n) => n.podsWithRequiredAntiAffinity.length > 0);
    snap.affinityStale = false;
  }
  return snap.list;
}
