// `idle-N`: the real-time factor of an N-node cluster doing nothing but keeping itself alive: every
// kubelet renews its Lease in kube-node-lease every 10 s and posts its NodeStatus when it changes
// (at least every 5 minutes), kube-controller-manager's node lifecycle controller watches both,
// and the control plane's own leases and etcd's heartbeats go on. Booting the cluster (machines,
// kubelets registering, the kube-proxy DaemonSet's pods started on every node) is measured apart,
// in `bootWallSeconds`; then `simSeconds` of simulated time run and are divided by their wall time.

import { buildCluster } from '../src/sim/cluster';
import { HeapPeak, liveHeapMB, round, type SimLine } from './lines';

export function idle(nodes: number, simSeconds = 60): SimLine {
  const heap = new HeapPeak();
  const tBoot = performance.now();
  const workers = Array.from({ length: nodes }, (_, i) => ({ name: `worker-${i + 1}`, cpu: '8', memory: '32Gi', pods: 110 }));
  const c = buildCluster({ nodes: workers }, { seed: 1, traceLimit: 100_000 });
  // Let the boot settle: every node Ready and its kube-proxy running, before the measured minute.
  c.sim.runUntil(c.sim.now + 30_000);
  const bootSeconds = (performance.now() - tBoot) / 1000;
  heap.sample();
  const simStart = c.sim.now;
  const msgStart = c.sim.world.traceCount;
  const t0 = performance.now();
  for (let t = 0; t < simSeconds; t++) {
    c.sim.runUntil(simStart + (t + 1) * 1000);
    heap.sample();
  }
  const wall = (performance.now() - t0) / 1000;
  const sim = (c.sim.now - simStart) / 1000;
  const messages = c.sim.world.traceCount - msgStart;
  return {
    name: `idle-${nodes}`,
    nodes,
    pods: 0,
    wallSeconds: round(wall, 3),
    bootWallSeconds: round(bootSeconds, 3),
    simSeconds: round(sim, 1),
    realTimeFactor: round(sim / wall, 2),
    podsPerWallSecond: 0,
    messages,
    messagesPerWallSecond: Math.round(messages / wall),
    peakHeapMB: heap.mb,
    liveHeapMB: liveHeapMB(c),
  };
}
