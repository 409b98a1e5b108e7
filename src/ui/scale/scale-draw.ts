// Draws the scale view's tiles on a 2D canvas: only the rows and columns in view, with as much
// detail as a tile's size on screen allows. Large tiles carry the node's name, its STATUS and its
// pod counts as words and glyphs; small ones a bar of pod colours; the smallest a square of the
// node's colour. A tile in trouble (node not Ready, host down, a failing pod) keeps a red frame and
// a minimum size at every zoom, so no aggregate hides it. Colours are Okabe-Ito's (colour-blind safe, the theme's pod colours),
// and never the only sign: the words and glyphs are drawn as soon as they fit, and listed beside.

import { GAP, type ScaleLayout, TILE_H, TILE_W, tileOrigin, visibleRange } from './scale-layout';
import { type NodeCondition, type NodeTile, POD_BUCKETS, type PodBucket, tileInTrouble } from './scale-model';

export const CONDITION_COLOUR: Record<NodeCondition, string> = { Ready: '#009E73', NotReady: '#D55E00', Unknown: '#999999' };
export const BUCKET_COLOUR: Record<PodBucket, string> = {
  running: '#009E73',
  creating: '#56B4E9',
  pending: '#E69F00',
  'not-ready': '#F0E442',
  failing: '#D55E00',
  terminating: '#999999',
  completed: '#0072B2',
};
/** The same glyphs as the graph's pod chips (pod-status.ts). */
export const BUCKET_GLYPH: Record<PodBucket, string> = { running: '●', creating: '◌', pending: '○', 'not-ready': '⚠', failing: '✕', terminating: '◔', completed: '✓' };
export const CONDITION_GLYPH: Record<NodeCondition, string> = { Ready: '✓', NotReady: '✕', Unknown: '?' };

export interface Palette {
  background: string;
  tile: string;
  text: string;
  muted: string;
  trouble: string;
  focus: string;
}
export const PALETTES: Record<'dark' | 'light', Palette> = {
  dark: { background: '#111418', tile: '#222832', text: '#e8edf2', muted: '#a9b4bf', trouble: '#ff6b3d', focus: '#f0e442' },
  light: { background: '#f6f7f9', tile: '#ffffff', text: '#1a1f24', muted: '#4a5560', trouble: '#c23b00', focus: '#0072b2' },
};

export interface DrawInput {
  tiles: readonly NodeTile[];
  layout: ScaleLayout;
  /** d3-zoom's transform: screen = world * k + (x, y). */
  transform: { k: number; x: number; y: number };
  /** The pane in CSS pixels, and the device pixel ratio. */
  width: number;
  height: number;
  dpr: number;
  palette: Palette;
  /** The keyboard's tile (drawn with a focus ring), or -1. */
  focused: number;
  /** The drilled-into tile, or -1. */
  drilled: number;
}

/** Below this many screen pixels of tile width only colours are drawn; above LABEL_PX the words too. */
const BAR_PX = 24;
const LABEL_PX = 110;
/** A tile in trouble is never drawn smaller than this (screen pixels). */
const TROUBLE_MIN_PX = 4;

function bar(ctx: CanvasRenderingContext2D, t: NodeTile, x: number, y: number, w: number, h: number): void {
  if (t.pods === 0) return;
  let at = x;
  for (const b of POD_BUCKETS) {
    const n = t.counts[b];
    if (!n) continue;
    const bw = (n / t.pods) * w;
    ctx.fillStyle = BUCKET_COLOUR[b];
    ctx.fillRect(at, y, Math.max(bw, b === 'failing' || b === 'not-ready' ? 2 : 0), h);
    at += bw;
  }
}

