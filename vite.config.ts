/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
  },
});
