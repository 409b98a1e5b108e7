// The stretch of an edge a message dot travels: from the sender's box's border to the receiver's, not
// centre to centre. A dot at the very start or end of its trip sat on the middle of a box, which is
// where a component's name is: on the short edges of the control plane (kube-apiserver over etcd-1)
// a dozen dots hid both names (issue 11, seen on the 1280x720 screenshots).

import type { Point, Rect } from './badge-spot';

const centre = (r: Rect): Point => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

const inside = (p: Point, r: Rect): boolean => p.x > r.x && p.x < r.x + r.w && p.y > r.y && p.y < r.y + r.h;

/** Where the ray from `r`'s centre towards `to` leaves `r`. */
function exit(r: Rect, to: Point): Point {
  const c = centre(r);
  const dx = to.x - c.x;
  const dy = to.y - c.y;
  const s = Math.min(dx ? r.w / 2 / Math.abs(dx) : Infinity, dy ? r.h / 2 / Math.abs(dy) : Infinity);
  return { x: c.x + dx * s, y: c.y + dy * s };
}

/**
 * The two ends of a dot's trip between boxes `from` and `to`: where the line between their centres
 * crosses each one's border. Boxes that overlap or hold one another (a process drawn on its host's
 * region) keep the centres.
 */
export function borderToBorder(from: Rect, to: Rect): { a: Point; b: Point } {
  const a = centre(from);
  const b = centre(to);
  if (inside(a, to) || inside(b, from)) return { a, b };
  const ea = exit(from, b);
  const eb = exit(to, a);
  // The borders cross (the boxes overlap along the line): the centres, as before.
  if ((eb.x - ea.x) * (b.x - a.x) + (eb.y - ea.y) * (b.y - a.y) < 0) return { a, b };
  return { a: ea, b: eb };
}
