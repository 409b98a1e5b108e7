// Simulated time 0 is this moment of the wall calendar: the day Kubernetes v1.31 was released
// (2024-08-13), 09:00 UTC. The simulation writes timestamps from it (src/sim/api/time.ts) and the
// page reads them back with it; this folder imports nothing, so both sides share the one value.
export const SIM_EPOCH_MS = Date.UTC(2024, 7, 13, 9, 0, 0);
