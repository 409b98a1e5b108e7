/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The Content-Security-Policy of the built page. Only what the app really loads, all from its own
 * origin: module scripts and the lazy Monaco chunk; module workers (sim.worker, Monaco's
 * editor.worker and yaml.worker, all same-origin files: no blob: workers); the scenario YAML it
 * fetches; the Kubernetes icons; Monaco's codicon font. Two exceptions, both for styles and images:
 * - style-src 'unsafe-inline': xterm.js and Monaco create <style> elements at run time (xterm's
 *   colours and cell sizes, Monaco's theme and decoration rules), and Monaco renders its lines as
 *   HTML with style="" attributes: without it Chromium reported hundreds of style-src-elem and
 *   style-src-attr violations from them. A static page cannot hand out a nonce, and
 *   neither library takes one. Scripts stay strict, which is what matters against injection.
 * - img-src data:: Monaco's CSS draws some icons as data: SVG/PNG, and the page's empty favicon is
 *   `data:,` (without it Chromium asks for /favicon.ico and logs a 404).
 * frame-ancestors cannot be set from a <meta>; a server in front of the app would add it as a header.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');

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
  },
});
