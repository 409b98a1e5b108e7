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
// Recording: every command that changes the simulation becomes a recorded scenario step at its
// simulated time (ScenarioRunner.record), so the run is always a scenario: Share and Export hand it
// on, a link replays it, and going back in time (TimeMachine: snapshots plus replay) replays it.
// Acting after going back forks the run: the steps of the old future are dropped.
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
  ShareView,
  SimPosition,
  TerminalOutput,
  UiToWorker,
  WorkerToUi,
} from '../protocol/view';
import type { ScenarioProgressView } from '../protocol/scenario-progress';
import { buildCluster, type Cluster, type ClusterOptions, type ClusterSpec } from '../sim/cluster';
import { kubectlVocabulary } from '../sim/cli-tools/programs';
import type { TraceRecord } from '../sim/kernel/trace';
import { freshestStore } from '../sim/chaos/observe';
import { followedView, inFlightTimes, isCommandRoot, observeRecord, processLog, schedulingCycles, startFollow, updateOutcome, type FollowState } from './observe';
import { ScenarioRunner } from '../sim/scenario/run';
import { formatScenarioError, type Scenario, type StepAction } from '../sim/scenario/schema';
import type { TranscriptEntry } from '../sim/scenario/transcript';
import { TimeMachine, type TimeMachineOptions } from '../sim/scenario/time-machine';
import { BatchBuilder, MAX_TRACE_PER_BATCH } from './batch';
import { clockRate, SLOWMO_OFF_AT_SPEED } from './clock';
import { describeCommand, fatal, showPosition } from './journal';
import { decodeLink, parseScenario, shareAnswer } from './scenario-text';
import { timelineOf } from './timeline';
import { unknownTarget } from './targets';
import { loadViews } from './loads';
import { proxyCostPoints } from './proxy-cost';

/** Frames sent and not yet drawn by the page, at most (back-pressure: see `frameShown`; sim.worker.ts and kubeplay serve). */
export const FRAMES_AHEAD = 2;
export const DEFAULT_SPEED = 1;
export const MIN_SPEED = 0.01;
export const MAX_SPEED = 1000;
/** A late tick (a throttled background tab) never plays more than this much real time at once. */
export const MAX_REAL_MS_PER_TICK = 250;
/** "Step to the next phase" gives up after this many kernel events... */
export const STEP_PHASE_LIMIT = 10_000;
/** ...or this much simulated time (a request that never goes on: a pod nobody schedules). */
export const STEP_PHASE_MAX_MS = 60_000;
/** The trace window kept in the worker's memory (the trace hash covers every record ever made). */
export const TRACE_LIMIT = 100_000;
/** Slices of a playing tick at most; each ends at a kernel event so the slow-down can re-check. */
const MAX_SLICES_PER_TICK = 5_000;
/** Wall ms a tick may spend replaying a link to its moment (the page stays responsive meanwhile). */
export const REPLAY_MS_PER_TICK = 120;
/** Simulated ms replayed per slice of that. */
const REPLAY_SLICE_MS = 2_000;
/** Command roots a run remembers, for the request to follow after a seek. */
const MAX_ROOTS = 1000;
/** Terminal outputs a seek sends at most (the UI keeps as many: sim-store OUTPUTS_KEEP). */
const TRANSCRIPT_ON_SEEK = 500;

export type BuildCluster = (spec: ClusterSpec, opts: ClusterOptions) => Cluster;

