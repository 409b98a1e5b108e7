// `node --expose-gc --import tsx bench/heap-snapshot.ts 50x1000 [out.heapsnapshot]`: the lifecycle
// line's run (bench/lifecycle.ts) kept alive to its end, then the live heap after a full collection,
// the growth per pod over the booted cluster and, when a path is given, a V8 heap snapshot of it
// (open in Chrome's Memory tab, or aggregate retainers by path). Issue 14: memory per pod.
import { writeHeapSnapshot } from 'node:v8';

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
import { buildCluster } from '../src/sim/cluster';
import { apiserverState } from '../src/sim/chaos/observe';
const [n, p] = (process.argv[2] ?? '50x1000').split('x').map(Number) as [number, number];
function deployments(pods: number): string {
  const docs: string[] = [];
  for (let i = 0; i * 50 < pods; i++) {
    const replicas = Math.min(50, pods - i * 50);
    docs.push(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-${i}
spec:
  replicas: ${replicas}
  selector:
    matchLabels: {app: web-${i}}
  template:
    metadata:
      labels: {app: web-${i}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.25
        resources: {requests: {cpu: 10m, memory: 16Mi}}
`);
  }
  return docs.join('---\n');
}
const workers = Array.from({ length: n }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '8', memory: '32Gi', pods: 110 }));
const c = buildCluster({ nodes: workers }, { seed: 1, traceLimit: 100_000 });
gc();
const boot = process.memoryUsage().heapUsed;
console.log('after boot MB', Math.round(boot/1e6), 'trace', c.sim.world.trace.length);
const simStart = c.sim.now;
const apply = c.run('kubectl apply -f -', { stdin: deployments(p), limitMs: 600_000 });
if (apply.exitCode !== 0) throw new Error(apply.stderr);
let peak = 0;
for (;;) {
  c.sim.runUntil(c.sim.now + 1000);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  const s = apiserverState(c.sim);
  let r = 0;
  for (const o of s?.cache.get('pods')?.objects.values() ?? []) if ((o.obj.status as { phase?: string } | undefined)?.phase === 'Running' && o.obj.metadata.namespace === 'default') r++;
  if (r >= p || c.sim.now - simStart > 600_000) break;
}
gc();
const end = process.memoryUsage().heapUsed;
console.log('sim s', (c.sim.now - simStart)/1000, 'peak MB', Math.round(peak/1e6), 'live after gc MB', Math.round(end/1e6), 'per pod KB (live-boot)', Math.round((end-boot)/p/1e3), 'trace', c.sim.world.trace.length, 'traceCount', c.sim.world.traceCount);
if (process.argv[3]) console.log(writeHeapSnapshot(process.argv[3]));
(globalThis as { keep?: unknown }).keep = c; // keep the cluster reachable until the snapshot
