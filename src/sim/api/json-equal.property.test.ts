// sameJson answers exactly what the apiserver asked before (JSON of key-sorted copies compared as
// strings), for any JSON-like values with undefined fields and non-finite numbers mixed in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, PROTOTYPE_KEYS } from '../../testing/fuzz';
import { sortKeysDeep } from './defaults';
import { deepEqual, sameJson, sameJsonText } from './json-equal';

const slow = (a: unknown, b: unknown): boolean => JSON.stringify(sortKeysDeep(a)) === JSON.stringify(sortKeysDeep(b));

const leaf = fc.oneof(fc.constantFrom(undefined, null, 0, -0, 1, NaN, Infinity, '', '1', true, false), fc.integer({ min: -3, max: 3 }), fc.string({ maxLength: 2 }));
const value = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', '1', ...PROTOTYPE_KEYS), tie('v'), { maxKeys: 3 })),
})).v;

describe('sameJson', () => {
  it('agrees with comparing JSON of sorted copies (fast-check prints the seed of a failure)', () => {
    fc.assert(fc.property(value, value, (a, b) => {
      expect(sameJson(a, b, slow)).toBe(slow(a, b));
      expect(sameJson(a, structuredClone(a), slow)).toBe(true);
    }), { numRuns: fuzzRuns(3000) });
  });

  it('treats key order and undefined fields as JSON does', () => {
    expect(sameJson({ a: 1, b: { c: [1, undefined] } }, { b: { c: [1, null] }, a: 1, d: undefined }, slow)).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' }, slow)).toBe(false);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] }, slow)).toBe(false);
  });

  it('leaves values with toJSON to the slow comparison', () => {
    const d = { toJSON: () => 'x' };
    expect(sameJson({ t: d }, { t: 'x' }, slow)).toBe(true);
  });
});

describe('sameJsonText', () => {
  // Admission's "which plugin changed what" (apiserver/admission/changes.ts) compared the JSON of
  // two objects as strings, where key order counts.
  const text = (a: object, b: object): boolean => JSON.stringify(a) === JSON.stringify(b);
  const object = fc.dictionary(fc.constantFrom('a', 'b', '1', ...PROTOTYPE_KEYS), value, { maxKeys: 3 });

  it('agrees with comparing the JSON strings (fast-check prints the seed of a failure)', () => {
    fc.assert(fc.property(object, object, (a, b) => {
      expect(sameJsonText(a, b)).toBe(text(a, b));
      expect(sameJsonText(a, structuredClone(a))).toBe(true);
      expect(sameJsonText([a, b], [b, a])).toBe(text([a, b], [b, a]));
    }), { numRuns: fuzzRuns(3000) });
  });

  it('counts key order, and undefined fields as JSON does', () => {
    expect(sameJsonText({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJsonText({ a: 1, u: undefined, b: [undefined] }, { a: 1, b: [null] })).toBe(true);
    expect(sameJsonText({ t: { toJSON: () => 'x' } }, { t: 'x' })).toBe(true);
  });
});

describe('deepEqual', () => {
  // semanticEqual (validation/pod-update.ts) skips its normalize-and-stringify when deepEqual holds,
  // so deepEqual must never hold where the JSON of sorted copies differs.
  it('implies sameJson (fast-check prints the seed of a failure)', () => {
    fc.assert(fc.property(value, value, (a, b) => {
      if (deepEqual(a, b)) expect(slow(a, b)).toBe(true);
      if (deepEqual(a, structuredClone(a))) expect(slow(a, structuredClone(a))).toBe(true);
    }), { numRuns: fuzzRuns(3000) });
  });

  it('ignores key order only', () => {
    expect(deepEqual({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(deepEqual({ a: 1, u: undefined }, { a: 1 })).toBe(false);
    expect(deepEqual({ n: NaN }, { n: NaN })).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
  });
});
