// Issue 11: "a change to one object re-renders its node, not the layout". layoutFor with a memo
// makes the layout again only when what it is made from changed: which hosts, components, pods
// (and their node), nodes and Services there are, and the pane's shape. A pod's status is not one.
import { describe, expect, it } from 'vitest';
import type { ObjectView } from '../../protocol/view';
import { fixtureState } from './fixtures';
import { type LayoutMemo, type SimSlice, layoutFor, podsAndNodes } from './model';

function slice(): SimSlice {
  const s = fixtureState(6, 12);
  return { hosts: s.hosts, components: s.components, objects: s.objects, partitions: s.partitions };
}

const order = () => 0;

function layout(s: SimSlice, memo: LayoutMemo, aspect?: number) {
  const { pods, nodes } = podsAndNodes(s.objects);
  return layoutFor(s, pods, nodes, order, [], order, aspect, memo);
}

function withPod(s: SimSlice, id: string, change: (p: ObjectView) => ObjectView): SimSlice {
  return { ...s, objects: { ...s.objects, [id]: change(s.objects[id]!) } };
}

describe('layoutFor with a memo', () => {
  const s = slice();
  const podId = Object.values(s.objects).find((o) => o.kind === 'Pod' && (o.object.spec as { nodeName?: string }).nodeName)!.id;

  it('keeps the same layout object when a pod changes only its status', () => {
    const memo: LayoutMemo = {};
    const first = layout(s, memo);
    const ran = withPod(s, podId, (p) => ({ ...p, resourceVersion: '999', object: { ...p.object, status: { phase: 'Succeeded' } } }));
    expect(layout(ran, memo)).toBe(first);
  });

  it('makes it again when a pod moves to another node, a pod goes, or the pane changes shape', () => {
    const memo: LayoutMemo = {};
    const first = layout(s, memo);
    const moved = withPod(s, podId, (p) => ({ ...p, object: { ...p.object, spec: { ...(p.object.spec as object), nodeName: 'worker-6' } } }));
    const second = layout(moved, memo);
    expect(second).not.toBe(first);
    expect(second.podRegion[podId]).toBe('host:worker-6');
    const objects = { ...moved.objects };
    delete objects[podId];
    const third = layout({ ...moved, objects }, memo);
    expect(third).not.toBe(second);
    expect(third.podRegion[podId]).toBeUndefined();
    expect(layout({ ...moved, objects }, memo, 3.2)).not.toBe(third);
  });

  it('gives the same boxes as a layout made without a memo', () => {
    const memo: LayoutMemo = {};
    layout(s, memo);
    const { pods, nodes } = podsAndNodes(s.objects);
    expect(layout(s, memo)).toEqual(layoutFor(s, pods, nodes, order, [], order));
  });
});
