// How `kubeplay run` prints a result: the transcript, each failed expectation with what was expected
// and what came, runtime errors, optionally the whole trace, and the trace hash last.

import type { TraceRecord } from '../sim/kernel/trace';
import { formatRecord } from '../sim/kernel/trace';
import { formatClock } from '../sim/scenario/duration';
import { formatScenarioError, type Scenario } from '../sim/scenario/schema';
import type { ScenarioResult } from '../sim/scenario/run';

export function textReport(scenario: Scenario, r: ScenarioResult, trace: readonly TraceRecord[] | null): string {
  const out: string[] = [];
  const failed = r.expectations.filter((e) => !e.ok);
  if (r.expectations.length > 0) {
    out.push('', `expectations: ${r.expectations.length - failed.length} passed, ${failed.length} failed`);
  }
  for (const e of failed) {
    out.push(
      `FAIL ${scenario.file}:${e.line}:${e.col}: spec.steps[${e.step}] [${formatClock(e.time)}] $ ${e.command}`,
      ...indentBlock('expected: ', e.expected),
      ...indentBlock('actual:   ', e.actual),
    );
  }
  for (const e of r.errors) out.push(`error: ${formatScenarioError(e)}`);
  if (trace) {
    out.push('', `trace (${trace.length} records):`);
    for (const rec of trace) out.push(formatRecord(rec));
  }
  out.push('', `simulated time: ${formatClock(r.endTime)}`, `trace hash: ${r.traceHash}`);
  return out.join('\n') + '\n';
}

export function jsonReport(scenario: Scenario, r: ScenarioResult, trace: readonly TraceRecord[] | null): string {
  const report = {
    scenario: scenario.name,
    file: scenario.file,
    seed: scenario.seed,
    ok: r.ok,
    endTime: r.endTime,
    traceHash: r.traceHash,
    transcript: r.transcript,
    expectations: r.expectations,
    errors: r.errors.map((e) => ({ ...e, text: formatScenarioError(e) })),
    ...(trace ? { trace: trace.map(formatRecord) } : {}),
  };
  return JSON.stringify(report, null, 2) + '\n';
}

/** `expected: "a` / `          b"` - a multi-line value stays aligned under its label. */
function indentBlock(label: string, text: string): string[] {
  return text.split('\n').map((line, i) => (i === 0 ? `  ${label}${line}` : `  ${' '.repeat(label.length)}${line}`));
}
