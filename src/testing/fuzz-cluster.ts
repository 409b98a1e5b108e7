// A cluster for property tests of hostile commands (issue 9): every run starts from the same
// snapshot of an idle cluster, and reports what the command printed and which objects it wrote.
// An idle cluster writes nothing but Leases (node heartbeats, leader election), so any other key
// etcd wrote during the run was written because of the command. Only tests import this file.

import type { CliOutput } from '../sim/cli-tools/protocol';
import { buildCluster, type Cluster } from '../sim/cluster';
import type { World } from '../sim/kernel/simulation';
import { etcdStore } from '../sim/etcd/data-dir';

export interface FuzzRun {
  out: CliOutput;
  /** Keys etcd wrote (put or deleted) during the run, leases left out. */
  writes: string[];
  /** Processes whose handler threw (the kernel crashes just that process, as a Go panic would). */
  crashed: string[];
}

export interface FuzzCluster {
  cluster: Cluster;
  /** Run one command line from the snapshot; `limitMs` of simulated time before it counts as a hang. */
  run(line: string, opts?: { stdin?: string; on?: string; limitMs?: number }): FuzzRun;
  /** Back to the snapshot, for a test that runs several steps itself. */
  reset(): void;
  /** Processes that crashed since the last reset. */
  crashed(): string[];
}

const LEASES = '/registry/leases/';

/** Processes that crashed since the snapshot (none had when it was taken). */
function crashedProcesses(cluster: Cluster): string[] {
  return [...cluster.sim.world.processes.values()].filter((p) => p.crash !== undefined).map((p) => p.id);
}

export function fuzzCluster(settleMs = 5_000): FuzzCluster {
  const cluster = buildCluster({}, { seed: 1 });
  cluster.sim.runUntil(settleMs);
  if (crashedProcesses(cluster).length > 0) throw new Error(`the idle cluster crashed: ${crashedProcesses(cluster).join(', ')}`);
  const snapshot: World = cluster.sim.snapshot();
  const member = [...cluster.sim.world.processes.values()].find((p) => p.kind === 'etcd')!.id;
  return {
    cluster,
    reset() {
      cluster.sim.restore(snapshot);
    },
    crashed: () => crashedProcesses(cluster),
    run(line, opts = {}) {
      cluster.sim.restore(snapshot);
      const store = etcdStore(cluster.sim, member)!;
      const from = store.revision;
      const out = cluster.run(line, { ...opts, limitMs: opts.limitMs ?? 90_000 });
      const writes = store.log
        .filter((r) => r.revision > from)
        .flatMap((r) => r.events.map((e) => e.kv.key))
        .filter((k) => !k.startsWith(LEASES));
      return { out, writes, crashed: crashedProcesses(cluster) };
    },
  };
}
