// JSON merge patch and strategic merge patch (patch.ts) under hostile patches, issue 9: whatever
// the keys (`__proto__`, `constructor`, `$patch`) and values, a patch never throws, never reaches
// Object.prototype and stores every key as a field. RFC 7386 merge patch is idempotent: applying a
// patch twice gives what applying it once gives.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileValue, objectOf, prototypeFingerprint } from '../../testing/fuzz';
import { applyPatch, mergePatch, MERGE_PATCH, STRATEGIC_MERGE_PATCH, strategicMergePatch } from './patch';

/** Every object in v has Object.prototype as its prototype (none was replaced by a `__proto__` key). */
function expectOrdinaryObjects(v: unknown): void {
  if (typeof v !== 'object' || v === null) return;
  if (Array.isArray(v)) return v.forEach(expectOrdinaryObjects);
  expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
  for (const k of Object.keys(v)) expectOrdinaryObjects((v as Record<string, unknown>)[k]);
}

/** A pod-ish target and patches that aim at its lists as well as anywhere else. */
const target = fc.oneof(
  hostileValue,
  fc.constant({ metadata: { name: 'web', labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }], tolerations: [] } }),
);
const patch = fc.oneof(
  hostileValue,
  hostileValue.map((v) => objectOf([['spec', objectOf([['containers', [objectOf([['name', 'nginx'], ['$patch', 'delete']]), v]]])]])),
  hostileValue.map((v) => objectOf([['metadata', objectOf([['labels', objectOf([['__proto__', v], ['constructor', v]])]])]])),
);

describe('merge and strategic merge patches on hostile input', () => {
  it('never throw, never touch Object.prototype, and keep every key a field', () => {
    const before = prototypeFingerprint();
    fc.assert(
      fc.property(target, patch, (t, p) => {
        for (const ct of [MERGE_PATCH, STRATEGIC_MERGE_PATCH]) {
          const r = applyPatch(ct, t, p);
          expect('result' in r).toBe(true);
          if ('result' in r) expectOrdinaryObjects(r.result);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: fuzzRuns(500) },
    );
    expect(prototypeFingerprint()).toBe(before);
  });

  it('store a __proto__ key as a field of the patched object', () => {
    const r = mergePatch({ a: 1 }, objectOf([['__proto__', { polluted: true }]])) as Record<string, unknown>;
    expect(Object.keys(r)).toEqual(['a', '__proto__']);
    expect((r as { polluted?: boolean }).polluted).toBeUndefined();
    const s = strategicMergePatch({ a: 1 }, objectOf([['__proto__', { polluted: true }]])) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(s, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(s)).toBe(Object.prototype);
  });

  it('are idempotent for JSON merge patch (RFC 7386)', () => {
    fc.assert(
      fc.property(target, patch, (t, p) => {
        const once = mergePatch(t, p);
        expect(JSON.stringify(mergePatch(once, p))).toBe(JSON.stringify(once));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
