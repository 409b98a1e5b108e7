// resource.Quantity parsing (quantity.ts) on hostile text, issue 9: any string either parses or
// fails with one of quantity.go's errors; parsing and printing end quickly even for `1e999999999`
// (the exponent is not expanded digit by digit); a quantity that parses prints and parses again.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileWord, wallMs } from '../../testing/fuzz';
import { ERR_FORMAT_WRONG, ERR_NUMERIC, ERR_SUFFIX, formatQuantity, parseQuantity, quantityError } from './quantity';

const quantityText = fc.oneof(
  hostileWord,
  fc.tuple(fc.constantFrom('', '+', '-'), fc.stringMatching(/^[0-9]{0,30}(\.[0-9]{0,30})?$/), fc.constantFrom('', 'm', 'k', 'Ki', 'Mi', 'Ei', 'E', 'e', 'n', 'u', 'e3', 'e-7', 'e999999999', 'E-999999999', 'i', 'mm', 'KiB')).map((p) => p.join('')),
);

describe('resource quantities on hostile text', () => {
  it('parse, or fail with quantity.go’s own message, and print back to a quantity that parses', () => {
    fc.assert(
      fc.property(quantityText, (s) => {
        const start = wallMs();
        const err = quantityError(s);
        if (err !== undefined) {
          expect([ERR_FORMAT_WRONG, ERR_NUMERIC, ERR_SUFFIX]).toContain(err);
          return;
        }
        const q = parseQuantity(s);
        expect(Number.isFinite(q.value)).toBe(true);
        expect(quantityError(formatQuantity(q))).toBeUndefined();
        expect(wallMs() - start).toBeLessThan(5_000);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
