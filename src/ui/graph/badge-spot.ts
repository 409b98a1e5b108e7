// Where a count badge sits (a merged dot: "19" messages of one type on one edge). A single dot glides
// over whatever lies on its edge and is gone a moment later; a count badge stays put while its group
// is in flight, and on the short edges of the control plane (kube-apiserver over etcd-1) its middle is
// on the two boxes' names: a learner could read neither (issue 11). So a badge takes the free spot
// nearest to where its group is: along its edge first, then beside it, never over a label.
// Pure: the labels come in as rectangles in flow coordinates (MessageDots measures them).

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Rectangles bucketed on a grid, so a badge asks only the labels near it (thousands at 50 workers). */
export class LabelIndex {
  private readonly cells = new Map<string, Rect[]>();
  constructor(
    rects: readonly Rect[],
    private readonly cell = 64,
  ) {
    for (const r of rects) this.add(r);
  }

  add(r: Rect): void {
    for (let cx = Math.floor(r.x / this.cell); cx <= Math.floor((r.x + r.w) / this.cell); cx++)
      for (let cy = Math.floor(r.y / this.cell); cy <= Math.floor((r.y + r.h) / this.cell); cy++) {
        const k = `${cx},${cy}`;
        const list = this.cells.get(k);
        if (list) list.push(r);
        else this.cells.set(k, [r]);
      }
  }

  /** Whether a circle at `p` with radius `r` touches any rectangle. */
  hits(p: Point, r: number): boolean {
    for (let cx = Math.floor((p.x - r) / this.cell); cx <= Math.floor((p.x + r) / this.cell); cx++)
      for (let cy = Math.floor((p.y - r) / this.cell); cy <= Math.floor((p.y + r) / this.cell); cy++)
        for (const q of this.cells.get(`${cx},${cy}`) ?? []) if (circleHitsRect(p, r, q)) return true;
    return false;
  }
}

/**
 * The badges placed so far in a frame, bucketed like the labels: at 50 workers a frame places 50-70
 * badges, and each tries up to a few hundred spots; asking every placed badge each time was the
 * frame's largest cost in a Chromium profile.
 */
export class PlacedBadges {
  private readonly cells = new Map<string, { p: Point; r: number }[]>();
  constructor(private readonly cell = 64) {}

  add(p: Point, r: number): void {
    const c = { p, r };
    for (let cx = Math.floor((p.x - r) / this.cell); cx <= Math.floor((p.x + r) / this.cell); cx++)
      for (let cy = Math.floor((p.y - r) / this.cell); cy <= Math.floor((p.y + r) / this.cell); cy++) {
        const k = `${cx},${cy}`;
        const list = this.cells.get(k);
        if (list) list.push(c);
        else this.cells.set(k, [c]);
      }
  }

  /** Whether a circle at `p` with radius `r` overlaps a placed badge. */
  hits(p: Point, r: number): boolean {
    for (let cx = Math.floor((p.x - r) / this.cell); cx <= Math.floor((p.x + r) / this.cell); cx++)
      for (let cy = Math.floor((p.y - r) / this.cell); cy <= Math.floor((p.y + r) / this.cell); cy++)
        for (const q of this.cells.get(`${cx},${cy}`) ?? []) if (Math.hypot(q.p.x - p.x, q.p.y - p.y) < q.r + r) return true;
    return false;
  }
}

export function circleHitsRect(p: Point, r: number, q: Rect): boolean {
  const nx = Math.max(q.x, Math.min(p.x, q.x + q.w));
  const ny = Math.max(q.y, Math.min(p.y, q.y + q.h));
  return (p.x - nx) ** 2 + (p.y - ny) ** 2 < r * r;
}

/** How far along the edge (as a share of it) and how far beside it (in radii) the search goes. */
const ALONG_STEP = 0.04;
const BESIDE_RADII = [0, 2.2, 3.4, 4.6, 6, 8, 10];

/**
 * The spot for a badge of radius `r` whose group is at `t` on the edge from `a` to `b`: the nearest
 * point to it (a step beside the edge counting twice a step along it), where the badge covers no label in `labels`; the group's
 * own spot when it covers none, and also when no spot nearby is free.
 */
export function badgeSpot(a: Point, b: Point, t: number, r: number, labels: Pick<LabelIndex, 'hits'>): Point {
  const at = (s: number, beside: number): Point => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len = Math.hypot(dx, dy) || 1;
    return { x: a.x + dx * s - (dy / len) * beside, y: a.y + dy * s + (dx / len) * beside };
  };
  const want = at(t, 0);
  if (!labels.hits(want, r)) return want;
  const len = Math.hypot(b.x - a.x, b.y - a.y);
  let best: Point | undefined;
  let bestCost = Infinity;
  for (const radii of BESIDE_RADII)
    for (let i = 0; i * ALONG_STEP <= 1 + 1e-9; i++) {
      const s = i * ALONG_STEP;
      // A step beside the edge costs twice a step along it: on its edge a badge still shows its route.
      const cost = Math.abs(s - t) * len + 2 * radii * r;
      if (cost >= bestCost) continue;
      for (const side of radii > 0 ? [1, -1] : [1]) {
        const c = at(s, side * radii * r);
        if (labels.hits(c, r)) continue;
        best = c;
        bestCost = cost;
        break;
      }
    }
  return best ?? want;
}
