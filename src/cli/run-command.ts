// `kubeplay` without the process: takes argv and a cluster factory, writes to the given sinks and
// returns the exit status. main.ts wires it to process.argv, stdout and the real cluster; the tests
// wire it to a fake cluster.

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeLink, looksLikeLink } from '../sim/scenario/link';
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
  if (cmd.kind === 'export') return exportLink(cmd.link, cmd.output, io);
  if (cmd.kind === 'serve') {
    io.err('kubeplay: serve runs through main.ts\n');
    return EXIT_INVALID;
  }
  const source = readSource(cmd.file, io);
  if (typeof source === 'number') return source;
  const { text, display, file, at } = source;
  const parsed = parseScenario(text, display);
  if (!parsed.ok) return invalid(io, parsed.errors);
  const scenario: Scenario = cmd.seed !== undefined ? { ...parsed.scenario, seed: cmd.seed } : parsed.scenario;

  const needed = filesNeeded(scenario);
  const loaded = loadApplyFiles(file, needed.map((n) => n.path));
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
  // A shared link is replayed to its moment and stopped there, as the app pauses there; so is an
  // exported run (spec.pauseAt) unless --until says otherwise.
  const moment = at ?? (cmd.untilMs === undefined ? scenario.pauseAt : undefined);
  let result;
  if (moment !== undefined) {
    runner.advanceTo(moment);
    result = runner.result();
  } else result = runner.finish(cmd.untilMs);
  const trace = cmd.trace ? runner.cluster.sim.world.trace : null;
  io.out(cmd.json ? jsonReport(scenario, result, trace) : textReport(scenario, result, trace));
  if (result.errors.length > 0) return EXIT_INVALID;
  return result.ok ? EXIT_OK : EXIT_EXPECTATION_FAILED;
}

function invalid(io: CliIO, errors: ScenarioError[]): number {
  io.err(errors.map((e) => `kubeplay: ${formatScenarioError(e)}\n`).join(''));
  return EXIT_INVALID;
}

/** The built-in scenarios, shipped with the app (public/scenarios), for `#scenario=NAME` links. */
const BUILTIN_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../public/scenarios');

/** The scenario text a run argument names: a file, or a link (run or built-in) with its moment. */
function readSource(arg: string, io: CliIO): { text: string; display: string; file: string; at?: number } | number {
  if (looksLikeLink(arg)) {
    const d = decodeLink(arg);
    if ('error' in d) {
      io.err(`kubeplay: cannot open the link: ${d.error}\n`);
      return EXIT_INVALID;
    }
    if (d.kind === 'run') return { text: d.link.scenario, display: 'link', file: join(io.cwd, 'link'), at: d.link.at };
    const file = join(BUILTIN_DIR, `${d.name}.yaml`);
    const text = readText(file, `built-in scenario ${d.name}`, io);
    return typeof text === 'number' ? text : { text, display: `${d.name}.yaml`, file, ...(d.at !== undefined && { at: d.at }) };
  }
  const display = relative(io.cwd, arg) || arg;
  const text = readText(arg, `scenario ${display}`, io);
  return typeof text === 'number' ? text : { text, display, file: arg };
}

function readText(file: string, what: string, io: CliIO): string | number {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`kubeplay: cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return EXIT_INVALID;
  }
}

/** `kubeplay export LINK -o FILE`: the scenario the link holds, as the app's Export would save it. */
function exportLink(link: string, output: string, io: CliIO): number {
  const d = decodeLink(link);
  if ('error' in d) {
    io.err(`kubeplay: cannot open the link: ${d.error}\n`);
    return EXIT_INVALID;
  }
  const text = d.kind === 'run' ? d.link.scenario : readText(join(BUILTIN_DIR, `${d.name}.yaml`), `built-in scenario ${d.name}`, io);
  if (typeof text === 'number') return text;
  try {
    writeFileSync(join(io.cwd, output), text);
  } catch (e) {
    io.err(`kubeplay: cannot write ${output}: ${(e as NodeJS.ErrnoException).code ?? String(e)}\n`);
    return EXIT_INVALID;
  }
  const moment = d.kind === 'run' ? ` (shared at ${(d.link.at / 1000).toFixed(3)} s)` : '';
  io.out(`wrote ${output}${moment}\n`);
  return EXIT_OK;
}
