// Issue 14's `bundle` line: everything the page loads before its first paint, gzipped. That is
// index.html's scripts, styles and modulepreloads, and the simulation's worker, which starts with
// the page (and any chunk it imports statically). What loads on demand is not counted: Monaco and
// its workers, live mode's worker, kubectl's programs (the worker's dynamic chunk), and the
// app's lazy pieces (src/ui/app/lazy.tsx: the terminal, the dock's other tabs, the inspector's
// bodies, the scale view, the lesson panel, the start screen). Shared by bench/run.ts and
// e2e/bundle.spec.ts.

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { round, type Line } from './lines';

export interface BundleLine extends Record<string, unknown> {
  name: 'bundle';
  initialJsKiBGzip: number;
  /** Each file's gzipped size in KiB, by its path under dist/. */
  files: Record<string, number>;
}

/** The files index.html loads (src= and href= of .js and .css), as paths under dist/. */
export function initialFiles(dist: string): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="(?:\.?\/)?([^"]+\.(?:js|css))"/g)) files.add(m[1]!);
  const assets = join(dist, 'assets');
  for (const f of existsSync(assets) ? readdirSync(assets) : []) if (/^sim\.worker.*\.js$/.test(f)) addWithStaticImports(dist, `assets/${f}`, files);
  return [...files].sort();
}

/**
 * A worker file and, transitively, the chunks it imports statically (`import ... from "./x.js"`),
 * which load before it runs. Its dynamic `import("./x.js")` chunks (kubectl's programs,
 * src/sim/cli-tools/programs.deferred.ts) load after first paint and are not counted.
 */
function addWithStaticImports(dist: string, file: string, files: Set<string>): void {
  if (files.has(file) || !existsSync(join(dist, file))) return;
  files.add(file);
  const code = readFileSync(join(dist, file), 'utf8');
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) addWithStaticImports(dist, `assets/${m[1]!}`, files);
}

export function initialBundle(dist: string): (Line & BundleLine) | undefined {
  if (!existsSync(join(dist, 'index.html'))) return undefined;
  let bytes = 0;
  const files: Record<string, number> = {};
  for (const f of initialFiles(dist)) {
    if (!existsSync(join(dist, f))) continue;
    const n = gzipSync(readFileSync(join(dist, f))).length;
    bytes += n;
    files[f] = round(n / 1024, 1);
  }
  return { name: 'bundle', initialJsKiBGzip: round(bytes / 1024, 1), files };
}
