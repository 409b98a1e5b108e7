// The scenario that the tests of a served run's ticking play (served-snapshots, served-advance): one
// worker node, seed 1 and no steps, so that what a test sees is what the served run does with time,
// not what a scenario asked for. For *.test.ts files only.

import type { ScenarioSource } from '../protocol/view';
import { parseScenario } from '../sim/scenario/parse';
import type { Scenario } from '../sim/scenario/schema';

/** The scenario `name` of one worker node (`node`: its flow-style YAML), with its source as the page would send it. */
export function oneNodeScenario(name: string, node = '{name: worker-1}'): { scenario: Scenario; source: ScenarioSource } {
  const text = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: ${name}}
spec:
  seed: 1
  cluster:
    nodes:
      - ${node}
  steps: []
`;
  const source: ScenarioSource = { file: `${name}.yaml`, text, files: {} };
  const p = parseScenario(text, source.file);
  if (!p.ok) throw new Error(`${source.file}: invalid scenario`);
  return { scenario: p.scenario, source };
}
