// Issue 17's serve benchmarks, written into bench/results/latest.json (issue 14's file):
// - serve-list-3000: the median server time (request read to last byte written, ServeOptions.onAnswered)
//   of `GET /api/v1/pods` asking for a meta.k8s.io/v1 Table, as `kubectl get pods -A` does, with
//   3,000 pods stored. Goal <= 50 ms.
// - serve-watch-200: 200 open watches on one namespace's pods; the median wall time from sending
//   a pod's create to the last of the 200 watchers reading its ADDED event. Goal <= 20 ms. The
//   watchers and the create's sender run in a worker thread (bench/serve-watchers.ts), with an event
//   loop of their own, as real watchers are other processes; the time is read on that thread.
//   The clients speak HTTP/2 as kubectl and client-go do against kube-apiserver: the 200 watches are
//   one client process's, on two connections of 100 streams (kube-apiserver's stream limit), and the
//   creates go on a connection of their own. --http1: HTTP/1.1, a connection per watch (200 TLS
//   connections, as 200 clients that do not speak HTTP/2 would make).
//   --gap N: before each create, wait until the watchers have read nothing for N wall ms (the earlier
//   pods' binding and kubelet MODIFIED events have settled). Default 0: back to back, so a window
//   also carries those events (375-1,000 other lines per sample).
//   Its phases (phasesMs in latest.json): medians, from sending the create, of the server reading
//   the POST (arrived), the request entering the simulation (entered), the 201 written (answered),
//   the first and last watcher's ADDED written (firstWrite, lastWrite) and read (firstRead, lastRead).
// Both at --speed 1 (simulated time follows wall time); the LIST client is in this same process, on HTTP/2 as kubectl is (--http1: HTTP/1.1).
// Not part of npm test. Usage: npm run bench:serve [-- --pods 3000 --watchers 200 --runs 21 --gap 0 --client-threads 1 --http1 --only list|watch]
// (--only runs one of the two, for profiling: npx tsx --cpu-prof bench/serve.bench.ts --only watch)

import { cpus, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenario } from '../src/sim/scenario/parse';
import { serve, type ServeHandle } from '../src/serve/serve';
import { client, type ClientConfig } from './serve-client';
import { sharedBytes, type WatchersInput, type WatchersOutput } from './serve-watchers';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const PODS = arg('pods', 3000);
const WATCHERS = arg('watchers', 200);
const RUNS = arg('runs', 21);
const GAP = arg('gap', 0);
/** Threads the watchers are dealt out to (the create's sender in the first). */
const THREADS = arg('client-threads', 1);
/** Clients speak HTTP/1.1, a connection per watch, instead of HTTP/2 as kubectl and client-go do. */
const HTTP1 = process.argv.includes('--http1');
const ONLY = ((i) => (i >= 0 ? process.argv[i + 1] : undefined))(process.argv.indexOf('--only'));
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function scenario(workers: number): string {
  const nodes = Array.from({ length: workers }, (_, i) => `      - {name: worker-${i + 1}, cpu: "32", memory: 128Gi, pods: "110"}`).join('\n');
  return `apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: serve-bench}\nspec:\n  seed: 1\n  cluster:\n    nodes:\n${nodes}\n  steps: []\n`;
}

