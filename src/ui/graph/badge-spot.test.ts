// Issue 11: "Count badges cover the names of etcd-1 / kube-apiserver": a badge takes the nearest spot
// that covers no label, on its edge or beside it.
import { describe, expect, it } from 'vitest';
import { LabelIndex, PlacedBadges, type Rect, badgeSpot, circleHitsRect } from './badge-spot';

const apiserverName: Rect = { x: 20, y: 8, w: 110, h: 16 };
const etcdName: Rect = { x: 20, y: 48, w: 100, h: 16 };

describe('badgeSpot', () => {
  it('leaves a badge where its group is when that covers no label', () => {
    const spot = badgeSpot({ x: 0, y: 0 }, { x: 400, y: 0 }, 0.5, 12, new LabelIndex([apiserverName, etcdName]));
    expect(spot).toEqual({ x: 200, y: 0 });
  });

  it('moves a badge off two stacked names (kube-apiserver over etcd-1) to the nearest free spot', () => {
    // The edge joins the two boxes' centres; both names cross it.
    const labels = new LabelIndex([apiserverName, etcdName]);
    const spot = badgeSpot({ x: 78, y: 18 }, { x: 78, y: 58 }, 0.5, 12, labels);
    expect([apiserverName, etcdName].some((r) => circleHitsRect(spot, 12, r))).toBe(false);
    // Beside the edge, not far away: within ten radii of where the group is.
    expect(Math.hypot(spot.x - 78, spot.y - 38)).toBeLessThanOrEqual(120);
  });

  it('keeps to the edge when a free stretch of it is near', () => {
    const labels = new LabelIndex([{ x: 180, y: -10, w: 40, h: 20 }]);
    const spot = badgeSpot({ x: 0, y: 0 }, { x: 400, y: 0 }, 0.5, 10, labels);
    expect(spot.y).toBe(0);
    expect(circleHitsRect(spot, 10, { x: 180, y: -10, w: 40, h: 20 })).toBe(false);
  });

  it('stays where its group is when nothing near is free', () => {
    const labels = new LabelIndex([{ x: -1000, y: -1000, w: 3000, h: 3000 }]);
    expect(badgeSpot({ x: 0, y: 0 }, { x: 100, y: 0 }, 0.25, 10, labels)).toEqual({ x: 25, y: 0 });
  });
});

describe('PlacedBadges', () => {
  it('says a badge overlaps one placed before it, across grid cells, and not one a radius too far', () => {
    const placed = new PlacedBadges(64);
    placed.add({ x: 60, y: 60 }, 12);
    expect(placed.hits({ x: 80, y: 70 }, 12)).toBe(true);
    // In the next cell: the placed badge is bucketed in every cell its circle touches.
    expect(placed.hits({ x: 62, y: 74 }, 5)).toBe(true);
    expect(placed.hits({ x: 60, y: 85 }, 12)).toBe(false);
    expect(placed.hits({ x: 300, y: 300 }, 12)).toBe(false);
  });

  it('keeps a second badge on a busy edge off the first', () => {
    const labels = new LabelIndex([]);
    const placed = new PlacedBadges();
    const free = { hits: (p: { x: number; y: number }, r: number) => labels.hits(p, r) || placed.hits(p, r) };
    const first = badgeSpot({ x: 0, y: 0 }, { x: 400, y: 0 }, 0.5, 10, free);
    placed.add(first, 10);
    const second = badgeSpot({ x: 0, y: 0 }, { x: 400, y: 0 }, 0.5, 10, free);
    expect(Math.hypot(second.x - first.x, second.y - first.y)).toBeGreaterThanOrEqual(20);
  });
});
