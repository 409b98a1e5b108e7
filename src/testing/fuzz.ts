// What the property tests of hostile input feed the simulation (issue 9: nothing a user types or
// pastes may crash it): words JavaScript objects know by heart (`__proto__`, `constructor`),
// absurd numbers, quotes, huge strings, and YAML built to exhaust a parser (alias bombs, deep
// nesting). fast-check prints the seed and the shrunk input of a failure; KUBEPLAY_FUZZ_RUNS
// raises the number of runs of every property (`KUBEPLAY_FUZZ_RUNS=2000 npx vitest run ...`).
// Only tests import this file.

import fc from 'fast-check';

/** numRuns for a property: its default, or KUBEPLAY_FUZZ_RUNS when set. */
export function fuzzRuns(defaultRuns: number): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const n = Number(env?.KUBEPLAY_FUZZ_RUNS ?? '');
  return Number.isFinite(n) && n > 0 ? n : defaultRuns;
}

/** Keys Object.prototype answers for, and keys that are special somewhere in Kubeplay. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', '__defineGetter__', '__lookupGetter__'] as const;

/** Words with a meaning to a shell, a flag parser, a selector, a JSONPath or a number parser. */
export const HOSTILE_WORDS = [
  ...PROTOTYPE_KEYS,
  '', ' ', '-', '--', '=', ',', '!', "'", '"', '\\', '{', '}', '[', ']', '(', ')', '*', '..', '$', '$(x)', '`x`', '\t', '\n', '\u0000', 'é', '💥',
  '0', '-1', '1e309', '-1e309', 'NaN', 'Infinity', '99999999999999999999', '0x10', '1.5', '1_000', 'true', 'null', '~',
  'a=b', 'a in (b', 'a notin ()', '!a', 'a>1', 'x'.repeat(300), 'x'.repeat(10_000),
  '{.x}', '{.constructor}', '{.items[0:1:0]}', '{range .items}', '{{', '..constructor', '100Mi', '1.5.5', '+', '.inf', '.nan',
] as const;

/** A hostile word, or a random one. */
export const hostileWord: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_WORDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 16, unit: 'binary' }) },
);

/** A JSON-ish value with hostile keys and values at any depth (a small tree). */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, -0),
    hostileWord,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord), tie('v')), { maxLength: 4 }).map(objectOf),
  ),
})).v;

/** An object from entries with every key a field of its own (`__proto__` included), as JSON.parse makes it. */
export function objectOf(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Quote a word for a POSIX shell line (the cluster splits lines into words like a shell). */
export function shellQuote(w: string): string {
  return `'${w.replace(/'/g, `'\\''`)}'`;
}

/** "Billion laughs": each level a list of `fanout` aliases to the level before. */
export function aliasBomb(levels: number, fanout: number, indent = ''): string {
  const lines = [`${indent}l0: &l0 [${Array(fanout).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < levels; i++) lines.push(`${indent}l${i}: &l${i} [${Array(fanout).fill(`*l${i - 1}`).join(', ')}]`);
  return lines.join('\n') + '\n';
}

/** How many strings an alias bomb expands to. */
export const bombSize = (levels: number, fanout: number): number => fanout ** levels;

/** A value nested `depth` levels deep, as flow YAML (`[[[...]]]`, `{a: {a: ...}}`) or block YAML. */
export function nested(depth: number, style: 'flow-seq' | 'flow-map' | 'block-map' | 'block-seq'): string {
  switch (style) {
    case 'flow-seq':
      return '['.repeat(depth) + ']'.repeat(depth);
    case 'flow-map':
      return '{a: '.repeat(depth) + '1' + '}'.repeat(depth);
    case 'block-map':
      return '\n' + Array.from({ length: depth }, (_, i) => ' '.repeat(i + 2) + 'a:').join('\n') + ' 1';
    case 'block-seq':
      return '\n' + Array.from({ length: depth }, (_, i) => ' '.repeat(2 * i + 2) + '-').join('\n') + ' 1';
  }
}

/** Object.prototype's own property names, to check that nothing was added to it. */
export function prototypeFingerprint(): string {
  return Object.getOwnPropertyNames(Object.prototype).sort().join(',') + '|' + Object.getOwnPropertyNames(Array.prototype).sort().join(',');
}

/**
 * Wall-clock milliseconds, for a property that bounds how long an answer may take. This file is
 * test support outside src/sim, which never reads the wall clock; a test may, to catch a hang early.
 */
export function wallMs(): number {
  return Date.now();
}
