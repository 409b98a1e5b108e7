// The shape of one message in the sequence diagram, with d3's path builder: a line from the sender's
// lane to the receiver's at the row's height, an arrowhead at the receiver, a loop for a message a
// component sends itself, and for a lost message a line that stops short under a cross.

import { path } from 'd3';
import type { Layout } from './layout';
import { CHAR_W, fit } from './layout';
import type { Arrow } from './model';

const HEAD = 7;

export interface ArrowShape {
  line: string;
  head: string;
  x1: number;
  x2: number;
  y: number;
  /** Where the label starts (or ends, with anchor `end`) and the text that fits. */
  labelX: number;
  anchor: 'start' | 'end';
  label: string;
  /** The cross of a lost message. */
  cross?: { x: number; y: number };
}

export function arrowShape(layout: Layout, a: Arrow): ArrowShape | undefined {
  const from = layout.laneX(a.from);
  const to = layout.laneX(a.to);
  const y = layout.rowY.get(a.id);
  if (!from || !to || y === undefined) return undefined;
  const x1 = from.cx;
  let x2 = to.cx;
  const line = path();
  const head = path();
  let cross: ArrowShape['cross'];
  if (x1 === x2) {
    // To itself: out to the right, down a little, back with the head pointing left.
    line.moveTo(x1, y - 6);
    line.lineTo(x1 + 22, y - 6);
    line.lineTo(x1 + 22, y + 2);
    line.lineTo(x1 + 4, y + 2);
    head.moveTo(x1 + 2, y + 2);
    head.lineTo(x1 + 2 + HEAD, y + 2 - HEAD / 2);
    head.lineTo(x1 + 2 + HEAD, y + 2 + HEAD / 2);
    head.closePath();
  } else {
    const dir = Math.sign(x2 - x1);
    if (a.dropped) {
      x2 = x1 + (x2 - x1) * 0.72;
      cross = { x: x2, y };
    }
    line.moveTo(x1, y);
    line.lineTo(a.dropped ? x2 : x2 - dir * HEAD, y);
    if (!a.dropped) {
      head.moveTo(x2, y);
      head.lineTo(x2 - dir * HEAD * 1.4, y - HEAD / 1.6);
      head.lineTo(x2 - dir * HEAD * 1.4, y + HEAD / 1.6);
      head.closePath();
    }
  }
  // The label sits above the line, from its left end; if it would run off the right edge it ends there.
  const left = Math.min(x1, x2) + 6;
  const room = layout.width - left - 8;
  const wanted = a.summary.length * CHAR_W;
  const anchor: 'start' | 'end' = wanted > room && Math.max(x1, x2) - 6 - wanted > layout.lanes[0]!.x ? 'end' : 'start';
  const labelX = anchor === 'start' ? left : Math.max(x1, x2) - 6;
  const label = fit(a.summary, anchor === 'start' ? room : labelX - layout.lanes[0]!.x);
  return { line: line.toString(), head: head.toString(), x1, x2, y, labelX, anchor, label, cross };
}
