/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// The page's CSP: one copy, shared with `kubeplay serve`'s header (src/serve/csp.ts says why each part).
import { CONTENT_SECURITY_POLICY } from './src/serve/csp.js';

/**
 * Puts the CSP into the built index.html only. The dev server cannot run under it: @vitejs/plugin-react
 * injects an inline module script (the React Refresh preamble) and Vite's client talks to the dev
 * server over a WebSocket for HMR.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'kubeplay-csp',
    apply: 'build',
    // Right after <meta charset>: a CSP <meta> only governs what comes after it, and the charset
    // must stay first.
    transformIndexHtml(html) {
      const charset = /<meta charset="UTF-8" \/>\n/;
      if (!charset.test(html)) throw new Error('kubeplay-csp: index.html has no <meta charset="UTF-8" /> line to put the CSP after');
      return html.replace(charset, (m) => `${m}    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}" />\n`);
    },
  };
}

/**
 * In the app's worker, two modules load after first paint: kubectl and the node shells' programs
 * (every import of src/sim/cli-tools/programs.ts, except the dynamic one in programs.deferred.ts
 * itself, resolves to programs.deferred.ts, which says how commands wait for them), and the YAML
 * parser with all that reads or writes a scenario's text (src/worker/scenario-text.ts, likewise
 * swapped for scenario-text.deferred.ts). Node (vitest, the CLI) keeps the originals.
 */
function deferAfterFirstPaint(): Plugin {
  const swaps = [
    ['./src/sim/cli-tools/programs.ts', './src/sim/cli-tools/programs.deferred.ts'],
    ['./src/worker/scenario-text.ts', './src/worker/scenario-text.deferred.ts'],
  ].map(([from, to]) => [fileURLToPath(new URL(from!, import.meta.url)), fileURLToPath(new URL(to!, import.meta.url))] as const);
  return {
    name: 'kubeplay-defer-after-first-paint',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !swaps.some(([from]) => source.endsWith(basename(from, '.ts')))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const swap = swaps.find(([from]) => from === resolved?.id);
      return swap && importer !== swap[1] ? swap[1] : null;
    },
  };
}

/**
 * The scenario the app opens on (src/ui/app/scenarios.ts loads `default`), parsed here with the
 * simulation's own parseScenario, so the worker starts it without the YAML parser
 * (src/worker/scenario-text.deferred.ts). A scenario that does not parse fails the build.
 */
function firstScenario(): Plugin {
  const id = 'virtual:kubeplay-first-scenario';
  const file = 'default.yaml';
  const path = fileURLToPath(new URL(`./public/scenarios/${file}`, import.meta.url));
  return {
    name: 'kubeplay-first-scenario',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    async load(loading) {
      if (loading !== `\0${id}`) return null;
      this.addWatchFile(path);
      const text = readFileSync(path, 'utf8');
      // Through Vite's module runner: the config itself is loaded without bundling its imports.
      type Parse = typeof import('./src/sim/scenario/parse');
      const { parseScenario } = (await runnerImport<Parse>(fileURLToPath(new URL('./src/sim/scenario/parse.ts', import.meta.url)))).module;
      const parsed = parseScenario(text, file);
      if (!parsed.ok) throw new Error(`kubeplay-first-scenario: ${file} does not parse: ${JSON.stringify(parsed.errors)}`);
      return `export default ${JSON.stringify({ text, file, parsed })};`;
    },
  };
}

/**
 * In the app's worker, the published digests' data keeps only each digest: `seen` (where the digest
 * was checked) is provenance that the registry tests read (registry.test.ts), not the simulation, and
 * is about half of the file gzipped. Node (vitest, the CLI) reads the whole file.
 */
function digestsWithoutProvenance(): Plugin {
  const data = fileURLToPath(new URL('./src/sim/node/registry/published-digests.json', import.meta.url));
  return {
    name: 'kubeplay-digests-without-provenance',
    enforce: 'pre',
    load(id) {
      if (id !== data) return null;
      const all = JSON.parse(readFileSync(data, 'utf8')) as Record<string, { digest: string }>;
      return JSON.stringify(Object.fromEntries(Object.entries(all).map(([name, { digest }]) => [name, { digest }])));
    },
  };
}

export default defineConfig({
  // Relative asset URLs: the built app works from any path, `/` (npm start, kubeplay serve) and
  // `/kubeplay/` (live mode behind `kubectl proxy --www=dist --www-prefix=/kubeplay/`) alike. Workers,
  // Monaco's chunks and BASE_URL (scenarios, icons) then resolve against the page.
  base: './',
  plugins: [react(), contentSecurityPolicy()],
  resolve: {
    alias: [
      // monaco-yaml's worker imports monaco-worker-manager/worker, which imports the old deep path
      // 'monaco-editor/esm/vs/editor/editor.worker.js'. monaco-editor >= 0.56 has an exports map
      // ("./*" -> "./esm/vs/*"), so that path would resolve to esm/vs/esm/vs/... and the build fails.
      // Map old deep imports onto the new export subpaths (toolchain.md, gotcha 3).
      { find: /^monaco-editor\/esm\/vs\/(.*)$/, replacement: 'monaco-editor/$1' },
    ],
  },
  // Dev server only: pre-bundle deps first seen inside workers, otherwise the first page load
  // triggers "optimized dependencies changed. reloading" (toolchain.md, gotcha 8).
  optimizeDeps: { include: ['monaco-yaml/yaml.worker.js', 'yaml'] },
  worker: { format: 'es', plugins: () => [deferAfterFirstPaint(), firstScenario(), digestsWithoutProvenance()] },
  build: { chunkSizeWarningLimit: 4500 },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    setupFiles: ['src/testing/fuzz-seed.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The test files are
    // CPU-bound simulations and the main process only gathers results, so two workers there take the
    // unit phase from about 10 to about 7 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
