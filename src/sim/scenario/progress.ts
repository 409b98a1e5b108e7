// How far a scenario run has got, as plain data: each of the scenario's own steps done (with the
// simulated time it started and how it ended), running, next or ahead (with its scheduled time), and
// each expectation passed, failed or still pending. The runner's own state is the only input, so the
// app's scenario panel shows exactly what the runner decided; nothing here checks an expectation again.

import type { Incident } from './incident';
import { describeAction, type Step } from './schema';
import { checkExpectation, type ExpectationCheck, type ExpectationResult, type TranscriptEntry } from './transcript';

export type StepProgressState = 'done' | 'running' | 'next' | 'ahead';

export interface ExpectationProgress {
  state: 'pending' | 'pass' | 'fail';
  /** Each check; `actual` and `ok` only once the command has answered. */
  checks: { what: ExpectationCheck['what']; op: ExpectationCheck['op']; expected: string; actual?: string; ok?: boolean }[];
  /** The command gave no output before the runner gave up. */
  timedOut?: boolean;
}

export interface StepProgress {
  /** Index in `spec.steps` as written. */
  index: number;
  /** Scheduled simulated time (ms). */
  at: number;
  kind: Step['kind'];
  /** The step in one line, as the transcript shows it (`kubectl apply -f - (Pod web)`). */
  text: string;
  state: StepProgressState;
  /** Simulated ms it started (later than `at` when it waited for the command before it). */
  startedAt?: number;
  /** A command's exit code once it answered (null: it gave none). */
  exitCode?: number | null;
  /** The step could not be carried out (a missing file, an unknown target). */
  error?: string;
  expect?: ExpectationProgress;
}

export interface ScenarioProgress {
  name: string;
  description?: string;
  /** The scenario's own steps (not the ones a person recorded), in the order they run. */
  steps: StepProgress[];
  /** Recorded steps (what a person did in the app), for a count. */
  recorded: number;
  passed: number;
  failed: number;
  pending: number;
  /** Steps the cluster refused. */
  errors: number;
  done: boolean;
  /** An incident drill's text and checks, without its solution (the app never shows that). */
  incident?: Omit<Incident, 'solution'>;
}

/** The runner's state progress() reads (ScenarioRunner passes its own fields). */
export interface ProgressInput {
  name: string;
  description?: string;
  chain: readonly Step[];
  recordedCount: number;
  /** How many chain steps have started. */
  next: number;
  /** The chain step whose command is still running, and when it started. */
  pending?: { step: number; startedAt: number };
  transcript: readonly TranscriptEntry[];
  expectations: readonly ExpectationResult[];
  /** Errors by step index, as `formatScenarioError` would not repeat the file: the message only. */
  errors: ReadonlyMap<number, string>;
  done: boolean;
}

export function scenarioProgress(input: ProgressInput): ScenarioProgress {
  const entries = new Map<number, TranscriptEntry>();
  for (const e of input.transcript) if (e.step !== null && !entries.has(e.step)) entries.set(e.step, e);
  const results = new Map<number, ExpectationResult>();
  for (const r of input.expectations) results.set(r.step, r);
  const steps = input.chain.map((step, i) => {
    const state = stateOf(i, step, input);
    const p = stepProgress(step, state, entries.get(step.index), results.get(step.index), input.errors.get(step.index));
    if (state === 'running') p.startedAt = input.pending!.startedAt;
    return p;
  });
  const expects = steps.filter((s) => s.expect);
  const count = (st: ExpectationProgress['state']) => expects.filter((s) => s.expect!.state === st).length;
  const out: ScenarioProgress = {
    name: input.name,
    steps,
    recorded: input.recordedCount,
    passed: count('pass'),
    failed: count('fail'),
    pending: count('pending'),
    errors: input.errors.size,
    done: input.done,
  };
  if (input.description !== undefined) out.description = input.description;
  return out;
}

function stateOf(i: number, step: Step, input: ProgressInput): StepProgressState {
  if (i < input.next) return input.pending?.step === step.index ? 'running' : 'done';
  return i === input.next && input.pending === undefined ? 'next' : 'ahead';
}

function stepProgress(step: Step, state: StepProgressState, entry: TranscriptEntry | undefined, result: ExpectationResult | undefined, error: string | undefined): StepProgress {
  const p: StepProgress = { index: step.index, at: step.at, kind: step.kind, text: stepText(step), state };
  if (entry && state !== 'ahead' && state !== 'next') {
    p.startedAt = entry.time;
    if (entry.kind === 'command' && state === 'done') p.exitCode = entry.exitCode;
  }
  if (error !== undefined) p.error = error;
  if (step.kind === 'expect') p.expect = expectationProgress(step.expect, result);
  return p;
}

function expectationProgress(spec: Extract<Step, { kind: 'expect' }>['expect'], result: ExpectationResult | undefined): ExpectationProgress {
  if (!result) {
    // The expected side only: the same checks the runner will make, with no output to compare yet.
    const checks = checkExpectation(spec, { stdout: '', stderr: '', exitCode: null }).map(({ what, op, expected }) => ({ what, op, expected }));
    return { state: 'pending', checks };
  }
  const timedOut = result.actual === 'no output (timed out)';
  const out: ExpectationProgress = { state: result.ok ? 'pass' : 'fail', checks: result.checks.map((c) => ({ ...c })) };
  if (timedOut) out.timedOut = true;
  return out;
}

/** describeAction, with what an inline manifest holds (`kubectl apply -f - (Pod web)`), which the bare command does not say. */
export function stepText(step: Step): string {
  const base = describeAction(step);
  if (step.kind !== 'apply') return base;
  const objects = manifestObjects(step.manifest);
  return objects.length ? `${base} (${objects.join(', ')})` : base;
}

/** `Kind name` of each document, read from its top-level `kind:` and its first `name:` under metadata (good enough for a label). */
export function manifestObjects(manifest: string): string[] {
  const out: string[] = [];
  for (const doc of manifest.split(/^---\s*$/m)) {
    const kind = /^kind:\s*(\S+)/m.exec(doc)?.[1];
    const name = /^metadata:\s*\n(?:[ \t]+.*\n)*?[ \t]+name:\s*(\S+)/m.exec(doc)?.[1];
    if (kind) out.push(name ? `${kind} ${name}` : kind);
  }
  return out;
}
