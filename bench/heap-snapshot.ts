// `node --expose-gc --import tsx bench/heap-snapshot.ts 50x1000 [out.heapsnapshot]`: the lifecycle
// line's run (bench/lifecycle.ts) kept alive to its end, then the live heap after a full collection,
// the growth per pod over the booted cluster and, when a path is given, a V8 heap snapshot of it
// (open in Chrome's Memory tab, or aggregate retainers by path). Issue 14: memory per pod.

import { writeHeapSnapshot } from 'node:v8';
import { buildCluster } from '../src/sim/cluster';
import { deployments, runningPods } from './lifecycle';

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const mb = (bytes: number): number => Math.round(bytes / 1e6);

const [n, p] = (process.argv[2] ?? '50x1000').split('x').map(Number) as [number, number];
const workers = Array.from({ length: n }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '8', memory: '32Gi', pods: 110 }));
const c = buildCluster({ nodes: workers }, { seed: 1, traceLimit: 100_000 });
gc();
const boot = process.memoryUsage().heapUsed;
console.log(`booted: live heap ${mb(boot)} MB, ${c.sim.world.trace.length} trace records`);
const simStart = c.sim.now;
const apply = c.run('kubectl apply -f -', { stdin: deployments(p), limitMs: 600_000 });
if (apply.exitCode !== 0) throw new Error(apply.stderr);
let peak = 0;
for (;;) {
  c.sim.runUntil(c.sim.now + 1000);
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  if (runningPods(c) >= p || c.sim.now - simStart > 600_000) break;
}
gc();
const end = process.memoryUsage().heapUsed;
const perPodKB = Math.round((end - boot) / p / 1e3);
console.log(`${(c.sim.now - simStart) / 1000} simulated s: peak heap ${mb(peak)} MB, live after gc ${mb(end)} MB, ${perPodKB} KB per pod over boot, ${c.sim.world.trace.length} of ${c.sim.world.traceCount} trace records kept`);
if (process.argv[3]) console.log(writeHeapSnapshot(process.argv[3]));
(globalThis as { keep?: unknown }).keep = c; // the cluster stays reachable until the snapshot
