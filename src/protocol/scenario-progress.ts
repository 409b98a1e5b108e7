// How far the loaded scenario has got, as the worker sends it to the scenario panel: each of the
// scenario's own steps (done with the simulated time it started, running, next, or ahead with its
// scheduled time) and each expectation's verdict as the simulation's scenario runner reached it.
// The UI shows these verdicts; it never checks an expectation itself. Imports nothing but its sibling
// incident.ts (an incident drill's text and checks, when the scenario is one).

import type { IncidentView } from './incident';

export type ScenarioStepState = 'done' | 'running' | 'next' | 'ahead';
export type ExpectationState = 'pending' | 'pass' | 'fail';

/** One comparison of an expect step: `stdout equals "Running"`, `exit code equals 1`. */
export interface ExpectationCheckView {
  what: 'stdout' | 'stderr' | 'exitCode';
  op: 'equals' | 'contains';
  expected: string;
  /** What the command gave (trimmed), once it answered. */
  actual?: string;
  ok?: boolean;
}

export interface ScenarioStepView {
  /** Index in the scenario's `spec.steps` as written. */
  index: number;
  /** Scheduled simulated time, ms. */
  at: number;
  /** `apply`, `run`, `expect`, `kill`, ... */
  kind: string;
  /** The step in one line: the command it runs, or `kill kube-scheduler`. */
  text: string;
  state: ScenarioStepState;
  /** Simulated ms it started; later than `at` when it waited for the command before it. */
  startedAt?: number;
  /** A finished command's exit code (null: it never answered). */
  exitCode?: number | null;
  /** The step could not be carried out, in the simulation's words. */
  error?: string;
  expect?: { state: ExpectationState; checks: ExpectationCheckView[]; timedOut?: boolean };
}

export interface ScenarioProgressView {
  name: string;
  description?: string;
  steps: ScenarioStepView[];
  /** Steps a person recorded in the app (not shown as steps). */
  recorded: number;
  passed: number;
  failed: number;
  pending: number;
  /** Steps the cluster refused. */
  errors: number;
  /** Every step ran and every command answered. */
  done: boolean;
  /** `spec.incident`: the scenario is an incident drill; its steps are the hidden break. */
  incident?: IncidentView;
}
