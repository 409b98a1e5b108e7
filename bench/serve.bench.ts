// Issue 17's serve benchmarks, written into bench/results/latest.json (issue 14's file):
// - serve-list-3000: the median server time (request read to last byte written, ServeOptions.onAnswered)
//   of `GET /api/v1/pods` asking for a meta.k8s.io/v1 Table, as `kubectl get pods -A` does, with
//   3,000 pods stored. Goal <= 50 ms.
// - serve-watch-200: 200 open watches on one namespace's pods; the median wall time from sending
//   a pod's create to the last of the 200 watchers reading its ADDED event. Goal <= 20 ms.
// Both at --speed 1 (simulated time follows wall time), the clients in this same process.
// Not part of npm test. Usage: npm run bench:serve [-- --pods 3000 --watchers 200 --runs 21 --only list|watch]
// (--only runs one of the two, for profiling: npx tsx --cpu-prof bench/serve.bench.ts --only watch)

import { cpus, loadavg } from 'node:os';
import { Agent, request } from 'node:https';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseScenario } from '../src/sim/scenario/parse';
import { serve, type ServeHandle } from '../src/serve/serve';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

const PODS = arg('pods', 3000);
const WATCHERS = arg('watchers', 200);
const RUNS = arg('runs', 21);
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

interface Client {
  call(path: string, opts?: { method?: string; body?: string; accept?: string }): Promise<{ status: number; body: string }>;
  watch(path: string, onLine: (line: string) => void): Promise<void>;
  close(): void;
}

function client(h: ServeHandle): Client {
  const admin = h.pki.clients.find((c) => c.user === 'kubernetes-admin')!;
  const url = new URL(h.url);
  const tls = { ca: h.pki.ca.certPem, cert: admin.certPem, key: admin.keyPem };
  // Each watch on a connection of its own, never reused.
  const agent = new Agent({ keepAlive: false, maxSockets: WATCHERS + 8, ...tls });
  // Calls on one kept-alive connection, as kubectl makes them: client-go's transport is Go's
  // net/http Transport (HTTP/2 where the server offers it, else HTTP/1.1 keep-alive, as here), one
  // per config (k8s.io/client-go/transport/cache.go), so a `kubectl create` sends its POST on the
  // connection its discovery and openapi requests opened, not after a TLS handshake of its own. The calls come back to back, well inside the server's 5 s keep-alive
  // timeout (node:http keepAliveTimeout), so the connection is never closed under a request.
  const kept = new Agent({ keepAlive: true, maxSockets: 1, ...tls });
  const base = { hostname: url.hostname, port: url.port, agent };
  return {
    call: (path, o = {}) =>
      new Promise((resolve, reject) => {
        const headers: Record<string, string> = { accept: o.accept ?? 'application/json' };
        if (o.body !== undefined) headers['content-type'] = 'application/json';
        const r = request({ ...base, agent: kept, path, method: o.method ?? 'GET', headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        });
        r.on('error', reject);
        r.end(o.body);
      }),
    // Resolves once the headers are in (the watch is established), then reports each event line.
    watch: (path, onLine) =>
      new Promise((resolve, reject) => {
        const r = request({ ...base, path, headers: { accept: 'application/json' } }, (res) => {
          let buf = '';
          res.on('data', (c: Buffer) => {
            buf += c.toString();
            let nl: number;
            while ((nl = buf.indexOf('\n')) >= 0) {
              onLine(buf.slice(0, nl));
              buf = buf.slice(nl + 1);
            }
          });
          resolve();
        });
        r.on('error', reject);
        r.end();
      }),
    close: () => {
      agent.destroy();
      kept.destroy();
    },
  };
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
    const c = client(h);
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

const ADDED_NAME = /^\{"type":"ADDED","object":\{"kind":"Pod","apiVersion":"v1","metadata":\{"name":"([^"]+)"/;

async function benchWatch(): Promise<number> {
  const parsed = parseScenario(scenario(3), 'serve-bench.yaml');
  if (!parsed.ok) throw new Error('invalid bench scenario');
  const h = await serve({ scenario: parsed.scenario, port: 0, address: '127.0.0.1', speed: 1 });
  const c = client(h);
  try {
    let pending = new Map<string, { sent: number; seen: number; done: (ms: number) => void }>();
    // The clients share the server's process, so what they spend reading counts against it. A real
    // watcher decodes every event; this one only needs each ADDED's name. kube-apiserver writes a
    // WatchEvent as {"type":...,"object":{"kind":...,"apiVersion":...,"metadata":{"name":...
    // (struct order, src/sim/api/wire-json.ts), so both are read off the line's start instead of
    // JSON.parse of all 200 copies of every event (most of this bench's time, by --cpu-prof).
    const onLine = (line: string): void => {
      if (!line.startsWith('{"type":"ADDED"')) return;
      const name = ADDED_NAME.exec(line)?.[1];
      if (name === undefined) throw new Error(`an ADDED event without metadata.name first: ${line.slice(0, 120)}`);
      const p = pending.get(name);
      if (!p) return;
      if (++p.seen === WATCHERS) p.done(performance.now() - p.sent);
    };
    await Promise.all(Array.from({ length: WATCHERS }, () => c.watch('/api/v1/namespaces/default/pods?watch=true&timeoutSeconds=3600', onLine)));
    const times: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const name = `w-${i}`;
      const seen = new Promise<number>((done) => pending.set(name, { sent: performance.now(), seen: 0, done }));
      const body = JSON.stringify({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: { containers: [{ name: 'c', image: 'nginx:1.25' }] } });
      const created = await c.call('/api/v1/namespaces/default/pods', { method: 'POST', body });
      if (created.status !== 201) throw new Error(`create answered ${created.status}`);
      const ms = await seen;
      // The first write warms the paths up.
      if (i > 0) times.push(ms);
      pending = new Map(pending);
      pending.delete(name);
    }
    return median(times);
  } finally {
    c.close();
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
const watchMs = ONLY === 'list' ? undefined : await benchWatch();
if (watchMs !== undefined) console.error(`serve-watch-200: ${watchMs.toFixed(1)} ms`);
const previous = (): Record<string, unknown> => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};
const results = previous();
if (listMs !== undefined) results['serve-list-3000'] = entry(listMs, 50, `median server time of GET /api/v1/pods as a meta.k8s.io/v1 Table with ${PODS} pods, ${RUNS} runs, --speed 1, client in the same process`);
if (watchMs !== undefined) results['serve-watch-200'] = entry(watchMs, 20, `${WATCHERS} watches on default's pods; median wall time from sending a create to the last watcher's ADDED event, ${RUNS} runs, --speed 1, clients in the same process`);
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
console.table({ 'serve-list-3000': results['serve-list-3000'], 'serve-watch-200': results['serve-watch-200'] });
