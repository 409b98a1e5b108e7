import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mayRunCommands, scenarioRunsCommands } from './command-gate';

// What waits for kubectl and the node shells' programs in the app's worker (sim.worker.ts,
// src/sim/cli-tools/programs.deferred.ts): anything that may hand the simulation a command line.
// The step kinds that run one are those ScenarioRunner passes to cluster.exec (src/sim/scenario/run.ts).
const scenario = (file: string): string => readFileSync(join(__dirname, '../../public/scenarios', file), 'utf8');

describe('command gate', () => {
  it('lets the idle cluster the app opens on boot before kubectl is loaded', () => {
    expect(mayRunCommands({ type: 'load', file: 'default.yaml', text: scenario('default.yaml') })).toBe(false);
  });

  it('holds a scenario whose steps run commands, a typed command, Ctrl-C, a link and a saved run', () => {
    expect(mayRunCommands({ type: 'load', file: 'deployment.yaml', text: scenario('deployment.yaml') })).toBe(true);
    expect(mayRunCommands({ type: 'exec', requestId: 1, line: 'kubectl get pods' })).toBe(true);
    expect(mayRunCommands({ type: 'cancel', requestId: 1 } as never)).toBe(true);
    expect(mayRunCommands({ type: 'openLink', fragment: '#x' } as never)).toBe(true);
  });

  it('does not hold what never runs a command: the clock, and a scenario of kills and partitions only', () => {
    expect(mayRunCommands({ type: 'play' } as never)).toBe(false);
    expect(mayRunCommands({ type: 'kill', target: 'kube-scheduler' } as never)).toBe(false);
    const kills = scenario('default.yaml').replace('steps: []', 'steps:\n    - at: 1s\n      kill: kube-scheduler');
    expect(scenarioRunsCommands(kills)).toBe(false);
    expect(scenarioRunsCommands(kills.replace('kill: kube-scheduler', 'run: kubectl get pods'))).toBe(true);
  });
});
