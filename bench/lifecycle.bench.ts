// Headless benchmark: boot a cluster of N workers, create M pods with one `kubectl apply`, and run
// the simulation until every pod is Running. Prints simulated time, events processed, wall time and
// events per second. Usage: npm run bench [-- --nodes 50 --pods 500]

import { buildCluster } from '../src/sim/cluster';

function arg(name: string, def: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
}

function podList(n: number): string {
  const docs: string[] = [];
  for (let i = 0; i < n; i++) {
    docs.push(`apiVersion: v1
kind: Pod
metadata:
  name: web-${i}
  labels: {app: web}
spec:
  containers:
  - name: nginx
    image: nginx:1.25
    resources: {requests: {cpu: 10m, memory: 16Mi}}
`);
  }
  return docs.join('---\n');
}

function runOne(nodes: number, pods: number): Record<string, string | number> {
  const t0 = performance.now();
  const workers = Array.from({ length: nodes }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '8', memory: '32Gi', pods: 110 }));
  const c = buildCluster({ nodes: workers }, { seed: 1, traceLimit: 200_000 });
  const tBoot = performance.now();
  const apply = c.run('kubectl apply -f -', { stdin: podList(pods), limitMs: 600_000 });
  if (apply.exitCode !== 0) throw new Error(apply.stderr);
  let running = 0;
  let simT: number;
  for (simT = 1_000; simT <= 600_000; simT += 1_000) {
    c.sim.runUntil(simT);
    const out = c.run('kubectl get pods --no-headers').stdout;
    running = out.split('\n').filter((l) => /\sRunning\s/.test(l)).length;
    if (running === pods) break;
  }
  const t1 = performance.now();
  const events = c.sim.world.traceCount;
  return {
    nodes,
    pods,
    running,
    'sim time to all Running (s)': simT / 1000,
    'trace records': events,
    'boot wall (ms)': Math.round(tBoot - t0),
    'total wall (ms)': Math.round(t1 - t0),
    'records / wall s': Math.round(events / ((t1 - t0) / 1000)),
  };
}

const sizes = process.argv.includes('--nodes')
  ? [[arg('nodes', 3), arg('pods', 10)]]
  : [
      [3, 10],
      [10, 100],
      [50, 500],
    ];
const rows = sizes.map(([n, p]) => runOne(n!, p!));
console.table(rows);
