// structured-merge-diff's Compare (typed/compare.go) pairs a list's items by their path elements:
// an associative list (containers, by `name`) item for item, whatever the order. Items named twice
// (a body not validated yet: the field manager runs before validation) pair as a table by element
// would: the last of each side. compare pairs the usual lists by index instead; these cases hold
// both ways to the same sets.

import { describe, expect, it } from 'vitest';
import { members, pathString, union, emptySet, insert } from './fieldset';
import { rootType } from './schema-types';
import { compare } from './typed';

const POD = rootType('io.k8s.api.core.v1.Pod');
const pod = (containers: { name: string; image?: string; args?: string[] }[]) => ({ spec: { containers } });
const paths = (s: Parameters<typeof members>[0]) => members(s).map(pathString);

describe('compare of an associative list', () => {
  it('names every field of a new list', () => {
    const c = compare({ spec: {} }, pod([{ name: 'a', image: 'x' }, { name: 'b' }]), POD);
    expect(paths(c.added)).toEqual(['.spec.containers', '.spec.containers[name="a"]', '.spec.containers[name="a"].image', '.spec.containers[name="a"].name', '.spec.containers[name="b"]', '.spec.containers[name="b"].name']);
  });

  it('pairs items by name, not by place', () => {
    const c = compare(pod([{ name: 'a', image: 'x' }, { name: 'b', image: 'y' }]), pod([{ name: 'b', image: 'y' }, { name: 'a', image: 'z' }]), POD);
    expect(paths(c.modified)).toEqual(['.spec.containers[name="a"].image']);
    expect(paths(c.added)).toEqual([]);
    expect(paths(c.removed)).toEqual([]);
  });

  it('pairs an item named twice by its last occurrence on each side', () => {
    const c = compare({ spec: {} }, pod([{ name: 'a', image: 'x', args: ['1'] }, { name: 'a' }]), POD);
    expect(paths(c.added)).toEqual(['.spec.containers', '.spec.containers[name="a"]', '.spec.containers[name="a"].name']);
    const d = compare(pod([{ name: 'a', image: 'x' }, { name: 'a', image: 'y' }]), pod([{ name: 'a', image: 'x' }, { name: 'a', image: 'y' }].map((c) => ({ ...c }))), POD);
    expect(paths(d.modified)).toEqual([]);
  });
});

describe('union', () => {
  it('shares the subtrees only one side holds (sets are not changed once made)', () => {
    const a = emptySet();
    insert(a, ['f:spec', 'f:replicas']);
    const b = emptySet();
    insert(b, ['f:metadata', 'f:labels', 'f:app']);
    const u = union(a, b);
    expect(u.children.get('f:spec')).toBe(a.children.get('f:spec'));
    expect(u.children.get('f:metadata')).toBe(b.children.get('f:metadata'));
    expect(paths(u)).toEqual(['.metadata.labels.app', '.spec.replicas']);
    expect(paths(a)).toEqual(['.spec.replicas']);
  });
});
