// What the simulation worker does, without the worker: load a scenario and build its cluster, run
// it at the chosen speed (or one event at a time), carry out the person's commands, and turn what
// changed into at most one FrameBatch per tick. sim.worker.ts owns the real-time timer and
// postMessage; this file has neither, so the tests drive it directly.
//
// Determinism: the simulation only sees commands at simulated times. Playing, stepping and the
// slow-down for dots (clock.ts) decide how far to run, never what runs, so the same commands at the
// same simulated times give the same trace.
//
// Surviving a dead worker: every command that changes the simulation is answered with a `journal`
// entry saying where it was applied, and every frame carries a checkpoint. The UI keeps both; a new
// worker given them (`restore`) rebuilds the scenario, re-applies the journal at the same points and
// runs to the checkpoint, then says whether it reached the same trace hash.
//
// Errors: a command a person got wrong (an unknown target, a process with no log) is answered with
// `error`. An exception is a bug in the worker or in the simulation kernel; the state after it cannot
// be trusted, so `handle` answers `fatal` and the worker stops (sim.worker.ts).

import type {
  Checkpoint,
  FrameBatch,
  JournaledCommand,
  JournalEntry,
  Phase,
  RaftKind,
  ScenarioSource,
  SimPosition,
  TerminalOutput,
  UiToWorker,
  WorkerToUi,
} from '../protocol/view';
import { buildCluster, type Cluster, type ClusterOptions, type ClusterSpec } from '../sim/cluster';
import type { TraceRecord } from '../sim/kernel/trace';
import { followedView, inFlightTimes, isCommandRoot, observeRecord, processLog, schedulingCycles, startFollow, type FollowState } from '../sim/observe';
import { formatScenarioError, parseScenario, ScenarioRunner, type Scenario, type TranscriptEntry } from '../sim/scenario';
import { BatchBuilder, MAX_TRACE_PER_BATCH } from './batch';
import { clockRate, SLOWMO_OFF_AT_SPEED } from './clock';
import { countEvents, describeCommand, fatal, showPosition } from './journal';
import { unknownTarget } from './targets';

export const DEFAULT_SPEED = 1;
export const MIN_SPEED = 0.01;
export const MAX_SPEED = 1000;
/** A late tick (a throttled background tab) never plays more than this much real time at once. */
export const MAX_REAL_MS_PER_TICK = 250;
/** "Step to the next phase" gives up after this many kernel events. */
export const STEP_PHASE_LIMIT = 10_000;
/** The trace window kept in the worker's memory (the trace hash covers every record ever made). */
export const TRACE_LIMIT = 100_000;
/** Slices of a playing tick at most; each ends at a kernel event so the slow-down can re-check. */
const MAX_SLICES_PER_TICK = 5_000;

export type BuildCluster = (spec: ClusterSpec, opts: ClusterOptions) => Cluster;

interface Run {
  source: ScenarioSource;
  scenario: Scenario;
  cluster: Cluster;
  runner: ScenarioRunner;
  batches: BatchBuilder;
  /** The UI's request id by job id, for the command lines the terminal sent. */
  requests: Map<number, number>;
  /** How much stdout of a running command the terminal was already sent as chunks, by job id. */
  streamed: Map<number, number>;
  follow?: FollowState;
  /** Kernel events run since the cluster was built (a restart replays to the same count). */
  events: number;
  /** How many journaled commands were applied. */
  commands: number;
}

const error = (message: string): WorkerToUi => ({ type: 'error', message, errors: [] });

export class SimSession {
  private run: Run | null = null;
  private playing = false;
  private speed = DEFAULT_SPEED;
  private hidden = new Set<Phase>(['heartbeat']);
  private hiddenRaft = new Set<RaftKind>(['heartbeat']);

  constructor(private readonly build: BuildCluster = buildCluster) {}

  /** The running cluster, for tests and the dev tools. */
  get cluster(): Cluster | undefined {
    return this.run?.cluster;
  }

  /**
   * Carries out one command; returns the answers to post at once (loaded, journal, error, cycles,
   * logs). An exception becomes one `fatal` answer: the caller must stop using this session.
   */
  handle(cmd: UiToWorker): WorkerToUi[] {
    try {
      return this.dispatch(cmd);
    } catch (err) {
      return [fatal(err)];
    }
  }

