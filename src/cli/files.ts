// Reads the files a scenario's applyFile steps name, relative to the scenario file. A folder gives
// every .yaml, .yml and .json file directly in it, sorted by name, as `kubectl apply -f dir/` reads
// them (kubectl only descends into subfolders with -R).

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const MANIFEST = /\.(ya?ml|json)$/;

export interface LoadedFiles {
  /** Keyed by the path as written in the scenario (`manifests/web.yaml`). */
  files: Record<string, string>;
  /** Paths that do not exist or hold no manifests. */
  missing: string[];
}

export function loadApplyFiles(scenarioFile: string, paths: string[]): LoadedFiles {
  const base = dirname(scenarioFile);
  const files: Record<string, string> = {};
  const missing: string[] = [];
  for (const p of paths) {
    const abs = resolve(base, p);
    let isDir: boolean;
    try {
      isDir = statSync(abs).isDirectory();
    } catch {
      missing.push(p);
      continue;
    }
    if (!isDir) {
      files[p] = readFileSync(abs, 'utf8');
      continue;
    }
    const dir = p.replace(/\/+$/, '');
    const names = readdirSync(abs).filter((n) => MANIFEST.test(n) && statSync(resolve(abs, n)).isFile()).sort();
    if (names.length === 0) missing.push(p);
    for (const n of names) files[`${dir}/${n}`] = readFileSync(resolve(abs, n), 'utf8');
  }
  return { files, missing };
}
