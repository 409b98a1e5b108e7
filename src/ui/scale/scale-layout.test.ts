// The scale view's grid: shaped like the pane, and hit tests that agree with where tiles are drawn.

import { describe, expect, it } from 'vitest';
import { GAP, TILE_H, TILE_W, fitTransform, scaleLayout, tileAt, tileNear, tileOrigin, visibleRange } from './scale-layout';

describe('scaleLayout', () => {
  it('shapes 5,000 tiles like a 16:10 pane', () => {
    const l = scaleLayout(5000, 1.6);
    expect(l.cols * l.rows).toBeGreaterThanOrEqual(5000);
    expect(l.width / l.height).toBeGreaterThan(1.3);
    expect(l.width / l.height).toBeLessThan(1.9);
  });

  it('finds the tile under a point, none in the gaps, and the nearest one for the keyboard', () => {
    const l = scaleLayout(10, 1);
    const o = tileOrigin(l, 5);
    expect(tileAt(l, o.x + 1, o.y + 1)).toBe(5);
    expect(tileAt(l, o.x + TILE_W + GAP / 2, o.y + 1)).toBe(-1);
    expect(tileAt(l, -5, 0)).toBe(-1);
    expect(tileNear(l, 1e6, 1e6)).toBe(9);
  });

  it('fits the whole grid and culls what a zoomed-in view does not show', () => {
    const l = scaleLayout(5000, 1190 / 800);
    const f = fitTransform(l, 1190, 800);
    expect(l.width * f.k).toBeLessThanOrEqual(1190);
    const all = visibleRange(l, f, 1190, 800);
    expect([all.c0, all.r0, all.c1, all.r1]).toEqual([0, 0, l.cols - 1, l.rows - 1]);
    const near = visibleRange(l, { k: 1, x: 0, y: 0 }, 1190, 800);
    expect((near.c1 - near.c0 + 1) * (near.r1 - near.r0 + 1)).toBeLessThan(100);
    expect(near.r1).toBe(Math.floor(800 / (TILE_H + GAP)));
  });
});
