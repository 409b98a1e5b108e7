// Runs a parsed scenario against a cluster. Pure TypeScript: no Node, no DOM, no timers. The files
// an applyFile step reads are passed in by the caller (the CLI reads them from disk, the app fetches
// them). The runner is steppable - `advanceTo(t)` - so the Web Worker can play a scenario in real
// time while the CLI runs the same code to the end with `finish()`.

import type { CliOutput } from '../cli-tools/protocol';
import type { ClusterLike, ExecOptions } from './cluster-like';
import { formatDuration } from './duration';
import { scenarioProgress, type ScenarioProgress } from './progress';
import { describeAction, formatScenarioError, type Scenario, type ScenarioError, type Step, type StepAction } from './schema';
import { checkExpectation, describeChecks, outputFields, type ExpectationResult, type TranscriptEntry } from './transcript';

/** How long (simulated) a command may take before the runner stops waiting for it. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;

export interface RunnerOptions {
  /** Files for applyFile steps, keyed by the path as written in the scenario (`manifests/web.yaml`). */
  files?: Record<string, string>;
  commandTimeoutMs?: number;
  /** Called for every transcript entry as soon as it is complete. */
  onEntry?: (e: TranscriptEntry) => void;
}

export interface ScenarioResult {
  name: string;
  seed: number;
  transcript: TranscriptEntry[];
  expectations: ExpectationResult[];
  /** Steps the cluster refused (an unknown kill target, a missing file), as scenario errors. */
  errors: ScenarioError[];
  traceHash: string;
  endTime: number;
  /** No failed expectation and no error. */
  ok: boolean;
}

interface PendingJob {
  jobId: number;
  step: Step;
  entry: TranscriptEntry;
  deadline: number;
}

export interface RunnerSnapshot {
  steps: Step[];
  chain: Step[];
  recorded: Step[];
  next: number;
  nextRecorded: number;
  background: Map<number, { step: Step; entry: TranscriptEntry }>;
  pending: PendingJob | null;
  outputs: Map<number, CliOutput>;
  adhoc: Map<number, TranscriptEntry>;
  transcript: TranscriptEntry[];
  expectations: ExpectationResult[];
  errors: ScenarioError[];
}

export class ScenarioRunner {
  readonly transcript: TranscriptEntry[] = [];
  readonly expectations: ExpectationResult[] = [];
  readonly errors: ScenarioError[] = [];
  /** The scenario's own steps, each waiting for the command before it, and the next of them. */
  private chain: Step[];
  private next = 0;
  /**
   * Recorded steps (`recorded: true`, what a person did in the app): each happens exactly at its
   * time, whatever command is still running, and nothing waits for its output.
   */
  private recorded: Step[];
  private nextRecorded = 0;
  /** Recorded commands still running, by job id. */
  private background = new Map<number, { step: Step; entry: TranscriptEntry }>();
  private pending: PendingJob | null = null;
  /** Outputs drained from the simulation that nobody has claimed yet, by job id. */
  private outputs = new Map<number, CliOutput>();
  /** Commands started with exec() (the app's terminal), not by the scenario. */
  private adhoc = new Map<number, TranscriptEntry>();
  private readonly timeoutMs: number;

  constructor(
    readonly scenario: Scenario,
    readonly cluster: ClusterLike,
    private readonly opts: RunnerOptions = {},
  ) {
    this.timeoutMs = opts.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.chain = scenario.steps.filter((s) => !s.recorded);
    this.recorded = scenario.steps.filter((s) => s.recorded);
  }

  get now(): number {
    return this.cluster.sim.now;
  }

  /** True once every step has run and its command (if any) has answered or timed out. */
  get done(): boolean {
    return this.pending === null && this.next >= this.chain.length && this.nextRecorded >= this.recorded.length;
  }

  /** The next recorded step, if it comes before `limit` (and before the next chain step when `chain` is given). */
  private dueRecorded(limit: number, chain?: Step): Step | undefined {
    const r = this.recorded[this.nextRecorded];
    if (!r || r.at > limit) return undefined;
    if (chain && (chain.at < r.at || (chain.at === r.at && chain.index < r.index))) return undefined;
    return r;
  }

  private performRecorded(r: Step): void {
    this.runSimUntil(r.at);
    this.nextRecorded++;
    this.perform(r);
  }

