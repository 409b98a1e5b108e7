import { describe, expect, it } from 'vitest';
import { checkSeed, chaosSeedCount, shardSeeds } from './chaos-seeds';

// Deterministic simulation testing (issue 9): random clusters, workloads and faults, then heal,
// restart and settle, and every invariant checked (src/sim/chaos/invariants). Shard 2 of 4.
const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};

describe('chaos, shard 2', () => {
  for (const seed of shardSeeds(2, chaosSeedCount(env))) {
    it(`seed ${seed} keeps every invariant`, () => {
      expect(checkSeed(seed)).toEqual([]);
    }, 120_000);
  }
});
