// Where everything of the sequence diagram goes, pure (no DOM): lanes left to right, one row per
// message top to bottom in time order, a header row where each of the seed's phases begins (its
// name and what happens in it, so the explanation is on the slide too), and a marker where
// simulated time jumps (an image pull takes seconds, a Raft round trip a millisecond). Rows, not a
// linear time axis: a message a millisecond after another must still get a line of its own.

import { scaleOrdinal } from 'd3';
import type { Lane } from './lanes';
import type { Arrow, PhaseBand, SequenceModel } from './model';
import type { RequestPhase } from './outcome';

export const GUTTER = 70;
export const HEADER_H = 60;
export const ROW_H = 30;
/** Extra height of a request's row, for the marks of the apiserver stages it passed. */
export const STRIP_H = 14;
/** From a row's top to its arrow line. */
export const LINE_DY = ROW_H - 9;
export const GAP_H = 22;
export const BAND_TITLE_H = 24;
export const BAND_LINE_H = 17;
export const LANE_W = 88;
export const STAGE_W = 80;
export const RIGHT_PAD = 24;
/** Average advance of a 12px sans-serif character, for wrapping and truncating text in SVG. */
export const CHAR_W = 6.8;
/** Time between two messages that gets a "… later" marker. */
export const GAP_MS = 200;

export interface LaneBox {
  lane: Lane;
  x: number;
  width: number;
  /** Centre: where the lifeline and the arrows are. */
  cx: number;
}

export interface GroupBox {
  name: string;
  x: number;
  width: number;
}

export type Item =
  | { kind: 'band'; phase: RequestPhase; n: number; y: number; height: number; lines: string[] }
  | { kind: 'gap'; y: number; ms: number }
  | { kind: 'arrow'; y: number; height: number; arrow: Arrow };

export interface BandBox {
  band: PhaseBand;
  n: number;
  y: number;
  height: number;
}

export interface Layout {
  width: number;
  height: number;
  lanes: LaneBox[];
  groups: GroupBox[];
  items: Item[];
  bands: BandBox[];
  /** Lane id -> its box. */
  laneX: (id: string) => LaneBox | undefined;
  /** Arrow id -> the y of its row's arrow line. */
  rowY: Map<number, number>;
}

/** Advance of a 12px bold lane name's character (`validation` must fit its stage lane). */
const LABEL_CHAR_W = 7.2;
/** Cyrillic letters are wider (`сохранение` measured about 81 px in Chromium's bold 12px sans). */
const LABEL_CYRILLIC_W = 8.2;

/** About how wide a lane's name is drawn, in pixels. */
export function labelWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += /[\u0400-\u04ff]/.test(ch) ? LABEL_CYRILLIC_W : LABEL_CHAR_W;
  return w;
}

function laneWidth(l: Lane): number {
  if (l.group === 'kube-apiserver') return Math.max(STAGE_W, Math.round(labelWidth(l.label) + 8));
  const longest = Math.max(...l.label.split('\n').map(labelWidth), labelWidth(l.sub ?? ''));
  return Math.max(LANE_W, Math.ceil(longest + 12));
}

/** Breaks text into lines of at most `width` pixels (by the average character advance). */
export function wrap(text: string, width: number): string[] {
  const max = Math.max(10, Math.floor(width / CHAR_W));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (!word) continue;
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A label that fits `width` pixels: cut with an ellipsis. */
export function fit(text: string, width: number): string {
  const max = Math.max(4, Math.floor(width / CHAR_W));
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function layoutSequence(m: SequenceModel, help: (phase: RequestPhase) => string): Layout {
  const lanes: LaneBox[] = [];
  let x = GUTTER;
  for (const lane of m.lanes) {
    const width = laneWidth(lane);
    lanes.push({ lane, x, width, cx: x + width / 2 });
    x += width;
  }
  const width = x + RIGHT_PAD;
  // d3's ordinal scale as the lane index: unknown lanes (none expected) fall back to the first.
  const index = scaleOrdinal<string, number>()
    .domain(m.lanes.map((l) => l.id))
    .range(m.lanes.map((_, i) => i))
    .unknown(0);
  const laneX = (id: string) => (m.lanes.some((l) => l.id === id) ? lanes[index(id)] : undefined);

  const groups: GroupBox[] = [];
  for (const box of lanes) {
    const g = box.lane.group;
    if (!g) continue;
    const last = groups[groups.length - 1];
    if (last && last.name === g && Math.abs(last.x + last.width - box.x) < 0.5) last.width += box.width;
    else groups.push({ name: g, x: box.x, width: box.width });
  }

  const items: Item[] = [];
  const bands: BandBox[] = [];
  const rowY = new Map<number, number>();
  let y = HEADER_H + 4;
  let bandIndex = 0;
  let prev: Arrow | undefined;
  const textWidth = width - GUTTER - 24;
  for (const a of m.arrows) {
    const band = m.bands[bandIndex];
    if (band && a.row === band.firstRow) {
      const lines = wrap(help(band.phase), textWidth);
      const height = BAND_TITLE_H + lines.length * BAND_LINE_H + 8;
      const n = ['persistence', 'watch', 'scheduling', 'execution'].indexOf(band.phase) + 1;
      items.push({ kind: 'band', phase: band.phase, n, y, height, lines });
      bands.push({ band, n, y, height: 0 });
      y += height;
      bandIndex++;
    } else if (prev && a.time - prev.time >= GAP_MS) {
      items.push({ kind: 'gap', y, ms: a.time - prev.time });
      y += GAP_H;
    }
    const height = a.pipeline ? ROW_H + STRIP_H : ROW_H;
    items.push({ kind: 'arrow', y, height, arrow: a });
    rowY.set(a.id, y + LINE_DY);
    y += height;
    prev = a;
    const open = bands[bands.length - 1];
    if (open) open.height = y - open.y;
  }
  // Room under the last row for the mark of the lane where the request stopped.
  return { width, height: y + 30, lanes, groups, items, bands, laneX, rowY };
}
