// Formatting of simulated time for people: the toolbar clock and kubectl's AGE / LAST SEEN columns.
// kubectl's duration rule and the simulation's epoch come from src/apimachinery, which the simulation
// uses too (src/ui never imports src/sim).

import { humanDuration } from '../../apimachinery/duration';
import { SIM_EPOCH_MS, simEpochMs } from '../../apimachinery/epoch';

/** Simulated ms since the start of a run (`00:42.300`, `1:02:03.004` once an hour has passed). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms));
  const milli = total % 1000;
  const s = Math.floor(total / 1000);
  const sec = s % 60;
  const min = Math.floor(s / 60) % 60;
  const hours = Math.floor(s / 3600);
  const mmss = `${String(min).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(milli).padStart(3, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** kubectl's AGE (apimachinery's HumanDuration): the same function kube-apiserver's printers use. */
export { humanDuration, SIM_EPOCH_MS, simEpochMs };

/** Simulated ms of an RFC 3339 timestamp the simulation wrote, or undefined when absent/invalid. */
export function simTimeOf(timestamp: unknown): number | undefined {
  if (typeof timestamp !== 'string' || timestamp === '') return undefined;
  const t = Date.parse(timestamp);
  return Number.isNaN(t) ? undefined : t - simEpochMs();
}

/** kubectl's translateTimestampSince: `<unknown>` for a missing timestamp, else HumanDuration. */
export function ageOf(timestamp: unknown, now: number): string {
  const t = simTimeOf(timestamp);
  return t === undefined ? '<unknown>' : humanDuration(now - t);
}

/** Bytes as KiB with one decimal, for the dev overlay. */
export function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Simulated ms as minutes and seconds for people (`02:10`, `1:02:10`): the scrubber and the replay progress. */
export function formatMinutes(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const mmss = `${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss;
}

/** A size for people: `812 B`, `3.2 KB`, `61.0 KB` (1 KB = 1,000 bytes, as a link's length is counted in characters). */
export function formatSize(chars: number): string {
  return chars < 1000 ? `${chars} B` : `${(chars / 1000).toFixed(1)} KB`;
}
