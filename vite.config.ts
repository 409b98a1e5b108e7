/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
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
  worker: { format: 'es' },
  build: { chunkSizeWarningLimit: 4500 },
  preview: { port: 4173, strictPort: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 60_000,
    setupFiles: ['src/testing/fuzz-seed.ts'],
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. The test files are
    // CPU-bound simulations and the main process only gathers results, so two workers there take the
    // unit phase from about 10 to about 7 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
