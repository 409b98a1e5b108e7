// The scheduler cache's snapshot (pkg/scheduler/backend/cache/cache.go UpdateSnapshot): after any
// series of changes it equals NodeInfos built afresh from the cache, in the node informer's order,
// while only the changed nodes' NodeInfos are built again; the lists of nodes with affinity and
// required anti-affinity pods follow (snapshot.go havePodsWith...NodeInfoList).

import { describe, expect, it } from 'vitest';
import type { Pod } from '../api/types';
import { addPodToAggregate, buildNodeInfo, emptyAggregate, podKey, removePodFromAggregate, type NodeAggregate } from './framework/nodeinfo';
import { createSnapshot, nodeChanged, updateSnapshot } from './snapshot';
import { makeNode, makePod } from './testing';
import { nodeTableOf } from './framework/node-table';

const antiAffinity = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: 'kubernetes.io/hostname', labelSelector: { matchLabels: { app: 'db' } } }] } };

function cache() {
  const nodes = new Map<string, unknown>(['a', 'b', 'c'].map((n) => [n, makeNode(n)]));
  const aggregates = new Map<string, NodeAggregate>();
  const pods = new Map<string, Pod>();
  const src = { nodes, aggregates, pod: (k: string) => pods.get(k) };
  const place = (pod: Pod, node: string): void => {
    pods.set(podKey(pod), pod);
    const agg = aggregates.get(node) ?? emptyAggregate();
    aggregates.set(node, agg);
    addPodToAggregate(agg, pod);
  };
  const fresh = () => [...nodes.keys()].map((n) => buildNodeInfo(nodes.get(n) as never, aggregates.get(n) ?? emptyAggregate(), src.pod));
  return { nodes, aggregates, pods, src, place, fresh };
}

