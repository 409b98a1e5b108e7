// Randomized property test of Kubeplay's Raft (the safety properties of the Raft paper, Figure 3:
// election safety, log matching, state machine safety; plus durability of acknowledged writes).
// A failure names its seed; `reproduce(seed)` from chaos.ts replays it exactly.
import { describe, it, expect } from 'vitest';
import { reproduce } from './chaos';

function seedCount(): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const n = Number(env?.KUBEPLAY_RAFT_SEEDS ?? '');
  return Number.isFinite(n) && n > 0 ? n : 1000;
}

describe('Raft under random ticks, reordering, drops, duplicates, crashes and partitions', () => {
  const seeds = seedCount();
  it(`keeps election safety, state machine safety and every acknowledged write over ${seeds} seeds`, () => {
    let acknowledged = 0;
    for (let seed = 1; seed <= seeds; seed++) acknowledged += reproduce(seed).acknowledged;
    // The runs must actually commit writes, or the properties would hold vacuously.
    expect(acknowledged).toBeGreaterThan(seeds);
  }, 60_000 + seeds * 50);

  it('replays a seed exactly', () => {
    expect(reproduce(42)).toEqual(reproduce(42));
  });
});
