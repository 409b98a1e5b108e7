// Shrinking a failing chaos scenario to a small one that still fails the same way (delta debugging,
// Zeller's ddmin, over the steps before the recovery): drop halves, then quarters, ... then single
// steps, keeping each removal that still violates one of the same invariants. The recovery steps
// stay, so that a settled-state invariant is not "reproduced" by a machine simply left off.

import type { Scenario, Step } from '../scenario/schema';
import { runChaos, type ChaosResult } from './run';

export interface ShrinkResult {
  scenario: Scenario;
  result: ChaosResult;
  runs: number;
}

function withSteps(s: Scenario, steps: Step[]): Scenario {
  return { ...s, steps: steps.map((st, i) => ({ ...st, index: i })) };
}

export function shrinkChaos(failing: ChaosResult, opts: { maxRuns?: number; onProgress?: (steps: number, runs: number) => void } = {}): ShrinkResult {
  const invariants = new Set(failing.violations.map((v) => v.invariant));
  const all = failing.scenario.steps;
  const recoverAt = all.at(-1)?.at ?? 0;
  const recovery = all.filter((s) => s.at === recoverAt);
  let chaos = all.filter((s) => s.at !== recoverAt);
  let best = failing;
  let runs = 0;
  const maxRuns = opts.maxRuns ?? 200;
  const stillFails = (steps: Step[]): ChaosResult | undefined => {
    runs++;
    const r = runChaos(withSteps(failing.scenario, [...steps, ...recovery]));
    return r.violations.some((v) => invariants.has(v.invariant)) ? r : undefined;
  };
  let n = 2;
  while (chaos.length >= 1 && runs < maxRuns) {
    const size = Math.ceil(chaos.length / n);
    let removed = false;
    for (let i = 0; i < chaos.length && runs < maxRuns; i += size) {
      const candidate = [...chaos.slice(0, i), ...chaos.slice(i + size)];
      const r = stillFails(candidate);
      if (r) {
        chaos = candidate;
        best = r;
        removed = true;
        opts.onProgress?.(chaos.length, runs);
        break;
      }
    }
    if (removed) n = Math.max(n - 1, 2);
    else if (size === 1) break;
    else n = Math.min(n * 2, chaos.length);
  }
  // The recovery only needs to undo what is left: start what was killed, heal what was cut.
  const killed = new Set(chaos.filter((s) => s.kind === 'kill').map((s) => (s as { target: string }).target));
  const cut = chaos.some((s) => s.kind === 'partition' || s.kind === 'link');
  const needed = recovery.filter((s) => (s.kind === 'heal' ? cut : s.kind === 'start' && killed.has(s.target)));
  if (needed.length < recovery.length && runs < maxRuns) {
    runs++;
    const r = runChaos(withSteps(failing.scenario, [...chaos, ...needed]));
    if (r.violations.some((v) => invariants.has(v.invariant))) best = r;
  }
  return { scenario: best.scenario, result: best, runs };
}
