import { describe, expect, it } from 'vitest';
import { fill, STRINGS, phaseLabel } from './strings';

describe('phaseLabel', () => {
  // The seed's chapter 4 numbers the four phases of a request (FACTS.md, "The life of a request").
  it.each([
    ['persistence', 'en', 'phase 1: Validation and persistence'],
    ['scheduling', 'en', 'phase 3: Scheduling'],
    ['execution', 'ru', 'фаза 4: Исполнение'],
    // In Russian the seed's own names (kubernetes-foundation.ru.txt, chapter 4: «Фаза 1: Валидация и сохранение»).
    ['persistence', 'ru', 'фаза 1: Валидация и сохранение'],
    ['watch', 'ru', 'фаза 2: Реакция через Watch'],
    ['raft', 'en', 'Raft'],
  ] as const)('labels %s in %s as "%s"', (phase, lang, text) => {
    expect(phaseLabel(phase, lang)).toBe(text);
  });
});

describe('STRINGS', () => {
  it('has a Russian text for every English key, and none left empty', () => {
    for (const key of Object.keys(STRINGS.en) as (keyof typeof STRINGS.en)[]) {
      expect(STRINGS.ru[key].length, key).toBeGreaterThan(0);
    }
  });
});

describe('fill', () => {
  it('puts values into the {name} places and leaves unknown places as they are', () => {
    expect(fill('back at {time}, {n} in all, {other}', { time: '01:02.000', n: 3 })).toBe('back at 01:02.000, 3 in all, {other}');
  });
});
