#!/usr/bin/env node
// `npx kubeplay ...`. The CLI is TypeScript (src/cli/main.ts). Compiling it on every start through
// tsx's loader cost about 1.8 s, so the first start bundles it once with esbuild (a dependency of
// tsx) into node_modules/.kubeplay/, one file per checkout (its path's hash: worktrees may share
// node_modules), with `import.meta.url` fixed to the sources' place so the CLI's paths to
// public/scenarios and dist/ hold; later starts load that file. The bundle lists the sources it was
// made from: when one of them is newer, it is made again, so editing the simulation and running a
// scenario still needs no build step. If bundling fails, tsx runs the sources.
import process from 'node:process';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'node_modules', '.kubeplay');
const KEY = createHash('sha1').update(ROOT).digest('hex').slice(0, 12);
const BUNDLE = join(OUT_DIR, `cli-${KEY}.mjs`);
const INPUTS = join(OUT_DIR, `cli-${KEY}-inputs.json`);

function fresh() {
  if (!existsSync(BUNDLE) || !existsSync(INPUTS)) return false;
  const built = statSync(BUNDLE).mtimeMs;
  try {
    return JSON.parse(readFileSync(INPUTS, 'utf8')).every((f) => statSync(join(ROOT, f)).mtimeMs <= built);
  } catch {
    return false;
  }
}

async function bundle() {
  const { build } = await import('esbuild');
  mkdirSync(OUT_DIR, { recursive: true });
  const tmp = `${BUNDLE}.${process.pid}.tmp`;
  const r = await build({ entryPoints: [join(ROOT, 'src/cli/main.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: tmp, packages: 'external', metafile: true, logLevel: 'silent', absWorkingDir: ROOT,
    // src/cli and src/serve find public/ and dist/ two levels up from their own file.
    define: { 'import.meta.url': JSON.stringify(pathToFileURL(join(ROOT, 'src/cli/main.ts')).href) },
  });
  writeFileSync(`${INPUTS}.${process.pid}.tmp`, JSON.stringify(Object.keys(r.metafile.inputs)));
  // Renames are atomic: two first starts at once each write their own file and one wins.
  renameSync(`${INPUTS}.${process.pid}.tmp`, INPUTS);
  renameSync(tmp, BUNDLE);
}

async function loadMain() {
  if (process.env.KUBEPLAY_CLI_FROM_SOURCE !== '1') {
    try {
      if (!fresh()) await bundle();
      return (await import(pathToFileURL(BUNDLE).href)).main;
    } catch {
      // fall through to the sources
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  return (await import('../src/cli/main.ts')).main;
}

const main = await loadMain();
process.exitCode = await main(process.argv.slice(2));