function pods(n: number, prefix: string): string {
  return Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${prefix}-${i}\n  labels: {app: ${prefix}}\nspec:\n  containers:\n  - name: c\n    image: nginx:1.25\n    resources: {requests: {cpu: 1m, memory: 1Mi}}\n`).join('---\n');
}

function clientOf(h: ServeHandle): ClientConfig {
  const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
  return { url: h.url, ca: h.pki.ca.certPem, cert: admin.certPem, key: admin.keyPem, watches: WATCHERS, http2: !HTTP1 };
}

async function benchList(): Promise<number> {
  const answered: number[] = [];
  let measuring = false;
  const parsed = parseScenario(scenario(Math.ceil(PODS / 100)), 'serve-bench.yaml');
  if (!parsed.ok) throw new Error('invalid bench scenario');
  const h = await serve({
    scenario: parsed.scenario,
    port: 0,
    address: '127.0.0.1',
    speed: 1,
    onAnswered: (a) => {
      if (measuring && a.path.startsWith('/api/v1/pods')) answered.push(a.ms);
    },
  });
  try {
    // Stored and Running before measuring, so that nothing else runs meanwhile.
    const applied = h.cluster.run('kubectl apply -f -', { stdin: pods(PODS, 'bench'), limitMs: 600_000 });
    if (applied.exitCode !== 0) throw new Error(applied.stderr);
    for (let t = h.cluster.sim.now + 1000; ; t += 1000) {
      h.cluster.sim.runUntil(t);
      const out = h.cluster.run('kubectl get pods --no-headers').stdout;
      if (out.split('\n').filter((l) => /\sRunning\s/.test(l)).length === PODS) break;
      if (t > 600_000) throw new Error('pods not Running after 600 simulated s');
    }
    h.resync();
    const c = client(clientOf(h));
    const first = await c.call('/api/v1/pods?limit=500', { accept: TABLE });
    if (first.status !== 200) throw new Error(`LIST answered ${first.status}`);
    measuring = true;
    for (let i = 0; i < RUNS; i++) {
      const r = await c.call('/api/v1/pods', { accept: TABLE });
      const rows = (JSON.parse(r.body) as { rows: unknown[] }).rows.length;
      if (rows < PODS) throw new Error(`the Table has ${rows} rows`);
    }
    c.close();
    return median(answered);
  } finally {
    await h.close();
  }
}

/** The watchers and the create's sender run in worker threads (bench/serve-watchers.ts): see its header. */
async function clients(cfg: ClientConfig, runs: number, gapMs: number): Promise<WatchersOutput> {
  // The workers load TypeScript through tsx's API, as this file is loaded (npm run bench:serve is tsx).
  const tsx = import.meta.resolve('tsx/esm/api');
  const file = new URL('./serve-watchers.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
  const shared = new SharedArrayBuffer(sharedBytes(THREADS));
  new Int32Array(shared, 0, 1)[0] = -1;
  const workers = Array.from({ length: THREADS }, (_, thread) => {
    const watches = Math.floor(cfg.watches / THREADS) + (thread < cfg.watches % THREADS ? 1 : 0);
    const input: WatchersInput = { cfg: { ...cfg, watches }, thread, threads: THREADS, total: cfg.watches, runs, gapMs, shared };
    return new Worker(boot, { eval: true, workerData: input });
  });
  try {
    return await new Promise<WatchersOutput>((resolve, reject) => {
      let watching = 0;
      for (const w of workers) {
        w.on('message', (m: 'watching' | WatchersOutput) => {
          if (m !== 'watching') return resolve(m);
          if (++watching === THREADS) workers[0]!.postMessage('go');
        });
        w.once('error', reject);
        w.once('exit', (code) => reject(new Error(`a watchers' worker exited (${code}) before the end`)));
      }
    });
  } finally {
    for (const w of workers) {
      w.removeAllListeners('exit');
      void w.terminate();
    }
  }
}

/** A create's milestones on the server (ServeOptions.onMilestone), absolute ms. */
interface ServerSide {
  arrived: number;
  entered?: number;
  answered?: number;
  firstWrite?: number;
  lastWrite?: number;
}

/** Medians, from sending the create, of where its time went: server, simulation, writes, clients' reads. */
export type Phases = Record<'arrived' | 'entered' | 'answered' | 'firstWrite' | 'lastWrite' | 'firstRead' | 'lastRead', number>;