interface Run {
  source: ScenarioSource;
  scenario: Scenario;
  cluster: Cluster;
  runner: ScenarioRunner;
  batches: BatchBuilder;
  machine: TimeMachine;
  /** The UI's request id by job id, for the command lines the terminal sent that still run. */
  requests: Map<number, number>;
  /** The terminal's request and line by recorded step index (the step's transcript entry names it). */
  stepRequests: Map<number, { requestId: number; line: string }>;
  /** How much stdout of a running command the terminal was already sent as chunks, by request id. */
  streamed: Map<number, number>;
  /** Recorded steps the UI echoed itself (a Ctrl-C in the terminal): not printed again. */
  echoed: Set<number>;
  follow?: FollowState;
  /** The recorded step whose command the followed request is (its transcript entry gives the exit). */
  followStep?: number;
  /** The command roots the run made, oldest first (after a seek the trace window may no longer hold the latest). */
  roots: TraceRecord[];
  /** How many journaled commands were applied. */
  commands: number;
  /** The latest simulated time the run reached: going back keeps it, acting in the past cuts it. */
  end: number;
  /** Replaying to a moment (a link, an import) at full speed. */
  replay?: { target: number; view?: ShareView };
  /** What the last frame's timeline was made of, to send it only when it changed. */
  timelineSig: string;
  /** The next frame replaces everything the UI holds (after a seek). */
  resetPending: boolean;
  /**
   * A replay reached its moment this tick: the next frame comes whole (no FRAME_LIMITS), so the page
   * that opened a link shows all of that moment when it is told it arrived, not what the replay's
   * limited frames (as many as its wall-clock budget made) had carried so far.
   */
  arrivedPending?: boolean;
  /** The runner's progress key at the last frame, to send the scenario's progress only when it changed. */
  progressKey: string;
}

const error = (message: string): WorkerToUi => ({ type: 'error', message, errors: [] });

export class SimSession {
  private run: Run | null = null;
  private playing = false;
  private speed = DEFAULT_SPEED;
  private hidden = new Set<Phase>(['heartbeat']);
  private hiddenRaft = new Set<RaftKind>(['heartbeat']);
  /** Slow the clock while a visible message crosses (clock.ts); the person may turn it off. */
  private slowMotion = true;
  /** How many times slower than `speed` the last played tick ran (1: not slowed). */
  private slowdown = 1;
  /** The last tick's clock waited for the page to be sent what a burst changed (batch.ts FRAME_LIMITS). */
  private waitedForPage = false;

  /** Answers made outside a command (a replay arrived), posted after the next frame. */
  private outbox: WorkerToUi[] = [];

  constructor(
    private readonly build: BuildCluster = buildCluster,
    /** Wall-clock ms, for a replay's budget per tick and a seek's duration (never seen by the simulation). */
    private readonly wallClock: () => number = () => performance.now(),
    /** The time machine's snapshots (a served run, which only goes forward, takes none after the first). */
    private readonly snapshots: TimeMachineOptions = {},
  ) {}

  /** Answers made since the last call outside any command (sim.worker.ts posts them after each tick). */
  takeMessages(): WorkerToUi[] {
    const out = this.outbox;
    this.outbox = [];
    return out;
  }

  /**
   * Nobody is watching (`kubeplay serve` with no page open): forget what was collected for the next
   * frame instead of building it. The trace it holds is bounded already; a page that connects later
   * gets everything anyway (resendAll).
   */
  /**
   * Wall ms until the next kernel event is due at the current speed, when playing; undefined when
   * paused, replaying or nothing is queued (kubeplay serve sets its next tick by it). With slow
   * motion on, the event comes later than this, never sooner.
   */
  wallMsToNextEvent(): number | undefined {
    const run = this.run;
    if (!run || run.replay || !this.playing || !(this.speed > 0)) return undefined;
    const sim = run.cluster.sim;
    const next = sim.nextEventTime();
    return next === undefined ? undefined : Math.max(0, (next - sim.now) / this.speed);
  }

