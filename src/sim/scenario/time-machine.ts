// Time travel over a run: snapshots of the whole session (the kernel's world, the cluster's command
// jobs, the scenario runner) every so often, and deterministic replay from the nearest one. Going
// back to any moment restores the snapshot at or before it and runs forward to it; the scenario
// (with every recorded step) makes the replay the same run. Acting after going back forks the run:
// the recorded steps and snapshots of the old future are dropped.
//
// Memory stays bounded twice: by count (at most `max` snapshots) and by bytes (their estimated
// size, plain-bytes.ts, at most `budgetBytes` in all). Over either bound every other one of the older
// half is dropped, again until within both, so a long run keeps dense snapshots near its end and
// sparser ones further back, and a seek never replays more than the widest gap. A bigger cluster
// makes bigger snapshots, so it keeps fewer and its seeks replay further.

import type { Cluster, ClusterSnapshot } from '../cluster';
import { plainBytes } from '../kernel/plain-bytes';
import type { RunnerSnapshot, ScenarioRunner } from './run';

export interface SessionSnapshot {
  at: number;
  cluster: ClusterSnapshot;
  runner: RunnerSnapshot;
  /** Its estimated size (plainBytes), counted against the budget. */
  bytes: number;
}

/**
 * The snapshots' byte budget: 128 MiB. Measured with bench/seek.bench.ts (December 2026, a 10-minute
 * run with a deployment, a scale and a node powered off and on): the default cluster's snapshots are
 * 1.2-2.7 MB each, so all 30 the count allows fit (under 80 MB) and the budget never thins them
 * early; a 50-worker cluster's are 5.6-9.8 MB each. At 96 MiB the 50-worker run kept 11, 240 s apart
 * at the widest, and its worst seek cost 1.6 s of CPU (a replayed simulated second costs about 5 ms
 * there); 128 MiB keeps about 16, one thinning of the older half (60 s apart), so those seeks stay
 * well under a second too. Bigger clusters keep fewer and replay further.
 */
export const SNAPSHOT_BUDGET_BYTES = 128 * 1024 * 1024;

export interface TimeMachineOptions {
  /** Simulated time between snapshots (default 30 s). */
  everyMs?: number;
  /** Most snapshots kept (default 30: about 1.2-2 MB each for the default cluster, so 40-60 MB). */
  max?: number;
  /** Estimated bytes all snapshots may take together (default SNAPSHOT_BUDGET_BYTES). */
  budgetBytes?: number;
  /** Trace records kept in each snapshot (default 2,000; the app holds what it showed). */
  traceKept?: number;
}

export class TimeMachine {
  readonly snapshots: SessionSnapshot[] = [];
  private readonly everyMs: number;
  private readonly max: number;
  private readonly budgetBytes: number;
  private readonly traceKept: number;
  private nextAt = 0;

  constructor(
    private readonly runner: ScenarioRunner,
    private readonly cluster: Cluster,
    opts: TimeMachineOptions = {},
  ) {
    this.everyMs = opts.everyMs ?? 30_000;
    this.max = opts.max ?? 30;
    this.budgetBytes = opts.budgetBytes ?? SNAPSHOT_BUDGET_BYTES;
    this.traceKept = opts.traceKept ?? 2_000;
    this.take();
  }

  /**
   * Take a snapshot now, in its place among the others (after going back, the run's known future
   * keeps its snapshots: replaying it without acting is the same run). For tests and the session.
   */
  take(): void {
    const at = this.runner.now;
    const cluster = this.cluster.snapshot(this.traceKept);
    const runner = this.runner.snapshot();
    const snap = { at, cluster, runner, bytes: plainBytes(cluster) + plainBytes(runner) };
    const i = this.snapshots.findIndex((s) => s.at >= at);
    if (i < 0) this.snapshots.push(snap);
    else this.snapshots.splice(i, this.snapshots[i]!.at === at ? 1 : 0, snap);
    this.nextAt = at + this.everyMs;
    // The first snapshot and the newest always stay (a seek needs one at or before any moment).
    while (this.snapshots.length > 2 && (this.snapshots.length > this.max || this.bytes > this.budgetBytes)) this.thin();
  }

  /** The estimated bytes the snapshots take together. */
  get bytes(): number {
    let n = 0;
    for (const s of this.snapshots) n += s.bytes;
    return n;
  }

  /**
   * After the run advanced: a snapshot if the clock passed the next snapshot time, unless one of
   * the run's known future lies close ahead (going over it again after a seek back takes none).
   */
  tick(): void {
    const now = this.runner.now;
    if (now < this.nextAt) return;
    const ahead = this.snapshots.find((s) => s.at > now);
    if (ahead && ahead.at - now < this.everyMs / 2) this.nextAt = ahead.at + this.everyMs;
    else this.take();
  }

  /**
   * Run to simulated time t, taking snapshots on the way at their times (however far one call
   * goes: a fast clock runs minutes in one tick), so no two are more than `everyMs` apart.
   */
  advanceTo(t: number): void {
    while (this.runner.now < t) {
      // The run may already be past the next snapshot time: single steps move the clock without the
      // machine, and a seek into a gap the thinning left restores a snapshot more than `everyMs`
      // back. Catch up first, or advancing to a time already past would not move and end the loop.
      this.tick();
      const before = this.runner.now;
      this.runner.advanceTo(Math.min(t, this.nextAt));
      this.tick();
      if (this.runner.now === before) break;
    }
  }

  /** Keep the first, drop every other one of the older half (of three, the middle one). */
  private thin(): void {
    const half = Math.max(2, Math.floor(this.snapshots.length / 2));
    const older = this.snapshots.slice(0, half).filter((_, i) => i % 2 === 0);
    this.snapshots.splice(0, half, ...older);
  }

  /** The snapshot a seek to t starts from. */
  private nearest(t: number): SessionSnapshot {
    let best = this.snapshots[0]!;
    for (const s of this.snapshots) if (s.at <= t) best = s;
    return best;
  }

  /**
   * Go to simulated time t. Forward within reach of what is running now: just run on; otherwise
   * restore the nearest earlier snapshot and replay. Returns how much simulated time was replayed.
   */
  seek(t: number): { from: number; replayedMs: number } {
    const now = this.runner.now;
    const s = this.nearest(t);
    if (t >= now && s.at <= now) {
      this.advanceTo(t);
      return { from: now, replayedMs: t - now };
    }
    this.cluster.restore(s.cluster);
    this.runner.restore(s.runner);
    this.runner.advanceTo(t);
    this.nextAt = this.snapshots.filter((x) => x.at <= t).at(-1)!.at + this.everyMs;
    return { from: s.at, replayedMs: t - s.at };
  }

  /** The latest moment snapshots cover (a run's known future ends there unless replayed further). */
  get latest(): number {
    return this.snapshots.at(-1)!.at;
  }

  /**
   * A person acts at the current moment after going back: the old future is discarded (its
   * snapshots and the steps recorded in it). Returns how many recorded steps were dropped.
   */
  fork(): number {
    const now = this.runner.now;
    while (this.snapshots.length > 1 && this.snapshots.at(-1)!.at > now) this.snapshots.pop();
    this.nextAt = this.snapshots.at(-1)!.at + this.everyMs;
    return this.runner.forgetRecordedAfter(now).length;
  }
}
