// `npm run bench [-- --quick | --full] [--only NAME]`: the benchmark lines of issue 14, one JSON line
// each on stdout, and all of them written to bench/results/latest.json (keyed by name, beside the
// serve bench's entries). --quick (under a minute, run in CI): the kernel baseline, 50 x 1,000 and
// the CLI's start. The default adds 150 x 3,000 and a 3-member etcd run; --full adds the 5,000-node
// lines: scheduler-5000, idle-5000, lifecycle-500x15000 and lifecycle-5000x150000 (the last takes
// hours at today's cost per pod: README, Benchmarks). `--only NAME` runs one line (and the baseline);
// `--scheduler NxM` and `--idle N` run those lines at another size, to compare commits quickly.
// A lifecycle line writes a progress line to stderr every 30 wall seconds; `--max-wall S` stops each
// lifecycle line after S wall seconds, its line then saying `finished: false` and `podsRunning`.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initialBundle } from './bundle';
import { kernelBaseline } from './kernel-baseline';
import { idle } from './idle';
import { lifecycle } from './lifecycle';
import { scheduler } from './scheduler';
import { machine, round, type Line, type SimLine } from './lines';
import { maxWallArg } from './progress';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const full = args.includes('--full');
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const maxWall = maxWallArg(args);
const wall = maxWall === undefined ? {} : { maxWallSeconds: maxWall };

function cliStart(): Line {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const t0 = performance.now();
    execFileSync(process.execPath, [join(ROOT, 'bin/kubeplay.mjs'), 'help'], { stdio: 'ignore' });
    if (i > 0) times.push(performance.now() - t0); // the first start may bundle the CLI
  }
  times.sort((a, b) => a - b);
  return { name: 'cli-start', helpWallMs: Math.round(times[Math.floor(times.length / 2)]!), runs: times.length };
}

function withBaseline(line: SimLine, base: Line): SimLine {
  const b = (base as { messagesPerWallSecond?: number }).messagesPerWallSecond;
  return b ? { ...line, perMessageRatioToBaseline: round(b / line.messagesPerWallSecond, 2) } : line;
}

const plan: [string, () => Line | undefined][] = [
  ['kernel-baseline', () => kernelBaseline(quick ? 20 : 60)],
  ['lifecycle-50x1000', () => lifecycle(50, 1000, wall)],
];
if (!quick) plan.push(['lifecycle-150x3000', () => lifecycle(150, 3000, wall)], ['lifecycle-50x1000-etcd3', () => lifecycle(50, 1000, { etcdMembers: 3, ...wall })]);
if (full) {
  plan.push(
    ['scheduler-5000', () => scheduler(5000, 10000)],
    ['idle-5000', () => idle(5000)],
    ['lifecycle-500x15000', () => lifecycle(500, 15000, wall)],
    ['lifecycle-5000x150000', () => lifecycle(5000, 150000, { limitSimSeconds: 1800, ...wall })],
  );
}
// `--size 10x100`: one lifecycle run of that size instead (to compare commits quickly).
const size = args.includes('--size') ? /^(\d+)x(\d+)$/.exec(args[args.indexOf('--size') + 1] ?? '') : null;
if (size) plan.splice(1, plan.length - 1, [`lifecycle-${size[1]}x${size[2]}`, () => lifecycle(Number(size[1]), Number(size[2]), wall)]);
const sizeOf = (flag: string): string | undefined => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const sched = /^(\d+)x(\d+)$/.exec(sizeOf('--scheduler') ?? '');
if (sched) plan.splice(1, plan.length - 1, [`scheduler-${sched[1]}`, () => scheduler(Number(sched[1]), Number(sched[2]))]);
const idleNodes = /^(\d+)$/.exec(sizeOf('--idle') ?? '');
if (idleNodes) plan.splice(1, plan.length - 1, [`idle-${idleNodes[1]}`, () => idle(Number(idleNodes[1]))]);
plan.push(['cli-start', cliStart], ['bundle', () => initialBundle(join(ROOT, 'dist'))]);

const out = join(ROOT, 'bench/results/latest.json');
const results: Record<string, unknown> = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
let baseline: Line | undefined;
for (const [name, run] of plan) {
  if (only && name !== only && name !== 'kernel-baseline') continue;
  const at = machine();
  let line = run();
  if (!line) continue;
  if (name === 'kernel-baseline') baseline = line;
  else if (baseline && 'messagesPerWallSecond' in line) line = withBaseline(line as SimLine, baseline);
  const full = { ...line, ...at };
  console.log(JSON.stringify(full));
  results[line.name] = full;
  // After every line, so a line that takes hours or dies keeps the ones before it.
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
}
