// `lifecycle-NxM`: boot N workers, apply M pods as Deployments of 50 replicas in one `kubectl apply`,
// and run until every pod is Running. The bench reads the apiserver's watch cache between simulated
// seconds to see how many are Running (as an observer outside the simulation: no message, no
// LIST), so the figure is the simulation's cost alone. Boot is measured apart from the run.

import { buildCluster } from '../src/sim/cluster';
import { apiserverState } from '../src/sim/chaos/observe';
import { HeapPeak, liveHeapMB, round, type SimLine } from './lines';
import { getHeapStatistics } from 'node:v8';
import { overHeapBudget, partialFields, progressLine, WallWatch, type Progress } from './progress';

/** M pods as Deployments of 50 replicas, one YAML stream. */
export function deployments(pods: number): string {
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

/** Running pods of namespace default, read from the watch cache (no message, no LIST). */
export function runningPods(c: ReturnType<typeof buildCluster>): number {
  const s = apiserverState(c.sim);
  let n = 0;
  for (const o of s?.cache.get('pods')?.objects.values() ?? []) if ((o.obj.status as { phase?: string } | undefined)?.phase === 'Running' && o.obj.metadata.namespace === 'default') n++;
  return n;
}

/** Pods of namespace default bound to a node, read from the watch cache (for the progress line only). */
function boundPods(c: ReturnType<typeof buildCluster>): number {
  let n = 0;
  for (const o of apiserverState(c.sim)?.cache.get('pods')?.objects.values() ?? []) if ((o.obj.spec as { nodeName?: string } | undefined)?.nodeName && o.obj.metadata.namespace === 'default') n++;
  return n;
}

/**
 * `sim.runUntil(t)`, calling `check` every 2,048 events: at 5,000 x 150,000 one simulated second
 * takes minutes of wall time. Returns false, the clock left at the last event, when `check` says stop.
 */
export function runWatched(sim: ReturnType<typeof buildCluster>['sim'], t: number, check: () => boolean): boolean {
  for (let n = 1; ; n++) {
    const next = sim.nextEventTime();
    if (next === undefined || next > t) break;
    sim.step();
    if ((n & 2047) === 0 && check()) return false;
  }
  sim.runUntil(t);
  return true;
}

export interface LifecycleOptions {
  etcdMembers?: number;
  limitSimSeconds?: number;
  /** Stop after this many wall seconds from the apply; the line then says `finished: false`. */
  maxWallSeconds?: number;
  /** A progress line on stderr this often (wall seconds). */
  progressEverySeconds?: number;
}

export function lifecycle(nodes: number, pods: number, opts: LifecycleOptions = {}): SimLine {
  const name = `lifecycle-${nodes}x${pods}${opts.etcdMembers ? `-etcd${opts.etcdMembers}` : ''}`;
  const heap = new HeapPeak();
  const tBoot = performance.now();
  const workers = Array.from({ length: nodes }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '8', memory: '32Gi', pods: 110 }));
  const c = buildCluster({ nodes: workers, ...(opts.etcdMembers && { etcd: { members: opts.etcdMembers } }) }, { seed: 1, traceLimit: 100_000 });
  const bootSeconds = (performance.now() - tBoot) / 1000;
  const watch = new WallWatch(opts.progressEverySeconds, opts.maxWallSeconds);
  if (bootSeconds >= 10) process.stderr.write(`${JSON.stringify({ booted: name, bootWallSeconds: round(bootSeconds, 1), heapUsedMB: Math.round(process.memoryUsage().heapUsed / 1e6) })}\n`);
  const simStart = c.sim.now;
  const msgStart = c.sim.world.traceCount;
  const t0 = performance.now();
  // The apply runs as a job beside the simulated seconds, so a long apply is watched like the rest.
  const apply = c.exec('kubectl apply -f -', { stdin: deployments(pods) });
  let applied = false;
  const limit = (opts.limitSimSeconds ?? 600) * 1000;
  let running = 0;
  const figures = (): Progress => ({
    podsRunning: runningPods(c),
    podsBound: boundPods(c),
    simSeconds: round((c.sim.now - simStart) / 1000, 1),
    wallSeconds: round((performance.now() - t0) / 1000, 1),
    heapUsedMB: Math.round(process.memoryUsage().heapUsed / 1e6),
    messages: c.sim.world.traceCount - msgStart,
  });
  const heapLimit = getHeapStatistics().heap_size_limit;
  let stoppedBy: 'wall' | 'heap' | undefined;
  /** Between events: a progress line when due; true to stop (the wall limit, the heap budget). */
  const check = (): boolean => {
    heap.sample();
    const wallNow = (performance.now() - t0) / 1000;
    if (watch.due(wallNow)) process.stderr.write(`${progressLine(name, figures())}\n`);
    if (watch.over(wallNow)) stoppedBy = 'wall';
    else if (overHeapBudget(process.memoryUsage().heapUsed, heapLimit)) stoppedBy = 'heap';
    return stoppedBy !== undefined;
  };
  while (c.sim.now - simStart < limit) {
    const stopped = !runWatched(c.sim, c.sim.now + 1000, check);
    heap.sample();
    if (!applied) {
      const out = c.output(apply);
      if (out && out.exitCode !== 0) throw new Error(out.stderr);
      applied = out !== undefined;
    }
    running = runningPods(c);
    if (running >= pods || stopped || check()) break;
  }
  const wall = (performance.now() - t0) / 1000;
  const sim = (c.sim.now - simStart) / 1000;
  const messages = c.sim.world.traceCount - msgStart;
  return {
    name,
    nodes,
    pods,
    running,
    ...partialFields(pods, running),
    ...(running < pods && stoppedBy && { stoppedBy }),
    wallSeconds: round(wall, 3),
    bootWallSeconds: round(bootSeconds, 3),
    simSeconds: round(sim, 1),
    realTimeFactor: round(sim / wall, 2),
    podsPerWallSecond: Math.round(running / wall),
    messages,
    messagesPerWallSecond: Math.round(messages / wall),
    peakHeapMB: heap.mb,
    liveHeapMB: liveHeapMB(c),
  };
}
