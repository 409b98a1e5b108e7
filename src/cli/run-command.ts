// `kubeplay` without the process: takes argv and a cluster factory, writes to the given sinks and
// returns the exit status. main.ts wires it to process.argv, stdout and the real cluster; the tests
// wire it to a fake cluster.

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ClusterFactory } from '../sim/scenario/cluster-like';
import { parseScenario } from '../sim/scenario/parse';
import { ScenarioRunner, filesNeeded } from '../sim/scenario/run';
import { formatScenarioError, type Scenario, type ScenarioError } from '../sim/scenario/schema';
import { formatEntry } from '../sim/scenario/transcript';
import { USAGE, parseArgs } from './args';
import { loadApplyFiles } from './files';
import { jsonReport, textReport } from './report';

export const EXIT_OK = 0;
export const EXIT_EXPECTATION_FAILED = 1;
export const EXIT_INVALID = 2;
/** Trace records kept in memory when --trace is not given (the app keeps as many: worker/session.ts TRACE_LIMIT). */
export const CLI_TRACE_LIMIT = 100_000;

export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

export function runCli(argv: string[], io: CliIO, buildCluster: ClusterFactory): number {
  const cmd = parseArgs(argv);
  if (cmd.kind === 'help') {
    io.out(USAGE);
    return EXIT_OK;
  }
  if (cmd.kind === 'error') {
    io.err(`kubeplay: ${cmd.message}\n\n${USAGE}`);
    return EXIT_INVALID;
  }
  const display = relative(io.cwd, cmd.file) || cmd.file;
  let text: string;
  try {
    text = readFileSync(cmd.file, 'utf8');
  } catch (e) {
    io.err(`kubeplay: cannot read scenario ${display}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return EXIT_INVALID;
  }
  const parsed = parseScenario(text, display);
  if (!parsed.ok) return invalid(io, parsed.errors);
  const scenario: Scenario = cmd.seed !== undefined ? { ...parsed.scenario, seed: cmd.seed } : parsed.scenario;

  const needed = filesNeeded(scenario);
  const loaded = loadApplyFiles(cmd.file, needed.map((n) => n.path));
  const missing = needed.filter((n) => loaded.missing.includes(n.path));
  if (missing.length > 0) {
    return invalid(
      io,
      missing.map(({ path, step }) => ({
        file: display,
        line: step.actionPos.line,
        col: step.actionPos.col,
        path: `spec.steps[${step.index}].applyFile`,
        message: `no such file or directory "${path}" (paths are relative to the scenario file)`,
      })),
    );
  }

  let runner: ScenarioRunner;
  try {
    // Without --trace nobody reads the records, so keep the same window the app keeps: a long run's
    // memory stays bounded (the trace hash covers every record either way).
    const traceLimit = cmd.trace ? undefined : CLI_TRACE_LIMIT;
    const cluster = buildCluster(scenario.cluster, { seed: scenario.seed, timings: scenario.timings, ...(traceLimit !== undefined && { traceLimit }) });
    runner = new ScenarioRunner(scenario, cluster, {
      files: loaded.files,
      onEntry: cmd.json ? undefined : (e) => io.out(formatEntry(e) + '\n'),
    });
  } catch (e) {
    io.err(`kubeplay: ${display}: spec.cluster: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT_INVALID;
  }
  if (!cmd.json) io.out(`scenario ${scenario.name} (seed ${scenario.seed})\n`);
  const result = runner.finish(cmd.untilMs);
  const trace = cmd.trace ? runner.cluster.sim.world.trace : null;
  io.out(cmd.json ? jsonReport(scenario, result, trace) : textReport(scenario, result, trace));
  if (result.errors.length > 0) return EXIT_INVALID;
  return result.ok ? EXIT_OK : EXIT_EXPECTATION_FAILED;
}

function invalid(io: CliIO, errors: ScenarioError[]): number {
  io.err(errors.map((e) => `kubeplay: ${formatScenarioError(e)}\n`).join(''));
  return EXIT_INVALID;
}
