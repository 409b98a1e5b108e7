// Issue 11's layout defects: the words "only kube-apiserver talks to etcd" (seed, chapter 1: the API
// server is the only component that talks to etcd) sat on the short apiserver -> etcd edge inside the
// control plane, over the etcd card and the other members' edges. Inside the control plane they now
// stand right of the etcd column, level with the apiserver; for members on hosts of their own they
// are a line of the etcd box's header.
import { describe, expect, it } from 'vitest';
import { fixtureState, withExternalEtcd } from './fixtures';
import { COMP_W, ETCD_X, regionId } from './layout';
import { type RegionData, type SimSlice, buildEdges, buildNodes, layoutFor, podsAndNodes } from './model';

function graph(s: SimSlice) {
  const { pods, nodes } = podsAndNodes(s.objects);
  const layout = layoutFor(s, pods, nodes, () => 0);
  return { layout, nodes: buildNodes(s, layout, pods, nodes), edges: buildEdges(s, layout) };
}
const slice = (f: ReturnType<typeof fixtureState>): SimSlice => ({ ...f, apiEtcd: undefined }) as SimSlice;

describe('the note that only kube-apiserver talks to etcd', () => {
  it('inside the control plane: beside the etcd column, inside the region, and no etcd edge carries it', () => {
    // The full geometry draws it: a cluster without workers (with workers every region is compact).
    const { layout, nodes, edges } = graph(slice(fixtureState(0)));
    const cp = nodes.find((n) => n.id === regionId('control-plane'))!;
    const note = (cp.data as RegionData).etcdNote!;
    expect(note).toBeDefined();
    expect(note.x).toBeGreaterThanOrEqual(ETCD_X + COMP_W);
    expect(note.x + note.w).toBeLessThanOrEqual(layout.byId[regionId('control-plane')]!.w);
    expect(note.w).toBeGreaterThan(120);
    const etcdEdges = edges.filter((e) => e.data?.kind === 'etcd');
    expect(etcdEdges.length).toBeGreaterThan(0);
    expect(etcdEdges.every((e) => !e.data?.label)).toBe(true);
  });

  it('compact (a cluster with workers): the etcd member stands under the apiserver, and no note', () => {
    const { layout, nodes } = graph(slice(fixtureState()));
    const cp = nodes.find((n) => n.id === regionId('control-plane'))!;
    expect((cp.data as RegionData).etcdNote).toBeUndefined();
    const api = layout.byId['comp:kube-apiserver']!;
    const etcd = layout.byId['comp:etcd/etcd-1']!;
    expect(etcd.ax).toBe(api.ax);
    expect(etcd.ay).toBeGreaterThan(api.ay);
  });

  it('with members on hosts of their own: no edge carries it (the etcd box says it in its header), and the control plane has no note', () => {
    // On the short edge to the leader the words lay over the control plane's header and etcd-1's
    // name at 1280x720 (issue 11); nodes.tsx draws them as the etcd box's third header line.
    const { nodes, edges } = graph(slice(withExternalEtcd(fixtureState(), 3)));
    const cp = nodes.find((n) => n.id === regionId('control-plane'))!;
    expect((cp.data as RegionData).etcdNote).toBeUndefined();
    expect(edges.filter((e) => e.data?.kind === 'etcd')).not.toHaveLength(0);
    expect(edges.filter((e) => e.data?.kind === 'etcd' && e.data.label)).toHaveLength(0);
  });
});
