// A lifecycle run of Kubernetes' own limits (5,000 x 150,000) may take longer than anyone waits, or
// run out of heap: it says how far it got. Every ~30 wall seconds it writes a progress line to stderr
// (the last one is the measured figure if the process dies), and with a wall limit (`--max-wall S`)
// it stops and its JSON line carries `finished: false` and `podsRunning` with the figures so far.

/** How far a run got, at one moment between simulated seconds. */
export interface Progress {
  podsRunning: number;
  podsBound: number;
  simSeconds: number;
  wallSeconds: number;
  heapUsedMB: number;
  messages: number;
}

/** When to report and when to stop, from the wall seconds since the apply. */
export class WallWatch {
  private nextReport: number;
  constructor(
    private readonly everySeconds = 30,
    private readonly maxWallSeconds?: number,
  ) {
    this.nextReport = everySeconds;
  }

  /** True once per `everySeconds` of wall time (the first after `everySeconds`). */
  due(wallSeconds: number): boolean {
    if (wallSeconds < this.nextReport) return false;
    // A simulated second that took longer than the interval gives one line, not a burst of them.
    this.nextReport = (Math.floor(wallSeconds / this.everySeconds) + 1) * this.everySeconds;
    return true;
  }

  /** True when the wall limit has passed (never without one). */
  over(wallSeconds: number): boolean {
    return this.maxWallSeconds !== undefined && wallSeconds >= this.maxWallSeconds;
  }
}

/** Share of V8's heap limit a run may use before it stops itself (a V8 out-of-memory crash prints no line). */
export const HEAP_BUDGET_SHARE = 0.8;

/**
 * Whether a run has used its heap budget: past it V8 spends its time in full collections and then
 * dies, and the line (and every line after it in `npm run bench -- --full`) would be lost.
 */
export function overHeapBudget(heapUsedBytes: number, heapLimitBytes: number, share = HEAP_BUDGET_SHARE): boolean {
  return heapUsedBytes >= heapLimitBytes * share;
}

/** The stderr line: JSON, so the last one of a run that died can be read as the measured figure. */
export function progressLine(name: string, p: Progress): string {
  return JSON.stringify({ progress: name, ...p });
}

/**
 * The fields a lifecycle line adds when it did not reach every pod Running (wall limit, simulated
 * limit): `finished: false` and `podsRunning`. A finished run's line keeps the format it had.
 */
export function partialFields(pods: number, running: number): { finished: false; podsRunning: number } | Record<string, never> {
  return running >= pods ? {} : { finished: false, podsRunning: running };
}

/** `--max-wall S` from the command line (seconds), or undefined. */
export function maxWallArg(args: readonly string[]): number | undefined {
  const i = args.indexOf('--max-wall');
  if (i < 0) return undefined;
  const s = Number(args[i + 1]);
  if (!Number.isFinite(s) || s <= 0) throw new Error(`--max-wall wants a number of seconds, got ${args[i + 1] ?? 'nothing'}`);
  return s;
}
