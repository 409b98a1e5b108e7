// kubectl on a whole simulated cluster under hostile input, issue 9: random command lines (quotes,
// unknown flags, absurd values, `__proto__` and `constructor` wherever a word goes) and hostile
// manifests on `kubectl apply|create|delete -f -` (alias bombs, deep nesting, huge strings, wrong
// types, prototype keys). Every command answers within its time with kubectl's kind of output;
// no process crashes (an exception in a handler); Object.prototype is untouched; and a command that failed
// without printing a success line wrote nothing to etcd.

import fc from 'fast-check';
import { stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { aliasBomb, fuzzRuns, hostileValue, hostileWord, nested, objectOf, PROTOTYPE_KEYS, prototypeFingerprint, shellQuote } from '../../../testing/fuzz';
import { fuzzCluster, type FuzzCluster, type FuzzRun } from '../../../testing/fuzz-cluster';

const VERBS = ['get', 'describe', 'delete', 'apply', 'create', 'run', 'logs', 'scale', 'label', 'annotate', 'set', 'rollout', 'cordon', 'uncordon', 'drain', 'taint', 'api-resources', 'auth', 'explain', 'patch', 'edit', ...PROTOTYPE_KEYS];
const NOUNS = ['pods', 'pod', 'po/web', 'nodes', 'node', 'worker-1', 'deploy', 'deployments.apps', 'svc', 'ns', 'events', 'all', 'image', 'can-i', 'status', 'history', 'undo', 'web', 'nginx', 'deployment', 'job', 'role', 'rolebinding', 'serviceaccount', 'namespace', 'clusterrole', 'kube-system'];
const FLAGS = ['-n', '-o', '-l', '-f', '-A', '-c', '-p', '-R', '--field-selector', '--sort-by', '--replicas', '--grace-period', '--image', '--as', '--as-group', '--user', '--request-timeout', '--selector', '--output', '--namespace', '--overwrite', '--show-labels', '--no-headers', '--tail', '--timeout', '--to-revision', '--cascade', '--env', '--labels', '--port', '--restart', '--verb', '--resource', '--role', '--clusterrole', '--serviceaccount', '--subresource', '--pod-selector', '--force', '--now', '--ignore-daemonsets', '--bogus', '-v', '-x'];
const VALUES = ['json', 'yaml', 'wide', 'name', 'jsonpath={.items[*].metadata.name}', 'jsonpath={.items[0:2:0]}', 'jsonpath={..constructor}', 'custom-columns=A:.a', 'go-template={{.}}', '1e309', '-5', '99999999999999999999', 'x'.repeat(10_000), 'app=web', 'a in (b', '__proto__', 'constructor=x', 'toString-', 'nginx:1.25', 'web=nginx:1.26'];

const word = fc.oneof(
  { weight: 2, arbitrary: hostileWord },
  { weight: 2, arbitrary: fc.constantFrom(...NOUNS) },
  { weight: 2, arbitrary: fc.constantFrom(...FLAGS) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FLAGS), fc.oneof(hostileWord, fc.constantFrom(...VALUES))).map(([f, v]) => `${f}=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom(...VALUES) },
);
const commandLine = fc.tuple(fc.constantFrom(...VERBS), fc.array(word, { maxLength: 6 })).map(([verb, words]) => ['kubectl', verb, ...words].map(shellQuote).join(' '));

/** A pod anyone would write, then hostile values put in at the places people edit. */
const POD = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.25' }] } };
const PLACES = [['metadata', 'name'], ['metadata', 'labels'], ['metadata', 'annotations'], ['metadata'], ['spec'], ['spec', 'containers'], ['spec', 'nodeSelector'], ['kind'], ['apiVersion'], []] as const;

function withValueAt(obj: unknown, path: readonly string[], key: string | undefined, value: unknown): unknown {
  if (path.length === 0) {
    if (key === undefined) return value;
    const base = typeof obj === 'object' && obj !== null && !Array.isArray(obj) ? Object.entries(obj) : [];
    return objectOf([...base, [key, value]]);
  }
  const o = (typeof obj === 'object' && obj !== null && !Array.isArray(obj) ? obj : {}) as Record<string, unknown>;
  return objectOf([...Object.entries(o).filter(([k]) => k !== path[0]), [path[0]!, withValueAt(o[path[0]!], path.slice(1), key, value)]]);
}

const mutatedPod = fc
  .tuple(fc.constantFrom(...PLACES), fc.option(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), hostileWord), { nil: undefined }), hostileValue, fc.boolean())
  .map(([path, key, value, asJson]) => {
    const v = withValueAt(POD, path, key, value);
    return asJson ? JSON.stringify(v) : stringify(v, { version: '1.1', aliasDuplicateObjects: false });
  });
const hostileManifest = fc.oneof(
  { weight: 4, arbitrary: mutatedPod },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 3, max: 9 }), fc.integer({ min: 3, max: 9 })).map(([l, f]) => `apiVersion: v1\nkind: Pod\nmetadata: {name: lol}\nspec:\n${aliasBomb(l, f, '  ')}`) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 150, max: 5_000 }), fc.constantFrom('flow-seq', 'flow-map', 'block-map') as fc.Arbitrary<'flow-seq' | 'flow-map' | 'block-map'>).map(([d, s]) => `apiVersion: v1\nkind: Pod\nmetadata: {name: deep}\nspec: ${nested(s === 'block-map' ? Math.min(d, 400) : d, s)}\n`) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300_000 }).map((n) => `apiVersion: v1\nkind: Pod\nmetadata: {name: big, annotations: {a: "${'x'.repeat(n)}"}}\nspec: {containers: [{name: a, image: "nginx:1.25"}]}\n`) },
  { weight: 1, arbitrary: fc.array(mutatedPod, { minLength: 2, maxLength: 3 }).map((docs) => docs.join('\n---\n')) },
);

/** What every run must show, whatever the input. */
function expectSafe(line: string, r: FuzzRun): void {
  expect(r.crashed, `${line} crashed a process`).toEqual([]);
  expect(r.out.exitCode, `${line} did not answer: ${r.out.stderr}`).not.toBe(124);
  const printed = r.out.stdout + r.out.stderr;
  expect(printed).not.toMatch(/\[object Object\]|function [A-Za-z]*\(\) \{/);
  if (!line.includes('undefined')) expect(printed).not.toMatch(/\bundefined\b/);
  if (r.out.exitCode !== 0 && r.out.stdout === '') expect(r.writes, `${line} failed but wrote`).toEqual([]);
}

describe('kubectl on hostile input', () => {
  let fuzz: FuzzCluster;
  let before: string;
  beforeAll(() => {
    fuzz = fuzzCluster();
    before = prototypeFingerprint();
  });

  it('answers any command line and changes nothing when it fails', () => {
    fc.assert(
      fc.property(commandLine, (line) => {
        // A watch streams until Ctrl-C: not a command that answers.
        fc.pre(!/'(-w|--watch[^']*)'/.test(line));
        expectSafe(line, fuzz.run(line));
      }),
      { numRuns: fuzzRuns(80) },
    );
    expect(prototypeFingerprint()).toBe(before);
  }, 120_000);

  it('answers any manifest on apply, create and delete -f - and writes nothing it then reports failed', () => {
    fc.assert(
      fc.property(fc.constantFrom('apply', 'create', 'delete'), hostileManifest, (verb, manifest) => {
        const line = `kubectl ${verb} -f -`;
        expectSafe(`${line}\n${manifest}`, fuzz.run(line, { stdin: manifest }));
      }),
      { numRuns: fuzzRuns(80) },
    );
    expect(prototypeFingerprint()).toBe(before);
  }, 120_000);

  it('refuses __proto__ as a label key with the apiserver’s qualified-name message, and takes constructor', () => {
    const pod = (labels: string) => `apiVersion: v1\nkind: Pod\nmetadata: {name: p, labels: {${labels}}}\nspec: {containers: [{name: a, image: "nginx:1.25"}]}\n`;
    const bad = fuzz.run('kubectl apply -f -', { stdin: pod('__proto__: a') });
    expect(bad.out.stderr).toBe(
      `The Pod "p" is invalid: metadata.labels: Invalid value: "__proto__": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')\n`,
    );
    expect(bad.writes).toEqual([]);
    const good = fuzz.run('kubectl apply -f -', { stdin: pod('constructor: a, toString: b') });
    expect(good.out.stdout).toBe('pod/p created\n');
    expect(good.writes).toContain('/registry/pods/default/p');
  });
});
