// Properties of the manifest reader (yaml-docs.ts, go-yaml-decode.ts, yaml-depth.ts) under
// hostile input, issue 9. Whatever the text, parseYamlChunk answers (never throws), quickly, with
// a JSON value or one of go-yaml's (or json.Marshal's) messages; objects hold their keys as fields
// of their own; Object.prototype is untouched. Alias bombs fail with go-yaml's "excessive
// aliasing" (decode.go allowedAliasRatio), nesting deeper than MAX_DEPTH with "exceeded max depth".

import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { aliasBomb, bombSize, fuzzRuns, hostileValue, hostileWord, nested, PROTOTYPE_KEYS, prototypeFingerprint, wallMs } from '../../../testing/fuzz';
import { MAX_DEPTH } from './yaml-depth';
import { parseYamlChunk, splitYamlDocuments, type ParsedChunk } from './yaml-docs';

/** Every message the reader may give: go-yaml's, sigs.k8s.io/yaml's and json.Marshal's. */
const KNOWN_ERRORS = [
  /^yaml: (line \d+: )?(did not find expected key|mapping values are not allowed in this context|could not find expected ':'|found character that cannot start any token)$/,
  /^yaml: (line \d+: )?exceeded max depth of \d+$/,
  /^yaml: document contains excessive aliasing$/,
  /^yaml: unknown anchor '.*' referenced$/s,
  /^yaml: anchor '.*' value contains itself$/s,
  /^yaml: invalid map key: /,
  /^yaml: map merge requires map or sequence of maps as the value$/,
  /^yaml: !!binary value contains invalid base64 data$/,
  /^json: unsupported value: (NaN|\+Inf|-Inf)$/,
  /^unsupported map key of type: /,
];

/** Generous: the machine running the tests may be busy; a hang would take forever. */
const BOUND_MS = 10_000;

function parseTimed(text: string): ParsedChunk {
  const start = wallMs();
  const r = parseYamlChunk(text);
  expect(wallMs() - start).toBeLessThan(BOUND_MS);
  return r;
}

/** A parsed value is plain JSON: no cycles, no Dates or Buffers, finite numbers, own keys only. */
function expectPlainJson(v: unknown, seen = new Set<unknown>()): void {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
  if (typeof v === 'number') return void expect(Number.isFinite(v)).toBe(true);
  expect(typeof v).toBe('object');
  expect(seen.has(v)).toBe(false);
  seen.add(v);
  if (Array.isArray(v)) v.forEach((x) => expectPlainJson(x, seen));
  else {
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    for (const k of Object.keys(v as object)) expectPlainJson((v as Record<string, unknown>)[k], seen);
  }
  seen.delete(v);
}

function expectAnswer(r: ParsedChunk): void {
  if (r.ok) expectPlainJson(r.value);
  else expect(KNOWN_ERRORS.some((re) => re.test(r.error)), r.error).toBe(true);
}

describe('parseYamlChunk on hostile input', () => {
  it('answers any text with a JSON value or a go-yaml error, and never touches Object.prototype', () => {
    const before = prototypeFingerprint();
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ maxLength: 200, unit: 'binary' }),
      fc.array(fc.constantFrom('a:', ' ', '- ', '[', ']', '{', '}', ',', '&a ', '*a', '<<: ', '? ', '!!binary ', '!!str ', '"', "'", '|', '>', '#', '\n', '\t', '---', '...', '%YAML 1.1', 'x'), { maxLength: 60 }).map((p) => p.join('')),
    );
    fc.assert(fc.property(text, (t) => expectAnswer(parseTimed(t))), { numRuns: fuzzRuns(400) });
    expect(prototypeFingerprint()).toBe(before);
  });

  it('reads any JSON value written as YAML or JSON back as the same value, __proto__ keys as fields', () => {
    fc.assert(
      fc.property(hostileValue, fc.boolean(), (v, asJson) => {
        const text = asJson ? JSON.stringify(v) : stringify(v, { aliasDuplicateObjects: false, version: '1.1' });
        const r = parseTimed(text);
        expectAnswer(r);
        // -0 is 0 in JSON, and YAML 1.1 scalars written by the `yaml` package come back as what they say.
        if (r.ok && asJson) expect(JSON.stringify(r.value)).toBe(JSON.stringify(v));
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('refuses every alias bomb bigger than go-yaml allows with "document contains excessive aliasing"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.integer({ min: 2, max: 12 }), (levels, fanout) => {
        const r = parseTimed(`apiVersion: v1\nkind: ConfigMap\ndata:\n${aliasBomb(levels, fanout, '  ')}`);
        // Far past 400,000 decodes with more than 99% of them from aliases: always refused.
        if (bombSize(levels, fanout) > 1_000_000) expect(r).toEqual({ ok: false, error: 'yaml: document contains excessive aliasing' });
        else expectAnswer(r);
      }),
      { numRuns: fuzzRuns(40) },
    );
  });

  it('refuses nesting deeper than MAX_DEPTH, however it is written, and reads what is shallower', () => {
    const styles = ['flow-seq', 'flow-map', 'block-map', 'block-seq'] as const;
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 1, max: MAX_DEPTH + 5 }), fc.integer({ min: MAX_DEPTH, max: 200_000 })), fc.constantFrom(...styles), (depth, style) => {
        // Block nesting costs depth² characters of indentation: keep those within a few MB.
        const d = style.startsWith('block') ? Math.min(depth, 1_000) : depth;
        const r = parseTimed(`spec: ${nested(d, style)}\n`);
        if (d + 1 > MAX_DEPTH) {
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error).toMatch(/^yaml: (line \d+: )?exceeded max depth of \d+$/);
        } else expect(r.ok).toBe(true);
      }),
      { numRuns: fuzzRuns(40) },
    );
  });

  it('keeps __proto__, constructor and friends as ordinary keys at any depth', () => {
    const before = prototypeFingerprint();
    fc.assert(
      fc.property(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord, fc.integer({ min: 0, max: 5 }), (key, value, depth) => {
        const inner = `{${JSON.stringify(key)}: ${JSON.stringify(value)}, ${key === '__proto__' ? '' : '__proto__: {polluted: 1}, '}b: 1}`;
        const r = parseTimed(`a: ${'{x: '.repeat(depth)}${inner}${'}'.repeat(depth)}\n`);
        expect(r.ok).toBe(true);
        let v = (r as { value: Record<string, unknown> }).value.a as Record<string, unknown>;
        for (let i = 0; i < depth; i++) v = v.x as Record<string, unknown>;
        expect(Object.prototype.hasOwnProperty.call(v, key)).toBe(true);
        expect(v[key]).toBe(value);
        expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: fuzzRuns(100) },
    );
    expect(prototypeFingerprint()).toBe(before);
  });

  it('reads a 3.5 MB string in bounded time', () => {
    const r = parseTimed(`a: "${'x'.repeat(3_500_000)}"\n`);
    expect(r.ok && (r.value as { a: string }).a.length).toBe(3_500_000);
  });

  it('splits any stream into documents without throwing', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('---', '--- # c', '---x', '--- a: 1', '...', 'a: 1', ''), fc.string({ maxLength: 10 })), { maxLength: 20 }), (lines) => {
        const chunks = splitYamlDocuments(lines.join('\n'));
        for (const c of chunks) expect(c.error === undefined || /^invalid Yaml document separator: /.test(c.error)).toBe(true);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
