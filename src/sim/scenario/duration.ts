// Durations in scenarios are written the way Kubernetes and Go write them (`300ms`, `1.5s`, `2m`,
// `1m30s`, `1h`), and the transcript prints simulated time as `mm:ss.mmm`, like a stopwatch.

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1_000, ms: 1 };
const UNIT_ORDER = ['h', 'm', 's', 'ms'];
const PART = /(\d+(?:\.\d+)?)(ms|h|m|s)/y;

/**
 * Parses a duration into whole milliseconds, or returns undefined when the text is not one.
 * Units must come largest first (`1m30s`, not `30s1m`), so a typo cannot silently add up.
 * A bare `0` is allowed because it needs no unit; any other bare number is ambiguous and refused.
 */
export function parseDuration(text: string): number | undefined {
  const s = text.trim();
  if (s === '0') return 0;
  if (s === '') return undefined;
  let total = 0;
  let lastUnit = -1;
  PART.lastIndex = 0;
  while (PART.lastIndex < s.length) {
    const start = PART.lastIndex;
    const m = PART.exec(s);
    if (!m || m.index !== start) return undefined;
    const unit = UNIT_ORDER.indexOf(m[2]!);
    if (unit <= lastUnit) return undefined;
    lastUnit = unit;
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
  }
  const rounded = Math.round(total);
  // Simulated time is counted in whole milliseconds; `0.5ms` would be silently rounded, so refuse it.
  if (Math.abs(rounded - total) > 1e-6) return undefined;
  return rounded;
}

/** `[mm:ss.mmm]`-style stopwatch text for a simulated time; minutes keep counting past 59. */
export function formatClock(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

/** A short human form for messages (`60s`, `1m30s`, `300ms`). */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const parts: string[] = [];
  let rest = ms;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  if (h) parts.push(`${h}h`);
  if (m) parts.push(`${m}m`);
  if (rest) parts.push(`${rest / 1000}s`);
  return parts.join('');
}
