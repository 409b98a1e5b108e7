// Issue 11: the kubectl edge's label "HTTPS :6443" (the apiserver's secure port, kubeadm's default
// --secure-port=6443: kubernetes.io/docs/reference/networking/ports-and-protocols/) stood at the
// edge's middle, and in the compact graph that middle is on kube-controller-manager's name (the laptop
// stands 24 units left of the control plane). Compact, it stands under kubectl in the laptop's card.
import { describe, expect, it } from 'vitest';
import { fixtureState, withExternalEtcd } from './fixtures';
import { type Box, UNDER_SOURCE_DY, componentNodeId, regionId } from './layout';
import { type SimSlice, buildEdges, layoutFor, podsAndNodes } from './model';

function graph(s: SimSlice) {
  const { pods, nodes } = podsAndNodes(s.objects);
  const layout = layoutFor(s, pods, nodes, () => 0);
  return { layout, edges: buildEdges(s, layout) };
}
const slice = (f: ReturnType<typeof fixtureState>): SimSlice => ({ ...f, apiEtcd: undefined }) as SimSlice;
const hit = (a: { x: number; y: number; w: number; h: number }, b: Box) => a.x < b.ax + b.w && b.ax < a.x + a.w && a.y < b.ay + b.h && b.ay < a.y + a.h;

describe('the kubectl edge label', () => {
  it.each([
    ['the default compact cluster', () => slice(fixtureState(3))],
    ['a 3-member external etcd cluster', () => slice(withExternalEtcd(fixtureState(3), 3))],
  ])('%s: stands under kubectl inside the laptop card, over no other box', (_, make) => {
    const { layout, edges } = graph(make());
    expect(layout.compact).toBe(true);
    const e = edges.find((x) => x.source === componentNodeId('kubectl'))!;
    expect(e.data?.label).toBe('HTTPS :6443');
    expect(e.data?.labelAt).toBe('under-source');
    const cell = layout.byId[componentNodeId('kubectl')]!;
    const card = layout.byId[regionId('laptop')]!;
    // The label's box, at most as wide as kubectl's cell, 12 px tall above its baseline, 3 below.
    const base = cell.ay + cell.h / 2 + UNDER_SOURCE_DY;
    const label = { x: cell.ax, y: base - 12, w: cell.w, h: 15 };
    expect(label.y).toBeGreaterThanOrEqual(cell.ay + cell.h);
    expect(label.y + label.h).toBeLessThanOrEqual(card.ay + card.h);
    for (const b of layout.boxes) if (b !== card) expect(hit(label, b), b.id).toBe(false);
  });

  it('in the full geometry (no workers) stays at the middle of the edge, in the gap outside the cluster', () => {
    const { layout, edges } = graph(slice(fixtureState(0)));
    expect(layout.compact).toBe(false);
    const e = edges.find((x) => x.source === componentNodeId('kubectl'))!;
    expect(e.data?.labelAt).toBeUndefined();
  });
});
