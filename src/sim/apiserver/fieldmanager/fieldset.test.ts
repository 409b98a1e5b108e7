// FieldsV1 as sigs.k8s.io/structured-merge-diff/v4/fieldpath writes and reads it (serialize.go:
// a member with children carries `.`, a leaf is `{}`), set algebra (set.go) and the path strings
// conflicts print (path.go: `.spec.replicas`, `[name="nginx"]`, `[containerPort=80,protocol="TCP"]`).

import { describe, expect, it } from 'vitest';
import { covers, difference, emptySet, equalSets, fromFieldsV1, insert, intersection, members, pathString, recursiveDifference, toFieldsV1, union, type FieldSet } from './fieldset';

const FIELDS = {
  'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
  'f:spec': {
    'f:replicas': {},
    'f:template': {
      'f:spec': {
        'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } },
      },
    },
  },
};

describe('FieldsV1', () => {
  it('reads and writes back the same tree', () => {
    expect(toFieldsV1(fromFieldsV1(FIELDS))).toEqual(FIELDS);
  });

  it('writes fields before keys before values before indexes, `.` first', () => {
    const s = emptySet();
    insert(s, ['f:a', 'i:1']);
    insert(s, ['f:a', 'v:"x"']);
    insert(s, ['f:a', 'k:{"name":"b"}']);
    insert(s, ['f:a', 'f:z']);
    insert(s, ['f:a']);
    expect(Object.keys(toFieldsV1(s)['f:a'] as object)).toEqual(['.', 'f:z', 'k:{"name":"b"}', 'v:"x"', 'i:1']);
  });

  // Stored objects are never changed in place (issue 14: objects shared immutably), so equal trees
  // are one frozen object: every pod of a ReplicaSet, every version of an object, names the same fields.
  it('gives equal sets the same frozen tree, and shares the equal subtrees of different sets', () => {
    const a = toFieldsV1(fromFieldsV1(FIELDS));
    const b = toFieldsV1(fromFieldsV1(structuredClone(FIELDS)));
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    const more = fromFieldsV1(FIELDS);
    insert(more, ['f:spec', 'f:paused']);
    const c = toFieldsV1(more);
    expect(c).not.toBe(a);
    expect((c['f:spec'] as Record<string, unknown>)['f:paused']).toEqual({});
    expect(c['f:metadata']).toBe(a['f:metadata']);
    expect((c['f:spec'] as Record<string, unknown>)['f:template']).toBe((a['f:spec'] as Record<string, unknown>)['f:template']);
    expect(() => {
      (a as Record<string, unknown>)['f:status'] = {};
    }).toThrow(TypeError);
  });

  it('prints paths as conflicts name them', () => {
    expect(pathString(['f:spec', 'f:replicas'])).toBe('.spec.replicas');
    expect(pathString(['f:spec', 'f:containers', 'k:{"name":"nginx"}', 'f:image'])).toBe('.spec.containers[name="nginx"].image');
    expect(pathString(['f:ports', 'k:{"containerPort":80,"protocol":"TCP"}'])).toBe('.ports[containerPort=80,protocol="TCP"]');
    expect(pathString(['f:metadata', 'f:finalizers', 'v:"a"'])).toBe('.metadata.finalizers[="a"]');
  });
});

describe('set algebra', () => {
  const a = fromFieldsV1({ 'f:spec': { 'f:replicas': {}, 'f:paused': {} } });
  const b = fromFieldsV1({ 'f:spec': { 'f:replicas': {} }, 'f:data': {} });

  it('unions, intersects and subtracts members', () => {
    expect(toFieldsV1(union(a, b))).toEqual({ 'f:data': {}, 'f:spec': { 'f:paused': {}, 'f:replicas': {} } });
    expect(toFieldsV1(intersection(a, b))).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(toFieldsV1(difference(a, b))).toEqual({ 'f:spec': { 'f:paused': {} } });
  });

  it('subtracts whole subtrees under a prefix (RecursiveDifference)', () => {
    const ignore = fromFieldsV1({ 'f:spec': {} });
    expect(toFieldsV1(recursiveDifference(union(a, b), ignore))).toEqual({ 'f:data': {} });
    expect(toFieldsV1(difference(union(a, b), ignore))).toEqual(toFieldsV1(union(a, b)));
  });

  it('covers a set exactly when the union adds nothing (set.go Union, then Equals)', () => {
    const spec = fromFieldsV1({ 'f:spec': { 'f:replicas': {} } });
    expect(covers(a, spec)).toBe(true);
    expect(equalSets(union(a, spec), a)).toBe(true);
    expect(covers(a, b)).toBe(false);
    expect(covers(a, fromFieldsV1({ 'f:spec': { '.': {}, 'f:replicas': {} } }))).toBe(false); // spec itself is no member of a
    const emptyBranch = emptySet();
    emptyBranch.children.set('f:other', emptySet());
    expect(covers(a, emptyBranch)).toBe(true);
  });

  it('lists its members in order', () => {
    expect(members(union(a, b)).map(pathString)).toEqual(['.data', '.spec.paused', '.spec.replicas']);
  });
});

describe('equalSets (set.go Set.Equals: the same members, however the empty branches lie)', () => {
  const set = (...paths: string[][]): FieldSet => {
    const s = emptySet();
    for (const p of paths) insert(s, p);
    return s;
  };
  /** A set with an empty branch left behind at `path` (as difference and intersection never leave, but a decoded set may). */
  const withEmptyBranch = (s: FieldSet, path: string[]): FieldSet => {
    let n = s;
    for (const pe of path) {
      if (!n.children.has(pe)) n.children.set(pe, emptySet());
      n = n.children.get(pe)!;
    }
    return s;
  };
  const cases: [string, FieldSet, FieldSet, boolean][] = [
    ['two empty sets are equal', emptySet(), emptySet(), true],
    ['the same members are equal', set(['f:a', 'f:b'], ['f:c']), set(['f:c'], ['f:a', 'f:b']), true],
    ['an empty branch on either side does not count', withEmptyBranch(set(['f:a']), ['f:x', 'f:y']), withEmptyBranch(set(['f:a']), ['f:z']), true],
    ['a member the second lacks makes them differ', set(['f:a'], ['f:b']), set(['f:a']), false],
    ['a member the first lacks makes them differ', set(['f:a']), set(['f:a'], ['f:b']), false],
    ['the same paths with a different member deep down differ', set(['f:a', 'f:b']), set(['f:a'], ['f:a', 'f:b']), false],
    ['as many members under other names differ', set(['f:a', 'f:b']), set(['f:a', 'f:c']), false],
  ];
  it.each(cases)('%s', (_name, a, b, want) => {
    expect(equalSets(a, b)).toBe(want);
    expect(equalSets(b, a)).toBe(want);
  });
});
