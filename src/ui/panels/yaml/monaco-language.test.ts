// Monaco 0.57's NLS bundles (esm/vs/nls/lang/*.js) set the table its localize() reads
// (esm/vs/nls.js: nls._VSCODE_NLS_MESSAGES, falling back to English when there is none).

import { describe, expect, it } from 'vitest';
import { loadMonacoLanguage, monacoLanguage, monacoNeedsReload } from './monaco-language';

const nls = globalThis as { _VSCODE_NLS_MESSAGES?: string[]; _VSCODE_NLS_LANGUAGE?: string };

describe('Monaco\'s own words in the page\'s language', () => {
  it('loads the Russian table once, before the editor, and keeps the first language until a reload', async () => {
    expect(monacoLanguage()).toBeUndefined();
    expect(nls._VSCODE_NLS_MESSAGES).toBeUndefined();
    await loadMonacoLanguage('ru');
    expect(monacoLanguage()).toBe('ru');
    expect(nls._VSCODE_NLS_LANGUAGE).toBe('ru');
    const table = nls._VSCODE_NLS_MESSAGES!;
    // The context menu's "Cut" and "Paste" are in the table in Russian.
    expect(table).toContain('Вырезать');
    expect(table).toContain('Вставить');
    await loadMonacoLanguage('en');
    expect(monacoLanguage()).toBe('ru');
    expect(nls._VSCODE_NLS_MESSAGES).toBe(table);
  });

  it('asks for a reload only when the editor loaded in another language than the page\'s', () => {
    expect(monacoNeedsReload('en', undefined)).toBe(false);
    expect(monacoNeedsReload('ru', 'ru')).toBe(false);
    expect(monacoNeedsReload('en', 'ru')).toBe(true);
    expect(monacoNeedsReload('ru', 'en')).toBe(true);
  });
});
