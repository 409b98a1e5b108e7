// Where the scale view puts its tiles: a grid in world units, shaped like the pane, in the model's
// order (node names in numeric order). Pure, so hit tests and the drawing agree.

export const TILE_W = 160;
export const TILE_H = 72;
export const GAP = 12;

export interface ScaleLayout {
  count: number;
  cols: number;
  rows: number;
  /** The grid's size in world units. */
  width: number;
  height: number;
}

/** A grid for `count` tiles whose shape is close to `aspect` (width / height of the pane). */
export function scaleLayout(count: number, aspect: number): ScaleLayout {
  const a = Number.isFinite(aspect) && aspect > 0 ? aspect : 16 / 10;
  const cols = Math.max(1, Math.min(count, Math.round(Math.sqrt((count * a * (TILE_H + GAP)) / (TILE_W + GAP)))));
  const rows = Math.max(1, Math.ceil(count / cols));
  return { count, cols, rows, width: cols * (TILE_W + GAP) - GAP, height: rows * (TILE_H + GAP) - GAP };
}

/** The world position of tile `i`'s top-left corner. */
export function tileOrigin(l: ScaleLayout, i: number): { x: number; y: number } {
  return { x: (i % l.cols) * (TILE_W + GAP), y: Math.floor(i / l.cols) * (TILE_H + GAP) };
}

/** The tile under a world point, or -1 (the gaps between tiles belong to none). */
export function tileAt(l: ScaleLayout, x: number, y: number): number {
  if (x < 0 || y < 0) return -1;
  const col = Math.floor(x / (TILE_W + GAP));
  const row = Math.floor(y / (TILE_H + GAP));
  if (col >= l.cols || x - col * (TILE_W + GAP) > TILE_W || y - row * (TILE_H + GAP) > TILE_H) return -1;
  const i = row * l.cols + col;
  return i < l.count ? i : -1;
}

/** The tile nearest a world point (the keyboard's target: the one at the centre of the view). */
export function tileNear(l: ScaleLayout, x: number, y: number): number {
  if (l.count === 0) return -1;
  const col = Math.min(l.cols - 1, Math.max(0, Math.floor(x / (TILE_W + GAP))));
  const row = Math.min(l.rows - 1, Math.max(0, Math.floor(y / (TILE_H + GAP))));
  return Math.min(l.count - 1, row * l.cols + col);
}

/** The rows and columns a viewport shows (a view transform `k`, `x`, `y` as d3-zoom's), clamped to the grid. */
export function visibleRange(l: ScaleLayout, t: { k: number; x: number; y: number }, w: number, h: number): { c0: number; c1: number; r0: number; r1: number } {
  const wx0 = -t.x / t.k;
  const wy0 = -t.y / t.k;
  const wx1 = (w - t.x) / t.k;
  const wy1 = (h - t.y) / t.k;
  return {
    c0: Math.max(0, Math.floor(wx0 / (TILE_W + GAP))),
    c1: Math.min(l.cols - 1, Math.floor(wx1 / (TILE_W + GAP))),
    r0: Math.max(0, Math.floor(wy0 / (TILE_H + GAP))),
    r1: Math.min(l.rows - 1, Math.floor(wy1 / (TILE_H + GAP))),
  };
}

/**
 * The transform that shows the whole grid in a `w` x `h` pane with a margin, below a band of `top`
 * pixels (where the view switch sits) and above one of `bottom` (the summary line).
 */
export function fitTransform(l: ScaleLayout, w: number, h: number, margin = 16, top = 0, bottom = 0): { k: number; x: number; y: number } {
  const free = h - top - bottom;
  const k = Math.max(1e-3, Math.min((w - 2 * margin) / Math.max(1, l.width), (free - 2 * margin) / Math.max(1, l.height), 2));
  return { k, x: (w - l.width * k) / 2, y: top + (free - l.height * k) / 2 };
}
