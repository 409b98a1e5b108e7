// JSON merge patch per RFC 7386 (its appendix A examples) and strategic merge patch per
// k8s.io/apimachinery/pkg/util/strategicpatch with core/v1's patchMergeKey tags.
import { describe, expect, it } from 'vitest';
import { applyPatch, mergePatch, strategicMergePatch, UNSUPPORTED_PATCH_MESSAGE } from './patch';

describe('mergePatch (RFC 7386 appendix A)', () => {
  const cases: [string, unknown, unknown, unknown][] = [
    ['replaces a value', { a: 'b' }, { a: 'c' }, { a: 'c' }],
    ['adds a member', { a: 'b' }, { b: 'c' }, { a: 'b', b: 'c' }],
    ['removes a member with null', { a: 'b' }, { a: null }, {}],
    ['keeps the others when removing one', { a: 'b', b: 'c' }, { a: null }, { b: 'c' }],
    ['replaces an array', { a: ['b'] }, { a: 'c' }, { a: 'c' }],
    ['replaces a value with an array', { a: 'c' }, { a: ['b'] }, { a: ['b'] }],
    ['merges nested objects', { a: { b: 'c' } }, { a: { b: 'd', c: null } }, { a: { b: 'd' } }],
    ['replaces arrays of objects wholesale', { a: [{ b: 'c' }] }, { a: [1] }, { a: [1] }],
    ['replaces a non-object target', ['a', 'b'], ['c', 'd'], ['c', 'd']],
    ['turns a non-object target into an object', ['a'], { a: 'b' }, { a: 'b' }],
    ['creates nested members', {}, { a: { bb: { ccc: null } } }, { a: { bb: {} } }],
  ];
  it.each(cases)('%s', (_name, target, patch, want) => {
    expect(mergePatch(target, patch)).toEqual(want);
  });
});

describe('strategicMergePatch', () => {
  const pod = {
    spec: {
      containers: [
        { name: 'app', image: 'nginx:1.25', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80 }] },
        { name: 'sidecar', image: 'busybox' },
      ],
      tolerations: [{ key: 'a', operator: 'Exists' }],
    },
    status: { conditions: [{ type: 'Ready', status: 'False' }, { type: 'PodScheduled', status: 'True' }] },
  };

  it('merges containers by name and keeps the ones the patch does not name', () => {
    const out = strategicMergePatch(pod, { spec: { containers: [{ name: 'app', image: 'nginx:1.26' }] } }) as typeof pod;
    expect(out.spec.containers.map((c) => `${c.name}=${c.image}`)).toEqual(['app=nginx:1.26', 'sidecar=busybox']);
    expect(out.spec.containers[0]!.env).toEqual([{ name: 'A', value: '1' }]);
  });

  it('merges env by name, ports by containerPort and conditions by type', () => {
    const out = strategicMergePatch(pod, {
      spec: { containers: [{ name: 'app', env: [{ name: 'B', value: '2' }], ports: [{ containerPort: 80, name: 'http' }] }] },
      status: { conditions: [{ type: 'Ready', status: 'True' }] },
    }) as typeof pod;
    expect(out.spec.containers[0]!.env).toEqual([{ name: 'A', value: '1' }, { name: 'B', value: '2' }]);
    expect(out.spec.containers[0]!.ports).toEqual([{ containerPort: 80, name: 'http' }]);
    expect(out.status.conditions).toEqual([{ type: 'Ready', status: 'True' }, { type: 'PodScheduled', status: 'True' }]);
  });

  it('replaces tolerations, which have no merge key', () => {
    const out = strategicMergePatch(pod, { spec: { tolerations: [{ key: 'b', operator: 'Exists' }] } }) as typeof pod;
    expect(out.spec.tolerations).toEqual([{ key: 'b', operator: 'Exists' }]);
  });

  it('deletes a list item with $patch: delete and a field with null', () => {
    const out = strategicMergePatch(pod, { spec: { containers: [{ name: 'sidecar', $patch: 'delete' }], tolerations: null } }) as typeof pod;
    expect(out.spec.containers.map((c) => c.name)).toEqual(['app']);
    expect('tolerations' in out.spec).toBe(false);
  });

  it('never mutates its input', () => {
    const before = JSON.stringify(pod);
    strategicMergePatch(pod, { spec: { containers: [{ name: 'app', image: 'x' }] } });
    expect(JSON.stringify(pod)).toBe(before);
  });
});

