import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScenarioProgressView } from '../protocol/scenario-progress';
import { buildCluster } from '../sim/cluster';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { formatScenarioError, type Scenario } from '../sim/scenario/schema';
import { SimSession } from './session';

// The scenario panel's source of truth (issue 11: "steps ahead and done, and every expectation's
// pass/fail as it happens") on a real built-in scenario: public/scenarios/pod-lifecycle.yaml, the
// seed's chapter 4 ("the life of a request"). A Pod is only a record in etcd right after
// `kubectl apply` (Pending), ContainerCreating once scheduled, Running after the kubelet started it.

const DIR = join(__dirname, '../../public/scenarios');
const text = (file: string) => readFileSync(join(DIR, file), 'utf8');

function load(file: string): Scenario {
  const r = parseScenario(text(file), file);
  if (!r.ok) throw new Error(r.errors.map(formatScenarioError).join('\n'));
  return r.scenario;
}

function realRunner(file: string): ScenarioRunner {
  const s = load(file);
  return new ScenarioRunner(s, buildCluster(s.cluster, { seed: s.seed, timings: s.timings }));
}

describe('ScenarioRunner.progress on pod-lifecycle', () => {
  it('before anything runs, every step is ahead (the first is next) with its scheduled time, and every expectation pending', () => {
    const p = realRunner('pod-lifecycle.yaml').progress();
    expect(p.name).toBe('pod-lifecycle');
    expect(p.description).toBe('Apply a Pod and watch it travel through the four phases to Running.');
    expect(p.steps.map((s) => s.state)).toEqual(['next', ...p.steps.slice(1).map(() => 'ahead')]);
    expect(p.steps[0]).toMatchObject({ index: 0, at: 0, kind: 'apply', text: 'kubectl apply -f - (Pod web)' });
    expect(p.steps.find((s) => s.text === 'kubectl get pods -o wide')?.at).toBe(30_000);
    expect(p.steps.every((s) => s.startedAt === undefined)).toBe(true);
    expect([p.passed, p.failed, p.pending, p.done]).toEqual([0, 0, 6, false]);
    expect(p.steps[2]!.expect).toEqual({ state: 'pending', checks: [{ what: 'stdout', op: 'equals', expected: 'Pending' }] });
  });

  it('at 1 s the Pending check has passed and the 30 s checks are still pending (seed ch. 4: a record in etcd first, Running later)', () => {
    const r = realRunner('pod-lifecycle.yaml');
    r.advanceTo(1_000);
    const p = r.progress();
    const pending = p.steps[2]!;
    expect(pending.state).toBe('done');
    expect(pending.startedAt).toBeLessThan(1_000);
    expect(pending.exitCode).toBe(0);
    expect(pending.expect).toEqual({ state: 'pass', checks: [{ what: 'stdout', op: 'equals', expected: 'Pending', actual: 'Pending', ok: true }] });
    const later = p.steps.filter((s) => s.at === 30_000);
    expect(later.map((s) => s.state)).toEqual(['ahead', 'ahead', 'ahead', 'ahead', 'ahead', 'ahead']);
    expect(later.filter((s) => s.expect).map((s) => s.expect!.state)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(p.passed).toBeGreaterThanOrEqual(1);
    expect(p.failed).toBe(0);
  });

  it('at the end every step is done at or after its scheduled time and every expectation passed', () => {
    const r = realRunner('pod-lifecycle.yaml');
    r.finish();
    const p = r.progress();
    expect(p.steps.every((s) => s.state === 'done' && s.startedAt !== undefined && s.startedAt >= s.at)).toBe(true);
    expect([p.passed, p.failed, p.pending, p.errors, p.done]).toEqual([6, 0, 0, 0, true]);
    const running = p.steps.find((s) => s.expect?.checks[0]?.expected === 'Running')!;
    expect(running.expect!.checks[0]).toMatchObject({ actual: 'Running', ok: true });
  });

  it('changes its key exactly when the progress changes', () => {
    const r = realRunner('pod-lifecycle.yaml');
    const k0 = r.progressKey();
    const p0 = JSON.stringify(r.progress());
    expect(r.progressKey()).toBe(k0);
    r.advanceTo(1_000);
    expect(r.progressKey()).not.toBe(k0);
    expect(JSON.stringify(r.progress())).not.toBe(p0);
  });

  it('comes back with the runner to a snapshot (going back in time)', () => {
    const r = realRunner('pod-lifecycle.yaml');
    r.advanceTo(500);
    const snap = r.snapshot();
    const before = JSON.stringify(r.progress());
    r.finish();
    r.restore(snap);
    expect(JSON.stringify(r.progress())).toBe(before);
  });
});

describe('SimSession sends the scenario progress', () => {
  /** Plays the scenario in 100 ms ticks until `until` (simulated ms); the progress of every frame that carried one. */
  function play(s: SimSession, until: number): { time: number; progress: ScenarioProgressView }[] {
    const seen: { time: number; progress: ScenarioProgressView }[] = [];
    s.handle({ type: 'speed', speed: 100 });
    s.handle({ type: 'play' });
    for (let i = 0; i < 10_000; i++) {
      const b = s.tick(100);
      if (b?.progress) seen.push({ time: b.clock.time, progress: b.progress });
      if ((b?.clock.time ?? 0) >= until) break;
    }
    return seen;
  }

  it('in the first frame, and again only when a step or an expectation changed', () => {
    const s = new SimSession();
    s.handle({ type: 'load', file: 'pod-lifecycle.yaml', text: text('pod-lifecycle.yaml') });
    const first = s.tick(0)!;
    expect(first.progress?.name).toBe('pod-lifecycle');
    expect(first.progress?.steps[0]?.state).toBe('next');
    const seen = play(s, 40_000);
    // Each sent progress differs from the one before it: nothing is sent twice.
    for (let i = 1; i < seen.length; i++) expect(JSON.stringify(seen[i]!.progress)).not.toBe(JSON.stringify(seen[i - 1]!.progress));
    const last = seen.at(-1)!.progress;
    expect([last.passed, last.failed, last.pending, last.done]).toEqual([6, 0, 0, true]);
    // The Running check passed only once the clock had reached its 30 s.
    const passedRunning = seen.find((x) => x.progress.steps.some((st) => st.expect?.checks[0]?.expected === 'Running' && st.expect.state === 'pass'))!;
    expect(passedRunning.time).toBeGreaterThanOrEqual(30_000);
  });

  it('a failing expectation arrives as fail with what the command printed', () => {
    const yaml = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: wrong-guess}
spec:
  steps:
    - at: 0s
      expect: {run: kubectl get pods -n kube-system -o name, equals: nothing}
`;
    const s = new SimSession();
    s.handle({ type: 'load', file: 'wrong-guess.yaml', text: yaml });
    s.tick(0);
    const last = play(s, 5_000).at(-1)!.progress;
    expect(last.failed).toBe(1);
    expect(last.steps[0]!.expect!.state).toBe('fail');
    expect(last.steps[0]!.expect!.checks[0]).toMatchObject({ what: 'stdout', op: 'equals', expected: 'nothing', ok: false });
  });

  it('a seek back in time sends the progress as it was then', () => {
    const s = new SimSession();
    s.handle({ type: 'load', file: 'pod-lifecycle.yaml', text: text('pod-lifecycle.yaml') });
    s.tick(0);
    play(s, 35_000);
    s.handle({ type: 'pause' });
    s.handle({ type: 'seek', time: 500 });
    const b = s.tick(0)!;
    expect(b.reset).toBe(true);
    expect(b.progress?.steps.filter((st) => st.at === 30_000).every((st) => st.state === 'ahead')).toBe(true);
    expect(b.progress?.pending).toBeGreaterThan(0);
  });
});
