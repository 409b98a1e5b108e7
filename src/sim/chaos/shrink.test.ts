// A failing chaos run is shrunk to the fewest steps that still break the same invariant (Zeller's
// ddmin over the steps before the recovery), and the result is a scenario file that reads back
// (issue 9: "a failure prints the seed and writes a minimal scenario file that reproduces it").
// The failure here is one nobody can heal: a Deployment of an image no registry has, among steps
// that have nothing to do with it.

import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/parse';
import { serializeScenario } from '../scenario/serialize';
import { runChaos } from './run';
import { shrinkChaos } from './shrink';

const FAILING = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: chaos-shrink}
spec:
  seed: 5
  cluster:
    nodes:
      - {name: worker-1}
  steps:
    - {at: 1s, run: kubectl create deployment good --image=nginx:1.25}
    - {at: 2s, run: kubectl create deployment missing --image=nginx:0.0.0-no-such-tag}
    - {at: 3s, run: kubectl get pods}
    - {at: 10s, heal: true}
    - {at: 10s, start: kube-proxy/worker-1}
`;

describe('shrinkChaos', () => {
  it('keeps only the step that breaks the invariant, drops the recovery nothing needs, and writes a scenario that reads back', () => {
    const parsed = parseScenario(FAILING, 'chaos-shrink.yaml');
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const failing = runChaos(parsed.scenario);
    expect(failing.violations.map((v) => v.invariant)).toContain('deployment available');

    const shrunk = shrinkChaos(failing);
    expect(shrunk.scenario.steps.map((s) => (s.kind === 'run' ? s.line : s.kind))).toEqual(['kubectl create deployment missing --image=nginx:0.0.0-no-such-tag']);
    expect(shrunk.result.violations.map((v) => v.invariant)).toContain('deployment available');

    const file = serializeScenario(shrunk.scenario, 'Chaos seed 5 violated: deployment available');
    const back = parseScenario(file, 'chaos-5.yaml');
    expect(back.ok && back.scenario.steps.map((s) => (s.kind === 'run' ? s.line : s.kind))).toEqual(['kubectl create deployment missing --image=nginx:0.0.0-no-such-tag']);
  }, 600_000);
});
