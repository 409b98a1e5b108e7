import { describe, expect, it } from 'vitest';
import { resolveLang, resolveTheme } from './preferences';

// Issue 11: "theme and language persist and follow the system setting" until the person picks one.
// The system's words are the CSS media feature prefers-color-scheme (Media Queries Level 5) and
// navigator.languages (HTML, "Language preferences": most preferred first, BCP 47 tags).

const system = (prefersLight: boolean, ...languages: string[]) => ({ prefersLight, languages });

describe('resolveTheme', () => {
  it('follows prefers-color-scheme while nothing was picked', () => {
    expect(resolveTheme(null, system(true))).toBe('light');
    expect(resolveTheme(null, system(false))).toBe('dark');
  });
  it('keeps the pick whatever the system says', () => {
    expect(resolveTheme('dark', system(true))).toBe('dark');
    expect(resolveTheme('light', system(false))).toBe('light');
  });
  it('ignores a stored value it does not know', () => {
    expect(resolveTheme('sepia', system(true))).toBe('light');
  });
});

describe('resolveLang', () => {
  it('takes the first of the browser languages the app has, region ignored', () => {
    expect(resolveLang(null, system(false, 'ru-RU', 'en-US'))).toBe('ru');
    expect(resolveLang(null, system(false, 'de-DE', 'RU'))).toBe('ru');
    expect(resolveLang(null, system(false, 'en-GB', 'ru'))).toBe('en');
  });
  it('falls back to English when no browser language is one the app has', () => {
    expect(resolveLang(null, system(false, 'uk-UA', 'de'))).toBe('en');
    expect(resolveLang(null, system(false))).toBe('en');
  });
  it('keeps the pick whatever the browser says, and ignores one it does not know', () => {
    expect(resolveLang('en', system(false, 'ru-RU'))).toBe('en');
    expect(resolveLang('ru', system(false, 'en-US'))).toBe('ru');
    expect(resolveLang('fr', system(false, 'ru-RU'))).toBe('ru');
  });
});
