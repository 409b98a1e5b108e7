// Time travel's budget (issue 10): seeking anywhere in a 10-minute run of the default cluster takes
// under 1 s, and the snapshots it keeps stay bounded. Plays the default scenario for 10 simulated
// minutes through the worker's session (as the app does: 16 ms ticks at 100x, with a deployment,
// a scale, a node power-off and power-on on the way), then seeks to moments spread over the run,
// the worst ones just before a snapshot (the longest replay), and prints each seek's wall time as
// the worker measures it, and the snapshots' count and size.
// With `--workers N` the cluster has N workers instead of the default's three, to see how snapshot
// sizes grow and what the byte budget (time-machine.ts SNAPSHOT_BUDGET_BYTES) leaves of them.
// Usage: npm run bench:seek [-- --minutes 10 --seeks 40 --workers 50]

import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { serialize } from 'node:v8';
import type { WorkerToUi } from '../src/protocol/view';
import { SimSession } from '../src/worker/session';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const minutes = arg('minutes', 10);
const seeks = arg('seeks', 40);
const endMs = minutes * 60_000;
const workers = arg('workers', 0);

/** The default scenario, or the same with N workers (named worker-1..N like the default's three). */
function scenarioText(): string {
  const text = readFileSync('public/scenarios/default.yaml', 'utf8');
  if (!workers) return text;
  const nodes = Array.from({ length: workers }, (_, i) => `      - {name: worker-${i + 1}}`).join('\n');
  return text.replace('  seed: 1\n', `  seed: 1\n  cluster:\n    nodes:\n${nodes}\n`);
}

const s = new SimSession();
const loaded = s.handle({ type: 'load', file: 'default.yaml', text: scenarioText() });
if (loaded[0]?.type !== 'loaded') throw new Error(JSON.stringify(loaded));
s.tick(0);
const actions: [number, Parameters<SimSession['handle']>[0]][] = [
  [5_000, { type: 'exec', requestId: 1, line: 'kubectl create deployment web --image=nginx:1.25 --replicas=3' }],
  [90_000, { type: 'exec', requestId: 2, line: 'kubectl scale deployment web --replicas=6' }],
  [180_000, { type: 'kill', target: 'node/worker-2' }],
  [420_000, { type: 'start', target: 'node/worker-2' }],
];
const t0 = performance.now();
s.handle({ type: 'speed', speed: 100 });
s.handle({ type: 'play' });
while (s.cluster!.sim.now < endMs) {
  while (actions.length && actions[0]![0] <= s.cluster!.sim.now) s.handle(actions.shift()![1]);
  s.tick(16);
}
s.handle({ type: 'pause' });
s.tick(0);
const played = s.cluster!.sim.now;
console.log(`played ${(played / 60_000).toFixed(2)} simulated minutes in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// Evenly spread moments, and the worst case: 1 ms before each snapshot after the first.
const targets: number[] = [];
for (let i = 0; i < seeks; i++) targets.push(Math.round(((i + 0.5) / seeks) * played));
const session = s as unknown as { run: { machine: { snapshots: { at: number; cluster: unknown; runner: unknown; bytes: number }[]; bytes: number } } };
const snaps = session.run.machine.snapshots;
for (const x of snaps.slice(1)) targets.push(x.at - 1);
targets.push(played);
// Out of order, as a person dragging back and forth would: alternate early and late moments.
targets.sort((a, b) => ((a * 7919) % 1000) - ((b * 7919) % 1000));

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const times: { to: number; wallMs: number; cpuMs: number; replayedMs: number }[] = [];
for (const to of targets) {
  const cpu0 = cpuMs();
  const out: WorkerToUi[] = s.handle({ type: 'seek', time: to });
  const cpu = cpuMs() - cpu0;
  const seeked = out.find((m) => m.type === 'seeked');
  if (!seeked || seeked.type !== 'seeked') throw new Error(JSON.stringify(out));
  s.tick(0);
  times.push({ to, wallMs: seeked.wallMs, cpuMs: cpu, replayedMs: seeked.replayedMs });
}
const sorted = [...times].sort((a, b) => a.wallMs - b.wallMs);
const worst = sorted.at(-1)!;
const median = sorted[Math.floor(sorted.length / 2)]!;
const worstCpu = Math.max(...times.map((x) => x.cpuMs));
const longest = Math.max(...times.map((x) => x.replayedMs));
const sizes = snaps.map((x) => serialize({ cluster: x.cluster, runner: x.runner }).length);
const mb = (n: number) => (n / 1024 / 1024).toFixed(2);
console.log(`${times.length} seeks in a ${(played / 60_000).toFixed(1)}-minute run: median ${median.wallMs.toFixed(0)} ms, worst ${worst.wallMs.toFixed(0)} ms wall (to ${(worst.to / 1000).toFixed(1)} s, ${(worst.replayedMs / 1000).toFixed(1)} s replayed); worst ${worstCpu.toFixed(0)} ms CPU; longest replay ${(longest / 1000).toFixed(1)} s`);
console.log(`load average while measuring: ${loadavg().map((x) => x.toFixed(1)).join(' ')} on ${cpus().length} cores`);
console.log(`snapshots: ${snaps.length}, ${mb(Math.min(...sizes))}-${mb(Math.max(...sizes))} MB each, ${mb(sizes.reduce((a, b) => a + b, 0))} MB in all (v8.serialize)`);
const estimates = snaps.map((x) => x.bytes);
console.log(`estimated (the budget's measure): ${mb(Math.min(...estimates))}-${mb(Math.max(...estimates))} MB each, ${mb(session.run.machine.bytes)} MB in all; widest gap ${(Math.max(...snaps.slice(1).map((x, i) => x.at - snaps[i]!.at)) / 1000).toFixed(0)} s`);
console.log(`under 1 s: ${worst.wallMs < 1000 ? 'yes' : 'NO'} (wall), ${worstCpu < 1000 ? 'yes' : 'NO'} (CPU)`);