function labels(ctx: CanvasRenderingContext2D, t: NodeTile, x: number, y: number, s: number, p: Palette): void {
  const font = Math.min(16, Math.max(11, 13 * (s / TILE_W) * (TILE_W / 130)));
  ctx.fillStyle = p.text;
  ctx.font = `600 ${font}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  const pad = 8 * (s / TILE_W);
  const status = t.hostUp ? t.status : `${t.status} (host down)`;
  ctx.fillText(t.name, x + pad, y + pad, s - 2 * pad);
  ctx.font = `${font}px system-ui, sans-serif`;
  ctx.fillStyle = t.condition === 'Ready' && t.hostUp ? p.muted : p.trouble;
  ctx.fillText(`${CONDITION_GLYPH[t.condition]} ${status}`, x + pad, y + pad + font * 1.3, s - 2 * pad);
  ctx.fillStyle = p.muted;
  const counts = POD_BUCKETS.filter((b) => t.counts[b] > 0)
    .map((b) => `${BUCKET_GLYPH[b]}${t.counts[b]}`)
    .join(' ');
  ctx.fillText(counts || '0 pods', x + pad, y + pad + font * 2.6, s - 2 * pad);
}

/** Draws one frame. Returns how many tiles it drew (the rest were out of view). */
export function drawScale(ctx: CanvasRenderingContext2D, d: DrawInput): number {
  const { layout: l, transform: tf, palette: p } = d;
  ctx.setTransform(d.dpr, 0, 0, d.dpr, 0, 0);
  ctx.fillStyle = p.background;
  ctx.fillRect(0, 0, d.width, d.height);
  const s = TILE_W * tf.k;
  const sh = TILE_H * tf.k;
  const { c0, c1, r0, r1 } = visibleRange(l, tf, d.width, d.height);
  let drawn = 0;
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const i = r * l.cols + c;
      if (i >= l.count) break;
      const t = d.tiles[i]!;
      const o = tileOrigin(l, i);
      let x = o.x * tf.k + tf.x;
      let y = o.y * tf.k + tf.y;
      const trouble = tileInTrouble(t);
      let w = s;
      let h = sh;
      if (trouble && w < TROUBLE_MIN_PX) {
        x -= (TROUBLE_MIN_PX - w) / 2;
        y -= (TROUBLE_MIN_PX - h) / 2;
        w = TROUBLE_MIN_PX;
        h = Math.max(h, TROUBLE_MIN_PX * (TILE_H / TILE_W));
      }
      drawn++;
      const nodeColour = t.hostUp ? CONDITION_COLOUR[t.condition] : CONDITION_COLOUR.NotReady;
      if (s < BAR_PX) {
        ctx.fillStyle = trouble ? p.trouble : nodeColour;
        ctx.fillRect(x, y, Math.max(1, w), Math.max(1, h));
        continue;
      }
      ctx.fillStyle = p.tile;
      ctx.fillRect(x, y, w, h);
      // The node's condition as a band on the left edge, the pods as a bar along the bottom.
      ctx.fillStyle = nodeColour;
      ctx.fillRect(x, y, Math.max(2, w * 0.04), h);
      bar(ctx, t, x + w * 0.06, y + h * 0.78, w * 0.9, Math.max(2, h * 0.14));
      if (trouble) {
        ctx.strokeStyle = p.trouble;
        ctx.lineWidth = Math.max(1.5, Math.min(3, w / 50));
        ctx.strokeRect(x + 1, y + 1, w - 2, h - 2);
      }
      if (!t.hostUp) {
        ctx.strokeStyle = p.trouble;
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + w, y + h);
        ctx.moveTo(x + w, y);
        ctx.lineTo(x, y + h);
        ctx.stroke();
      }
      if (s >= LABEL_PX) labels(ctx, t, x, y, w, p);
    }
  }
  for (const [i, colour] of [
    [d.drilled, p.text],
    [d.focused, p.focus],
  ] as const) {
    if (i < 0 || i >= l.count) continue;
    const o = tileOrigin(l, i);
    const pad = Math.max(3, (GAP / 3) * tf.k);
    ctx.strokeStyle = colour;
    ctx.lineWidth = 2;
    ctx.setLineDash(i === d.focused ? [6, 3] : []);
    ctx.strokeRect(o.x * tf.k + tf.x - pad, o.y * tf.k + tf.y - pad, s + 2 * pad, sh + 2 * pad);
    ctx.setLineDash([]);
  }
  return drawn;
}
