// Turns what the sim store holds into React Flow nodes and edges: the layout gives the boxes, the
// views give what each box shows. Edges are the real communication paths only, so the picture says
// who talks to whom: kubectl and every other component talk to kube-apiserver, and only
// kube-apiserver talks to etcd.

import type { Edge, Node } from '@xyflow/react';
import type { ComponentView, HostView, ObjectView } from '../../protocol/view';
import { type Box, type ClusterLayout, type LayoutPod, componentNodeId, layoutCluster } from './layout';

export interface RegionData extends Record<string, unknown> {
  box: Box;
  host?: HostView;
  /** The Node object of this host, when the kubelet has registered it. */
  node?: ObjectView;
  /** The hosts a network partition cuts this one off from. */
  cutFrom: string[];
  /** Pods that live here (drawn or counted). */
  pods: number;
}
export interface ComponentData extends Record<string, unknown> {
  box: Box;
  view: ComponentView;
  hostUp: boolean;
}
export interface PodData extends Record<string, unknown> {
  box: Box;
  pod: ObjectView;
  hostUp: boolean;
}
export interface MoreData extends Record<string, unknown> {
  box: Box;
}
export interface EdgeData extends Record<string, unknown> {
  label?: string;
  cut: boolean;
  dead: boolean;
  /** `raft` edges (etcd peers) are drawn lighter. */
  kind: 'api' | 'etcd' | 'raft' | 'cri' | 'cni' | 'pull' | 'other';
}

export type RegionFlowNode = Node<RegionData, 'region'>;
export type ComponentFlowNode = Node<ComponentData, 'component'>;
export type PodFlowNode = Node<PodData, 'pod'>;
export type MoreFlowNode = Node<MoreData, 'more'>;
export type GraphNode = RegionFlowNode | ComponentFlowNode | PodFlowNode | MoreFlowNode;
export type GraphEdge = Edge<EdgeData, 'comm'>;

export interface SimSlice {
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
}

/** Pods and nodes among the objects (the only kinds the graph draws for now). */
export function podsAndNodes(objects: Record<string, ObjectView>): { pods: ObjectView[]; nodes: ObjectView[] } {
  const pods: ObjectView[] = [];
  const nodes: ObjectView[] = [];
  for (const o of Object.values(objects)) {
    if (o.kind === 'Pod') pods.push(o);
    else if (o.kind === 'Node') nodes.push(o);
  }
  return { pods, nodes };
}

export function podNodeName(p: ObjectView): string | undefined {
  const spec = p.object.spec as { nodeName?: string } | undefined;
  return spec?.nodeName || undefined;
}

/** The layout for the store's state; `order` numbers pods by when the UI first saw them. */
export function layoutFor(s: SimSlice, pods: ObjectView[], nodes: ObjectView[], order: (podId: string) => number): ClusterLayout {
  const lp: LayoutPod[] = pods.map((p) => ({ id: p.id, node: podNodeName(p), order: order(p.id) }));
  return layoutCluster(
    Object.values(s.hosts).map((h) => ({ id: h.id, role: h.role })),
    Object.values(s.components).map((c) => ({ id: c.id, kind: c.kind, host: c.host })),
    lp,
    nodes.map((n) => ({ name: n.name })),
  );
}

function isCut(partitions: [string, string][], a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a === b) return false;
  const [x, y] = a < b ? [a, b] : [b, a];
  return partitions.some(([p, q]) => p === x && q === y);
}

