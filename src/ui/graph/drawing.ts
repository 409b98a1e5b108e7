// What the graph draws for a state of the store, made again only where the state changed (issue 11:
// "a change to one object re-renders its node, not the layout"). One GraphDrawing lives as long as
// the graph and remembers its last drawing: the objects sorted by kind (once per objects table), the
// layout (once per change of what it is made from, and then box by box: a box that did not move
// stays the same object), the React Flow nodes (a pod's node is the same object while its box, its
// view and its host's state are) and the communication edges (once per change of the components,
// hosts, cuts and the boxes they join). At 50 workers and 1,500 pods, making all of it again on
// every redraw was most of each redraw, and each redraw a long task (e2e/graph-scale.spec.ts).

import type { ObjectView } from '../../protocol/view';
import type { ClusterLayout } from './layout';
import { type GraphEdge, type GraphNode, type LayoutMemo, type NodeMemo, type SimSlice, buildEdges, buildNodes, buildServiceEdges, layoutFor } from './model';
import { serviceEndpoints } from './services';
import { keepBoxes, keepSame } from './stable';
import type { GraphStrings } from './strings';

/** The objects the graph draws, by kind. */
export interface ObjectsByKind {
  pods: ObjectView[];
  nodes: ObjectView[];
  services: ObjectView[];
  slices: ObjectView[];
}

/** The objects the graph draws, sorted by kind in one pass. */
export function objectsByKind(objects: Record<string, ObjectView>): ObjectsByKind {
  const out: ObjectsByKind = { pods: [], nodes: [], services: [], slices: [] };
  for (const o of Object.values(objects)) {
    if (o.kind === 'Pod') out.pods.push(o);
    else if (o.kind === 'Node') out.nodes.push(o);
    else if (o.kind === 'Service') out.services.push(o);
    else if (o.kind === 'EndpointSlice') out.slices.push(o);
  }
  return out;
}

function creationKey(p: ObjectView): string {
  const md = p.object.metadata as { creationTimestamp?: string } | undefined;
  return `${md?.creationTimestamp ?? ''}\u0000${p.id}`;
}

/** Numbers objects (pods, Services) in the order they were first seen, so their slots never change while they live. */
export class FirstSeen {
  private next = 0;
  private readonly seen = new Map<string, number>();
  readonly order = (id: string): number => this.seen.get(id) ?? 0;

  see(objects: readonly ObjectView[]): void {
    const fresh = objects.filter((p) => !this.seen.has(p.id)).sort((a, b) => (creationKey(a) < creationKey(b) ? -1 : 1));
    for (const p of fresh) this.seen.set(p.id, this.next++);
    if (this.seen.size > objects.length * 2 + 100) {
      const live = new Set(objects.map((p) => p.id));
      for (const id of this.seen.keys()) if (!live.has(id)) this.seen.delete(id);
    }
  }
}

export interface Drawing {
  layout: ClusterLayout;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** The ids of the components the layout draws, as one string (the communication edges join those). */
function drawnComponents(layout: ClusterLayout): string {
  let out = '';
  for (const b of layout.boxes) if (b.kind === 'component' || b.kind === 'small-component') out += `${b.id}\n`;
  return out;
}

/** What the communication paths are made from among the components and hosts, as one string. */
function edgeInputs(s: SimSlice): string {
  let out = '';
  for (const c of Object.values(s.components)) out += `${c.id}|${c.kind}|${c.host}|${c.alive ? 1 : 0}\n`;
  for (const h of Object.values(s.hosts)) out += `${h.id}|${h.role}|${h.up ? 1 : 0}\n`;
  return out;
}

export class GraphDrawing {
  private readonly pods = new FirstSeen();
  private readonly services = new FirstSeen();
  private kinds: { objects?: Record<string, ObjectView>; byKind?: ObjectsByKind } = {};
  private readonly layoutMemo: LayoutMemo = {};
  private layout: ClusterLayout | undefined;
  private readonly nodeMemo: NodeMemo = { byId: new Map() };
  private readonly nodeCache = { byId: new Map<string, GraphNode>(), list: [] as GraphNode[] };
  private readonly edgeCache = { byId: new Map<string, GraphEdge>(), list: [] as GraphEdge[] };
  private comm: { deps: unknown[]; edges: GraphEdge[] } | undefined;

  /**
   * What to draw for `s` in a pane of this `aspect` (width / height), with edge labels in `words`;
   * `readableW`: the pane's width in flow units at READABLE_ZOOM (layout.ts readableWidth).
   */
  draw(s: SimSlice, aspect: number | undefined, words: GraphStrings, readableW?: number): Drawing {
    if (this.kinds.objects !== s.objects) this.kinds = { objects: s.objects, byKind: objectsByKind(s.objects) };
    const { pods, nodes, services, slices } = this.kinds.byKind!;
    this.pods.see(pods);
    this.services.see(services);
    const endpoints = serviceEndpoints(slices);
    const layout = (this.layout = keepBoxes(this.layout, layoutFor(s, pods, nodes, this.pods.order, services, this.services.order, aspect, this.layoutMemo, readableW)));
    const graphNodes = keepSame(this.nodeCache, buildNodes(s, layout, pods, nodes, endpoints, this.nodeMemo));
    const edges = keepSame(this.edgeCache, [...this.commEdges(s, layout, words), ...buildServiceEdges(s, layout, endpoints, words, pods).map((e) => labelled(e, words))]);
    return { layout, nodes: graphNodes, edges };
  }

  /**
   * The communication paths, made again only when what they show changed: which components there
   * are, where, and whether they and their hosts are up; the cuts; the apiserver's etcd member; the
   * drawn components; the words. Compared by content: the components' views change with every
   * frame of a rollout (their details), the cut pairs come in a new array with every frame.
   */
  private commEdges(s: SimSlice, layout: ClusterLayout, words: GraphStrings): GraphEdge[] {
    const deps = [edgeInputs(s), s.partitions.map((p) => p.join('|')).join(','), s.apiEtcd, drawnComponents(layout), words];
    if (this.comm && deps.every((d, i) => d === this.comm!.deps[i])) return this.comm.edges;
    const edges = buildEdges(s, layout).map((e) => labelled(e, words));
    this.comm = { deps, edges };
    return edges;
  }
}

/** An edge with its accessible name: the two ends' names, without the graph's id prefixes. */
function labelled(e: GraphEdge, g: GraphStrings): GraphEdge {
  return { ...e, ariaLabel: g.edgeLabel(e.source.replace(/^(?:[a-z]+:)+/, ''), e.target.replace(/^(?:[a-z]+:)+/, '')), domAttributes: { 'aria-roledescription': g.edgeRole } };
}
