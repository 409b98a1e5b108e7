// kubectl's JSONPath (jsonpath.ts) on hostile templates, issue 9: any template either prints or
// fails with a JsonPathError (which kubectl reports), and ends: a slice step of 0 is client-go's
// "step must be > 0", not a loop that never stops. Fields are looked up among the object's own
// keys, so `{.constructor}` prints nothing, as in Go.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileValue, hostileWord } from '../../../testing/fuzz';
import { JsonPathError, jsonpathTemplate } from './jsonpath';

const template = fc.oneof(
  hostileWord,
  fc
    .array(fc.oneof(hostileWord, fc.constantFrom('{', '}', '.', '..', '[', ']', '*', ':', '-1', '0', '2', '?(@.', '==', '"x"', 'range ', 'end', 'items', 'metadata', 'name', 'constructor', '__proto__', ',')), { maxLength: 12 })
    .map((p) => p.join('')),
);
const data = fc.oneof(hostileValue, fc.constant({ items: [{ metadata: { name: 'a' } }, { metadata: { name: 'b' } }], kind: 'List' }));

describe('JSONPath templates on hostile input', () => {
  it('print or fail with a JsonPathError, and always end', () => {
    fc.assert(
      fc.property(template, data, (t, d) => {
        try {
          expect(typeof jsonpathTemplate(t, d)).toBe('string');
        } catch (e) {
          if (!(e instanceof JsonPathError)) throw e;
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it.each([
    ['{.items[0:2:0]}', 'step must be > 0'],
    ['{.items[0:2:-1]}', 'step must be > 0'],
    ['{.items[1:0]}', 'starting index 1 is greater than ending index 0'],
    ['{.items[-5]}', 'array index out of bounds: index -3, length 2'],
  ])('%s fails with client-go’s "%s"', (t, message) => {
    expect(() => jsonpathTemplate(t, { items: [1, 2] })).toThrow(message);
  });

  it('finds only own fields: {.constructor} and {..__proto__} print nothing', () => {
    expect(jsonpathTemplate('{.constructor}{.metadata.__proto__}{..toString}', { metadata: { name: 'a' } })).toBe('');
  });
});