  private dispatch(cmd: UiToWorker): WorkerToUi[] {
    switch (cmd.type) {
      case 'load':
        return this.load({ file: cmd.file, text: cmd.text, files: cmd.files ?? {} });
      case 'restore':
        return this.restore(cmd.source, cmd.journal, cmd.checkpoint);
      case 'crashTest':
        // Only sim.worker.ts acts on it, and only in a page opened with ?crash-test.
        return [];
      case 'play':
        this.playing = true;
        return [];
      case 'pause':
        this.playing = false;
        return [];
      case 'speed':
        this.speed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, Number.isFinite(cmd.speed) ? cmd.speed : DEFAULT_SPEED));
        if (cmd.hiddenPhases) this.hidden = new Set(cmd.hiddenPhases);
        if (cmd.hiddenRaft) this.hiddenRaft = new Set(cmd.hiddenRaft);
        return [];
    }
    const run = this.run;
    if (!run) return [error('no scenario loaded')];
    switch (cmd.type) {
      case 'reset':
        return this.load(run.source);
      case 'exec':
      case 'cancel':
      case 'kill':
      case 'restart':
      case 'start':
      case 'partition':
      case 'heal':
        return this.apply(run, cmd);
      case 'step':
        this.playing = false;
        this.stepEvent(run);
        return [];
      case 'stepPhase':
        this.playing = false;
        this.stepPhase(run);
        return [];
      case 'skip':
        this.skip(run);
        return [];
      case 'cycles':
        return [{ type: 'cycles', pod: cmd.pod, cycles: schedulingCycles(run.cluster.sim, cmd.pod) }];
      case 'logs': {
        const lines = processLog(run.cluster.sim, cmd.process, cmd.tail);
        if (!lines) return [error(`no process named ${cmd.process}`)];
        return [{ type: 'logs', process: cmd.process, lines }];
      }
    }
  }

  /** Applies a command that changes the simulation and answers with its journal entry. */
  private apply(run: Run, cmd: JournaledCommand): WorkerToUi[] {
    const wrong = unknownTarget(run.cluster, cmd);
    if (wrong) return [error(wrong)];
    const entry: JournalEntry = { at: this.position(run), command: cmd };
    switch (cmd.type) {
      case 'exec':
        run.requests.set(run.runner.exec(cmd.line, cmd.stdin !== undefined ? { stdin: cmd.stdin } : {}), cmd.requestId);
        break;
      case 'cancel':
        for (const [jobId, requestId] of run.requests) if (requestId === cmd.requestId) run.cluster.cancel(jobId);
        break;
      case 'kill':
        run.cluster.kill(cmd.target);
        break;
      case 'restart':
        run.cluster.restart(cmd.target);
        break;
      case 'start':
        run.cluster.start(cmd.target);
        break;
      case 'partition':
        run.cluster.partition(cmd.a, cmd.b);
        break;
      case 'heal':
        run.cluster.heal();
        break;
    }
    run.commands++;
    return [{ type: 'journal', entry }];
  }

  private position(run: Run): SimPosition {
    const sim = run.cluster.sim;
    return { time: sim.now, events: run.events, records: sim.world.traceCount, commands: run.commands };
  }

  /** Advances by `realMs` of wall time when playing; returns the frame if anything changed. */
  tick(realMs: number): FrameBatch | undefined {
    const run = this.run;
    if (!run) return undefined;
    if (this.playing) this.play(run, Math.min(Math.max(0, realMs), MAX_REAL_MS_PER_TICK));
    this.collectOutputs(run);
    const sim = run.cluster.sim;
    const next = sim.nextEventTime();
    const clock: FrameBatch['clock'] = { time: sim.now, playing: this.playing, speed: this.speed };
    if (next !== undefined) clock.nextEventAt = next;
    const failed = run.runner.expectations.filter((e) => !e.ok).length + run.runner.errors.length;
    return run.batches.build({
      clock,
      checkpoint: { ...this.position(run), traceHash: sim.traceHash() },
      followed: run.follow ? followedView(run.follow) : undefined,
      scenario: { name: run.scenario.name, done: run.runner.done, failed },
    });
  }

  // ---------------------------------------------------------------- load

  private load(source: ScenarioSource): WorkerToUi[] {
    const { file, text, files } = source;
    const parsed = parseScenario(text, file);
    if (!parsed.ok) return [{ type: 'error', message: `invalid scenario ${file}`, errors: parsed.errors.map(formatScenarioError) }];
    const scenario = parsed.scenario;
    const cluster = this.build(scenario.cluster, { seed: scenario.seed, timings: scenario.timings, traceLimit: TRACE_LIMIT });
    const batches = new BatchBuilder(cluster);
    const runner = new ScenarioRunner(scenario, cluster, { files, onEntry: (e) => batches.pushOutput(toOutput(e)) });
    const run: Run = { source, scenario, cluster, batches, runner, requests: new Map(), streamed: new Map(), events: 0, commands: 0 };
    countEvents(cluster.sim, () => run.events++);
    // The first frame carries everything, including the end of the boot's trace.
    for (const r of cluster.sim.world.trace.slice(-MAX_TRACE_PER_BATCH)) batches.pushTrace(r);
    cluster.sim.onRecord((r) => this.onRecord(run, r));
    this.run = run;
    return [{ type: 'loaded', name: scenario.name, seed: scenario.seed, targets: cluster.targets(), source }];
  }

  // ---------------------------------------------------------------- restore

  /**
   * Rebuilds a run in a new worker: load, re-apply each journaled command at its point, run to the
   * checkpoint, and stay paused. What the replay prints is dropped: the terminal showed it already.
   */
  private restore(source: ScenarioSource, journal: JournalEntry[], checkpoint: Checkpoint | undefined): WorkerToUi[] {
    const out = this.load(source);
    const run = this.run;
    if (out[0]?.type !== 'loaded' || !run) return out;
    this.playing = false;
    const differences: string[] = [];
    const check = (want: SimPosition, what: string): void => {
      const got = this.position(run);
      if (got.time !== want.time || got.events !== want.events || got.records !== want.records) {
        differences.push(`${what}: expected ${showPosition(want)}, reached ${showPosition(got)}`);
      }
    };
    const atCheckpoint = (): void => {
      if (!checkpoint) return;
      this.replayTo(run, checkpoint);
      check(checkpoint, 'the last state shown');
      const hash = run.cluster.sim.traceHash();
      if (hash !== checkpoint.traceHash) differences.push(`trace hash ${hash} instead of ${checkpoint.traceHash}`);
    };
    for (const [i, entry] of journal.entries()) {
      if (checkpoint?.commands === i) atCheckpoint();
      this.replayTo(run, entry.at);
      check(entry.at, `command ${i + 1} (${describeCommand(entry.command)})`);
      out.push(...this.apply(run, entry.command));
    }
    if (!checkpoint || checkpoint.commands >= journal.length) atCheckpoint();
    this.dropReplayedOutput(run);
    out.push({
      type: 'restored',
      time: run.cluster.sim.now,
      replayed: journal.length,
      exact: differences.length === 0,
      ...(differences.length ? { detail: differences.join('; ') } : {}),
      running: [...run.requests.values()],
    });
    return out;
  }

  /**
   * Runs, in the order playing and stepping both follow, until as many kernel events ran and trace
   * records were made as at `at`, then moves the clock on to `at.time`. The records tell whether a
   * scenario step due at that millisecond had started before the command (playing starts it, a
   * single step may not have yet).
   */
  private replayTo(run: Run, at: SimPosition): void {
    const sim = run.cluster.sim;
    const behind = () => run.events < at.events || (run.events === at.events && sim.world.traceCount < at.records);
    // Each stepOnce runs one event, starts one due scenario step or finishes a waiting command; the
    // bound only stops a replay that can never get there.
    const bound = 4 * (at.events + run.scenario.steps.length) + 1000;
    for (let i = 0; i < bound && behind(); i++) if (run.runner.stepOnce() === 'idle') break;
    // The clock ran on past the last event without anything happening (playing does that).
    if (run.events === at.events && sim.world.traceCount === at.records && sim.now < at.time) run.runner.advanceTo(at.time);
  }

  private dropReplayedOutput(run: Run): void {
    for (const { jobId } of run.runner.takeAdhoc()) run.requests.delete(jobId);
    for (const jobId of run.requests.keys()) {
      const shown = run.cluster.takeChunks(jobId).length;
      if (shown) run.streamed.set(jobId, (run.streamed.get(jobId) ?? 0) + shown);
    }
    run.batches.discardOutputs();
  }

  private onRecord(run: Run, r: TraceRecord): void {
    run.batches.pushTrace(r);
    if (isCommandRoot(r)) run.follow = startFollow(r);
    else if (run.follow) observeRecord(run.follow, r);
  }

  private collectOutputs(run: Run): void {
    for (const { jobId, entry } of run.runner.takeAdhoc()) {
      const requestId = run.requests.get(jobId);
      run.requests.delete(jobId);
      // What the chunks already showed is not shown twice.
      const shown = run.streamed.get(jobId) ?? 0;
      run.streamed.delete(jobId);
      const out = { ...toOutput(entry), stdout: entry.stdout.slice(shown) };
      run.batches.pushOutput(requestId !== undefined ? { ...out, requestId } : out);
    }
    // Chunks of the terminal's commands that keep running (`journalctl -f`).
    for (const [jobId, requestId] of run.requests) {
      const chunk = run.cluster.takeChunks(jobId);
      if (!chunk) continue;
      run.streamed.set(jobId, (run.streamed.get(jobId) ?? 0) + chunk.length);
      run.batches.pushOutput({ requestId, time: run.cluster.sim.now, line: '', stdout: chunk, stderr: '', exitCode: null, partial: true });
    }
  }

  // ---------------------------------------------------------------- time

  /**
   * Plays `realMs` of wall time. Below 25x each slice ends at the next kernel event, because an
   * event may put a message on the wire that the clock must slow down for (clock.ts).
   */
  private play(run: Run, realMs: number): void {
    const sim = run.cluster.sim;
    let budget = realMs;
    for (let i = 0; budget > 1e-9 && i < MAX_SLICES_PER_TICK; i++) {
      const now = sim.now;
      // What is due now runs before the clock moves (advanceTo only runs towards a later time).
      if (this.dueNow(run)) {
        run.runner.stepOnce();
        continue;
      }
      const rate = clockRate(this.speed, now, inFlightTimes(sim), this.hidden, this.hiddenRaft);
      let target = now + budget * rate;
      if (this.speed < SLOWMO_OFF_AT_SPEED) {
        const next = sim.nextEventTime();
        if (next !== undefined && next < target) target = Math.max(now, next);
      }
      run.runner.advanceTo(target);
      budget -= (target - now) / rate;
    }
  }

  private dueNow(run: Run): boolean {
    const next = run.cluster.sim.nextEventTime();
    return next !== undefined && next <= run.cluster.sim.now;
  }

  /** Runs everything due at the next event's time (nothing happens in between, so no time is lost). */
  private skip(run: Run): void {
    const sim = run.cluster.sim;
    const next = sim.nextEventTime();
    if (next === undefined) return;
    if (next > sim.now) {
      run.runner.advanceTo(next);
      return;
    }
    for (let i = 0; i < MAX_SLICES_PER_TICK && this.dueNow(run); i++) run.runner.stepOnce();
  }

  /** Delivers exactly one message or fires one timer (scenario steps due before it start first). */
  private stepEvent(run: Run): 'event' | 'idle' {
    for (let i = 0; i < 1000; i++) {
      const r = run.runner.stepOnce();
      if (r === 'event' || r === 'idle') return r;
    }
    return 'idle';
  }

  /** Steps until the followed request's phase changes (or STEP_PHASE_LIMIT events pass). */
  private stepPhase(run: Run): void {
    const f = run.follow;
    if (!f) {
      this.stepEvent(run);
      return;
    }
    const from = f.phase;
    for (let i = 0; i < STEP_PHASE_LIMIT; i++) {
      if (this.stepEvent(run) === 'idle') return;
      if (run.follow !== f || f.phase !== from) return;
    }
  }
}

function toOutput(e: TranscriptEntry): TerminalOutput {
  return { time: e.time, line: e.text, stdout: e.stdout, stderr: e.stderr, exitCode: e.exitCode };
}
