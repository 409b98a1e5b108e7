// `scheduler-N`: pods scheduled per wall second at N nodes with the default plugins, as upstream
// scheduler_perf measures it (test/integration/scheduler_perf, SchedulingBasic): the nodes are real
// Node objects in kube-apiserver, created Ready with room for 110 pods, but no kubelet runs behind
// them, so what is measured is kube-scheduler, kube-apiserver and etcd alone. The pods are bare
// (no owner), created by one `kubectl apply`; the clock runs from the first pod in the apiserver's
// watch cache to the last pod bound (kubectl's parsing of the manifest before it is not counted),
// read from the cache between simulated steps (no message, no LIST).

import { buildCluster } from '../src/sim/cluster';
import { apiserverState } from '../src/sim/chaos/observe';
import { HeapPeak, liveHeapMB, round, type SimLine } from './lines';

function nodeDocs(nodes: number): string {
  const docs: string[] = [];
  for (let i = 1; i <= nodes; i++) {
    docs.push(`apiVersion: v1
kind: Node
metadata:
  name: sched-node-${i}
  labels: {kubernetes.io/hostname: sched-node-${i}}
status:
  capacity: {cpu: "4", memory: 32Gi, pods: "110"}
  allocatable: {cpu: "4", memory: 32Gi, pods: "110"}
  conditions:
  - {type: Ready, status: "True", reason: KubeletReady, message: kubelet is posting ready status}
`);
  }
  return docs.join('---\n');
}

function podDocs(pods: number): string {
  const docs: string[] = [];
  for (let i = 1; i <= pods; i++) {
    docs.push(`apiVersion: v1
kind: Pod
metadata:
  name: sched-pod-${i}
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.10
    resources: {requests: {cpu: 100m, memory: 500Mi}}
`);
  }
  return docs.join('---\n');
}

const keyOf = (o: { metadata: { namespace?: string; name?: string } }): string => `${o.metadata.namespace ?? ''}/${o.metadata.name ?? ''}`;

function isBound(o: { metadata: { namespace?: string }; spec?: unknown }): boolean {
  return o.metadata.namespace === 'default' && !!(o.spec as { nodeName?: string } | undefined)?.nodeName;
}

/**
 * The bench's count of bound pods, read from the watch cache as an informer would: the events since
 * the last look (the window holds the last seconds of events), or every cached pod when the window
 * no longer reaches back (and at the first look). Before, every look walked all cached pods, 7 % of
 * the timed run at 10,000 pods: the measurement's own cost.
 */
class BoundPods {
  private bound = new Set<string>();
  private seenRv = -1;
  private from: unknown;
  count(c: ReturnType<typeof buildCluster>): number {
    const cache = apiserverState(c.sim)?.cache.get('pods');
    if (!cache) return 0;
    const events = cache.events;
    let i = events.length;
    while (i > 0 && events[i - 1]!.rv > this.seenRv) i--;
    if (this.from !== cache || this.seenRv < 0 || (i === 0 && cache.evicted)) {
      this.from = cache;
      this.bound.clear();
      for (const o of cache.objects.values()) if (isBound(o.obj)) this.bound.add(keyOf(o.obj));
    } else {
      for (; i < events.length; i++) {
        const e = events[i]!;
        if (e.type !== 'DELETED' && isBound(e.obj)) this.bound.add(keyOf(e.obj));
        else this.bound.delete(keyOf(e.obj));
      }
    }
    this.seenRv = Math.max(apiserverState(c.sim)?.revision ?? 0, events.at(-1)?.rv ?? 0);
    return this.bound.size;
  }
}

export function scheduler(nodes: number, pods: number): SimLine {
  const heap = new HeapPeak();
  const tBoot = performance.now();
  const c = buildCluster({ nodes: [] }, { seed: 1, traceLimit: 100_000 });
  const made = c.run('kubectl apply -f -', { stdin: nodeDocs(nodes), limitMs: 3_600_000 });
  if (made.exitCode !== 0) throw new Error(made.stderr);
  const bootSeconds = (performance.now() - tBoot) / 1000;
  const job = c.exec('kubectl apply -f -', { stdin: podDocs(pods) });
  const cached = (): number => apiserverState(c.sim)?.cache.get('pods')?.objects.size ?? 0;
  const before = cached();
  while (cached() === before && !c.output(job)) c.sim.runUntil(c.sim.now + 1);
  const simStart = c.sim.now;
  const msgStart = c.sim.world.traceCount;
  const counter = new BoundPods();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let bound = counter.count(c);
  while (bound < pods && c.sim.now - simStart < 600_000) {
    c.sim.runUntil(c.sim.now + 100);
    heap.sample();
    bound = counter.count(c);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const out = c.output(job);
  if (out && out.exitCode !== 0) throw new Error(out.stderr);
  const sim = (c.sim.now - simStart) / 1000;
  const messages = c.sim.world.traceCount - msgStart;
  return {
    name: `scheduler-${nodes}`,
    nodes,
    pods,
    bound,
    wallSeconds: round(wall, 3),
    /** The process's CPU time (user + system) over the same span: less moved by a shared machine than wall. */
    cpuSeconds: round((cpu.user + cpu.system) / 1e6, 3),
    bootWallSeconds: round(bootSeconds, 3),
    simSeconds: round(sim, 1),
    realTimeFactor: round(sim / wall, 2),
    podsPerWallSecond: Math.round(bound / wall),
    messages,
    messagesPerWallSecond: Math.round(messages / wall),
    peakHeapMB: heap.mb,
    liveHeapMB: liveHeapMB(c),
  };
}
