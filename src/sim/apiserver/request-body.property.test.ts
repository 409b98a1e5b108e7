// limitedReadBody's measure (request-body.ts) against the bytes Go's encoding/json would write:
// for any JSON value the walk counts exactly the UTF-8 length of json.Marshal's output, and it
// stops early (with a number past the limit) only when the body is indeed larger.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileValue } from '../../testing/fuzz';
import { jsonBytesUpTo, MAX_REQUEST_BODY_BYTES, requestBodyTooLarge } from './request-body';

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
