// Vitest setup: the seed every fast-check property starts from. `npm test` must pass or fail the
// same way on every run (a random seed made CI fail on 2026-12-02 with a real bug nobody had
// asked for that day), so the seed is fixed unless KUBEPLAY_FUZZ_SEED says otherwise:
// `KUBEPLAY_FUZZ_SEED=random` draws a fresh one (that is what `npm run fuzz` does), a number
// replays the seed a failure printed. New finds become example tests beside the property.

import fc from 'fast-check';

const FIXED_SEED = 20261202;

function seedFromEnv(): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const raw = env?.KUBEPLAY_FUZZ_SEED;
  if (raw === undefined || raw === '') return FIXED_SEED;
  if (raw === 'random') return (Math.random() * 2 ** 32) | 0;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new Error(`KUBEPLAY_FUZZ_SEED must be an integer or "random", not ${JSON.stringify(raw)}`);
  return n;
}

fc.configureGlobal({ seed: seedFromEnv() });
