import { describe, expect, it } from 'vitest';
import type { ObjectView, Patch } from '../../protocol/view';
import { HOLD_ABOVE, OBJECTS_EVERY_MS, ObjectsHold } from './objects-hold';

const obj = (id: string, rv = '1'): ObjectView => ({ id, kind: 'Pod', namespace: 'default', name: id, resourceVersion: rv, object: {} });
const patch = (p: Partial<Patch<ObjectView>>): Patch<ObjectView> => ({ added: [], updated: [], removed: [], ...p });
const seal = <T,>(x: T): T => (typeof x === 'object' && x !== null ? Object.freeze(x) : x);

function big(n = HOLD_ABOVE + 1): Record<string, ObjectView> {
  const t: Record<string, ObjectView> = {};
  for (let i = 0; i < n; i++) t[`p${i}`] = obj(`p${i}`);
  return t;
}

describe('ObjectsHold', () => {
  it('applies every change at once while the table is small', () => {
    let now = 0;
    const hold = new ObjectsHold(() => now, seal);
    let t: Record<string, ObjectView> = {};
    for (const id of ['a', 'b', 'c']) {
      now += 16;
      const next = hold.apply(t, patch({ added: [obj(id)] }));
      expect(next).not.toBe(t);
      t = next;
    }
    expect(Object.keys(t)).toEqual(['a', 'b', 'c']);
    expect(hold.waiting).toBe(false);
  });

  it('past HOLD_ABOVE objects, gathers the changes of OBJECTS_EVERY_MS and applies them together, in order', () => {
    let now = 0;
    const hold = new ObjectsHold(() => now, seal);
    const first = big();
    hold.replaced(first);
    now = OBJECTS_EVERY_MS / 2;
    const t1 = hold.apply(first, patch({ updated: [obj('p1', '2')], added: [obj('new')] }));
    expect(t1).toBe(first);
    expect(hold.waiting).toBe(true);
    expect(hold.dueIn()).toBe(OBJECTS_EVERY_MS / 2);
    now = OBJECTS_EVERY_MS - 1;
    expect(hold.apply(t1, patch({ removed: ['new', 'p2'], updated: [obj('p1', '3')] }))).toBe(first);
    now = OBJECTS_EVERY_MS;
    const t2 = hold.apply(t1, patch({ updated: [obj('p3', '2')] }));
    expect(t2).not.toBe(first);
    expect(Object.isFrozen(t2)).toBe(true);
    expect(t2['p1']!.resourceVersion).toBe('3');
    expect(t2['p3']!.resourceVersion).toBe('2');
    expect('new' in t2 || 'p2' in t2).toBe(false);
    expect(Object.keys(t2)).toHaveLength(HOLD_ABOVE);
    expect(hold.waiting).toBe(false);
  });

  it('applies what it holds when a frame without changes comes late, or when flushed (the timer)', () => {
    let now = 0;
    const hold = new ObjectsHold(() => now, seal);
    const first = big();
    hold.replaced(first);
    now = 10;
    hold.apply(first, patch({ updated: [obj('p1', '2')] }));
    now = 20;
    expect(hold.apply(first, patch({}))).toBe(first);
    now = OBJECTS_EVERY_MS + 1;
    expect(hold.apply(first, patch({}))['p1']!.resourceVersion).toBe('2');
    hold.apply(first, patch({ updated: [obj('p1', '9')] }));
    expect(hold.flush(first)['p1']!.resourceVersion).toBe('9');
    expect(hold.flush(first)).toBe(first);
  });

  it('forgets what it held when the table is replaced whole (a reset frame, a new scenario)', () => {
    let now = 0;
    const hold = new ObjectsHold(() => now, seal);
    const first = big();
    hold.replaced(first);
    now = 10;
    hold.apply(first, patch({ added: [obj('gone')] }));
    hold.replaced(first);
    expect(hold.waiting).toBe(false);
    now = 1000;
    expect('gone' in hold.flush(first)).toBe(false);
  });
});