/** React Flow nodes for a layout. */
export function buildNodes(s: SimSlice, layout: ClusterLayout, pods: ObjectView[], nodes: ObjectView[]): GraphNode[] {
  const nodeByName = new Map(nodes.map((n) => [n.name, n]));
  const podById = new Map(pods.map((p) => [p.id, p]));
  const podsPerRegion = new Map<string, number>();
  for (const p of pods) {
    const r = layout.podRegion[p.id];
    if (r) podsPerRegion.set(r, (podsPerRegion.get(r) ?? 0) + 1);
  }
  const out: GraphNode[] = [];
  for (const box of layout.boxes) {
    const base = { id: box.id, position: { x: box.x, y: box.y }, width: box.w, height: box.h, ...(box.parent ? { parentId: box.parent, extent: 'parent' as const } : {}) };
    const more = layout.byId[`more:${box.id}`]?.count ?? 0;
    if (box.kind === 'region' || box.kind === 'tray') {
      const host = s.hosts[box.ref];
      const cutFrom = s.partitions.flatMap(([a, b]) => (a === box.ref ? [b] : b === box.ref ? [a] : []));
      const data: RegionData = { box, host, node: nodeByName.get(box.ref), cutFrom, pods: (podsPerRegion.get(box.id) ?? 0) + more };
      out.push({ ...base, type: 'region', data, selectable: false, zIndex: 0 });
    } else if (box.kind === 'component' || box.kind === 'small-component') {
      const view = s.components[box.ref];
      if (!view) continue;
      out.push({ ...base, type: 'component', data: { box, view, hostUp: s.hosts[view.host]?.up ?? true } });
    } else if (box.kind === 'pod') {
      const pod = podById.get(box.ref);
      if (!pod) continue;
      const n = podNodeName(pod);
      out.push({ ...base, type: 'pod', data: { box, pod, hostUp: n ? (s.hosts[n]?.up ?? true) : true } });
    } else {
      out.push({ ...base, type: 'more', data: { box } });
    }
  }
  return out;
}

function edge(s: SimSlice, from: string, to: string, kind: EdgeData['kind'], label?: string): GraphEdge {
  const a = s.components[from];
  const b = s.components[to];
  const dead = !a?.alive || !b?.alive || !(s.hosts[a.host]?.up ?? true) || !(s.hosts[b.host]?.up ?? true);
  return {
    id: `e:${from}>${to}`,
    source: componentNodeId(from),
    target: componentNodeId(to),
    type: 'comm',
    data: { kind, label, dead, cut: isCut(s.partitions, a?.host, b?.host) },
    selectable: false,
    focusable: false,
  };
}

/** The real communication paths between the components that exist. */
export function buildEdges(s: SimSlice, layout: ClusterLayout): GraphEdge[] {
  const comps = Object.values(s.components).filter((c) => layout.byId[componentNodeId(c.id)]);
  const ofKind = (k: string) => comps.filter((c) => c.kind === k).sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const api = ofKind('kube-apiserver')[0];
  const etcd = ofKind('etcd');
  const registry = ofKind('registry')[0];
  const out: GraphEdge[] = [];
  if (api) {
    for (const k of ofKind('kubectl')) out.push(edge(s, k.id, api.id, 'api', 'HTTPS :6443'));
    // The label goes on the middle member's edge, the one level with the apiserver.
    const mid = Math.floor((etcd.length - 1) / 2);
    etcd.forEach((e, i) => out.push(edge(s, api.id, e.id, 'etcd', i === mid ? 'only kube-apiserver\ntalks to etcd' : undefined)));
    for (const k of ['kube-scheduler', 'kube-controller-manager', 'kubelet', 'kube-proxy']) for (const c of ofKind(k)) out.push(edge(s, c.id, api.id, 'api'));
  }
  for (let i = 0; i < etcd.length; i++) for (let j = i + 1; j < etcd.length; j++) out.push(edge(s, etcd[i]!.id, etcd[j]!.id, 'raft'));
  for (const kl of ofKind('kubelet')) {
    const cri = comps.find((c) => c.kind === 'containerd' && c.host === kl.host);
    if (!cri) continue;
    out.push(edge(s, kl.id, cri.id, 'cri'));
    const cni = comps.find((c) => c.kind === 'cni' && c.host === kl.host);
    if (cni) out.push(edge(s, cri.id, cni.id, 'cni'));
    if (registry) out.push(edge(s, cri.id, registry.id, 'pull'));
  }
  return out;
}

/** The graph node a message endpoint (a process id) is drawn at: its own box, else its host's region. */
export function endpointNode(process: string, layout: ClusterLayout, components: Record<string, ComponentView>): string | undefined {
  const id = componentNodeId(process);
  if (layout.byId[id]) return id;
  const host = components[process]?.host;
  return host && layout.byId[`host:${host}`] ? `host:${host}` : undefined;
}
