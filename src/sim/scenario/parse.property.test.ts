// The scenario parser (parse.ts) under hostile text, issue 9: a scenario is also what a shared URL
// carries, so whatever it holds, parseScenario answers (never throws) with a scenario or with
// errors that name the file, a line and a column, quickly; a scenario it accepts has sane steps.

import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { aliasBomb, fuzzRuns, hostileValue, hostileWord, nested, objectOf, PROTOTYPE_KEYS, prototypeFingerprint, wallMs } from '../../testing/fuzz';
import { parseScenario } from './parse';
import type { ParseResult } from './schema';

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: fuzz, description: a scenario to break}
spec:
  seed: 7
  cluster:
    nodes:
      - {name: worker-1, cpu: "4", memory: 8Gi, labels: {disktype: ssd}, images: ["nginx:1.25"]}
      - {name: worker-2, taints: [{key: gpu, value: "true", effect: NoSchedule}]}
    etcd: {members: 3}
  users:
    - {name: jane, groups: [developers]}
  timings:
    nodeMonitorGracePeriodMs: 20000
  steps:
    - at: 0s
      apply: |
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec: {containers: [{name: nginx, image: "nginx:1.25"}]}
    - {at: 1s, run: kubectl get pods, stdin: x}
    - {at: 2s, expect: {run: kubectl get pod web, stderr: nope, exitCode: 1}}
    - {at: 3s, kill: kube-scheduler}
    - {at: 4s, partition: {between: [worker-1], and: [control-plane]}}
    - {at: 5s, link: {between: [etcd-1], and: [etcd-2], latency: 200ms, loss: 0.1}}
    - {at: 6s, heal: true}
`;

/** Text-level damage: characters dropped, inserted or replaced anywhere, lines swapped. */
const damaged = fc
  .array(fc.tuple(fc.nat(), fc.constantFrom('drop', 'insert', 'replace', 'swap'), fc.oneof(hostileWord, fc.constantFrom(':', ' ', '-', '[', '{', '&a ', '*a', '"', '\n', '\t', '#'))), { minLength: 1, maxLength: 5 })
  .map((edits) => {
    let text = SCENARIO;
    for (const [at, op, s] of edits) {
      const i = at % (text.length + 1);
      if (op === 'drop') text = text.slice(0, i) + text.slice(i + 1 + (at % 7));
      else if (op === 'insert') text = text.slice(0, i) + s + text.slice(i);
      else if (op === 'replace') text = text.slice(0, i) + s + text.slice(i + s.length);
      else {
        const lines = text.split('\n');
        const a = at % lines.length;
        const b = (at * 7 + 3) % lines.length;
        [lines[a], lines[b]] = [lines[b]!, lines[a]!];
        text = lines.join('\n');
      }
    }
    return text;
  });

/** Structure-level damage: a hostile value or key put where a scenario field goes. */
const PLACES = ['metadata', 'spec', 'spec.seed', 'spec.cluster', 'spec.cluster.nodes', 'spec.timings', 'spec.steps', 'spec.users'];
const restructured = fc.tuple(fc.constantFrom(...PLACES), fc.option(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord), { nil: undefined }), hostileValue).map(([place, key, value]) => {
  const doc = { apiVersion: 'kubeplay.dev/v1alpha1', kind: 'Scenario', metadata: { name: 'x' }, spec: { steps: [{ at: '0s', run: 'kubectl get pods' }] } } as Record<string, unknown>;
  const path = place.split('.');
  let o = doc;
  for (const p of path.slice(0, -1)) o = (o[p] ??= {}) as Record<string, unknown>;
  const last = path[path.length - 1]!;
  o[last] = key === undefined ? value : objectOf([[key, value]]);
  return stringify(doc, { aliasDuplicateObjects: false });
});

const exhausting = fc.oneof(
  fc.tuple(fc.integer({ min: 3, max: 10 }), fc.integer({ min: 3, max: 10 })).map(([l, f]) => SCENARIO + aliasBomb(l, f)),
  fc.integer({ min: 100, max: 100_000 }).map((d) => SCENARIO.replace('seed: 7', `seed: ${nested(d, 'flow-seq')}`)),
  fc.integer({ min: 1, max: 2_000_000 }).map((n) => SCENARIO.replace('a scenario to break', 'x'.repeat(n))),
);

function parseTimed(text: string): ParseResult {
  const start = wallMs();
  const r = parseScenario(text, 'fuzz.yaml');
  expect(wallMs() - start).toBeLessThan(10_000);
  return r;
}

function expectAnswer(r: ParseResult): void {
  if (!r.ok) {
    expect(r.errors.length).toBeGreaterThan(0);
    for (const e of r.errors) {
      expect(e.file).toBe('fuzz.yaml');
      expect(e.line).toBeGreaterThanOrEqual(1);
      expect(e.col).toBeGreaterThanOrEqual(1);
      expect(e.message).not.toMatch(/\[object Object\]|undefined|Maximum call stack/);
    }
    return;
  }
  for (const s of r.scenario.steps) {
    expect(Number.isFinite(s.at)).toBe(true);
    expect(s.at).toBeGreaterThanOrEqual(0);
  }
}

describe('parseScenario on hostile text', () => {
  it('reads the scenario it starts from', () => {
    expect(parseTimed(SCENARIO).ok).toBe(true);
  });

  it('answers damaged, restructured and exhausting scenarios with a scenario or located errors', () => {
    const before = prototypeFingerprint();
    fc.assert(fc.property(fc.oneof(damaged, restructured, exhausting), (text) => expectAnswer(parseTimed(text))), { numRuns: fuzzRuns(300) });
    expect(prototypeFingerprint()).toBe(before);
  });

  it('refuses a scenario over the size limit before parsing it', () => {
    const r = parseTimed(SCENARIO + '#' + 'x'.repeat(2 * 1024 * 1024));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.message).toMatch(/^scenario is too large/);
  });
});
