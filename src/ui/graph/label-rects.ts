// The graph's labels as rectangles in flow coordinates, for placing count badges off them
// (badge-spot.ts). Measured from the DOM: a label is any element on a graph node that holds text of
// its own and is shown (names, titles, status badges, pod chips' names).
//
// Measured one graph node at a time, and kept per node as offsets from its corner: a node's labels
// move with it, so only a node whose DOM changed (a MutationObserver says which) or whose size or
// drawing changed is measured again. Measuring all of them (2,875 elements on 570 nodes at 50
// workers) once a second took 7-270 ms on the e2e machine, one task with the rollout's render: the
// longest task of the 50-worker frame-rate test (issue 11). The rectangles are put together again
// from the offsets whenever the drawing or the viewport changes, so a badge avoids where a label is
// now, not where it was a second ago.

import type { InternalNode, ReactFlowInstance } from '@xyflow/react';
import { LabelIndex, type Rect } from './badge-spot';

/** A node whose DOM keeps changing (a pod chip during a rollout) is measured again at most this often. */
const REMEASURE_MS = 250;

type Flow = Pick<ReactFlowInstance, 'getViewport' | 'getInternalNode'>;

interface NodeLabels {
  /** What the offsets were measured for: the node React Flow drew, and its size. */
  userNode: unknown;
  w: number;
  h: number;
  at: number;
  /** The labels' rectangles from the node's top-left corner, in flow units. */
  offsets: Rect[];
}

function hasOwnText(el: Element): boolean {
  for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE && c.textContent?.trim()) return true;
  return false;
}

/** One node's labels, from its corner, in flow units (screen px over the zoom). */
function measureNode(el: Element, zoom: number): Rect[] {
  const out: Rect[] = [];
  const corner = el.getBoundingClientRect();
  for (const child of el.querySelectorAll('*')) {
    if (!(child instanceof HTMLElement) || !hasOwnText(child) || child.offsetParent === null) continue;
    const r = child.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    out.push({ x: (r.left - corner.left) / zoom, y: (r.top - corner.top) / zoom, w: r.width / zoom, h: r.height / zoom });
  }
  return out;
}

/** Remembers each node's labels, and the index last put together from them. */
export class GraphLabels {
  private readonly nodes = new Map<string, NodeLabels>();
  /** Nodes whose DOM changed since they were measured (filled by the MutationObserver). */
  private readonly dirty = new Set<string>();
  private observer: MutationObserver | undefined;
  private observed: Element | undefined;
  private made: { key: unknown[]; index: LabelIndex; pending: boolean } | undefined;

  /** The labels now: put together again when the drawing, the viewport or a node's DOM changed. */
  index(root: Element, rf: Flow, drawing: unknown): LabelIndex {
    this.observe(root);
    const vp = rf.getViewport();
    const key = [drawing, vp.x, vp.y, vp.zoom];
    const same = this.made && this.made.key.every((k, i) => k === key[i]);
    if (this.made && same && this.dirty.size === 0 && !this.made.pending) return this.made.index;
    const now = performance.now();
    const rects: Rect[] = [];
    const seen = new Set<string>();
    let pending = false;
    for (const el of root.querySelectorAll('.react-flow__nodes > .react-flow__node')) {
      const id = el.getAttribute('data-id');
      const node = id ? rf.getInternalNode(id) : undefined;
      if (!id || !node) continue;
      seen.add(id);
      const labels = this.labelsOf(id, el, node, vp.zoom, now);
      if (this.dirty.has(id)) pending = true;
      const { x, y } = node.internals.positionAbsolute;
      for (const o of labels.offsets) rects.push({ x: x + o.x, y: y + o.y, w: o.w, h: o.h });
    }
    for (const id of this.nodes.keys()) if (!seen.has(id)) this.nodes.delete(id);
    this.made = { key, index: new LabelIndex(rects), pending };
    return this.made.index;
  }

  /** A node's offsets: kept while it is the same node, of the same size, and its DOM did not change (or changed under REMEASURE_MS ago). */
  private labelsOf(id: string, el: Element, node: InternalNode, zoom: number, now: number): NodeLabels {
    const w = node.measured.width ?? 0;
    const h = node.measured.height ?? 0;
    const known = this.nodes.get(id);
    const sameNode = known && known.userNode === node.internals.userNode && known.w === w && known.h === h;
    if (known && sameNode && (!this.dirty.has(id) || now - known.at < REMEASURE_MS)) return known;
    this.dirty.delete(id);
    const labels = { userNode: node.internals.userNode, w, h, at: now, offsets: measureNode(el, zoom) };
    this.nodes.set(id, labels);
    return labels;
  }

  /** Watches the nodes' DOM (text, children, classes and inline styles) for the nodes to measure again. */
  private observe(root: Element): void {
    const container = root.querySelector('.react-flow__nodes');
    if (!container || container === this.observed || typeof MutationObserver === 'undefined') return;
    this.observer?.disconnect();
    this.observed = container;
    this.observer = new MutationObserver((records) => {
      for (const r of records) {
        const target = r.target instanceof Element ? r.target : r.target.parentElement;
        const id = target?.closest('.react-flow__node')?.getAttribute('data-id');
        if (id) this.dirty.add(id);
      }
    });
    this.observer.observe(container, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'style'] });
  }

  /** Stops watching the DOM (the dots' effect is cleaned up). */
  dispose(): void {
    this.observer?.disconnect();
    this.observer = undefined;
    this.observed = undefined;
  }
}
