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
    expect(applyPatch('application/json-patch+json', {}, [])).toEqual({ error: UNSUPPORTED_PATCH_MESSAGE });
  });
});
