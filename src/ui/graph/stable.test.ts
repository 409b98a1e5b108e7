// Issue 11: "a change to one object re-renders its node, not the layout". React Flow keeps a node's
// internal state, and skips its render, while it gets the same user node object (@xyflow/system
// adoptUserNodes compares them by identity); keepSame hands it the previous object when nothing drawn changed.
import { describe, expect, it } from 'vitest';
import { keepSame, sameFields } from './stable';

interface N {
  id: string;
  position: { x: number; y: number };
  data: Record<string, unknown>;
}

const view = (name: string, status: string) => ({ id: `pods/default/${name}`, status });

function nodes(views: ReturnType<typeof view>[]): N[] {
  // Rebuilt every frame, as buildNodes does: new objects, new boxes, same content.
  return views.map((v, i) => ({ id: `pod:${v.id}`, position: { x: i * 10, y: 0 }, data: { box: { x: i * 10, y: 0 }, pod: v, hostUp: true } }));
}

describe('keepSame', () => {
  it('keeps every node object and the list when nothing drawn changed', () => {
    const a = view('a', 'Running');
    const b = view('b', 'Running');
    const cache = { byId: new Map<string, N>(), list: [] as N[] };
    const first = keepSame(cache, nodes([a, b]));
    const second = keepSame(cache, nodes([a, b]));
    expect(second).toBe(first);
  });

  it('replaces only the node whose view changed', () => {
    const a = view('a', 'Pending');
    const b = view('b', 'Running');
    const cache = { byId: new Map<string, N>(), list: [] as N[] };
    const first = keepSame(cache, nodes([a, b]));
    const a2 = view('a', 'Running');
    const second = keepSame(cache, nodes([a2, b]));
    expect(second).not.toBe(first);
    expect(second[0]).not.toBe(first[0]);
    expect(second[0]!.data.pod).toBe(a2);
    expect(second[1]).toBe(first[1]);
  });

  it('replaces a node that moved, and drops one that went', () => {
    const a = view('a', 'Running');
    const b = view('b', 'Running');
    const cache = { byId: new Map<string, N>(), list: [] as N[] };
    const first = keepSame(cache, nodes([a, b]));
    const second = keepSame(cache, nodes([b]));
    expect(second).toHaveLength(1);
    // b moved to the first slot: a new object with the new position.
    expect(second[0]).not.toBe(first[1]);
    expect(second[0]!.position.x).toBe(0);
  });
});

describe('sameFields', () => {
  it('compares store views by identity and small values by content', () => {
    const v = view('a', 'Running');
    expect(sameFields({ pod: v, box: { x: 1 } }, { pod: v, box: { x: 1 } })).toBe(true);
    expect(sameFields({ pod: v }, { pod: { ...v } })).toBe(false);
    expect(sameFields({ cutFrom: ['w1'] }, { cutFrom: ['w2'] })).toBe(false);
    expect(sameFields({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it('compares nested small values member by member: arrays by order, objects whatever their key order', () => {
    const handles = () => [{ type: 'target', x: 1, y: 2 }, { type: 'source', x: 1, y: 2 }];
    expect(sameFields({ handles: handles() }, { handles: handles() })).toBe(true);
    expect(sameFields({ handles: handles() }, { handles: handles().reverse() })).toBe(false);
    expect(sameFields({ box: { x: 1, y: 2 } }, { box: { y: 2, x: 1 } })).toBe(true);
    expect(sameFields({ etcd: { members: [{ id: 'e1', up: true }] } }, { etcd: { members: [{ id: 'e1', up: false }] } })).toBe(false);
    expect(sameFields({ cutFrom: [] }, { cutFrom: {} })).toBe(false);
  });
});
