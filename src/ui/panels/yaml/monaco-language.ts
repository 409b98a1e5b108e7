// Monaco's own words (its context menu, the find widget, hovers, "Editor content") in the page's
// language. monaco-editor ships them as NLS bundles (esm/vs/nls/lang/ru.js, reached as
// `monaco-editor/nls/lang/ru`) that set globalThis._VSCODE_NLS_MESSAGES; Monaco's `localize()` reads
// that table, falling back to its built-in English when there is none. Many of its words are looked
// up once, when its modules are first evaluated (every action's label in the context menu), so the
// bundle must be loaded before the editor's chunk, and a language picked after that takes effect on
// the next page load (the YAML tab says so).

import type { Lang } from '../../app/strings';

let loaded: Lang | undefined;

/** Loads Monaco's words for `lang` (English is built in), once, before the editor's modules run. */
export async function loadMonacoLanguage(lang: Lang): Promise<void> {
  if (loaded !== undefined) return;
  if (lang === 'ru') await import('monaco-editor/nls/lang/ru');
  loaded = lang;
}

/** The language Monaco's own words were loaded in, or undefined while the editor has not loaded. */
export function monacoLanguage(): Lang | undefined {
  return loaded;
}

/** Whether the editor's own menus are in another language than the page's (until a reload). */
export function monacoNeedsReload(page: Lang, monaco: Lang | undefined): boolean {
  return monaco !== undefined && monaco !== page;
}