async function benchWatch(): Promise<WatchersOutput & { phases: Phases }> {
  const parsed = parseScenario(scenario(3), 'serve-bench.yaml');
  if (!parsed.ok) throw new Error('invalid bench scenario');
  // The creates come one at a time (the next once every watcher read the last one's ADDED), so the
  // latest POST's milestones are that create's.
  const creates: ServerSide[] = [];
  const h = await serve({
    scenario: parsed.scenario,
    port: 0,
    address: '127.0.0.1',
    speed: 1,
    onMilestone: (m) => {
      const c = creates.at(-1);
      if (m.kind === 'arrived') {
        if (m.method === 'POST') creates.push({ arrived: m.at });
      } else if (!c) return;
      else if (m.kind === 'entered') c.entered ??= m.at;
      else if (m.output.type === 'gateway.response' && m.output.status === 201) c.answered ??= m.at;
      else if (m.output.type === 'gateway.event' && m.output.event.type === 'ADDED' && (m.output.event.object as { metadata?: { name?: string } }).metadata?.name === `w-${creates.length - 1}`) {
        c.firstWrite ??= m.at;
        c.lastWrite = m.at;
      }
    },
  });
  try {
    const out = await clients(clientOf(h), RUNS, GAP);
    // The first create warms up and is not measured.
    const rows = out.at.map((a, i) => ({ ...creates[i + 1]!, ...a }));
    const phase = (k: keyof ServerSide | 'firstRead' | 'lastRead'): number => Math.round(median(rows.map((r) => (r[k] ?? NaN) - r.sent)) * 10) / 10;
    const phases: Phases = { arrived: phase('arrived'), entered: phase('entered'), answered: phase('answered'), firstWrite: phase('firstWrite'), lastWrite: phase('lastWrite'), firstRead: phase('firstRead'), lastRead: phase('lastRead') };
    return { ...out, phases };
  } finally {
    await h.close();
  }
}

const here = dirname(fileURLToPath(import.meta.url));
const file = join(here, 'results', 'latest.json');
const load = loadavg()[0]!.toFixed(2);
const entry = (value: number, goal: number, note: string) => ({
  value: Math.round(value * 10) / 10,
  unit: 'ms',
  goal,
  better: 'lower',
  met: value <= goal,
  runtime: `node ${process.version}`,
  date: new Date().toISOString(),
  cores: cpus().length,
  loadAverage: Number(load),
  note,
});

console.error(`serve bench: ${PODS} pods, ${WATCHERS} watchers, ${RUNS} runs; load average ${load}`);
const listMs = ONLY === 'watch' ? undefined : await benchList();
if (listMs !== undefined) console.error(`serve-list-3000: ${listMs.toFixed(1)} ms`);
const watched = ONLY === 'list' ? undefined : await benchWatch();
const watchMs = watched && median(watched.times);
if (watched) {
  const sorted = [...watched.times].sort((a, b) => a - b);
  console.error(`serve-watch-200 phases, medians in ms from sending the create: ${Object.entries(watched.phases).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  console.error(`serve-watch-200: ${watchMs!.toFixed(1)} ms (gap: ${GAP} ms quiet; first watcher's median ${median(watched.first).toFixed(1)}; min ${sorted[0]!.toFixed(1)}, max ${sorted.at(-1)!.toFixed(1)}; other lines per sample, median ${median(watched.other)}, max ${Math.max(...watched.other)}); load average now ${loadavg()[0]!.toFixed(2)}`);
}
const previous = (): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const results = previous();
if (listMs !== undefined) results['serve-list-3000'] = entry(listMs, 50, `median server time of GET /api/v1/pods as a meta.k8s.io/v1 Table with ${PODS} pods, ${RUNS} runs, --speed 1, client in the same process over ${HTTP1 ? 'HTTP/1.1' : 'HTTP/2'}`);
if (watchMs !== undefined) results['serve-watch-200'] = { ...entry(watchMs, 20, `${WATCHERS} watches on default's pods${HTTP1 ? ' over HTTP/1.1, a connection each' : ` over HTTP/2, ${Math.ceil(WATCHERS / 100)} connections of up to 100 streams`}; median wall time from sending a create to the last watcher's ADDED event, ${RUNS} runs${GAP ? `, each create after ${GAP} ms without a watch line` : ''}, --speed 1, clients in ${THREADS} worker thread${THREADS > 1 ? 's' : ''}`), phasesMs: watched!.phases };
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
console.table({ 'serve-list-3000': results['serve-list-3000'], 'serve-watch-200': results['serve-watch-200'] });
