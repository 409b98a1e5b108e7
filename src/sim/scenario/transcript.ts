// The transcript: what a person watching the scenario would have seen at the terminal, one entry
// per step, stamped with simulated time (`[00:30.000] $ kubectl get pods -o wide`).

import { formatClock } from './duration';
import type { CliEdit, CliFieldError, CliOutput, CliSession } from '../cli-tools/protocol';
import type { ExpectSpec } from './schema';

export interface TranscriptEntry {
  /** Simulated ms when the step started. */
  time: number;
  /** Index of the step in `spec.steps` as written; null for commands not from the scenario. */
  step: number | null;
  /** `command` for a shell line, `action` for kill/restart/partition/heal. */
  kind: 'command' | 'action';
  text: string;
  stdout: string;
  stderr: string;
  exitCode: number | null;
  /** Set when the command gave no output before the runner gave up. */
  timedOut?: boolean;
  /** The fields the server's Invalid answers named (kubectl apply), for the YAML editor's markers. */
  fieldErrors?: CliFieldError[];
  /** `kubectl exec -it ... -- sh` opened a shell (its prompt and where it runs). */
  session?: CliSession;
  /** `kubectl edit` opened a file for the page's editor. */
  edit?: CliEdit;
}

/** What a finished command's output adds to its transcript entry. */
export function outputFields(out: CliOutput): Pick<TranscriptEntry, 'stdout' | 'stderr' | 'exitCode' | 'fieldErrors' | 'session' | 'edit'> {
  const fields: Pick<TranscriptEntry, 'stdout' | 'stderr' | 'exitCode' | 'fieldErrors' | 'session' | 'edit'> = { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
  if (out.fieldErrors) fields.fieldErrors = out.fieldErrors;
  if (out.session) fields.session = out.session;
  if (out.edit) fields.edit = out.edit;
  return fields;
}

export interface ExpectationCheck {
  what: 'stdout' | 'stderr' | 'exitCode';
  op: 'equals' | 'contains';
  expected: string;
  actual: string;
  ok: boolean;
}

export interface ExpectationResult {
  step: number;
  line: number;
  col: number;
  time: number;
  command: string;
  ok: boolean;
  /** Every check in one line each, e.g. `stdout equals "Running"`. */
  expected: string;
  actual: string;
  checks: ExpectationCheck[];
}

/** `[00:30.000] $ kubectl get pods` then the output lines, as a terminal would show them. */
export function formatEntry(e: TranscriptEntry): string {
  const head = `[${formatClock(e.time)}] ${e.kind === 'command' ? '$' : '#'} ${e.text}`;
  const body = [e.stdout, e.stderr].filter((s) => s.length > 0).map((s) => s.replace(/\n$/, ''));
  return [head, ...body].join('\n');
}

/** Compares a command's output with an expect step; text comparisons use trimmed output. */
export function checkExpectation(spec: ExpectSpec, out: { stdout: string; stderr: string; exitCode: number | null }): ExpectationCheck[] {
  const checks: ExpectationCheck[] = [];
  const stdout = out.stdout.trim();
  if (spec.equals !== undefined) checks.push({ what: 'stdout', op: 'equals', expected: spec.equals.trim(), actual: stdout, ok: stdout === spec.equals.trim() });
  if (spec.contains !== undefined) checks.push({ what: 'stdout', op: 'contains', expected: spec.contains.trim(), actual: stdout, ok: stdout.includes(spec.contains.trim()) });
  if (spec.stderr !== undefined) {
    const stderr = out.stderr.trim();
    checks.push({ what: 'stderr', op: 'equals', expected: spec.stderr.trim(), actual: stderr, ok: stderr === spec.stderr.trim() });
  }
  if (spec.exitCode !== undefined) {
    const actual = out.exitCode === null ? 'none' : String(out.exitCode);
    checks.push({ what: 'exitCode', op: 'equals', expected: String(spec.exitCode), actual, ok: actual === String(spec.exitCode) });
  }
  return checks;
}

export function describeChecks(checks: ExpectationCheck[], side: 'expected' | 'actual'): string {
  return checks
    .map((c) => (c.what === 'exitCode' ? `exit code ${c[side]}` : `${c.what} ${side === 'expected' ? c.op + ' ' : ''}${JSON.stringify(c[side])}`))
    .join('; ');
}
