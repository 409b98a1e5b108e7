// Issue 11: "a change to one object re-renders its node, not the layout". React Flow skips a node
// while it gets the same node object, and a memoised node component while it gets the same data:
// GraphDrawing hands back the same objects for everything a change did not touch.
import { describe, expect, it } from 'vitest';
import type { ObjectView } from '../../protocol/view';
import { FirstSeen, GraphDrawing, objectsByKind } from './drawing';
import { fixtureState } from './fixtures';
import { type SimSlice, buildEdges, buildNodes, buildServiceEdges, layoutFor } from './model';
import { serviceEndpoints } from './services';
import { GRAPH_STRINGS } from './strings';

const en = GRAPH_STRINGS.en;

function slice(workers = 6): SimSlice {
  const s = fixtureState(workers, 3);
  return { hosts: s.hosts, components: s.components, objects: s.objects, partitions: s.partitions };
}

const POD = 'pods/default/web-7d4b9c-x2x5q';

function withObject(s: SimSlice, o: ObjectView): SimSlice {
  return { ...s, objects: { ...s.objects, [o.id]: o } };
}

function ranPod(s: SimSlice, id: string): SimSlice {
  const p = s.objects[id]!;
  return withObject(s, { ...p, resourceVersion: '999', object: { ...p.object, status: { phase: 'Succeeded' } } });
}

function newPod(s: SimSlice, name: string, node: string): SimSlice {
  const p = s.objects[POD]!;
  const md = p.object.metadata as Record<string, unknown>;
  return withObject(s, { ...p, id: `pods/default/${name}`, name, object: { ...p.object, metadata: { ...md, name, creationTimestamp: '2030-01-01T00:00:00Z' }, spec: { ...(p.object.spec as object), nodeName: node } } });
}

describe('GraphDrawing', () => {
  it('draws what the builders draw', () => {
    const s = slice();
    const d = new GraphDrawing().draw(s, 1.6, en);
    const { pods, nodes, services } = objectsByKind(s.objects);
    const podOrder = new FirstSeen();
    podOrder.see(pods);
    const serviceOrder = new FirstSeen();
    serviceOrder.see(services);
    expect(d.layout).toEqual(layoutFor(s, pods, nodes, podOrder.order, services, serviceOrder.order, 1.6));
    const endpoints = serviceEndpoints(s.objects);
    expect(d.nodes).toEqual(buildNodes(s, d.layout, pods, nodes, endpoints));
    expect(d.edges.map((e) => e.id)).toEqual([...buildEdges(s, d.layout), ...buildServiceEdges(s, d.layout, endpoints, en)].map((e) => e.id));
    expect(d.edges.every((e) => e.ariaLabel && e.domAttributes?.['aria-roledescription'] === en.edgeRole)).toBe(true);
  });

  it('gives a pod whose status changed a new node, and every other node, the layout and the edges stay the same objects', () => {
    const g = new GraphDrawing();
    const s = slice();
    const first = g.draw(s, 1.6, en);
    const second = g.draw(ranPod(s, POD), 1.6, en);
    expect(second.layout).toBe(first.layout);
    expect(second.edges).toBe(first.edges);
    const changed = second.nodes.filter((n, i) => n !== first.nodes[i]).map((n) => n.id);
    // The pod's node, and the regions (made again each time) only where what they show changed: none.
    expect(changed).toEqual([`pod:${POD}`]);
  });

  it('keeps the boxes and nodes of the other regions when a new pod is placed in one', () => {
    const g = new GraphDrawing();
    const s = slice();
    const first = g.draw(s, 1.6, en);
    const second = g.draw(newPod(s, 'web-new', 'worker-4'), 1.6, en);
    expect(second.layout).not.toBe(first.layout);
    const before = new Map(first.nodes.map((n) => [n.id, n]));
    const fresh = second.nodes.filter((n) => before.get(n.id) !== n).map((n) => n.id);
    // The new pod's node and its region's (its pod count) only.
    expect(fresh).toEqual(['host:worker-4', 'pod:pods/default/web-new']);
    for (const b of second.layout.boxes) if (!b.id.endsWith('web-new') && b.id !== 'host:worker-4') expect(b).toBe(first.layout.byId[b.id]);
  });

  it('makes the communication edges again when a component stops, and only then', () => {
    const g = new GraphDrawing();
    const s = slice();
    const first = g.draw(s, 1.6, en);
    expect(g.draw({ ...s, partitions: [...s.partitions] }, 1.6, en).edges).toBe(first.edges);
    // A component's details (an etcd member's term, a kubelet's pod count) change with every frame of a rollout.
    const etcd = s.components['etcd/etcd-1']!;
    expect(g.draw({ ...s, components: { ...s.components, [etcd.id]: { ...etcd, detail: { ...etcd.detail, term: 4 } } } }, 1.6, en).edges).toBe(first.edges);
    const kubelet = s.components['kubelet/worker-1']!;
    const stopped = g.draw({ ...s, components: { ...s.components, [kubelet.id]: { ...kubelet, alive: false } } }, 1.6, en);
    const edge = stopped.edges.find((e) => e.id === 'e:kubelet/worker-1>kube-apiserver');
    expect(edge?.data?.dead).toBe(true);
    expect(first.edges.find((e) => e.id === edge?.id)?.data?.dead).toBe(false);
  });

  it('labels the edges in the language it is given', () => {
    const g = new GraphDrawing();
    const s = slice();
    const ru = g.draw(s, 1.6, GRAPH_STRINGS.ru);
    expect(ru.edges[0]?.domAttributes?.['aria-roledescription']).toBe(GRAPH_STRINGS.ru.edgeRole);
  });
});
