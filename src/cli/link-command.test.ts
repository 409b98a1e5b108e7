import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../sim/cluster';
import { encodeRunLink } from '../sim/scenario/link';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { runCli, EXIT_INVALID, EXIT_OK } from './run-command';

// Issue 10: `kubeplay run <link>` replays a shared run to the shared moment and prints the trace
// hash the app shows there; `kubeplay export <link> -o FILE` writes the scenario it holds.

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: shared}
spec:
  seed: 11
  steps:
    - {at: 1s, run: kubectl run web --image=nginx:1.25}
    - {at: 3s, kill: kube-scheduler}
    - {at: 4s, run: kubectl run late --image=nginx:1.25}
`;

function cli(argv: string[], cwd = process.cwd()): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const code = runCli(argv, { out: (s) => (out += s), err: (s) => (err += s), cwd }, buildCluster);
  return { code, out, err };
}

/** What the app holds at that moment: the same runner, advanced to it. */
function hashAt(text: string, at: number): string {
  const p = parseScenario(text, 'x');
  if (!p.ok) throw new Error('invalid');
  const runner = new ScenarioRunner(p.scenario, buildCluster(p.scenario.cluster, { seed: p.scenario.seed, timings: p.scenario.timings }));
  runner.advanceTo(at);
  return runner.result().traceHash;
}

describe('kubeplay run <link>', () => {
  it('runs to the shared moment and prints the trace hash the app has there', () => {
    const at = 2_500.25;
    const link = `http://127.0.0.1:4173/#${encodeRunLink({ scenario: SCENARIO, at, view: {} })}`;
    const r = cli(['run', link]);
    expect(r.err).toBe('');
    expect(r.code).toBe(EXIT_OK);
    expect(r.out).toContain('$ kubectl run web --image=nginx:1.25');
    expect(r.out).not.toContain('kill kube-scheduler'); // at 3 s, after the shared moment
    expect(r.out).toContain('simulated time: 00:02.500');
    expect(r.out).toContain(`trace hash: ${hashAt(SCENARIO, at)}`);
  });

  it('opens built-in scenarios by name and says why a broken link cannot be opened', () => {
    expect(cli(['run', '#scenario=pod-lifecycle&at=2s']).out).toMatch(/scenario pod-lifecycle \(seed \d+\)[\s\S]*simulated time: 00:02.000/);
    const bad = cli(['run', '#run=AAAA']);
    expect(bad.code).toBe(EXIT_INVALID);
    expect(bad.err).toMatch(/^kubeplay: cannot open the link: the link is damaged/);
  });
});

describe('kubeplay export <link> -o FILE', () => {
  it('writes the scenario the link holds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-export-'));
    const r = cli(['export', `#${encodeRunLink({ scenario: SCENARIO, at: 4_000, view: {} })}`, '-o', 'run.yaml'], dir);
    expect(r).toMatchObject({ code: EXIT_OK, out: 'wrote run.yaml (shared at 4.000 s)\n' });
    expect(readFileSync(join(dir, 'run.yaml'), 'utf8')).toBe(SCENARIO);
  });
});
