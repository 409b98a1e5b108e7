// The theme and the language: what the person picked (kept in localStorage), else what the system
// says (prefers-color-scheme, navigator.languages), else dark and English. A pick is kept until the
// person picks again; until then the app follows the system as it changes.

import type { Lang } from './strings';

export type Theme = 'dark' | 'light';

export const THEME_KEY = 'kubeplay.theme';
export const LANG_KEY = 'kubeplay.lang';

/** What the page can tell about the system (injected so the rules can be tested without a browser). */
export interface SystemPrefs {
  /** `matchMedia('(prefers-color-scheme: light)').matches` */
  prefersLight: boolean;
  /** `navigator.languages` (or `[navigator.language]`), most preferred first. */
  languages: readonly string[];
}

/** A stored pick, or undefined when there is none (or it is not one the app knows). */
export function storedTheme(value: string | null | undefined): Theme | undefined {
  return value === 'dark' || value === 'light' ? value : undefined;
}

export function storedLang(value: string | null | undefined): Lang | undefined {
  return value === 'en' || value === 'ru' ? value : undefined;
}

export function resolveTheme(stored: string | null | undefined, system: SystemPrefs): Theme {
  return storedTheme(stored) ?? (system.prefersLight ? 'light' : 'dark');
}

/**
 * The first of the browser's languages the app has (`ru-RU` is Russian, `uk` is neither), so a
 * browser set to German then Russian gets Russian; English when none matches.
 */
export function resolveLang(stored: string | null | undefined, system: SystemPrefs): Lang {
  const pick = storedLang(stored);
  if (pick) return pick;
  for (const tag of system.languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'ru' || primary === 'en') return primary;
  }
  return 'en';
}

/** localStorage may throw (private mode, blocked storage): then nothing is kept, nothing breaks. */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not kept: the pick lasts until the page closes.
  }
}

const LIGHT_QUERY = '(prefers-color-scheme: light)';

export function systemPrefs(): SystemPrefs {
  const nav = globalThis.navigator as Navigator | undefined;
  const languages = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  const prefersLight = typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(LIGHT_QUERY).matches;
  return { prefersLight, languages };
}

/**
 * Calls `onChange` when the system's theme or language changes (while the person has not picked);
 * returns the function that stops listening.
 */
export function watchSystem(onChange: () => void): () => void {
  const media = typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(LIGHT_QUERY) : undefined;
  media?.addEventListener('change', onChange);
  globalThis.addEventListener?.('languagechange', onChange);
  return () => {
    media?.removeEventListener('change', onChange);
    globalThis.removeEventListener?.('languagechange', onChange);
  };
}