  /**
   * What a person did in the app, as a recorded step: it happens at the next whole millisecond
   * (after every event up to then, as a scenario step at that time would), so that replaying the
   * recorded scenario gives the same run. `echo`: the line the app showed for it (Step.echo).
   * Returns the step, with its time.
   */
  record(action: StepAction, echo?: string): Step {
    const at = Math.ceil(this.now);
    this.advanceTo(at);
    const step = { ...action, at, index: this.scenario.steps.length, recorded: true, ...(echo !== undefined && { echo }), pos: { line: 0, col: 0 }, actionPos: { line: 0, col: 0 } } as Step;
    this.scenario.steps.push(step);
    this.recorded.splice(this.nextRecorded, 0, step);
    this.performRecorded(step);
    return step;
  }

  /** Runs the simulation to time t (finite), performing every step due on the way. */
  advanceTo(t: number): void {
    this.drive(t, false);
  }

  /**
   * The one loop behind advanceTo and finish. With stopWhenDone it returns as soon as the last step
   * is complete instead of running the clock on to t (t is then only a bound for a waiting command).
   */
  private drive(t: number, stopWhenDone: boolean): void {
    if (!Number.isFinite(t)) throw new Error(`advanceTo needs a finite time, got ${t}`);
    for (;;) {
      this.pollBackground();
      if (this.pending) {
        const r = this.dueRecorded(Math.min(t, this.pending.deadline));
        if (r) {
          if (this.awaitPending(r.at)) continue;
          this.performRecorded(r);
          continue;
        }
        if (!this.awaitPending(t)) return;
        continue;
      }
      const step = this.chain[this.next];
      const r = this.dueRecorded(t, step);
      if (r) {
        this.performRecorded(r);
        continue;
      }
      if (!step && stopWhenDone && this.nextRecorded >= this.recorded.length) return;
      if (!step || step.at > t) {
        this.runSimUntil(t);
        this.pollBackground();
        return;
      }
      this.runSimUntil(step.at);
      this.next++;
      this.perform(step);
    }
  }

  /**
   * One unit of work, for the app's single-stepping: finish the waiting command if its output has
   * arrived, else start the next step if it is due before the next kernel event, else deliver
   * exactly one kernel event. The order is the one advanceTo follows (events at a step's own time
   * run before the step), so stepping through a scenario and playing it give the same trace.
   */
  stepOnce(): 'completed' | 'performed' | 'event' | 'idle' {
    const sim = this.cluster.sim;
    const next = sim.nextEventTime();
    this.pollBackground();
    const p = this.pending;
    // A recorded step due before the next kernel event goes first (before a chain step only if it
    // comes first in time, or was written first at the same time).
    const r = this.dueRecorded(next === undefined ? (p ? p.deadline : Number.POSITIVE_INFINITY) : next, p ? undefined : this.chain[this.next]);
    if (r && (next === undefined || r.at < next)) {
      this.performRecorded(r);
      return 'performed';
    }
    if (p) {
      const out = this.poll(p.jobId);
      if (out) {
        this.complete(p, { ...p.entry, ...outputFields(out) });
        return 'completed';
      }
      if (next !== undefined && next <= p.deadline) return sim.step() ? 'event' : 'idle';
      // Nothing can answer before the deadline: give up as advanceTo would.
      this.awaitPending(p.deadline);
      return 'completed';
    }
    const step = this.chain[this.next];
    if (step && (next === undefined || step.at < next)) {
      this.runSimUntil(step.at);
      this.next++;
      this.perform(step);
      return 'performed';
    }
    return sim.step() ? 'event' : 'idle';
  }

  /** Recorded commands that answered while the clock stood still (a shell's "command not found") go to the transcript now. */
  collectFinished(): void {
    this.pollBackground();
  }

  /** Recorded commands that have answered go to the transcript. */
  private pollBackground(): void {
    if (this.background.size === 0) return;
    for (const [jobId, b] of this.background) {
      const out = this.poll(jobId);
      if (!out) continue;
      this.background.delete(jobId);
      this.emit({ ...b.entry, ...outputFields(out) });
    }
  }

  /** Runs every remaining step to completion, then on to `until` (ms) if given. */
  finish(until?: number): ScenarioResult {
    while (!this.done) {
      const step = this.chain[this.next];
      const rec = this.recorded[this.nextRecorded];
      const due = Math.min(this.pending ? this.pending.deadline : (step?.at ?? Infinity), rec?.at ?? Infinity);
      this.drive(Math.max(this.now, due), true);
    }
    if (until !== undefined && until > this.now) this.advanceTo(until);
    return this.result();
  }

  result(): ScenarioResult {
    const failed = this.expectations.some((e) => !e.ok);
    return {
      name: this.scenario.name,
      seed: this.scenario.seed,
      transcript: this.transcript,
      expectations: this.expectations,
      errors: this.errors,
      traceHash: this.cluster.sim.traceHash(),
      endTime: this.now,
      ok: !failed && this.errors.length === 0,
    };
  }