  discardFrame(): void {
    this.run?.batches.discardOutputs();
  }

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
        return this.load({ file: cmd.file, text: cmd.text, files: cmd.files ?? {} }, { at: cmd.at, view: cmd.view });
      case 'openLink':
        return this.openLink(cmd.fragment);
      case 'restore':
        return this.restore(cmd.source, cmd.journal, cmd.checkpoint);
      case 'crashTest':
        // Only sim.worker.ts acts on it, and only in a page opened with ?crash-test.
        return [];
      case 'frameShown':
        // sim.worker.ts counts these (back-pressure); nothing changes in the run.
        return [];
      case 'podLog':
        // Live mode's read (src/worker/live); the simulation's pod logs are `kubectl logs` in the terminal.
        return [error(`the inspector reads pod logs in live mode only: type kubectl logs ${cmd.pod} -c ${cmd.container} in the terminal`)];
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
        if (cmd.slowMotion !== undefined) this.slowMotion = cmd.slowMotion;
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
      case 'link':
      case 'heal':
      case 'traffic':
      case 'seek':
        if (run.replay && cmd.type !== 'seek') return [error('wait a moment: the run is still being replayed to its moment')];
        return this.apply(run, cmd);
      case 'share':
        return [this.share(run, cmd.purpose, cmd.view)];
      case 'step':
        this.playing = false;
        if (!run.replay) this.stepEvent(run);
        return [];
      case 'stepPhase':
        this.playing = false;
        if (!run.replay) this.stepPhase(run);
        return [];
      case 'skip':
        if (!run.replay) this.skip(run);
        return [];
      case 'cycles':
        return [{ type: 'cycles', pod: cmd.pod, cycles: schedulingCycles(run.cluster.sim, cmd.pod) }];
      case 'proxyCost':
        return [{ type: 'proxyCost', points: proxyCostPoints(cmd.sizes) }];
      case 'logs': {
        const lines = processLog(run.cluster.sim, cmd.process, cmd.tail);
        if (!lines) return [error(`no process named ${cmd.process}`)];
        return [{ type: 'logs', process: cmd.process, lines }];
      }
    }
  }

  /**
   * Applies a command that changes the simulation, as a recorded step at the present moment, and
   * answers with its journal entry (and `forked` when it cut off the run's old future).
   */
  private apply(run: Run, cmd: JournaledCommand): WorkerToUi[] {
    const wrong = unknownTarget(run.cluster, cmd);
    if (wrong) return [error(wrong)];
    const entry: JournalEntry = { at: this.position(run), command: cmd };
    // Where the run has been (a restore replays the journal without ticks, so it is noted here too).
    if (run.cluster.sim.now > run.end) run.end = run.cluster.sim.now;
    const out: WorkerToUi[] = [];
    if (cmd.type === 'seek') out.push(this.seek(run, cmd.time));
    else if (cmd.type === 'cancel') this.cancel(run, cmd.requestId);
    else {
      const forked = this.forkIfInThePast(run);
      if (forked) out.push(forked);
      this.record(run, cmd);
    }
    run.commands++;
    out.push({ type: 'journal', entry });
    return out;
  }

  private record(run: Run, cmd: Exclude<JournaledCommand, { type: 'seek' | 'cancel' }>): void {
    if (cmd.type === 'exec') {
      const step = run.runner.record(cmd.stdin !== undefined ? { kind: 'run', line: cmd.line, stdin: cmd.stdin } : { kind: 'run', line: cmd.line });
      run.stepRequests.set(step.index, { requestId: cmd.requestId, line: cmd.line });
      run.followStep = step.index;
      const job = run.runner.runningJobOf(step);
      if (job !== undefined) run.requests.set(job, cmd.requestId);
      return;
    }
    if (cmd.type === 'traffic') {
      // Not echoed: the report it prints when the time is up goes to the terminal, as a scenario's does.
      run.runner.record({ kind: 'traffic', from: cmd.from, to: cmd.to, rps: cmd.rps, forMs: cmd.durationMs, ...(cmd.namespace && cmd.namespace !== 'default' && { namespace: cmd.namespace }) });
      return;
    }
    const action: StepAction =
      cmd.type === 'partition'
        ? { kind: 'partition', between: cmd.a, and: cmd.b }
        : cmd.type === 'link'
          ? { kind: 'link', between: cmd.a, and: cmd.b, ...(cmd.latencyMs !== undefined && { latencyMs: cmd.latencyMs }), ...(cmd.jitterMs !== undefined && { jitterMs: cmd.jitterMs }), ...(cmd.loss !== undefined && { loss: cmd.loss }) }
          : cmd.type === 'heal'
            ? { kind: 'heal' }
            : { kind: cmd.type, target: cmd.target };
    // Printed by the run, not by the page: as the real command the graph's menu stands for (its
    // `echo`, kept in the step), so a replay of the run prints the same line (issue 10).
    const errors = run.runner.errors.length;
    run.runner.record(action, cmd.echo);
    // The targets were checked (targets.ts): the cluster failing now is a bug, not a person's mistake.
    const failed = run.runner.errors[errors];
    if (failed) throw new Error(failed.message);
  }

  /** Ctrl-C: recorded as an `interrupt` of the command's line, if it still runs. */
  private cancel(run: Run, requestId: number): void {
    const running = [...run.requests.values()].includes(requestId);
    const line = [...run.stepRequests.values()].find((r) => r.requestId === requestId)?.line;
    if (!running || line === undefined) return;
    run.echoed.add(run.scenario.steps.length);
    run.runner.record({ kind: 'interrupt', line });
  }

  /** Acting before the run's end: the old future (its snapshots and recorded steps) is discarded. */
  private forkIfInThePast(run: Run): WorkerToUi | undefined {
    const now = run.cluster.sim.now;
    if (now >= run.end) return undefined;
    const dropped = run.machine.fork();
    const made = run.cluster.sim.world.nextRecordId;
    run.roots = run.roots.filter((x) => x.id < made);
    const forked: WorkerToUi = { type: 'forked', from: now, end: run.end, dropped };
    run.end = now;
    return forked;
  }

  private position(run: Run): SimPosition {
    const sim = run.cluster.sim;
    return { time: sim.now, events: sim.world.eventsRun, records: sim.world.traceCount, commands: run.commands };
  }

  // ---------------------------------------------------------------- share, seek, replay

  /** The run and its moment (events due at this millisecond, and up to the next whole one, run first). */
  private share(run: Run, purpose: 'link' | 'export', view: ShareView): WorkerToUi {
    const sim = run.cluster.sim;
    if (!run.replay) {
      run.runner.advanceTo(Math.ceil(sim.now));
      // On a whole millisecond advanceTo has nothing to do, yet single steps may have left events
      // due now: a replay to this moment runs them, so run them here too.
      sim.runUntil(sim.now);
    }
    return shareAnswer(run.scenario, sim.now, sim.traceHash(), purpose, view);
  }

  /** Goes to simulated time t (within what the run has reached) and pauses; the next frame replaces the UI's state. */
  private seek(run: Run, time: number): WorkerToUi {
    this.playing = false;
    run.replay = undefined;
    const first = run.machine.snapshots[0]!.at;
    const t = Math.min(Math.max(Number.isFinite(time) ? time : first, first), Math.max(run.end, run.cluster.sim.now));
    const started = this.wallClock();
    const r = run.machine.seek(t);
    const wallMs = this.wallClock() - started;
    this.afterJump(run);
    return { type: 'seeked', time: run.cluster.sim.now, from: r.from, replayedMs: r.replayedMs, wallMs };
  }

  /** After the world was replaced: the terminal's running commands are gone, and the UI gets everything anew. */
  private afterJump(run: Run): void {
    run.follow = undefined;
    run.followStep = undefined;
    run.requests.clear();
    run.stepRequests.clear();
    run.streamed.clear();
    this.refollow(run);
    this.resendAll();
  }

  /**
   * The request a replay to this moment would follow: the latest command made by now, its chain as
   * far as the trace window holds it, and its exit if its transcript entry is there (settle() then
   * says how it ended).
   */
  private refollow(run: Run): void {
    const world = run.cluster.sim.world;
    const root = run.roots.findLast((r) => r.id < world.nextRecordId);
    if (!root) return;
    const f = startFollow(root);
    for (const r of world.trace) if (r.id > root.id) observeRecord(f, r);
    const exit = run.runner.transcript.find((e) => e.kind === 'command' && e.time >= root.time && `$ ${e.text}` === f.summary);
    if (exit) f.exit = { code: exit.exitCode, stderr: exit.stderr };
    run.follow = f;
    this.settle(run);
  }

  /** Replays towards the link's moment for at most REPLAY_MS_PER_TICK of wall time; pauses there. */
  private replayStep(run: Run, replay: { target: number; view?: ShareView }): void {
    const deadline = this.wallClock() + REPLAY_MS_PER_TICK;
    const sim = run.cluster.sim;
    while (sim.now < replay.target && this.wallClock() < deadline) {
      run.machine.advanceTo(Math.min(replay.target, sim.now + REPLAY_SLICE_MS));
    }
    if (sim.now < replay.target) return;
    run.replay = undefined;
    run.arrivedPending = true;
    this.playing = false;
    this.outbox.push({ type: 'arrived', time: sim.now, traceHash: sim.traceHash(), ...(replay.view && { view: replay.view }) });
  }

  /**
   * Advances by `realMs` of wall time when playing; returns the frame if anything changed. With
   * `frame: false` (the page has not drawn the last frames yet) it only advances: what changed
   * stays in the BatchBuilder and goes with the next frame.
   */
  tick(realMs: number, frame = true): FrameBatch | undefined {
    const run = this.run;
    if (!run) return undefined;
    this.slowdown = 1;
    this.waitedForPage = false;
    if (run.replay) this.replayStep(run, run.replay);
    else if (this.playing) this.play(run, Math.min(Math.max(0, realMs), MAX_REAL_MS_PER_TICK));
    run.machine.tick();
    this.collectOutputs(run);
    this.settle(run);
    const sim = run.cluster.sim;
    if (sim.now > run.end) run.end = sim.now;
    if (!frame) return undefined;
    const next = sim.nextEventTime();
    const clock: FrameBatch['clock'] = { time: sim.now, playing: this.playing, speed: this.speed };
    if (next !== undefined) clock.nextEventAt = next;
    if (this.slowdown > 1) clock.slowdown = this.slowdown;
    if (this.waitedForPage) clock.waitingForPage = true;
    if (!this.slowMotion) clock.slowMotion = false;
    const failed = run.runner.expectations.filter((e) => !e.ok).length + run.runner.errors.length;
    const progressKey = run.runner.progressKey();
    const progress: ScenarioProgressView | undefined = progressKey !== run.progressKey || run.resetPending ? run.runner.progress() : undefined;
    const batch = run.batches.build({
      clock,
      checkpoint: { ...this.position(run), traceHash: sim.traceHash() },
      followed: run.follow ? followedView(run.follow) : undefined,
      scenario: { name: run.scenario.name, done: run.runner.done, failed },
      loads: loadViews(run.scenario, run.runner, sim),
      ...(progress && { progress }),
    }, run.resetPending || run.arrivedPending === true, this.framesLimited());
    if (!batch) return undefined;
    run.arrivedPending = false;
    run.progressKey = progressKey;
    if (run.resetPending) {
      batch.reset = true;
      run.resetPending = false;
    }
    const snapshots = run.machine.snapshots.map((x) => x.at);
    const sig = `${run.scenario.steps.length}:${snapshots.join(',')}:${Math.floor(run.end / 1000)}`;
    if (sig !== run.timelineSig) {
      batch.timeline = timelineOf(run.scenario, run.end, snapshots);
      run.timelineSig = sig;
    }
    if (run.replay) batch.replay = { time: sim.now, target: run.replay.target };
    return batch;
  }

  // ---------------------------------------------------------------- load

  /**
   * Builds the scenario's cluster. `opts.at` (a link's moment), or else the scenario's own
   * `spec.pauseAt` (an exported run), starts a replay to that moment; a restore passes `replay: false`.
   */
  /** A link's fragment, decoded and bounded here (the page never parses it): a run is loaded at its moment. */
  private openLink(fragment: string): WorkerToUi[] {
    const d = decodeLink(fragment);
    if ('error' in d) return [{ type: 'linkRefused', reason: d.error }];
    if (d.kind === 'builtin') return [{ type: 'linkBuiltin', name: d.name, ...(d.at !== undefined ? { at: d.at } : {}) }];
    return this.load({ file: 'link.yaml', text: d.link.scenario, files: {} }, { at: d.link.at, view: d.link.view });
  }

  private load(source: ScenarioSource, opts: { at?: number | undefined; view?: ShareView | undefined; replay?: boolean } = {}): WorkerToUi[] {
    const { file, text } = source;
    const parsed = parseScenario(text, file);
    if (!parsed.ok) return [{ type: 'error', message: `invalid scenario ${file}`, errors: parsed.errors.map(formatScenarioError) }];
    return this.begin(source, parsed.scenario, opts);
  }

  /**
   * Runs a scenario that was parsed already (`kubeplay serve` parses its own, to build the PKI for
   * its users first), from its start and without a replay to its `pauseAt`. Answers `loaded`.
   */
  adopt(source: ScenarioSource, scenario: Scenario): WorkerToUi[] {
    return this.begin(source, scenario, { replay: false });
  }

  /** The running scenario's runner (`kubeplay serve` records real clients' requests on it). */
  get runner(): ScenarioRunner | undefined {
    return this.run?.runner;
  }

  /**
   * The next frame carries everything, as after a seek: for a page that connected mid-run
   * (`kubeplay serve`). Nothing in the run changes; the followed request and running commands stay.
   */
  resendAll(): void {
    const run = this.run;
    if (!run) return;
    run.batches = new BatchBuilder(run.cluster);
    for (const r of run.cluster.sim.world.trace.slice(-MAX_TRACE_PER_BATCH)) run.batches.pushTrace(r);
    for (const e of run.runner.transcript.slice(-TRANSCRIPT_ON_SEEK)) run.batches.pushOutput(toOutput(e));
    run.resetPending = true;
    run.timelineSig = '';
    run.progressKey = '';
  }

  private begin(source: ScenarioSource, scenario: Scenario, opts: { at?: number | undefined; view?: ShareView | undefined; replay?: boolean }): WorkerToUi[] {
    const { files } = source;
    const cluster = this.build(scenario.cluster, { seed: scenario.seed, timings: scenario.timings, traceLimit: TRACE_LIMIT });
    const batches = new BatchBuilder(cluster);
    // eslint-disable-next-line prefer-const -- the runner's callback needs the run, which needs the runner
    let run: Run;
    const runner = new ScenarioRunner(scenario, cluster, { files, onEntry: (e) => this.onEntry(run, e) });
    const machine = new TimeMachine(runner, cluster, this.snapshots);
    run = {
      source,
      scenario,
      cluster,
      batches,
      runner,
      machine,
      requests: new Map(),
      stepRequests: new Map(),
      streamed: new Map(),
      echoed: new Set(),
      roots: [],
      commands: 0,
      end: cluster.sim.now,
      timelineSig: '',
      resetPending: false,
      progressKey: '',
    };
    const target = opts.replay === false ? undefined : (opts.at ?? scenario.pauseAt);
    if (target !== undefined) {
      run.replay = opts.view ? { target, view: opts.view } : { target };
      this.playing = false;
    }
    // The first frame carries everything, including the end of the boot's trace.
    for (const r of cluster.sim.world.trace.slice(-MAX_TRACE_PER_BATCH)) batches.pushTrace(r);
    cluster.sim.onRecord((r) => this.onRecord(run, r));
    this.run = run;
    this.outbox = [];
    return [{
      type: 'loaded', name: scenario.name, seed: scenario.seed, targets: cluster.targets(), source, vocabulary: kubectlVocabulary(),
      ...(target !== undefined ? { pauseAt: target } : {}),
      // The page reads the cluster's timestamps back with the same epoch (kubeplay serve's is its start).
      ...(scenario.cluster.epoch !== undefined ? { epochMs: Date.parse(scenario.cluster.epoch) } : {}),
      ...(scenario.lesson ? { lesson: scenario.lesson } : {}),
      ...(scenario.incident ? { incident: { title: scenario.incident.title } } : {}),
    }];
  }

  /** A finished command or a performed action: to the terminal, under the request that started it. */
  private onEntry(run: Run, e: TranscriptEntry): void {
    this.noteExit(run, e);
    if (e.step !== null && run.echoed.has(e.step) && e.kind === 'action' && !e.stderr) return;
    const req = e.step !== null ? run.stepRequests.get(e.step) : undefined;
    // An incident drill's own steps are its hidden break: the terminal does not print them.
    if (!req && e.step !== null && run.runner.scenario.incident && run.runner.scenario.steps.some((s) => s.index === e.step && !s.recorded)) return;
    if (!req) {
      run.batches.pushOutput(toOutput(e));
      return;
    }
    run.stepRequests.delete(e.step!);
    for (const [job, r] of run.requests) if (r === req.requestId) run.requests.delete(job);
    // What the chunks already showed is not shown twice.
    const shown = run.streamed.get(req.requestId) ?? 0;
    run.streamed.delete(req.requestId);
    run.batches.pushOutput({ ...toOutput(e), stdout: e.stdout.slice(shown), requestId: req.requestId });
  }

  // ---------------------------------------------------------------- restore

  /**
   * Rebuilds a run in a new worker: load, re-apply each journaled command at its point, run to the
   * checkpoint, and stay paused. What the replay prints is dropped: the terminal showed it already.
   */
  private restore(source: ScenarioSource, journal: JournalEntry[], checkpoint: Checkpoint | undefined): WorkerToUi[] {
    const out = this.load(source, { replay: false });
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
      // What a seek answers was shown when it happened.
      out.push(...this.apply(run, entry.command).filter((m) => m.type !== 'seeked' && m.type !== 'forked'));
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
    const behind = () => sim.world.eventsRun < at.events || (sim.world.eventsRun === at.events && sim.world.traceCount < at.records);
    // Each stepOnce runs one event, starts one due scenario step or finishes a waiting command; the
    // bound only stops a replay that can never get there.
    const bound = 4 * (at.events + run.scenario.steps.length) + 1000;
    for (let i = 0; i < bound && behind(); i++) if (run.runner.stepOnce() === 'idle') break;
    // The clock ran on past the last event without anything happening (playing does that).
    if (sim.world.eventsRun === at.events && sim.world.traceCount === at.records && sim.now < at.time) run.runner.advanceTo(at.time);
  }

  private dropReplayedOutput(run: Run): void {
    for (const [jobId, requestId] of run.requests) {
      const shown = run.cluster.takeChunks(jobId).length;
      if (shown) run.streamed.set(requestId, (run.streamed.get(requestId) ?? 0) + shown);
    }
    run.batches.discardOutputs();
  }

  private onRecord(run: Run, r: TraceRecord): void {
    run.batches.pushTrace(r);
    if (isCommandRoot(r)) {
      // Replaying after going back makes the same records again (a fork drops those of the old future).
      if (!run.roots.some((x) => x.id === r.id)) {
        const at = run.roots.findIndex((x) => x.id > r.id);
        run.roots.splice(at < 0 ? run.roots.length : at, 0, r);
        if (run.roots.length > MAX_ROOTS) run.roots.shift();
      }
      run.follow = startFollow(r);
      run.followStep = undefined;
    } else if (run.follow) observeRecord(run.follow, r);
  }

  /** The followed command's exit: the recorded step it came from, or a scenario step with its line. */
  private noteExit(run: Run, e: TranscriptEntry): void {
    const f = run.follow;
    if (!f || f.exit || e.kind !== 'command') return;
    const mine = run.followStep !== undefined ? e.step === run.followStep : f.summary === `$ ${e.text}`;
    if (mine) f.exit = { code: e.exitCode, stderr: e.stderr };
  }

  /** Whether the followed request has finished (outcome.ts), read from etcd's freshest member. */
  private settle(run: Run): void {
    const f = run.follow;
    if (f && f.state === 'running' && f.exit) updateOutcome(f, freshestStore(run.cluster.sim));
  }

  /** Chunks of the terminal's commands that keep running (`journalctl -f`, `kubectl get -w`). */
  private collectOutputs(run: Run): void {
    run.runner.collectFinished();
    for (const [jobId, requestId] of run.requests) {
      const chunk = run.cluster.takeChunks(jobId);
      if (!chunk) continue;
      run.streamed.set(requestId, (run.streamed.get(requestId) ?? 0) + chunk.length);
      run.batches.pushOutput({ requestId, time: run.cluster.sim.now, line: '', stdout: chunk, stderr: '', exitCode: null, partial: true });
    }
  }

  // ---------------------------------------------------------------- time

  /**
   * Plays `realMs` of wall time. Below 25x each slice ends at the next kernel event, because an
   * event may put a message on the wire that the clock must slow down for (clock.ts). With slow
   * motion off the clock runs at `speed` throughout. Records how much slower than `speed` it ran.
   */
  private play(run: Run, realMs: number): void {
    const sim = run.cluster.sim;
    const start = sim.now;
    this.playSlices(run, realMs);
    const wanted = realMs * this.speed;
    // Floating-point sums of the slices land a hair off `wanted`: that is no slow-down.
    if (wanted > 0) this.slowdown = Math.max(1, wanted / Math.max(sim.now - start, wanted * 1e-6));
    if (this.slowdown < 1.001) this.slowdown = 1;
  }

  private playSlices(run: Run, realMs: number): void {
    const sim = run.cluster.sim;
    if (!this.slowMotion) {
      // Everything due by then runs in order; only the wall-clock pacing differs from slow motion.
      run.machine.advanceTo(sim.now + realMs * this.speed);
      return;
    }
    let budget = realMs;
    const limited = this.framesLimited();
    for (let i = 0; budget > 1e-9 && i < MAX_SLICES_PER_TICK; i++) {
      // The page has more than a frame's worth to be sent (batch.ts FRAME_LIMITS): the clock waits
      // for it, so a burst (1,500 pod creates in one controller sync) reaches the page over a few
      // frames instead of in one of megabytes. The slow-down shows on the page as any other.
      if (limited && run.batches.backlogged()) {
        this.waitedForPage = true;
        break;
      }
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
        if (next !== undefined && next <= target && limited) {
          // One event at a time (the others at that moment are then due now, above), so the
          // backlog is looked at between them: hundreds of messages may arrive at the same moment.
          run.runner.stepOnce();
          budget -= (sim.now - now) / rate;
          continue;
        }
        if (next !== undefined && next < target) target = Math.max(now, next);
      }
      run.machine.advanceTo(target);
      budget -= (target - now) / rate;
    }
  }

  /** Frames are limited (batch.ts FRAME_LIMITS) while the clock slows down for the dots. */
  private framesLimited(): boolean {
    return this.slowMotion && this.speed < SLOWMO_OFF_AT_SPEED;
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
      run.machine.advanceTo(next);
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

  /**
   * Steps until the followed request's phase changes or it finishes (or STEP_PHASE_LIMIT events or
   * STEP_PHASE_MAX_MS of simulated time pass). A finished request has no next phase: nothing runs.
   */
  private stepPhase(run: Run): void {
    const f = run.follow;
    if (!f) {
      this.stepEvent(run);
      return;
    }
    if (f.state !== 'running') return;
    const from = f.phase;
    const until = run.cluster.sim.now + STEP_PHASE_MAX_MS;
    for (let i = 0; i < STEP_PHASE_LIMIT && run.cluster.sim.now <= until; i++) {
      if (this.stepEvent(run) === 'idle') return;
      if (run.follow !== f || f.phase !== from) return;
      run.runner.collectFinished();
      this.settle(run);
      if (f.state !== 'running') return;
    }
  }

}

function toOutput(e: TranscriptEntry): TerminalOutput {
  const out: TerminalOutput = { time: e.time, line: e.text, stdout: e.stdout, stderr: e.stderr, exitCode: e.exitCode };
  // A kill, restart or heal (a scenario's or a replayed recorded one) is printed as `# kill ...`.
  if (e.kind === 'action') out.action = true;
  if (e.fieldErrors) out.fieldErrors = e.fieldErrors.map((f) => ({ source: f.source, documentLine: f.documentLine, field: f.field, message: f.message }));
  if (e.edit) out.edit = { text: e.edit.text, line: e.edit.line, namespace: e.edit.namespace, object: e.edit.object };
  if (e.session) out.shell = { prompt: e.session.prompt, namespace: e.session.namespace, pod: e.session.pod, container: e.session.container, shell: e.session.shell, ...(e.session.args ? { args: e.session.args } : {}) };
  return out;
}
