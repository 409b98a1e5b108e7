// Formatting of simulated time for people: the toolbar clock and kubectl's AGE / LAST SEEN columns.
// src/ui never imports src/sim, so kubectl's duration rule is restated here as the UI's own function.

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

/**
 * kubectl's AGE: apimachinery/pkg/util/duration.HumanDuration. Whole seconds under 2 minutes,
 * minutes and seconds under 10 minutes, minutes under 3 hours, hours and minutes under 8 hours,
 * hours under 2 days, days and hours under 8 days, days under 2 years, then years (and days under 8).
 */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  const years = Math.floor(hours / 24 / 365);
  if (hours < 24 * 365 * 8) {
    const d = Math.floor(hours / 24) % 365;
    return d === 0 ? `${years}y` : `${years}y${d}d`;
  }
  return `${years}y`;
}

/** Simulated time 0 is this wall-clock moment (src/sim/api/time.ts). */
export const SIM_EPOCH_MS = Date.UTC(2024, 7, 13, 9, 0, 0);

/** Simulated ms of an RFC 3339 timestamp the simulation wrote, or undefined when absent/invalid. */
export function simTimeOf(timestamp: unknown): number | undefined {
  if (typeof timestamp !== 'string' || timestamp === '') return undefined;
  const t = Date.parse(timestamp);
  return Number.isNaN(t) ? undefined : t - SIM_EPOCH_MS;
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
