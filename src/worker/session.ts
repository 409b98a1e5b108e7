// What the simulation worker does, without the worker: load a scenario, advance simulated time by
// real time x speed, refresh `kubectl get pods` every simulated second, and collect what the UI
// should see into batches. sim.worker.ts owns the timer and postMessage; this file is testable.

import type { CommandOutput, ExpectationOutcome, SimBatch, UiToWorker, WorkerToUi } from '../protocol/messages';
import type { ClusterFactory } from '../sim/scenario/cluster-like';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner } from '../sim/scenario/run';
import { formatScenarioError } from '../sim/scenario/schema';
import type { TranscriptEntry } from '../sim/scenario/transcript';

export const GET_PODS_LINE = 'kubectl get pods';
/** How often (simulated ms) the page's `kubectl get pods` view is refreshed. */
export const GET_PODS_EVERY_MS = 1000;
export const DEFAULT_SPEED = 5;

export class SimSession {
  private runner: ScenarioRunner | null = null;
  private playing = false;
  private speed = DEFAULT_SPEED;
  private outputs: CommandOutput[] = [];
  private expectationsSent = 0;
  private getPods: string | null = null;
  private getPodsJob: number | null = null;
  private nextGetPodsAt = 0;
  /** UI request ids by job id. */
  private requests = new Map<number, number>();

  constructor(
    private readonly buildCluster: ClusterFactory,
    private readonly post: (m: WorkerToUi) => void,
  ) {}

  handle(msg: UiToWorker): void {
    switch (msg.type) {
      case 'load':
        return this.load(msg.file, msg.text, msg.files ?? {});
      case 'exec':
        if (!this.runner) return this.post({ type: 'error', message: 'no scenario loaded', errors: [] });
        this.requests.set(this.runner.exec(msg.line, msg.stdin !== undefined ? { stdin: msg.stdin } : {}), msg.requestId);
        return;
      case 'play':
        this.playing = true;
        return;
      case 'pause':
        this.playing = false;
        return;
      case 'speed':
        this.speed = Math.max(0, msg.speed);
        return;
    }
  }

  /** Advances by `realMs` of wall time (when playing) and posts one batch. */
  tick(realMs: number): void {
    const runner = this.runner;
    if (!runner) return;
    if (this.playing) {
      const target = runner.now + realMs * this.speed;
      // Stop at each refresh point so the view is sampled exactly every simulated second.
      while (this.nextGetPodsAt <= target) {
        runner.advanceTo(Math.max(runner.now, this.nextGetPodsAt));
        if (this.getPodsJob === null) this.getPodsJob = runner.exec(GET_PODS_LINE);
        this.nextGetPodsAt += GET_PODS_EVERY_MS;
      }
      runner.advanceTo(target);
    }
    this.collectAdhoc(runner);
    this.post(this.batch(runner));
  }

  private load(file: string, text: string, files: Record<string, string>): void {
    const parsed = parseScenario(text, file);
    if (!parsed.ok) {
      this.runner = null;
      return this.post({ type: 'error', message: `invalid scenario ${file}`, errors: parsed.errors.map(formatScenarioError) });
    }
    const s = parsed.scenario;
    try {
      const cluster = this.buildCluster(s.cluster, { seed: s.seed, timings: s.timings });
      this.runner = new ScenarioRunner(s, cluster, { files, onEntry: (e) => this.outputs.push(toOutput(e)) });
    } catch (e) {
      this.runner = null;
      return this.post({ type: 'error', message: e instanceof Error ? e.message : String(e), errors: [] });
    }
    this.outputs = [];
    this.expectationsSent = 0;
    this.getPods = null;
    this.getPodsJob = null;
    this.nextGetPodsAt = 0;
    this.requests.clear();
    this.post({ type: 'loaded', name: s.name, seed: s.seed });
  }

  private collectAdhoc(runner: ScenarioRunner): void {
    for (const { jobId, entry } of runner.takeAdhoc()) {
      if (jobId === this.getPodsJob) {
        this.getPods = entry.stdout || entry.stderr;
        this.getPodsJob = null;
        continue;
      }
      const requestId = this.requests.get(jobId);
      this.requests.delete(jobId);
      this.outputs.push(requestId !== undefined ? { ...toOutput(entry), requestId } : toOutput(entry));
    }
  }

  private batch(runner: ScenarioRunner): SimBatch {
    const expectations: ExpectationOutcome[] = runner.expectations.slice(this.expectationsSent).map((e) => ({
      step: e.step,
      line: e.line,
      command: e.command,
      ok: e.ok,
      expected: e.expected,
      actual: e.actual,
    }));
    this.expectationsSent = runner.expectations.length;
    const b: SimBatch = {
      type: 'batch',
      time: runner.now,
      playing: this.playing,
      speed: this.speed,
      outputs: this.outputs,
      expectations,
      getPods: this.getPods,
      scenarioDone: runner.done,
      traceHash: runner.cluster.sim.traceHash(),
    };
    this.outputs = [];
    this.getPods = null;
    return b;
  }
}

function toOutput(e: TranscriptEntry): CommandOutput {
  return { time: e.time, line: e.text, stdout: e.stdout, stderr: e.stderr, exitCode: e.exitCode };
}
