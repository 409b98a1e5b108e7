import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { runScenario } from '../sim/scenario/run';
import type { Scenario } from '../sim/scenario/schema';

// The app's worker registers src/sim/cli-tools/programs.deferred.ts instead of programs.ts (vite.config.ts): the
// processes start with the cluster, their commands run once loadCliPrograms() resolved. DESIGN.md
// section 4 (the same scenario and seed give the same trace): a cluster that boots with the deferred
// programs, loaded before its first command, gives the trace hash the CLI gives (`kubeplay run
// public/scenarios/deployment.yaml`: 107e48843dd2d41d; it was ba015fc89d85966d until kubectl apply
// fetched /openapi/v3 and discovery before its writes, as kubectl v1.31 does: commands/apply-openapi.ts).
vi.mock('../sim/cli-tools/programs', async () => {
  const deferred = await vi.importActual<typeof import('../sim/cli-tools/programs.deferred')>('../sim/cli-tools/programs.deferred');
  return deferred;
});

function load(file: string): Scenario {
  const r = parseScenario(readFileSync(join(__dirname, '../../public/scenarios', file), 'utf8'), file);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario;
}

describe('deferred CLI programs', () => {
  it('boot the cluster without kubectl, refuse a command until loaded, then give the same trace', async () => {
    const programs = await import('../sim/cli-tools/programs');
    const { buildCluster } = await import('../sim/cluster');
    expect(programs.cliProgramsReady()).toBe(false);
    expect(programs.kubectlVocabulary()).toBeUndefined();
    const scenario = load('deployment.yaml');
    // Booting starts kubectl's and every node shell's process without their programs.
    const early = buildCluster(scenario.cluster, { seed: scenario.seed, timings: scenario.timings });
    const summaries: string[] = [];
    early.sim.onRecord((r) => summaries.push(r.summary));
    early.exec('kubectl get nodes');
    early.sim.runUntil(1_000);
    // sim.worker.ts never lets this happen (command-gate.ts); were it to, kubectl crashes loudly.
    expect(summaries.filter((s) => s.includes('crashed'))).toEqual([expect.stringMatching(/kubectl crashed: a command reached kubectl or a node shell before their programs loaded/)]);

    await programs.loadCliPrograms();
    expect(programs.cliProgramsReady()).toBe(true);
    expect(programs.kubectlVocabulary()?.verbs.map((v) => v.name)).toContain('get');
    const run = runScenario(scenario, buildCluster(scenario.cluster, { seed: scenario.seed, timings: scenario.timings }));
    expect(run.expectations.filter((e) => !e.ok)).toEqual([]);
    expect(run.traceHash).toBe('107e48843dd2d41d');
  });
});
