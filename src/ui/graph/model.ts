// Turns what the sim store holds into React Flow nodes and edges: the layout gives the boxes, the
// views give what each box shows. Edges are the real communication paths only, so the picture says
// who talks to whom: kubectl and every other component talk to kube-apiserver, and only
// kube-apiserver talks to etcd. Services add thin edges to their endpoints (services.ts).

import { type Edge, type Node, type NodeHandle, Position } from '@xyflow/react';
import type { ComponentView, HostView, ObjectView } from '../../protocol/view';
import { type EtcdSummary, etcdSummary } from './etcd-view';
import { type Box, type ClusterLayout, COMP_W, ETCD_X, type LayoutPod, PAD, SERVICES_ID, TRAY_ID, componentNodeId, layoutCluster, moreNodeId, podNodeId, regionId, serviceNodeId } from './layout';
import { type ServiceEndpoint, type ServiceSummary, endpointTarget, podsByIP, serviceSummary } from './services';
import { GRAPH_STRINGS, type GraphStrings } from './strings';

export interface RegionData extends Record<string, unknown> {
  box: Box;
  host?: HostView;
  /** The Node object of this host, when the kubelet has registered it. */
  node?: ObjectView;
  /** The hosts a network partition cuts this one off from. */
  cutFrom: string[];
  /** Pods that live here (drawn or counted). */
  pods: number;
  /** The Services band: how many Services there are. */
  services?: number;
  /** The etcd cluster's box: its members, quorum and leader. */
  etcd?: EtcdSummary;
  /**
   * The control plane with etcd inside: where the note "only kube-apiserver talks to etcd" goes, right
   * of the etcd column level with the apiserver (on the short edge it covered the etcd card and the
   * other etcd edges).
   */
  etcdNote?: { x: number; y: number; w: number };
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
export interface ServiceData extends Record<string, unknown> {
  box: Box;
  svc: ObjectView;
  summary: ServiceSummary;
  endpoints: ServiceEndpoint[];
}
export interface MoreData extends Record<string, unknown> {
  box: Box;
}
export interface EdgeData extends Record<string, unknown> {
  label?: string;
  cut: boolean;
  dead: boolean;
  /**
   * Where the label stands: at the edge's middle, or (`under-source`) under the box the edge leaves,
   * in room its region keeps for it. Compact, the kubectl edge's middle fell on kube-controller-manager's
   * name (the laptop stands 24 units left of the control plane; issue 11).
   */
  labelAt?: 'middle' | 'under-source';
  /** `raft` edges (etcd peers) are drawn lighter. */
  kind: 'api' | 'etcd' | 'raft' | 'cri' | 'cni' | 'pull' | 'service' | 'other';
  /** Service edges: whether the endpoint is ready (a not-ready one gets no traffic: dashed). */
  ready?: boolean;
  /** Service edges: a tooltip naming the Service and the endpoint. */
  title?: string;
}

export type RegionFlowNode = Node<RegionData, 'region'>;
export type ComponentFlowNode = Node<ComponentData, 'component'>;
export type PodFlowNode = Node<PodData, 'pod'>;
export type MoreFlowNode = Node<MoreData, 'more'>;
export type ServiceFlowNode = Node<ServiceData, 'service'>;
export type GraphNode = RegionFlowNode | ComponentFlowNode | PodFlowNode | MoreFlowNode | ServiceFlowNode;
export type GraphEdge = Edge<EdgeData, 'comm' | 'service'>;

export interface SimSlice {
  hosts: Record<string, HostView>;
  components: Record<string, ComponentView>;
  objects: Record<string, ObjectView>;
  partitions: [string, string][];
  /** The etcd member kube-apiserver sent its latest request to (sim-store `apiEtcd`). */
  apiEtcd?: string;
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

/** The Services among the objects. */
export function servicesOf(objects: Record<string, ObjectView>): ObjectView[] {
  return Object.values(objects).filter((o) => o.kind === 'Service');
}

/** The last layout made and what it was made from (layoutFor's memo; one per graph). */
export interface LayoutMemo {
  inputs?: LayoutInputs;
  layout?: ClusterLayout;
}

/** What a layout is made from, as flat lists compared item by item (no key strings: they were rebuilt for 1,500 pods on every redraw). */
interface LayoutInputs {
  aspect: number | undefined;
  /** The pane's width in flow units at READABLE_ZOOM (layout.ts readableWidth). */
  readableW: number | undefined;
  hosts: string[];
  components: string[];
  pods: (string | number)[];
  nodes: string[];
  services: (string | number)[];
}

function sameList(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameInputs(a: LayoutInputs, b: LayoutInputs): boolean {
  return a.aspect === b.aspect && a.readableW === b.readableW && sameList(a.hosts, b.hosts) && sameList(a.components, b.components) && sameList(a.pods, b.pods) && sameList(a.nodes, b.nodes) && sameList(a.services, b.services);
}

/**
 * The layout for the store's state; `order` numbers pods by when the UI first saw them, and
 * `serviceOrder` Services likewise; `aspect` is the graph pane's width over its height. With a
 * `memo`, the layout is made again only when what it is made from changed (hosts, components,
 * which pods there are and on which node, nodes, Services, the pane's shape): a pod changing its
 * status, the usual change while a rollout runs, keeps the same layout object (issue 11).
 */
export function layoutFor(s: SimSlice, pods: ObjectView[], nodes: ObjectView[], order: (podId: string) => number, services: ObjectView[] = [], serviceOrder: (id: string) => number = () => 0, aspect?: number, memo?: LayoutMemo, readableW?: number): ClusterLayout {
  const hostList = Object.values(s.hosts);
  const componentList = Object.values(s.components);
  if (memo) {
    const inputs: LayoutInputs = { aspect, readableW, hosts: [], components: [], pods: [], nodes: nodes.map((n) => n.name), services: [] };
    for (const h of hostList) inputs.hosts.push(h.id, h.role);
    for (const c of componentList) inputs.components.push(c.id, c.kind, c.host);
    for (const p of pods) inputs.pods.push(p.id, podNodeName(p) ?? '', order(p.id));
    for (const v of services) inputs.services.push(v.id, serviceOrder(v.id));
    if (memo.layout && memo.inputs && sameInputs(memo.inputs, inputs)) return memo.layout;
    memo.inputs = inputs;
  }
  const lp: LayoutPod[] = pods.map((p) => ({ id: p.id, node: podNodeName(p), order: order(p.id) }));
  const layout = layoutCluster(
    hostList.map((h) => ({ id: h.id, role: h.role })),
    componentList.map((c) => ({ id: c.id, kind: c.kind, host: c.host })),
    lp,
    nodes.map((n) => ({ name: n.name })),
    services.map((v) => ({ id: v.id, order: serviceOrder(v.id) })),
    aspect,
    readableW,
  );
  if (memo) memo.layout = layout;
  return layout;
}

function isCut(partitions: [string, string][], a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a === b) return false;
  const [x, y] = a < b ? [a, b] : [b, a];
  return partitions.some(([p, q]) => p === x && q === y);
}

/**
 * The centre handles every box draws (nodes.tsx CenterHandles), declared up front: React Flow drops a
 * node's measured handles whenever it gets a new node object without `measured`, and until it has
 * measured again it draws no edge to that node. The store hands us new objects on every frame, so
 * without this the edges would blink out while the simulation plays.
 */
function centreHandles(box: Box): NodeHandle[] {
  const at = { x: box.w / 2 - 0.5, y: box.h / 2 - 0.5, width: 1, height: 1 };
  return [
    { type: 'target', position: Position.Top, ...at },
    { type: 'source', position: Position.Bottom, ...at },
  ];
}

/**
 * The nodes of the last buildNodes with what each was made from (one per graph): a pod's, a
 * component's or a `+N` badge's node is the same object while its box, its view and its host's
 * state are the same objects. Region and Service nodes, a few dozen, are made again every time.
 */
export interface NodeMemo {
  byId: Map<string, { deps: unknown[]; node: GraphNode }>;
}

function remembered(memo: NodeMemo | undefined, next: NodeMemo['byId'], id: string, deps: unknown[], make: () => GraphNode): GraphNode {
  const was = memo?.byId.get(id);
  const node = was && was.deps.length === deps.length && was.deps.every((d, i) => d === deps[i]) ? was.node : make();
  next.set(id, { deps, node });
  return node;
}

/** React Flow nodes for a layout (with a `memo`, the same objects for what did not change). */
export function buildNodes(s: SimSlice, layout: ClusterLayout, pods: ObjectView[], nodes: ObjectView[], endpoints: Map<string, ServiceEndpoint[]> = new Map(), memo?: NodeMemo): GraphNode[] {
  const next: NodeMemo['byId'] = new Map();
  const nodeByName = new Map(nodes.map((n) => [n.name, n]));
  const podById = new Map(pods.map((p) => [p.id, p]));
  const podsPerRegion = new Map<string, number>();
  for (const p of pods) {
    const r = layout.podRegion[p.id];
    if (r) podsPerRegion.set(r, (podsPerRegion.get(r) ?? 0) + 1);
  }
  const out: GraphNode[] = [];
  for (const box of layout.boxes) {
    const base = () => ({ id: box.id, position: { x: box.x, y: box.y }, width: box.w, height: box.h, handles: centreHandles(box), ...(box.parent ? { parentId: box.parent, extent: 'parent' as const } : {}) });
    if (box.kind === 'region' || box.kind === 'tray' || box.kind === 'band') {
      const more = layout.byId[moreNodeId(box.id)]?.count ?? 0;
      const host = s.hosts[box.ref];
      const cutFrom = s.partitions.flatMap(([a, b]) => (a === box.ref ? [b] : b === box.ref ? [a] : []));
      const data: RegionData = { box, host, node: nodeByName.get(box.ref), cutFrom, pods: (podsPerRegion.get(box.id) ?? 0) + more };
      if (box.id === SERVICES_ID) data.services = layout.boxes.filter((x) => x.kind === 'service').length + more;
      if (box.role === 'etcd-cluster') data.etcd = etcdSummary(s.components, s.hosts);
      if (box.role === 'control-plane' && !box.compact) {
        const inside = layout.boxes.filter((b) => b.parent === box.id && b.kind === 'component');
        const api = inside.find((b) => s.components[b.ref]?.kind === 'kube-apiserver');
        const etcdHere = inside.some((b) => s.components[b.ref]?.kind === 'etcd');
        const x = ETCD_X + COMP_W + 12;
        if (api && etcdHere) data.etcdNote = { x, y: api.y + 6, w: box.w - x - PAD };
      }
      out.push({ ...base(), type: 'region', data, selectable: false, zIndex: 0 });
    } else if (box.kind === 'component' || box.kind === 'small-component') {
      const view = s.components[box.ref];
      if (!view) continue;
      const hostUp = s.hosts[view.host]?.up ?? true;
      out.push(remembered(memo, next, box.id, [box, view, hostUp], () => ({ ...base(), type: 'component', data: { box, view, hostUp } })));
    } else if (box.kind === 'service') {
      const svc = s.objects[box.ref];
      if (!svc) continue;
      out.push({ ...base(), type: 'service', data: { box, svc, summary: serviceSummary(svc), endpoints: endpoints.get(svc.id) ?? [] } });
    } else if (box.kind === 'pod') {
      const pod = podById.get(box.ref);
      if (!pod) continue;
      const n = podNodeName(pod);
      const hostUp = n ? (s.hosts[n]?.up ?? true) : true;
      out.push(remembered(memo, next, box.id, [box, pod, hostUp], () => ({ ...base(), type: 'pod', data: { box, pod, hostUp } })));
    } else {
      out.push(remembered(memo, next, box.id, [box], () => ({ ...base(), type: 'more', data: { box } })));
    }
  }
  if (memo) memo.byId = next;
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
    for (const k of ofKind('kubectl')) {
      const e = edge(s, k.id, api.id, 'api', 'HTTPS :6443');
      if (layout.compact && e.data) e.data.labelAt = 'under-source';
      out.push(e);
    }
    // kube-apiserver talks to one member at a time (the leader, once it has found it): the edge goes
    // there. Until the graph has seen a request, to every member.
    const talksTo = etcd.find((e) => e.id === s.apiEtcd);
    for (const e of talksTo ? [talksTo] : etcd) {
      // The words "only kube-apiserver talks to etcd" stand beside the etcd column inside the control
      // plane (RegionData.etcdNote), and in the etcd box's header for members on hosts of their own:
      // on the edge they lay over the control plane's header and etcd-1's name (issue 11).
      const g = edge(s, api.id, e.id, 'etcd');
      // To a member on a host of its own, the edge runs under the member cards (React Flow lifts an
      // edge to its deepest node's level): it may have to cross a card to reach the one it goes to.
      if (s.hosts[e.host]?.role === 'etcd') g.zIndex = -1;
      out.push(g);
    }
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

/** The graph node a pod is drawn at: its box, else its region's `+N` badge. */
function podTarget(layout: ClusterLayout, pod: ObjectView | undefined, podId: string): string | undefined {
  if (layout.byId[podNodeId(podId)]) return podNodeId(podId);
  if (!pod) return undefined;
  const n = podNodeName(pod);
  const more = moreNodeId(n ? regionId(n) : TRAY_ID);
  return layout.byId[more] ? more : undefined;
}

/**
 * Thin edges from each drawn Service to its endpoints: pods, or for an address that is a host's
 * (the `kubernetes` Service's 10.0.0.10:6443), the kube-apiserver on that host.
 */
export function buildServiceEdges(s: SimSlice, layout: ClusterLayout, endpoints: Map<string, ServiceEndpoint[]>, g: GraphStrings = GRAPH_STRINGS.en, pods?: ObjectView[]): GraphEdge[] {
  if (endpoints.size === 0) return [];
  const byIP = podsByIP(pods ?? Object.values(s.objects).filter((o) => o.kind === 'Pod'));
  const hostByAddress = new Map(Object.values(s.hosts).map((h) => [h.address, h.id]));
  const ctx = {
    podByIP: byIP,
    podNode: (id: string) => podTarget(layout, s.objects[id], id),
    hostNode: (address: string) => {
      const host = hostByAddress.get(address);
      if (!host) return undefined;
      const api = Object.values(s.components).find((c) => c.host === host && c.kind === 'kube-apiserver');
      if (api && layout.byId[componentNodeId(api.id)]) return componentNodeId(api.id);
      return layout.byId[regionId(host)] ? regionId(host) : undefined;
    },
  };
  const out: GraphEdge[] = [];
  for (const box of layout.boxes) {
    if (box.kind !== 'service') continue;
    const seen = new Set<string>();
    for (const ep of endpoints.get(box.ref) ?? []) {
      const target = endpointTarget(ep, ctx);
      if (!target) continue;
      const id = `s:${box.ref}>${target}`;
      // Several pods behind one +N badge make one edge, ready if any of them is.
      if (seen.has(id)) {
        const e = out.find((x) => x.id === id);
        if (e?.data && ep.ready) e.data.ready = true;
        continue;
      }
      seen.add(id);
      const what = ep.pod ? `${g.podWord} ${ep.pod.split('/')[2]} ${ep.address}` : ep.address;
      const title = g.serviceEdge(box.ref.split('/')[2] ?? '', what, ep.ready ? 'ready' : ep.terminating ? 'terminating' : 'notReady');
      out.push({ id, source: serviceNodeId(box.ref), target, type: 'service', data: { kind: 'service', dead: false, cut: false, ready: ep.ready, title }, selectable: false, focusable: false });
    }
  }
  return out;
}