describe('applyPatch', () => {
  it('picks the patch by content type and refuses the ones the apiserver would not take', () => {
    expect(applyPatch('application/merge-patch+json', { a: [1, 2] }, { a: [3] })).toEqual({ result: { a: [3] } });
    expect(applyPatch('application/apply-patch+yaml', {}, {})).toEqual({ error: UNSUPPORTED_PATCH_MESSAGE });
  });
});

// RFC 6902 section 4 (the operations) and A.1-A.16 (its examples); the apiserver's answers from
// apiserver/pkg/endpoints/handlers/patch.go (jsonPatcher.applyJSPatch).
describe('applyPatch with a JSON patch (RFC 6902)', () => {
  const jp = (doc: unknown, patch: unknown): unknown => applyPatch('application/json-patch+json', doc, patch);
  it.each([
    ['A.1 adds an object member', { foo: 'bar' }, [{ op: 'add', path: '/baz', value: 'qux' }], { foo: 'bar', baz: 'qux' }],
    ['A.2 adds an array element before the index', { foo: ['bar', 'baz'] }, [{ op: 'add', path: '/foo/1', value: 'qux' }], { foo: ['bar', 'qux', 'baz'] }],
    ['adds at the end of an array with -', { a: [1] }, [{ op: 'add', path: '/a/-', value: 2 }], { a: [1, 2] }],
    ['A.3 removes an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
    ['A.4 removes an array element', { foo: ['bar', 'qux', 'baz'] }, [{ op: 'remove', path: '/foo/1' }], { foo: ['bar', 'baz'] }],
    ['A.5 replaces a value', { baz: 'qux', foo: 'bar' }, [{ op: 'replace', path: '/baz', value: 'boo' }], { baz: 'boo', foo: 'bar' }],
    ['A.6 moves a value', { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } }, [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }], { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } }],
    ['copies a value', { a: { b: 1 } }, [{ op: 'copy', from: '/a', path: '/c' }], { a: { b: 1 }, c: { b: 1 } }],
    ['A.8 passes a test that holds', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'qux' }], { baz: 'qux' }],
    ['A.14 unescapes ~0 and ~1 in pointers', { '/': 9, '~1': 10 }, [{ op: 'test', path: '/~01', value: 10 }, { op: 'remove', path: '/~1' }], { '~1': 10 }],
  ])('%s', (_name, doc, patch, want) => {
    expect(jp(doc, patch)).toEqual({ result: want });
  });

  it.each([
    ['A.9 a failed test', { baz: 'qux' }, [{ op: 'test', path: '/baz', value: 'bar' }]],
    ['removing a missing key', { a: 1 }, [{ op: 'remove', path: '/b' }]],
    ['replacing a missing key', { a: 1 }, [{ op: 'replace', path: '/b', value: 2 }]],
    ['A.12 adding to a nonexistent target', { foo: 'bar' }, [{ op: 'add', path: '/baz/bat', value: 'qux' }]],
    ['an unknown operation', { a: 1 }, [{ op: 'frob', path: '/a' }]],
  ])('fails the whole patch with 422 on %s', (_name, doc, patch) => {
    expect(jp(doc, patch)).toEqual({ invalid: 'the server rejected our request due to an error in our request' });
  });

  it('refuses a patch that is not a list of operations as Go fails to decode it', () => {
    expect(jp({}, { op: 'add' })).toEqual({ badRequest: 'json: cannot unmarshal object into Go value of type jsonpatch.Patch' });
  });

  it('leaves its input alone when an operation in the middle fails', () => {
    const doc = { a: 1 };
    jp(doc, [{ op: 'add', path: '/b', value: 2 }, { op: 'remove', path: '/zz' }]);
    expect(doc).toEqual({ a: 1 });
  });
});
