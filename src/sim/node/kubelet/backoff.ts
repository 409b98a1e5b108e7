// client-go's flowcontrol.Backoff as the kubelet uses it for image pulls (key podUID_image) and
// crash loops (key per container): each failure doubles the delay from the initial value up to the
// cap (10, 20, 40, 80, 160, 300 s), and an entry not touched for 2 x max is forgotten (hasExpired).
// The kubelet also drops such entries from memory (Backoff.GC in HandlePodCleanups), so the pods
// that failed once and are long gone do not stay in the table; here a failure sweeps the table
// when the last sweep is at least max ago, which costs the same and needs no timer.

export interface BackoffEntry {
  backoffMs: number;
  lastUpdate: number;
}

export interface Backoff {
  initialMs: number;
  maxMs: number;
  entries: Map<string, BackoffEntry>;
  /** When the table was last swept for expired entries. */
  sweptAt?: number;
}

export function createBackoff(initialMs: number, maxMs: number): Backoff {
  return { initialMs, maxMs, entries: new Map() };
}

function hasExpired(b: Backoff, eventTime: number, lastUpdate: number): boolean {
  return eventTime - lastUpdate > b.maxMs * 2;
}

/** Backoff.GC: forget every entry not updated for 2 x max (they count as expired anyway). */
export function backoffGC(b: Backoff, now: number): void {
  b.sweptAt = now;
  for (const [key, e] of b.entries) if (hasExpired(b, now, e.lastUpdate)) b.entries.delete(key);
}

/** Record a failure at `eventTime`: start at the initial delay or double the current one. */
export function backoffNext(b: Backoff, key: string, eventTime: number): number {
  if (b.sweptAt === undefined || eventTime - b.sweptAt >= b.maxMs) backoffGC(b, eventTime);
  const e = b.entries.get(key);
  if (!e || hasExpired(b, eventTime, e.lastUpdate)) {
    b.entries.set(key, { backoffMs: b.initialMs, lastUpdate: eventTime });
    return b.initialMs;
  }
  e.backoffMs = Math.min(e.backoffMs * 2, b.maxMs);
  e.lastUpdate = eventTime;
  return e.backoffMs;
}

export function backoffGet(b: Backoff, key: string): number {
  return b.entries.get(key)?.backoffMs ?? 0;
}

/** IsInBackOffSinceUpdate: is `now` still inside the delay that started at the last failure? */
export function inBackoffSinceUpdate(b: Backoff, key: string, now: number): boolean {
  const e = b.entries.get(key);
  if (!e || hasExpired(b, now, e.lastUpdate)) return false;
  return now - e.lastUpdate < e.backoffMs;
}

/** IsInBackOffSince: is `now` still inside the delay counted from `eventTime` (a container's finish)? */
export function inBackoffSince(b: Backoff, key: string, eventTime: number, now: number): boolean {
  const e = b.entries.get(key);
  if (!e || hasExpired(b, eventTime, e.lastUpdate)) return false;
  return now - eventTime < e.backoffMs;
}

/** When the delay that applies at `from` ends. */
export function backoffUntil(b: Backoff, key: string, from: number): number {
  return from + backoffGet(b, key);
}