  /**
   * Which of the scenario's steps are done, running or ahead, and each expectation's pass, fail or
   * pending, as the runner stands now (progress.ts). Pure: reading it changes nothing.
   */
  progress(): ScenarioProgress {
    const errors = new Map<number, string>();
    for (const e of this.errors) {
      const m = /^spec\.steps\[(\d+)\]/.exec(e.path);
      if (m) errors.set(Number(m[1]), e.message);
    }
    const progress = scenarioProgress({
      name: this.scenario.name,
      ...(this.scenario.description !== undefined && { description: this.scenario.description }),
      chain: this.chain,
      recordedCount: this.recorded.length,
      next: this.next,
      ...(this.pending && { pending: { step: this.pending.step.index, startedAt: this.pending.entry.time } }),
      transcript: this.transcript,
      expectations: this.expectations,
      errors,
      done: this.done,
    });
    if (this.scenario.incident) {
      const { solution: _solution, ...incident } = this.scenario.incident;
      progress.incident = incident;
    }
    return progress;
  }

  /** Changes whenever progress() would (the app sends the progress only then). */
  progressKey(): string {
    return `${this.next}:${this.pending?.step.index ?? '-'}:${this.transcript.length}:${this.expectations.length}:${this.errors.length}:${this.recorded.length}:${this.done}`;
  }

  /**
   * Starts a command that is not part of the scenario (the app's terminal, its `kubectl get pods`
   * refresh). Its finished entry is returned by takeAdhoc() once the simulation has produced it.
   */
  exec(line: string, opts: ExecOptions = {}): number {
    const jobId = this.cluster.exec(line, opts);
    this.adhoc.set(jobId, { time: this.now, step: null, kind: 'command', text: line, stdout: '', stderr: '', exitCode: null });
    return jobId;
  }

  /** Finished ad-hoc commands, by job id, in the order they were started. */
  takeAdhoc(): { jobId: number; entry: TranscriptEntry }[] {
    const done: { jobId: number; entry: TranscriptEntry }[] = [];
    for (const [jobId, entry] of this.adhoc) {
      const out = this.poll(jobId);
      if (!out) continue;
      this.adhoc.delete(jobId);
      done.push({ jobId, entry: { ...entry, ...outputFields(out) } });
    }
    return done;
  }

  // ---------------------------------------------------------------- internals

  private runSimUntil(t: number): void {
    if (t > this.now) this.cluster.sim.runUntil(t);
  }

  private perform(step: Step): void {
    const base = { time: this.now, step: step.index, stdout: '', stderr: '', exitCode: null };
    switch (step.kind) {
      case 'apply':
        return this.startCommand(step, 'kubectl apply -f -', { stdin: step.manifest });
      case 'applyFile': {
        const files = this.filesFor(step.path);
        if (!files) return this.stepError(step, { ...base, kind: 'command', text: `kubectl apply -f ${step.path}` }, `no such file or directory "${step.path}"`);
        return this.startCommand(step, `kubectl apply -f ${step.path}`, { files });
      }
      case 'run':
        return this.startCommand(step, step.line, dropUndefined({ stdin: step.stdin, on: step.on }));
      case 'expect':
        return this.startCommand(step, step.expect.run, dropUndefined({ stdin: step.expect.stdin, on: step.expect.on }));
      case 'traffic':
        return this.startTraffic(step, { ...base, kind: 'command', text: describeAction(step) });
      default:
        // A menu action is printed as the real command the app showed for it when it was taken.
        return this.control(step, { ...base, kind: 'action', text: step.echo ?? describeAction(step) });
    }
  }

  private control(step: Step, entry: TranscriptEntry): void {
    try {
      if (step.kind === 'kill') this.cluster.kill(step.target);
      else if (step.kind === 'restart') this.cluster.restart(step.target);
      else if (step.kind === 'start') this.cluster.start(step.target);
      else if (step.kind === 'crash') this.cluster.crash(step.target);
      else if (step.kind === 'partition') this.cluster.partition(step.between, step.and);
      else if (step.kind === 'link') {
        const { latencyMs, jitterMs, loss } = step;
        this.cluster.link(step.between, step.and, { ...(latencyMs !== undefined && { latencyMs }), ...(jitterMs !== undefined && { jitterMs }), ...(loss !== undefined && { loss }) });
      }
      else if (step.kind === 'heal') this.cluster.heal();
      else if (step.kind === 'interrupt') this.interruptRecorded(step.line);
      else if (step.kind === 'request' || step.kind === 'hangup') {
        if (!this.cluster.gatewayRequest || !this.cluster.gatewayCancel) throw new Error('this cluster has no API gateway');
        if (step.kind === 'request') this.cluster.gatewayRequest(step.request);
        else this.cluster.gatewayCancel(step.id);
      }
    } catch (err) {
      return this.stepError(step, entry, err instanceof Error ? err.message : String(err));
    }
    this.emit(entry);
  }

