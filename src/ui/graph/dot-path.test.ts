// Issue 11: dots travel from the sender's border to the receiver's, so that a dot at the start or end
// of its trip does not sit on the box's name.
import { describe, expect, it } from 'vitest';
import { borderToBorder } from './dot-path';

describe('borderToBorder', () => {
  it('starts and ends a trip between two stacked boxes at their facing borders', () => {
    // kube-apiserver (top) over etcd-1, 4 units apart.
    const api = { x: 0, y: 0, w: 156, h: 36 };
    const etcd = { x: 0, y: 40, w: 156, h: 36 };
    expect(borderToBorder(api, etcd)).toEqual({ a: { x: 78, y: 36 }, b: { x: 78, y: 40 } });
  });

  it('leaves a box on the side that faces the other, on the line between the centres', () => {
    const { a, b } = borderToBorder({ x: 0, y: 0, w: 100, h: 40 }, { x: 300, y: 200, w: 100, h: 40 });
    expect(a.y).toBeCloseTo(40); // the bottom border: the line is steeper than the box's diagonal
    expect(b.y).toBeCloseTo(200);
    expect((a.x - 50) / (a.y - 20)).toBeCloseTo(300 / 200);
  });

  it('keeps the centres for a process drawn on the region that holds the other end', () => {
    const region = { x: 0, y: 0, w: 300, h: 200 };
    const comp = { x: 20, y: 20, w: 100, h: 30 };
    expect(borderToBorder(region, comp)).toEqual({ a: { x: 150, y: 100 }, b: { x: 70, y: 35 } });
  });
});
