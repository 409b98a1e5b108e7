// Label and field selectors as a person types them after `-l` and `--field-selector` (labels.ts,
// fields.ts), issue 9: any text gives a selector or the apimachinery error, never another
// exception; a selector matches any label set, `constructor` and `__proto__` keys included,
// looking only at the labels the object has.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzRuns, hostileWord, objectOf, PROTOTYPE_KEYS, prototypeFingerprint } from '../../testing/fuzz';
import { parseFieldSelector } from './fields';
import { parseSelector, SelectorError, selectorMatches, type Selector } from './labels';

const selectorText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.array(fc.oneof(hostileWord, fc.constantFrom(' in ', ' notin ', '(', ')', ',', '!', '=', '==', '!=', '>', '<', 'app', 'tier')), { maxLength: 10 }).map((p) => p.join('')),
);
const labels = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord), hostileWord), { maxLength: 5 }).map((e) => objectOf(e) as Record<string, string>);

function parse(s: string): Selector | SelectorError {
  try {
    return parseSelector(s);
  } catch (e) {
    if (e instanceof SelectorError) return e;
    throw e;
  }
}

describe('label selectors (labels.Parse) on hostile text', () => {
  it('parse or fail with a SelectorError, and match any labels without throwing', () => {
    const before = prototypeFingerprint();
    fc.assert(
      fc.property(selectorText, labels, (s, l) => {
        const sel = parse(s);
        if (sel instanceof SelectorError) return;
        expect(typeof selectorMatches(sel, l)).toBe('boolean');
      }),
      { numRuns: fuzzRuns(500) },
    );
    expect(prototypeFingerprint()).toBe(before);
  });

  it('treat constructor, toString and friends as label keys, and refuse __proto__ as an invalid one', () => {
    for (const key of PROTOTYPE_KEYS) {
      const sel = parse(key);
      if (key.startsWith('_')) {
        expect(sel).toBeInstanceOf(SelectorError);
        continue;
      }
      expect(sel).not.toBeInstanceOf(SelectorError);
      expect(selectorMatches(sel as Selector, {})).toBe(false);
      expect(selectorMatches(sel as Selector, objectOf([[key, 'x']]) as Record<string, string>)).toBe(true);
      expect(selectorMatches(parse(`${key}!=x`) as Selector, {})).toBe(true);
    }
  });
});

describe('field selectors (fields.ParseSelector) on hostile text', () => {
  it('parse or return the apimachinery message', () => {
    fc.assert(
      fc.property(selectorText, (s) => {
        const r = parseFieldSelector(s);
        if (typeof r === 'string') expect(r).toMatch(/^invalid selector: /);
        else expect(Array.isArray(r)).toBe(true);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
