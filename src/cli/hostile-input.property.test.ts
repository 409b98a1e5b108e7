// The real manifests and scenarios of public/scenarios, damaged, as hostile input (issue 9). Each
// property names its source: the manifest reader (cli-tools/common/yaml-docs.ts), kubectl and the
// apiserver on a whole cluster (cli-tools/kubectl, apiserver/), and the scenario parser
// (scenario/parse.ts). What a person pastes is a real manifest with a mistake or a trap in it far
// more often than random text: every value and key of the real ones is a place to put one.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseDocument, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseYamlChunk, splitYamlDocuments } from '../sim/cli-tools/common/yaml-docs';
import { fuzzRuns, hostileValue, hostileWord, objectOf, PROTOTYPE_KEYS, prototypeFingerprint } from '../testing/fuzz';
import { fuzzCluster, type FuzzCluster } from '../testing/fuzz-cluster';
import { parseScenario } from '../sim/scenario/parse';

const DIR = join(__dirname, '../../public/scenarios');
const SCENARIOS = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => readFileSync(join(DIR, f), 'utf8'));

/** Every manifest the built-in scenarios apply or pipe to kubectl. */
function manifests(): unknown[] {
  const out: unknown[] = [];
  for (const text of SCENARIOS) {
    const doc = parseDocument(text).toJS() as { spec?: { steps?: Record<string, unknown>[] } };
    for (const step of doc.spec?.steps ?? []) {
      const expectStep = step.expect as { stdin?: unknown } | undefined;
      for (const t of [step.apply, step.stdin, expectStep?.stdin]) {
        if (typeof t !== 'string') continue;
        for (const chunk of splitYamlDocuments(t)) {
          const p = parseYamlChunk(chunk.text);
          if (p.ok && typeof p.value === 'object' && p.value !== null && 'kind' in p.value) out.push(p.value);
        }
      }
    }
  }
  return out;
}

type Path = (string | number)[];

function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (typeof v === 'object' && v !== null) for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

/** A copy of root with f applied at path (every key kept as a field). */
function update(root: unknown, path: Path, f: (old: unknown) => unknown): unknown {
  if (path.length === 0) return f(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((x, i) => (i === head ? update(x, rest, f) : x));
  const o = (root ?? {}) as Record<string, unknown>;
  return objectOf(Object.keys(o).map((k) => [k, k === head ? update(o[k], rest, f) : o[k]]));
}

type Mutation = ['set', unknown] | ['addKey', string, unknown] | ['drop'];

function mutate(v: unknown, muts: [number, Mutation][]): unknown {
  for (const [n, m] of muts) {
    const all = paths(v);
    const at = all[n % all.length]!;
    if (m[0] === 'set') v = update(v, at, () => m[1]);
    else if (m[0] === 'addKey') v = update(v, at, (o) => (typeof o === 'object' && o !== null && !Array.isArray(o) ? objectOf([...Object.entries(o), [m[1], m[2]]]) : o));
    else if (at.length > 0) {
      const last = at[at.length - 1];
      v = update(v, at.slice(0, -1), (o) => (Array.isArray(o) ? o.filter((_, i) => i !== last) : objectOf(Object.entries(o as object).filter(([k]) => k !== last))));
    }
  }
  return v;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  hostileValue.map((v): Mutation => ['set', v]),
  fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord), hostileValue).map(([k, v]): Mutation => ['addKey', k, v]),
  fc.constant<Mutation>(['drop']),
);

describe('real manifests, damaged', () => {
  const corpus = manifests();
  const damaged = fc
    .tuple(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 4 }), fc.boolean())
    .map(([m, muts, asJson]) => {
      const v = mutate(m, muts);
      return asJson ? JSON.stringify(v) : stringify(v, { version: '1.1', aliasDuplicateObjects: false });
    });

  let fuzz: FuzzCluster;
  let before: string;
  beforeAll(() => {
    fuzz = fuzzCluster();
    before = prototypeFingerprint();
  });

  it('come from the built-in scenarios', () => {
    expect(corpus.length).toBeGreaterThan(20);
  });

  it('are read by yaml-docs.ts into JSON values or go-yaml errors', () => {
    fc.assert(
      fc.property(damaged, (text) => {
        const r = parseYamlChunk(text);
        if (!r.ok) expect(r.error).toMatch(/^(yaml|json): /);
      }),
      { numRuns: fuzzRuns(60) },
    );
    expect(prototypeFingerprint()).toBe(before);
  });

  it('are answered by kubectl apply, create and delete, and a failure writes nothing', () => {
    fc.assert(
      fc.property(fc.constantFrom('apply', 'create', 'delete'), damaged, (verb, text) => {
        const r = fuzz.run(`kubectl ${verb} -f -`, { stdin: text });
        expect(r.crashed, text).toEqual([]);
        expect(r.out.exitCode, r.out.stderr).not.toBe(124);
        const printed = r.out.stdout + r.out.stderr;
        expect(printed).not.toMatch(/\[object Object\]|function [A-Za-z]*\(\) \{/);
        if (!text.includes('undefined')) expect(printed).not.toMatch(/\bundefined\b/);
        if (r.out.exitCode !== 0 && r.out.stdout === '') expect(r.writes).toEqual([]);
      }),
      { numRuns: fuzzRuns(100) },
    );
    expect(prototypeFingerprint()).toBe(before);
  }, 120_000);

  it('leave a cluster that keeps running: a damaged update of a workload never reaches a controller that cannot take it', () => {
    // Apply a real object, then a damaged version of it (a patch), and let the controllers work for
    // 20 s: no process may crash, and no component may fall into a loop of writes (an idle cluster with
    // a few pods makes a few hundred trace records a second).
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 }), (m, muts) => {
        fuzz.reset();
        const c = fuzz.cluster;
        c.run('kubectl apply -f -', { stdin: JSON.stringify(m) });
        const r = c.run('kubectl apply -f -', { stdin: JSON.stringify(mutate(m, muts)) });
        expect(r.exitCode).not.toBe(124);
        const records = c.sim.world.traceCount;
        c.sim.runUntil(c.sim.now + 20_000);
        expect(fuzz.crashed()).toEqual([]);
        expect(c.sim.world.traceCount - records).toBeLessThan(40_000);
      }),
      { numRuns: fuzzRuns(15) },
    );
  }, 120_000);
});

describe('real scenarios, damaged', () => {
  it('are parsed into a scenario or located errors, never an exception', () => {
    const damaged = fc.tuple(fc.constantFrom(...SCENARIOS), fc.array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'insert'), hostileWord), { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
      for (const [at, op, s] of edits) {
        const i = at % (text.length + 1);
        text = op === 'drop' ? text.slice(0, i) + text.slice(i + 1 + (at % 9)) : text.slice(0, i) + s + text.slice(i);
      }
      return text;
    });
    fc.assert(
      fc.property(damaged, (text) => {
        const r = parseScenario(text, 'damaged.yaml');
        if (!r.ok) for (const e of r.errors) expect(e.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