  private stepError(step: Step, entry: TranscriptEntry, message: string): void {
    const e: ScenarioError = {
      file: this.scenario.file,
      line: step.actionPos.line,
      col: step.actionPos.col,
      path: `spec.steps[${step.index}].${step.kind}`,
      message,
    };
    this.errors.push(e);
    this.emit({ ...entry, stderr: `kubeplay: ${formatScenarioError(e)}\n`, exitCode: 2 });
  }

  /** The traffic step runs as a job: its report (per-endpoint counts, failures) is its output. */
  private startTraffic(step: Step & { kind: 'traffic' }, entry: TranscriptEntry): void {
    if (!this.cluster.traffic) return this.stepError(step, entry, 'this cluster cannot run a load generator');
    const [host = '', port] = step.to.replace(/^(service|svc)\//, '').split(':');
    const jobId = this.cluster.traffic({ namespace: step.namespace ?? 'default', pod: step.from.replace(/^pod\//, ''), host, port: port ? Number(port) : 80, rps: step.rps, durationMs: step.forMs });
    // Started from the app, the load runs beside what the person does next, as a recorded command does.
    if (step.recorded) this.background.set(jobId, { step, entry });
    else this.pending = { jobId, step, entry, deadline: this.now + step.forMs + this.timeoutMs };
  }

  private startCommand(step: Step, line: string, opts: ExecOptions): void {
    const entry: TranscriptEntry = { time: this.now, step: step.index, kind: 'command', text: line, stdout: '', stderr: '', exitCode: null };
    const jobId = this.cluster.exec(line, opts);
    if (step.recorded) this.background.set(jobId, { step, entry });
    else this.pending = { jobId, step, entry, deadline: this.now + this.timeoutMs };
  }

  /** The runner's own state, plain data (the steps included, since recording adds to them). */
  snapshot(): RunnerSnapshot {
    return structuredClone({
      steps: this.scenario.steps,
      chain: this.chain,
      recorded: this.recorded,
      next: this.next,
      nextRecorded: this.nextRecorded,
      background: this.background,
      pending: this.pending,
      outputs: this.outputs,
      adhoc: this.adhoc,
      transcript: this.transcript,
      expectations: this.expectations,
      errors: this.errors,
    });
  }

  /**
   * Back to a snapshot (the cluster is restored by its owner). The steps recorded since are kept:
   * they are the run's future, replayed as the clock gets to them (forgetRecordedAfter drops them).
   */
  restore(snap: RunnerSnapshot): void {
    const s = structuredClone(snap);
    // Steps recorded after the snapshot all come after its pointer (recording happens at the
    // present, in time order), so the pointer still says which ones have been performed.
    const later = this.recorded.slice(s.recorded.length);
    (this.scenario as { steps: Step[] }).steps = [...s.steps, ...later];
    this.chain = s.chain;
    this.recorded = [...s.recorded, ...later];
    this.next = s.next;
    this.nextRecorded = s.nextRecorded;
    this.background = s.background;
    this.pending = s.pending;
    this.outputs = s.outputs;
    this.adhoc = s.adhoc;
    for (const [mine, theirs] of [[this.transcript, s.transcript], [this.expectations, s.expectations], [this.errors, s.errors]] as [unknown[], unknown[]][]) {
      mine.length = 0;
      for (const x of theirs) mine.push(x);
    }
  }

  /** Recorded steps after time t are dropped: what the app does when a person acts in the past. */
  forgetRecordedAfter(t: number): Step[] {
    const dropped = this.recorded.filter((r) => r.at > t);
    if (dropped.length === 0) return [];
    this.recorded = this.recorded.filter((r) => r.at <= t);
    (this.scenario as { steps: Step[] }).steps = this.scenario.steps.filter((s) => !dropped.includes(s));
    return dropped;
  }

  /**
   * Ctrl-C on the latest recorded command with this line that is still running (the app's terminal
   * runs one at a time); nothing when it already ended, as Ctrl-C after the end does nothing.
   */
  private interruptRecorded(line: string): void {
    let latest: number | undefined;
    for (const [jobId, b] of this.background) if (b.entry.text === line) latest = jobId;
    if (latest !== undefined) this.cluster.cancel?.(latest);
  }

  /** The job id of a recorded command (or of the waiting step) still running (the app's terminal shows its output as it comes). */
  runningJobOf(step: Step): number | undefined {
    if (this.pending?.step.index === step.index) return this.pending.jobId;
    for (const [jobId, b] of this.background) if (b.step.index === step.index) return jobId;
    return undefined;
  }

  /** Steps the simulation until the pending command answers (true) or time t comes first (false). */
  private awaitPending(t: number): boolean {
    const p = this.pending!;
    const limit = Math.min(t, p.deadline);
    for (;;) {
      const out = this.poll(p.jobId);
      if (out) {
        this.complete(p, { ...p.entry, ...outputFields(out) });
        return true;
      }
      const next = this.cluster.sim.nextEventTime();
      if (next === undefined || next > limit) break;
      this.cluster.sim.step();
    }
    this.runSimUntil(limit);
    if (limit < p.deadline) return false;
    if (this.interrupt(p)) return true;
    const stderr = `kubeplay: no output after ${formatDuration(this.timeoutMs)} of simulated time; gave up waiting\n`;
    this.complete(p, { ...p.entry, stderr, exitCode: null, timedOut: true });
    return true;
  }

  /**
   * A command that streams (`journalctl -f`) never ends by itself: at its deadline the runner presses
   * Ctrl-C and records what it printed, with the exit code the interrupted process gives. Commands that
   * printed nothing keep the plain timeout, so their runs (and trace) are as before.
   */
  private interrupt(p: PendingJob): boolean {
    if (!this.cluster.cancel || !this.cluster.partialOutput?.(p.jobId)) return false;
    this.cluster.cancel(p.jobId);
    // Ctrl-C is delivered at once; step only what is due now, so the clock does not move.
    for (;;) {
      const out = this.poll(p.jobId);
      if (out) {
        this.complete(p, { ...p.entry, ...outputFields(out) });
        return true;
      }
      const next = this.cluster.sim.nextEventTime();
      if (next === undefined || next > this.now) return false;
      this.cluster.sim.step();
    }
  }

  private complete(p: PendingJob, entry: TranscriptEntry): void {
    this.pending = null;
    this.emit(entry);
    if (p.step.kind !== 'expect') return;
    const checks = checkExpectation(p.step.expect, entry);
    this.expectations.push({
      step: p.step.index,
      line: p.step.pos.line,
      col: p.step.pos.col,
      time: entry.time,
      command: entry.text,
      ok: !entry.timedOut && checks.every((c) => c.ok),
      expected: describeChecks(checks, 'expected'),
      actual: entry.timedOut ? 'no output (timed out)' : describeChecks(checks, 'actual'),
      checks,
    });
  }

  private emit(entry: TranscriptEntry): void {
    this.transcript.push(entry);
    this.opts.onEntry?.(entry);
  }

  /** The output of a job if it has arrived; other jobs' outputs are kept for their owners. */
  private poll(jobId: number): CliOutput | undefined {
    if (this.cluster.output) return this.cluster.output(jobId);
    for (const e of this.cluster.sim.drainEmitted()) {
      if (e.type === 'cli.output') this.outputs.set((e as unknown as CliOutput).jobId, e as unknown as CliOutput);
    }
    const out = this.outputs.get(jobId);
    if (out) this.outputs.delete(jobId);
    return out;
  }

  /** The files under an applyFile path: the file itself, or every file in the folder. */
  private filesFor(path: string): Record<string, string> | undefined {
    const all = this.opts.files ?? {};
    const dir = path.replace(/\/+$/, '');
    const out: Record<string, string> = {};
    let found = false;
    for (const [k, v] of Object.entries(all)) {
      if (k === path || k === dir || k.startsWith(dir + '/')) {
        out[k] = v;
        found = true;
      }
    }
    return found ? out : undefined;
  }
}

/** Runs a whole scenario: every step, then on to `until` ms if given. */
export function runScenario(scenario: Scenario, cluster: ClusterLike, opts: RunnerOptions & { until?: number } = {}): ScenarioResult {
  return new ScenarioRunner(scenario, cluster, opts).finish(opts.until);
}

/** applyFile paths a scenario needs, in step order (the caller loads them). */
export function filesNeeded(scenario: Scenario): { path: string; step: Step }[] {
  return scenario.steps.filter((s): s is Step & { kind: 'applyFile' } => s.kind === 'applyFile').map((s) => ({ path: s.path, step: s }));
}

function dropUndefined(o: { stdin?: string; on?: string }): ExecOptions {
  const out: ExecOptions = {};
  if (o.stdin !== undefined) out.stdin = o.stdin;
  if (o.on !== undefined) out.on = o.on;
  return out;
}
