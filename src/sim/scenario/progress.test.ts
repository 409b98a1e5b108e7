import { describe, expect, it } from 'vitest';
import { FakeCluster } from './fake-cluster';
import { parseScenario } from './parse';
import { manifestObjects } from './progress';
import { ScenarioRunner } from './run';
import { formatScenarioError, type Scenario } from './schema';

// The scenario panel's source of truth (issue 11: "steps ahead and done, and every expectation's
// pass/fail as it happens"), on the fake cluster: a command that never answers, one that times
// out, a file that is not there. src/worker/scenario-progress.test.ts runs a real built-in scenario.

function inline(steps: string): Scenario {
  const r = parseScenario(`apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t, description: A tiny one.}\nspec:\n  steps:\n${steps}`, 't.yaml');
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

describe('ScenarioRunner.progress', () => {
  it('shows a step as running while its command waits for an answer, and the one after it as ahead', () => {
    const c = new FakeCluster((line) => (line === 'hang' ? 'never' : { stdout: 'ok' }), 50);
    const r = new ScenarioRunner(inline(`    - {at: 0s, run: hang}\n    - {at: 1s, run: echo}\n`), c, { commandTimeoutMs: 10_000 });
    r.advanceTo(5_000);
    expect(r.progress().steps.map((s) => [s.state, s.startedAt])).toEqual([
      ['running', 0],
      ['ahead', undefined],
    ]);
    r.advanceTo(10_100);
    // It gave up at 10 s (the command timeout); the next step started then, not at its own 1 s.
    expect(r.progress().steps.map((s) => [s.state, s.startedAt, s.exitCode])).toEqual([
      ['done', 0, null],
      ['done', 10_000, 0],
    ]);
  });

  it('fails an expectation whose output differs and says what came instead; a timed-out one fails as timed out', () => {
    const c = new FakeCluster((line) => (line === 'hang' ? 'never' : { stdout: 'Pending' }));
    const r = new ScenarioRunner(inline(`    - {at: 0s, expect: {run: kubectl get pod web, equals: Running}}\n    - {at: 1s, expect: {run: hang, contains: x}}\n`), c, { commandTimeoutMs: 2_000 });
    r.finish();
    const p = r.progress();
    expect(p.steps[0]!.expect).toEqual({ state: 'fail', checks: [{ what: 'stdout', op: 'equals', expected: 'Running', actual: 'Pending', ok: false }] });
    expect(p.steps[1]!.expect).toMatchObject({ state: 'fail', timedOut: true });
    expect([p.passed, p.failed, p.pending]).toEqual([0, 2, 0]);
  });

  it('names the step the cluster refused with its error, and counts it', () => {
    const r = new ScenarioRunner(inline(`    - {at: 0s, applyFile: missing.yaml}\n`), new FakeCluster(() => ({ stdout: '' })));
    r.finish();
    const p = r.progress();
    expect(p.steps[0]).toMatchObject({ state: 'done', error: 'no such file or directory "missing.yaml"' });
    expect(p.errors).toBe(1);
  });

});

describe('manifestObjects', () => {
  it.each([
    ['one object', 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec: {}\n', ['Pod web']],
    ['two documents', 'kind: Namespace\nmetadata:\n  name: dev\n---\nkind: Pod\nmetadata:\n  namespace: dev\n  name: web\n', ['Namespace dev', 'Pod web']],
    ['a container name is not the object name', 'kind: Pod\nmetadata:\n  labels: {app: x}\nspec:\n  containers:\n    - name: nginx\n', ['Pod']],
    ['not a manifest', 'hello', []],
  ])('%s', (_case, text, want) => {
    expect(manifestObjects(text)).toEqual(want);
  });
});
