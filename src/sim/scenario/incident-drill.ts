// Plays an incident drill headless, as a learner would meet it: the hidden break runs up to the
// moment the app opens it (`spec.pauseAt`), the `fixed` expectations are asked (they must fail: the
// symptom is there), then the intended repair (`solution`) runs and the same expectations are asked
// again until they pass or the patience runs out. Used by the incident tests and `kubeplay run`'s
// callers alike; the kubectl lines run as any command does, through the simulated network.

import type { ClusterLike } from './cluster-like';
import type { Incident } from './incident';
import { ScenarioRunner, type ScenarioResult } from './run';
import type { ExpectSpec, Scenario } from './schema';
import { checkExpectation } from './transcript';

/** How long a fixed-check's command may take (simulated ms). */
const CHECK_TIMEOUT_MS = 30_000;
/** The repair starts this long after the drill opens (after the first check has answered). */
const REPAIR_DELAY_MS = 10_000;

export interface FixCheck {
  ok: boolean;
  /** Per expectation: what it ran and what came back, when it failed. */
  failures: string[];
}

/** Runs `line` now and waits (running the simulation) for its output. */
export function runAndWait(cluster: ClusterLike, line: string, opts: { stdin?: string; on?: string } = {}, timeoutMs = CHECK_TIMEOUT_MS): { stdout: string; stderr: string; exitCode: number | null } {
  const id = cluster.exec(line, opts);
  const deadline = cluster.sim.now + timeoutMs;
  for (;;) {
    const out = cluster.output?.(id);
    if (out && !out.partial) return out;
    const next = cluster.sim.nextEventTime();
    if (next === undefined || next > deadline) {
      cluster.sim.runUntil(deadline);
      const late = cluster.output?.(id);
      return late && !late.partial ? late : { stdout: '', stderr: '', exitCode: null };
    }
    cluster.sim.step();
  }
}

/** Asks every `fixed` expectation once, in order. */
export function checkFixed(cluster: ClusterLike, fixed: readonly ExpectSpec[]): FixCheck {
  const failures: string[] = [];
  for (const spec of fixed) {
    const out = runAndWait(cluster, spec.run, { ...(spec.stdin !== undefined && { stdin: spec.stdin }), ...(spec.on !== undefined && { on: spec.on }) });
    const checks = checkExpectation(spec, out);
    if (!checks.every((c) => c.ok)) failures.push(`${spec.run}: ${checks.map((c) => `${c.what} ${JSON.stringify(c.actual)} (want ${c.op} ${JSON.stringify(c.expected)})`).join('; ')}`);
  }
  return { ok: failures.length === 0, failures };
}

export interface DrillResult {
  /** The break's own steps and expectations (the symptom as the scenario asserts it). */
  setup: ScenarioResult;
  /** The fixed-check when the drill opens: it must fail. */
  before: FixCheck;
  /** The repair's own steps (an error here means the solution did not run as written). */
  repair?: ScenarioResult;
  /** The fixed-check after the repair, the first that passed or the last one tried. */
  after?: FixCheck;
  /** Simulated ms from the start of the repair until the fixed-check passed. */
  fixedAfterMs?: number;
}

/**
 * The whole drill on `cluster` (built from the scenario's shape and seed): break, check, repair,
 * check every `pollMs` until `patienceMs` have passed.
 */
export function playDrill(scenario: Scenario & { incident: Incident }, cluster: ClusterLike, opts: { pollMs?: number; patienceMs?: number } = {}): DrillResult {
  const inc = scenario.incident;
  const fixed = inc.fixed ?? [];
  const opened = scenario.pauseAt ?? Math.max(0, ...scenario.steps.map((s) => s.at));
  const runner = new ScenarioRunner({ ...scenario, steps: [...scenario.steps] }, cluster);
  const setup = runner.finish(opened);
  const before = checkFixed(cluster, fixed);
  if (!inc.solution || fixed.length === 0) return { setup, before };
  const start = Math.ceil(cluster.sim.now) + REPAIR_DELAY_MS;
  const base = scenario.steps.length;
  const repair = new ScenarioRunner({ ...scenario, steps: inc.solution.map((s, i) => ({ ...s, at: start + s.at, index: base + i })) }, cluster);
  const repaired = repair.finish(start);
  const poll = opts.pollMs ?? 5_000;
  const end = start + (opts.patienceMs ?? 180_000);
  let after = checkFixed(cluster, fixed);
  while (!after.ok && cluster.sim.now < end) {
    cluster.sim.runUntil(cluster.sim.now + poll);
    after = checkFixed(cluster, fixed);
  }
  return after.ok ? { setup, before, repair: repaired, after, fixedAfterMs: cluster.sim.now - start } : { setup, before, repair: repaired, after };
}
