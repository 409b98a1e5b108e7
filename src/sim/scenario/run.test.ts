import { describe, expect, it } from 'vitest';
import { FakeCluster, type Responder } from './fake-cluster';
import { parseScenario } from './parse';
import { ScenarioRunner, filesNeeded, runScenario } from './run';
import { formatScenarioError, type Scenario } from './schema';
import { formatEntry } from './transcript';

function scenario(steps: string): Scenario {
  const r = parseScenario(`apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: t}\nspec:\n  steps:\n${steps}`, 't.yaml');
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

/** A pod that is Pending until 20 s and Running after, as `kubectl get pod web -o jsonpath=...` would say. */
const podPhase: Responder = (line, _opts, now) => {
  if (line.includes('jsonpath')) return { stdout: now < 20_000 ? 'Pending' : 'Running' };
  if (line.startsWith('kubectl get pods')) return { stdout: 'NAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          30s\n' };
  if (line.startsWith('kubectl apply')) return { stdout: 'pod/web created\n' };
  if (line.startsWith('kubectl get pod nope')) return { stderr: 'Error from server (NotFound): pods "nope" not found\n', exitCode: 1 };
  if (line === 'hang') return 'never';
  return { stdout: '' };
};

describe('ScenarioRunner', () => {
  it('performs the steps in time order and waits for each command before the next', () => {
    const c = new FakeCluster(podPhase);
    runScenario(scenario(`    - {at: 30s, run: kubectl get pods -o wide}
    - {at: 0s, apply: "kind: Pod"}
    - {at: 30s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}}
    - {at: 40s, kill: kube-scheduler}
    - {at: 45s, restart: kube-scheduler}
    - {at: 50s, partition: {between: [worker-1], and: [control-plane]}}
    - {at: 55s, heal: true}
`), c);
    expect(c.log).toEqual([
      '00000 exec kubectl apply -f - <stdin>',
      '30000 exec kubectl get pods -o wide',
      '30050 exec kubectl get pod web -o jsonpath={.status.phase}',
      '40000 kill kube-scheduler',
      '45000 restart kube-scheduler',
      '50000 partition worker-1 | control-plane',
      '55000 heal',
    ]);
  });

  it('writes a transcript with simulated time stamps, the command and its output', () => {
    const r = runScenario(scenario(`    - {at: 30s, run: kubectl get pods -o wide}\n    - {at: 40s, kill: kube-scheduler}\n`), new FakeCluster(podPhase));
    expect(r.transcript.map(formatEntry)).toEqual([
      '[00:30.000] $ kubectl get pods -o wide\nNAME   READY   STATUS    RESTARTS   AGE\nweb    1/1     Running   0          30s',
      '[00:40.000] # kill kube-scheduler',
    ]);
  });

  it('passes an expect whose trimmed output matches, and fails one that does not', () => {
    const r = runScenario(scenario(`    - {at: 10s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}}
    - {at: 30s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Running}}
    - {at: 31s, expect: {run: kubectl get pods, contains: web, exitCode: 0}}
    - {at: 32s, expect: {run: kubectl get pod nope, stderr: 'Error from server (NotFound): pods "nope" not found', exitCode: 1}}
`), new FakeCluster(podPhase));
    expect(r.expectations.map((e) => [e.step, e.ok])).toEqual([
      [0, false],
      [1, true],
      [2, true],
      [3, true],
    ]);
    expect(r.expectations[0]).toMatchObject({ line: 6, expected: 'stdout equals "Running"', actual: 'stdout "Pending"' });
    expect(r.ok).toBe(false);
  });

  it('gives up on a command that never answers after the simulated timeout and fails its expect', () => {
    const r = runScenario(scenario(`    - {at: 0s, expect: {run: hang, equals: x}}\n    - {at: 5s, run: kubectl get pods}\n`), new FakeCluster(podPhase), { commandTimeoutMs: 10_000 });
    expect(r.transcript[0]).toMatchObject({ time: 0, timedOut: true, stderr: 'kubeplay: no output after 10s of simulated time; gave up waiting\n' });
    // The next step was due during the wait, so it starts as soon as the runner stops waiting.
    expect(r.transcript[1]!.time).toBe(10_000);
    expect(r.expectations[0]).toMatchObject({ ok: false, actual: 'no output (timed out)' });
  });

  it('reports an unknown kill target as a scenario error with the step position', () => {
    const r = runScenario(scenario(`    - {at: 0s, kill: kube-shceduler}\n`), new FakeCluster(podPhase));
    expect(r.errors.map(formatScenarioError)).toEqual(['t.yaml:6:22: spec.steps[0].kill: unknown target "kube-shceduler"']);
    expect(r.ok).toBe(false);
  });

  it('passes the files of an applyFile step, a single file or a whole folder', () => {
    const c = new FakeCluster(podPhase);
    const s = scenario(`    - {at: 0s, applyFile: web.yaml}\n    - {at: 1s, applyFile: manifests/}\n    - {at: 2s, applyFile: missing.yaml}\n`);
    expect(filesNeeded(s).map((f) => f.path)).toEqual(['web.yaml', 'manifests/', 'missing.yaml']);
    const r = runScenario(s, c, { files: { 'web.yaml': 'a', 'manifests/a.yaml': 'b', 'manifests/b.json': 'c', 'other.yaml': 'd' } });
    expect(c.log).toEqual(['00000 exec kubectl apply -f web.yaml files=web.yaml', '01000 exec kubectl apply -f manifests/ files=manifests/a.yaml,manifests/b.json']);
    expect(r.errors.map(formatScenarioError)).toEqual(['t.yaml:8:27: spec.steps[2].applyFile: no such file or directory "missing.yaml"']);
  });

  it('stops the clock when the last command answers if no end time is given', () => {
    const r = runScenario(scenario(`    - {at: 1s, run: kubectl get pods}\n`), new FakeCluster(podPhase, 50));
    expect(r.endTime).toBe(1050);
  });

  it('runs on to --until after the last step', () => {
    const r = runScenario(scenario(`    - {at: 1s, run: kubectl get pods}\n`), new FakeCluster(podPhase), { until: 300_000 });
    expect(r.endTime).toBe(300_000);
  });

  it('can be advanced in slices and ends in the same state as a run to the end', () => {
    const steps = `    - {at: 0s, apply: "kind: Pod"}\n    - {at: 2s, run: kubectl get pods}\n    - {at: 2s, expect: {run: "kubectl get pod web -o jsonpath={.status.phase}", equals: Pending}}\n    - {at: 7s, kill: kube-scheduler}\n`;
    const whole = runScenario(scenario(steps), new FakeCluster(podPhase), { until: 10_000 });
    const c = new FakeCluster(podPhase);
    const runner = new ScenarioRunner(scenario(steps), c);
    for (let t = 0; t <= 10_000; t += 1000) {
      runner.advanceTo(t);
      expect(c.sim.now).toBe(t);
    }
    expect(runner.done).toBe(true);
    const sliced = runner.result();
    expect(sliced.transcript).toEqual(whole.transcript);
    expect(sliced.traceHash).toBe(whole.traceHash);
  });

  it('hands back the output of commands started outside the scenario', () => {
    const c = new FakeCluster(podPhase);
    const runner = new ScenarioRunner(scenario(`    - {at: 1s, run: kubectl get pods}\n`), c);
    const job = runner.exec('kubectl get pod web -o jsonpath={.status.phase}');
    runner.advanceTo(2000);
    const done = runner.takeAdhoc();
    expect(done).toEqual([{ jobId: job, entry: expect.objectContaining({ time: 0, stdout: 'Pending', exitCode: 0 }) }]);
    expect(runner.transcript).toHaveLength(1);
  });
});
