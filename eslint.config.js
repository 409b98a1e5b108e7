// Lint: typescript-eslint's recommended rules, plus the two rules the design depends on:
// the simulation is deterministic (no wall clock, no Math.random, no timers) and headless
// (no React, DOM, d3, Monaco or React Flow under src/sim or src/protocol).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nondeterministic = [
  { object: 'Math', property: 'random', message: 'Use the simulation PRNG (ctx.rand).' },
  { object: 'Date', property: 'now', message: 'Use the virtual clock (ctx.now).' },
  { object: 'performance', property: 'now', message: 'Use the virtual clock (ctx.now).' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/sim/**/*.ts', 'src/protocol/**/*.ts', 'src/api-schema/**/*.ts', 'src/apimachinery/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', ...nondeterministic],
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Use ctx.setTimer: the kernel owns time.' },
        { name: 'setInterval', message: 'Use ctx.setTimer: the kernel owns time.' },
        { name: 'setImmediate', message: 'Use ctx.setTimer: the kernel owns time.' },
        { name: 'queueMicrotask', message: 'The simulation has no hidden asynchrony.' },
        { name: 'window', message: 'The simulation is headless.' },
        { name: 'document', message: 'The simulation is headless.' },
        { name: 'performance', message: 'Use the virtual clock.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'new Date() reads the wall clock; use ctx.now.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', 'react-dom/*'], message: 'src/sim is headless.' },
            { group: ['@xyflow/*', 'd3', 'd3-*', 'monaco-editor', 'monaco-editor/*', 'monaco-yaml', '@monaco-editor/*', 'zustand', 'zustand/*', '@xterm/*'], message: 'src/sim is headless.' },
            { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'child_process'], message: 'src/sim runs in a Web Worker: no Node built-ins.' },
            { group: ['**/ui/**', '**/worker/**', '**/cli/**'], message: 'Dependencies point one way: ui -> protocol <- worker -> sim.' },
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md's layers: the page reads what the worker sends (src/protocol); it never imports the
    // simulation, so it cannot re-derive what the simulation's printers and parsers say.
    files: ['src/ui/**/*.ts', 'src/ui/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/sim/**', '**/worker/*', '!**/worker/sim.worker.ts'], message: 'Dependencies point one way: ui -> protocol <- worker -> sim.' }] }],
    },
  },
  {
    // The protocol is the contract between the two sides: it imports nothing but itself.
    files: ['src/protocol/**/*.ts'],
    ignores: ['src/protocol/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'src/protocol imports nothing outside itself.' }] }],
    },
  },
  {
    // The schema's one home is read by the apiserver and the editor alike, so it depends on neither.
    files: ['src/api-schema/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./(k8s-v1\\.31(\\.descriptions)?\\.json|index)$)', message: 'src/api-schema imports nothing but its generated JSON (and descriptions.ts its own index.ts).' }] },
      ],
    },
  },
  {
    // Kubernetes' own formatting rules (HumanDuration, the simulation's epoch), shared by the
    // simulation's printers and the page: a leaf that imports nothing.
    files: ['src/apimachinery/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!\\./)', message: 'src/apimachinery imports nothing outside itself.' }] }],
    },
  },
);
