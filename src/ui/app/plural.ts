// A count with its noun in the right form. English has two forms (1 pod, 2 pods); Russian has
// three, chosen by the last two digits (CLDR plural rules for ru: one = 1, 21, 31…; few = 2-4,
// 22-24…; many = 0, 5-20, 25-30… and 11-14): 1 под, 3 пода, 5 подов, 11 подов, 21 под.

import type { Lang } from './strings';

/** English: [one, other]; Russian: [one, few, many]. */
export type Forms = { en: readonly [string, string]; ru: readonly [string, string, string] };

/** Which of Russian's three forms a whole number takes: 0 one, 1 few, 2 many. */
export function ruForm(n: number): 0 | 1 | 2 {
  const abs = Math.abs(Math.trunc(n));
  const last2 = abs % 100;
  const last = abs % 10;
  if (last2 >= 11 && last2 <= 14) return 2;
  if (last === 1) return 0;
  if (last >= 2 && last <= 4) return 1;
  return 2;
}

/** The noun alone in the form `n` takes. */
export function pluralWord(n: number, forms: Forms, lang: Lang): string {
  return lang === 'ru' ? forms.ru[ruForm(n)] : forms.en[Math.abs(n) === 1 ? 0 : 1];
}

/** `3 pods`, `3 пода`. */
export function plural(n: number, forms: Forms, lang: Lang): string {
  return `${n} ${pluralWord(n, forms, lang)}`;
}
