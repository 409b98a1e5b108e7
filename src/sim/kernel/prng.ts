// The one seeded PRNG of a simulation. Its whole state is one 32-bit integer, so a snapshot of the
// world (structuredClone) captures it and a restore continues the same sequence.
// Algorithm: mulberry32 (public domain), chosen for its tiny state and good statistical quality
// for simulation purposes (not cryptography).

export interface PrngState {
  s: number;
}

export function createPrng(seed: number): PrngState {
  // Mix the seed once so that seeds 1, 2, 3 do not start with correlated outputs.
  let s = (seed ^ 0x9e3779b9) >>> 0;
  s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
  return { s };
}

/** A float in [0, 1). */
export function nextFloat(p: PrngState): number {
  p.s = (p.s + 0x6d2b79f5) >>> 0;
  let t = p.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** An integer in [lo, hi). */
export function nextInt(p: PrngState, lo: number, hi: number): number {
  return lo + Math.floor(nextFloat(p) * (hi - lo));
}
