// Virtual time as Kubernetes writes it. Simulated time 0 is the epoch (apimachinery/epoch.ts: by
// default the day Kubernetes v1.31 was released), so timestamps look real and every run of a
// scenario prints the same ones.

import { SIM_EPOCH_MS, simEpochMs } from '../../apimachinery/epoch';

export { SIM_EPOCH_MS, simEpochMs };

/** metav1.Time: RFC 3339 with whole seconds, `2024-08-13T09:00:05Z`. */
export function rfc3339(simMs: number): string {
  const at = simEpochMs() + Math.floor(simMs / 1000) * 1000;
  if (at !== lastRfc3339.at) {
    lastRfc3339.at = at;
    lastRfc3339.text = new Date(at).toISOString().replace('.000Z', 'Z');
  }
  return lastRfc3339.text;
}

/**
 * The last second formatted, and its text. Every write stamps the same few seconds over and over
 * (managedFields, conditions, events, leases): a Date and two strings for each was 1.5 % of a
 * 50 x 1,000 run. Keyed by the absolute time, so a new epoch cannot return a stale text.
 */
const lastRfc3339 = { at: Number.NaN, text: '' };

/** metav1.MicroTime: RFC 3339 with microseconds, `2024-08-13T09:00:05.123456Z`. */
export function rfc3339Micro(simMs: number): string {
  const whole = Math.floor(simMs);
  const iso = new Date(simEpochMs() + whole).toISOString(); // ...05.123Z
  const micros = Math.round((simMs - whole) * 1000)
    .toString()
    .padStart(3, '0');
  return iso.replace('Z', `${micros}Z`);
}

/** Simulated milliseconds from a metav1.Time or MicroTime string. */
export function parseTime(s: string): number {
  return Date.parse(s) - simEpochMs();
}

/** Nanoseconds since the Unix epoch, as Go's time.UnixNano (used in event names), as a hex string. */
export function unixNanoHex(simMs: number): string {
  const ns = BigInt(simEpochMs() + Math.floor(simMs)) * 1_000_000n + BigInt(Math.round((simMs % 1) * 1e6));
  return ns.toString(16);
}
