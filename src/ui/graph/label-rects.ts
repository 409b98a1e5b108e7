// The graph's labels as rectangles in flow coordinates, for placing count badges off them
// (badge-spot.ts). Measured from the DOM: a label is any element on a graph node that holds text of
// its own and is shown (names, titles, status badges, pod chips' names). Measuring forces a layout,
// so the result is kept for as long as the drawing and the viewport are the same, and at most once a
// second while they change (a 50-worker rollout changes the drawing every frame).

import type { ReactFlowInstance } from '@xyflow/react';
import { LabelIndex, type Rect } from './badge-spot';

const REFRESH_MS = 1000;

function measure(root: Element, rf: Pick<ReactFlowInstance, 'screenToFlowPosition'>): Rect[] {
  const out: Rect[] = [];
  for (const el of root.querySelectorAll('.react-flow__node *')) {
    if (!(el instanceof HTMLElement) || el.offsetParent === null) continue;
    let own = false;
    for (const c of el.childNodes) if (c.nodeType === Node.TEXT_NODE && c.textContent?.trim()) own = true;
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const a = rf.screenToFlowPosition({ x: r.left, y: r.top }, { snapToGrid: false });
    const b = rf.screenToFlowPosition({ x: r.right, y: r.bottom }, { snapToGrid: false });
    out.push({ x: a.x, y: a.y, w: b.x - a.x, h: b.y - a.y });
  }
  return out;
}

/** Remembers the last measurement and what it was made for. */
export class GraphLabels {
  private made: { key: unknown[]; at: number; index: LabelIndex } | undefined;

  /** The labels now: measured again when the drawing or the viewport changed and the last is a second old. */
  index(root: Element, rf: Pick<ReactFlowInstance, 'screenToFlowPosition' | 'getViewport'>, drawing: unknown): LabelIndex {
    const vp = rf.getViewport();
    const key = [drawing, vp.x, vp.y, vp.zoom];
    const now = performance.now();
    const same = this.made && this.made.key.every((k, i) => k === key[i]);
    if (this.made && (same || now - this.made.at < REFRESH_MS)) return this.made.index;
    this.made = { key, at: now, index: new LabelIndex(measure(root, rf)) };
    return this.made.index;
  }
}
