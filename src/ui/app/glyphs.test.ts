// Every symbol the page draws must be in a font the page gets: a missing one is drawn as an empty
// box (lesson 1's Terminating pod on a powered-off worker showed one for ⌛, U+231B, which neither
// DejaVu nor Liberation has). The fonts are the ones CI and the README's install put beside
// Chromium (fonts-liberation, and DejaVu with Chromium); fontconfig says which font covers a
// character. Without fontconfig (another OS) there is nothing to ask, and the test says so.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Symbols, not letters: Latin, Cyrillic and typographic punctuation are in every font the page uses. */
function symbols(text: string): Set<string> {
  const out = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x2190) continue; // Latin, Greek, Cyrillic, general punctuation
    out.add(ch);
  }
  return out;
}

function hasFontconfig(): boolean {
  try {
    execFileSync('fc-list', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function covered(ch: string): boolean {
  const hex = ch.codePointAt(0)!.toString(16);
  return execFileSync('fc-list', [`:charset=${hex}`, 'family'], { encoding: 'utf8' }).trim() !== '';
}

describe('the symbols the page draws', () => {
  it.skipIf(!hasFontconfig())('are all in an installed font (no empty boxes)', () => {
    const found = new Map<string, string>();
    for (const file of sources('src/ui')) for (const ch of symbols(readFileSync(file, 'utf8'))) if (!found.has(ch)) found.set(ch, file);
    expect(found.size).toBeGreaterThan(10);
    const missing = [...found].filter(([ch]) => !covered(ch)).map(([ch, file]) => `${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase()} (${file})`);
    expect(missing).toEqual([]);
  });
});
