// Simulated time 0 is a moment of the wall calendar. By default it is the day Kubernetes v1.31 was
// released (2024-08-13), 09:00 UTC, so every run prints the same timestamps. A scenario may name
// another (`spec.cluster.epoch`): `kubeplay serve` starts its run at the wall-clock second it starts,
// so that real kubectl's AGE column is right, and records that moment so the run replays
// exactly. The simulation writes timestamps from the epoch (src/sim/api/time.ts) and the page reads
// them back with it; this folder imports nothing, so both sides share the one value. It is one
// setting per JavaScript realm (the worker, the page, the Node process): whoever builds a cluster
// or receives `loaded` sets it, and nothing in the simulation reads a clock to choose it.
export const SIM_EPOCH_MS = Date.UTC(2024, 7, 13, 9, 0, 0);

let epochMs = SIM_EPOCH_MS;

/** The wall-clock milliseconds of simulated time 0 in this realm. */
export function simEpochMs(): number {
  return epochMs;
}

/** Set simulated time 0 (a whole second), or back to the default with undefined. */
export function setSimEpoch(ms: number | undefined): void {
  epochMs = ms === undefined || !Number.isFinite(ms) ? SIM_EPOCH_MS : Math.floor(ms / 1000) * 1000;
}

/** `spec.cluster.epoch`: an RFC 3339 time in UTC with whole seconds. */
export const EPOCH_PATTERN = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
