// limitedReadBody's measure (request-body.ts) against the bytes Go's encoding/json would write:
// for any JSON value the walk counts exactly the UTF-8 length of json.Marshal's output, and it
// stops early (with a number past the limit) only when the body is indeed larger.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileValue } from '../../testing/fuzz';
import { jsonBytesUpTo, MAX_REQUEST_BODY_BYTES, requestBodyTooLarge, storedValueBytesUpTo } from './request-body';

/** encoding/json's output: JSON.stringify plus Go's HTML-safe and line-separator escapes. */
function goJson(v: unknown): string {
  return JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** UTF-8 bytes of a well-formed string, without Node's Buffer. */
function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const wellFormed = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e21, 2 ** 53),
    fc.string({ maxLength: 20, unit: 'grapheme' }),
    fc.string({ maxLength: 20 }).map((s) => s + '<>&\u2028"\\\n\t\u0001'),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6, unit: 'grapheme' }), tie('v'), { maxKeys: 4 }),
  ),
})).v;

describe('the request body size kube-apiserver reads (limitedReadBody)', () => {
  it('is the UTF-8 length of the JSON encoding/json writes', () => {
    fc.assert(
      fc.property(wellFormed, (v) => {
        expect(jsonBytesUpTo(v, Number.MAX_SAFE_INTEGER)).toBe(utf8Length(goJson(v)));
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('stops early only past the limit, so a hostile body costs at most the limit to measure', () => {
    fc.assert(
      fc.property(hostileValue, fc.integer({ min: 0, max: 200 }), (v, limit) => {
        const exact = jsonBytesUpTo(v, Number.MAX_SAFE_INTEGER);
        const bounded = jsonBytesUpTo(v, limit);
        if (exact <= limit) expect(bounded).toBe(exact);
        else expect(bounded).toBeGreaterThan(limit);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('puts the line at 3 MiB with the newline json.Encoder adds', () => {
    const body = (n: number) => ({ s: 'x'.repeat(n) });
    // {"s":"..."} is 8 bytes around the string, plus the newline.
    expect(requestBodyTooLarge(body(MAX_REQUEST_BODY_BYTES - 9))).toBe(false);
    expect(requestBodyTooLarge(body(MAX_REQUEST_BODY_BYTES - 8))).toBe(true);
    expect(requestBodyTooLarge(undefined)).toBe(false);
  });
});

// A stored value's measure (an etcd Put's valueSize, grpc-limit.ts) reads each large top-level
// field's size from the last time that same field was measured: it must give jsonBytesUpTo's figure,
// for a value measured the first time, for a new version sharing some fields with an old one, and
// past the limit (where a field cut short by the limit must not be remembered as whole).
describe('the size of a stored value (etcd valueSize)', () => {
  it('is jsonBytesUpTo\'s, also for versions that share fields', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 6 }), wellFormed, { maxKeys: 5 }), fc.dictionary(fc.string({ maxLength: 6 }), wellFormed, { maxKeys: 3 }), fc.integer({ min: 0, max: 400 }), (old, changed, limit) => {
        const big = { spec: { text: 'x'.repeat(300), old } };
        const v1 = { ...old, big };
        const v2 = { ...v1, ...changed, big };
        for (const v of [v1, v2, v1]) {
          const exact = jsonBytesUpTo(v, Number.MAX_SAFE_INTEGER);
          expect(storedValueBytesUpTo(v, Number.MAX_SAFE_INTEGER)).toBe(exact);
          const bounded = storedValueBytesUpTo(v, limit);
          if (exact <= limit) expect(bounded).toBe(exact);
          else expect(bounded).toBeGreaterThan(limit);
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('does not remember a field the limit cut short', () => {
    // {"s":"y...y","t":1} is 314 bytes; after the 4 of `"a":` a limit of 309 leaves the field 305,
    // so its walk stops at 306, before "t": a figure under the limit that is not the field's size.
    const field = { s: 'y'.repeat(300), t: 1 };
    expect(storedValueBytesUpTo({ a: field }, 309)).toBeGreaterThan(309);
    expect(storedValueBytesUpTo({ a: field }, Number.MAX_SAFE_INTEGER)).toBe(jsonBytesUpTo({ a: field }, Number.MAX_SAFE_INTEGER));
  });
});
