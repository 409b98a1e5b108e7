// The seeds `npm test` runs (src/sim/chaos/chaos.*.test.ts), split into shards so that vitest runs
// them on every core. KUBEPLAY_CHAOS_SEEDS raises the count; `npm run chaos -- --seeds N` runs more
// with shrinking and reproduction files.

import { generateChaosScenario } from './generate';
import { runChaos } from './run';

export const CHAOS_SHARDS = 4;

/** How many seeds the test suite runs in all (200 unless KUBEPLAY_CHAOS_SEEDS says otherwise). */
export function chaosSeedCount(env: Record<string, string | undefined>): number {
  const n = Number(env.KUBEPLAY_CHAOS_SEEDS ?? '200');
  return Number.isInteger(n) && n > 0 ? n : 200;
}

/** The seeds of one shard: 1, 1 + shards, ... (so every shard gets the same mix of sizes). */
export function shardSeeds(shard: number, total: number): number[] {
  const out: number[] = [];
  for (let seed = 1 + shard; seed <= total; seed += CHAOS_SHARDS) out.push(seed);
  return out;
}

/** One seed: the violations, as lines (empty when it passed); every tenth seed runs twice to compare hashes. */
export function checkSeed(seed: number): string[] {
  const scenario = generateChaosScenario(seed);
  const r = runChaos(scenario);
  const lines = r.violations.map((v) => `${v.invariant}: ${v.detail}`);
  if (seed % 10 === 0) {
    const again = runChaos(scenario);
    if (again.traceHash !== r.traceHash) lines.push(`same seed, same trace hash: ${r.traceHash} then ${again.traceHash}`);
  }
  if (lines.length) lines.unshift(`chaos seed ${seed} (${scenario.description}) failed; reproduce with: npm run chaos -- --seed ${seed} --seeds 1`);
  return lines;
}
