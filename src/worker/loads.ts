// The load generators the app lists: every `traffic` step of the run (the scenario's and the ones
// recorded from the app) that has started, with its counts while it runs (containerd's state) and
// the report it printed once done (its transcript entry). Derived from the runner and the cluster
// each frame, so it is right after a seek or a restore without any state of its own.

import type { LoadView } from '../protocol/traffic';
import type { Scenario, ScenarioRunner } from '../sim/scenario';
import type { Simulation } from '../sim/kernel/simulation';
import { runningLoads } from './observe';

/** The most recent loads the app lists (older ones are in the terminal's history). */
export const LOADS_SHOWN = 6;

export function loadViews(scenario: Scenario, runner: ScenarioRunner, sim: Simulation): LoadView[] {
  const running = runningLoads(sim);
  const out: LoadView[] = [];
  for (const step of scenario.steps) {
    if (step.kind !== 'traffic' || step.at > sim.now) continue;
    const meta = { from: step.from, to: step.to, rps: step.rps, durationMs: step.forMs, ...(step.namespace && { namespace: step.namespace }) };
    const entry = runner.transcript.find((e) => e.step === step.index && e.exitCode !== null);
    if (entry) {
      out.push({ id: step.index, ...meta, label: entry.text, startedAt: entry.time, endAt: entry.time + step.forMs, sent: 0, inFlight: 0, perEndpoint: {}, failures: {}, report: entry.stdout + entry.stderr, done: true });
      continue;
    }
    const job = runner.runningJobOf(step);
    const live = job !== undefined ? running.get(job) : undefined;
    // Not started yet in the cluster (the step is due this millisecond), or its pod is gone.
    if (!live) continue;
    out.push({ ...live, ...meta, id: step.index });
  }
  return out.slice(-LOADS_SHOWN);
}
