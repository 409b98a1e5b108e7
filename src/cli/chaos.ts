// `npm run chaos -- --seeds N [--seed S] [--scenario FILE] [--no-shrink] [--out DIR]`: deterministic
// simulation testing. Each seed is a random cluster, workload and fault schedule (src/sim/chaos);
// every run is checked against the invariants and run a second time to check that the same seed
// gives the same trace hash. A failure prints its seed and writes a scenario file that reproduces
// it, shrunk to the fewest steps that still fail the same way.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateChaosScenario } from '../sim/chaos/generate';
import { runChaos, type ChaosResult } from '../sim/chaos/run';
import { shrinkChaos } from '../sim/chaos/shrink';
import { parseScenario } from '../sim/scenario/parse';
import { formatScenarioError, type Scenario } from '../sim/scenario/schema';
import { serializeScenario } from '../sim/scenario/serialize';

interface Options {
  seeds: number;
  first: number;
  scenario?: string;
  shrink: boolean;
  out: string;
  repeat: boolean;
}

const USAGE = `Usage: npm run chaos -- [--seeds N] [--seed S] [--scenario FILE] [--no-shrink] [--no-repeat] [--out DIR]
  --seeds N        how many seeds to run (default 10), starting at --seed (default 1)
  --seed S         the first seed (with --seeds 1: just this one)
  --scenario FILE  run a scenario file (a reproduction) and check the invariants
  --no-shrink      write a failing seed's scenario as generated, unshrunk
  --no-repeat      do not run each seed twice to compare trace hashes
  --out DIR        where reproductions go (default chaos-failures/)`;

function parse(argv: string[]): Options | string {
  const o: Options = { seeds: 10, first: 1, shrink: true, out: 'chaos-failures', repeat: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const v = (): string => argv[++i] ?? '';
    if (a === '--seeds') o.seeds = Number(v());
    else if (a === '--seed') o.first = Number(v());
    else if (a === '--scenario') o.scenario = v();
    else if (a === '--no-shrink') o.shrink = false;
    else if (a === '--no-repeat') o.repeat = false;
    else if (a === '--out') o.out = v();
    else return `unknown argument ${a}\n${USAGE}`;
  }
  if (!Number.isInteger(o.seeds) || o.seeds < 1 || !Number.isInteger(o.first) || o.first < 0) return USAGE;
  return o;
}

function report(r: ChaosResult): string {
  return r.violations.map((v) => `  ${v.invariant}: ${v.detail}`).join('\n');
}

function writeReproduction(o: Options, r: ChaosResult, original: Scenario): string {
  mkdirSync(o.out, { recursive: true });
  const file = join(o.out, `chaos-${original.seed}.yaml`);
  const header = [
    `Chaos seed ${original.seed} (${original.description ?? ''}) violated:`,
    ...r.violations.slice(0, 10).map((v) => `  ${v.invariant}: ${v.detail}`),
    `Reproduce: npm run chaos -- --scenario ${file}`,
  ].join('\n');
  writeFileSync(file, serializeScenario(r.scenario, header));
  return file;
}

function runOne(o: Options, scenario: Scenario, out: (s: string) => void): boolean {
  const started = performance.now();
  const r = runChaos(scenario);
  let ok = r.violations.length === 0;
  let line = `seed ${scenario.seed}: ${scenario.description ?? scenario.name}; ${r.records} records, ${((performance.now() - started) / 1000).toFixed(1)} s, trace hash ${r.traceHash}`;
  if (o.repeat) {
    const again = runChaos(scenario);
    if (again.traceHash !== r.traceHash) {
      ok = false;
      r.violations.push({ invariant: 'same seed, same trace hash', detail: `${r.traceHash} then ${again.traceHash}` });
    }
  }
  out(`${ok ? 'ok  ' : 'FAIL'} ${line}\n`);
  if (ok) return true;
  out(report(r) + '\n');
  let final = r;
  if (o.shrink && !o.scenario && r.violations.some((v) => v.invariant !== 'same seed, same trace hash')) {
    const s = shrinkChaos(r, { onProgress: (n, runs) => out(`  shrinking: ${n} steps left after ${runs} runs\n`) });
    final = s.result;
    line = `  shrunk to ${s.scenario.steps.length} steps in ${s.runs} runs`;
    out(line + '\n');
  }
  if (!o.scenario) out(`  reproduction: ${writeReproduction(o, final, scenario)}\n`);
  return false;
}

export function chaosMain(argv: string[], out: (s: string) => void): number {
  const o = parse(argv);
  if (typeof o === 'string') {
    out(o + '\n');
    return 2;
  }
  if (o.scenario) {
    const parsed = parseScenario(readFileSync(o.scenario, 'utf8'), o.scenario);
    if (!parsed.ok) {
      out(parsed.errors.map(formatScenarioError).join('\n') + '\n');
      return 2;
    }
    return runOne(o, parsed.scenario, out) ? 0 : 1;
  }
  let failed = 0;
  for (let seed = o.first; seed < o.first + o.seeds; seed++) if (!runOne(o, generateChaosScenario(seed), out)) failed++;
  out(`${o.seeds - failed} of ${o.seeds} seeds passed\n`);
  return failed ? 1 : 0;
}

