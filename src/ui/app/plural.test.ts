import { describe, expect, it } from 'vitest';
import { plural, ruForm, type Forms } from './plural';

// CLDR plural rules (unicode.org/cldr/charts, "Language Plural Rules"), ru: one = n%10=1 and
// n%100!=11; few = n%10=2..4 and n%100!=12..14; many = the rest. en: one = 1, other = the rest.

const POD: Forms = { en: ['pod', 'pods'], ru: ['под', 'пода', 'подов'] };

describe('ruForm', () => {
  it.each([
    [1, 0], [21, 0], [101, 0], [1001, 0],
    [2, 1], [3, 1], [4, 1], [22, 1], [104, 1],
    [0, 2], [5, 2], [10, 2], [11, 2], [12, 2], [14, 2], [19, 2], [20, 2], [111, 2], [112, 2], [25, 2],
  ] as const)('%i takes form %i', (n, form) => {
    expect(ruForm(n)).toBe(form);
  });
});

describe('plural', () => {
  it('picks the English singular only for one', () => {
    expect(plural(1, POD, 'en')).toBe('1 pod');
    expect(plural(0, POD, 'en')).toBe('0 pods');
    expect(plural(21, POD, 'en')).toBe('21 pods');
  });
  it('picks the Russian form from the last two digits', () => {
    expect(plural(1, POD, 'ru')).toBe('1 под');
    expect(plural(3, POD, 'ru')).toBe('3 пода');
    expect(plural(5, POD, 'ru')).toBe('5 подов');
    expect(plural(11, POD, 'ru')).toBe('11 подов');
    expect(plural(21, POD, 'ru')).toBe('21 под');
    expect(plural(24, POD, 'ru')).toBe('24 пода');
  });
});