describe('scheduler snapshot', () => {
  it('rebuilds only the nodes that changed and equals a fresh build', () => {
    const c = cache();
    const snap = createSnapshot();
    c.place(makePod('p1', { cpu: '100m' }), 'a');
    const first = updateSnapshot(snap, c.src);
    expect(first).toEqual(c.fresh());
    const [a, b, cc] = first;
    c.place(makePod('p2', { cpu: '200m' }), 'b');
    nodeChanged(snap, 'b');
    const second = updateSnapshot(snap, c.src);
    expect(second).toEqual(c.fresh());
    expect(second[0]).toBe(a); // untouched: the same NodeInfo
    expect(second[2]).toBe(cc);
    expect(second[1]).not.toBe(b);
    expect(second[1]!.requested.milliCPU).toBe(200);
  });

  it('follows nodes that come and go, and a relist that reorders them', () => {
    const c = cache();
    const snap = createSnapshot();
    updateSnapshot(snap, c.src);
    c.nodes.delete('a');
    nodeChanged(snap, 'a');
    c.nodes.set('d', makeNode('d'));
    nodeChanged(snap, 'd');
    expect(updateSnapshot(snap, c.src).map((n) => n.name)).toEqual(['b', 'c', 'd']);
    c.src.nodes = new Map([...c.nodes].reverse());
    expect(updateSnapshot(snap, c.src).map((n) => n.name)).toEqual(['d', 'c', 'b']);
  });

  it('keeps the table of numbers the filters and scores read row for row with the list (framework/node-table.ts)', () => {
    // types.go NodeInfo's Requested/Allocatable, here as rows in the list's order: after each
    // update the snapshot's table equals one made afresh from its list, rows past the end aside.
    const c = cache();
    const snap = createSnapshot();
    const rowsMatch = () => {
      const list = updateSnapshot(snap, c.src);
      const fresh = nodeTableOf(list);
      expect(snap.table.rows).toBe(list.length);
      expect([...snap.table.nums.subarray(0, 10 * list.length)]).toEqual([...fresh.nums.subarray(0, 10 * list.length)]);
      expect([...snap.table.flags.subarray(0, list.length)]).toEqual([...fresh.flags.subarray(0, list.length)]);
    };
    rowsMatch();
    c.place(makePod('p1', { cpu: '300m', memory: '1Gi' }), 'b');
    nodeChanged(snap, 'b');
    rowsMatch();
    expect(snap.table.nums[1 * 10 + 4]).toBe(300); // row of b, REQ_CPU
    c.nodes.set('c', makeNode('c', { unschedulable: true, taints: [{ key: 'k', effect: 'NoSchedule' }] }));
    nodeChanged(snap, 'c');
    rowsMatch();
    expect(snap.table.flags[2]).toBe(3); // UNSCHEDULABLE | HAS_TAINTS
    c.nodes.delete('a');
    nodeChanged(snap, 'a');
    for (let i = 0; i < 40; i++) c.nodes.set(`n${i}`, makeNode(`n${i}`, { cpu: `${i + 1}` }));
    nodeChanged(snap, 'n0');
    rowsMatch();
    c.src.nodes = new Map([...c.nodes].reverse());
    rowsMatch();
  });

  it('keeps the list of nodes with required anti-affinity pods', () => {
    const c = cache();
    const snap = createSnapshot();
    updateSnapshot(snap, c.src);
    expect(snap.havePodsWithRequiredAntiAffinity).toEqual([]);
    const db = makePod('db', { labels: { app: 'db' }, spec: { affinity: antiAffinity } });
    c.place(db, 'c');
    nodeChanged(snap, 'c');
    updateSnapshot(snap, c.src);
    expect(snap.havePodsWithRequiredAntiAffinity.map((n) => n.name)).toEqual(['c']);
    expect(snap.havePodsWithAffinity.map((n) => n.name)).toEqual(['c']);
    removePodFromAggregate(c.aggregates.get('c')!, db);
    nodeChanged(snap, 'c');
    updateSnapshot(snap, c.src);
    expect(snap.havePodsWithRequiredAntiAffinity).toEqual([]);
  });

  // Source: pkg/scheduler/backend/cache/cache.go addNodeImageStates / removeNodeImageStates (the
  // cache's imageStates: per image name, the nodes that have it) and snapshot.go
  // createImageExistenceMap; ImageStateSummary.NumNodes is what ImageLocality's spread reads.
  it('counts, per image name, the nodes that have it as nodes come, change and go', () => {
    const MB = 1024 * 1024;
    const c = cache();
    c.nodes.set('a', makeNode('a', { images: [{ names: ['nginx:1.25', 'nginx@sha256:1'], sizeBytes: 60 * MB }] }));
    c.nodes.set('b', makeNode('b', { images: [{ names: ['nginx:1.25'], sizeBytes: 60 * MB }, { names: ['nginx:1.25'], sizeBytes: 60 * MB }] }));
    const snap = createSnapshot();
    updateSnapshot(snap, c.src);
    expect(Object.fromEntries(snap.imageNumNodes)).toEqual({ 'nginx:1.25': 2, 'nginx@sha256:1': 1 });
    c.nodes.set('b', makeNode('b', { images: [{ names: ['redis:7'], sizeBytes: 40 * MB }] }));
    nodeChanged(snap, 'b');
    updateSnapshot(snap, c.src);
    expect(Object.fromEntries(snap.imageNumNodes)).toEqual({ 'nginx:1.25': 1, 'nginx@sha256:1': 1, 'redis:7': 1 });
    c.nodes.delete('a');
    nodeChanged(snap, 'a');
    updateSnapshot(snap, c.src);
    expect(Object.fromEntries(snap.imageNumNodes)).toEqual({ 'redis:7': 1 });
    // A pod placed changes the NodeInfo, not the Node object: the counts stay.
    c.place(makePod('p', { cpu: '100m' }), 'b');
    nodeChanged(snap, 'b');
    updateSnapshot(snap, c.src);
    expect(Object.fromEntries(snap.imageNumNodes)).toEqual({ 'redis:7': 1 });
  });

  it("keeps the node names in a list of their own that a cycle record can share: a new list only when nodes come or go", () => {
    const c = cache();
    const snap = createSnapshot();
    updateSnapshot(snap, c.src);
    const names = snap.names;
    expect(names).toEqual(['a', 'b', 'c']);
    c.place(makePod('p', { cpu: '100m' }), 'b');
    nodeChanged(snap, 'b');
    updateSnapshot(snap, c.src);
    expect(snap.names).toBe(names);
    c.nodes.set('d', makeNode('d'));
    nodeChanged(snap, 'd');
    snap.listStale = true;
    updateSnapshot(snap, c.src);
    expect(snap.names).toEqual(['a', 'b', 'c', 'd']);
    expect(names).toEqual(['a', 'b', 'c']);
  });
});
