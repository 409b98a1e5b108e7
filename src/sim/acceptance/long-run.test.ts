// A long headless run of the default cluster under continuous churn must hold a bounded amount of
// state, as a real cluster does: Events expire after kube-apiserver's --event-ttl (1 h) through
// etcd leases, the apiserver has etcd compact its history every --etcd-compaction-interval (5 min),
// and the kernel's trace, the process logs, the watch cache and the components' own tables are
// windows. The churn: a Deployment rolled or scaled every 3 min, a pod created and deleted every
// 2 min, a Job every 10 min (deleted 5 min later), a worker's kubelet restarted every 20 min.
//
// The measure is deterministic: entries of every Map, Set and array in the world (census.ts),
// taken every 10 minutes; heap bytes are printed for information only (Node runs the test
// without --expose-gc, so they include garbage). Windows fill and empty in steps (the watch
// cache's cyclic event window drops its stale half at once, etcd compacts every 5 minutes), so the
// count at one moment moves by some 15 % with the phase (47,659 at 90 min, 55,823 at 120, 54,751 at
// 60 on 5 December): the end's half hour is compared with the half hour before by their peaks. The trace and log windows are made smaller than
// the app's so that they fill within the first hour and count fully when the end of the run is
// compared with its half time.
//
// KUBEPLAY_LONG_RUN_MINUTES sets the length (default 120); `npm run long-run` runs 8 hours.

import { describe, expect, it } from 'vitest';
import { parseTime } from '../api/time';
import type { ApiserverState } from '../apiserver/apiserver';
import { windowEvents } from '../apiserver/watchcache';
import { buildCluster, type Cluster } from '../cluster';
import type { EtcdDataDir } from '../etcd/member';
import { leaseTable } from '../etcd/mvcc/lessor';
import { APISERVER, etcdMemberId, SCHEDULER } from '../names';
import type { SchedulerState } from '../scheduler/scheduler';
import { census, growth, type Census } from './census';

// src/sim sees neither Node's nor the DOM's typings; the test reaches the host's through globalThis.
const host = globalThis as unknown as {
  process?: { env?: Record<string, string | undefined>; memoryUsage?: () => { heapUsed: number } };
  console: { log(text: string): void; table(rows: unknown[]): void };
  gc?: () => void;
};
const MINUTES = Math.max(60, Number(host.process?.env?.KUBEPLAY_LONG_RUN_MINUTES ?? 120) || 120);
const MEASURE_EVERY_MIN = 10;
/** The spans whose peaks are compared. */
const SPAN_MIN = 30;
const TRACE_WINDOW = 20_000;
const LOG_WINDOW = 1_000;
const MIN = 60_000;

const deployment = (replicas: number, image: string) => `apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: nginx, image: "${image}"}]}
`;

/** What the churn does in minute m (commands run at the start of the minute). */
function churn(c: Cluster, m: number): void {
  if (m % 3 === 0) {
    const k = m / 3;
    c.run('kubectl apply -f -', { stdin: deployment(2 + (k % 4), k % 2 ? 'nginx:1.25' : 'nginx:1.26') });
  }
  if (m % 2 === 0) c.run(`kubectl run churn-${m} --image=busybox:1.36 --restart=Never -- sleep 30`);
  else if (m > 2) c.run(`kubectl delete pod churn-${m - 1} --wait=false`);
  if (m % 10 === 0) c.run(`kubectl create job batch-${m} --image=busybox:1.36 -- echo done`);
  if (m % 10 === 5 && m > 10) c.run(`kubectl delete job batch-${m - 5}`);
  if (m % 20 === 7) c.restart(`kubelet/worker-${1 + ((m - 7) / 20) % 3}`);
}

interface Figures {
  minute: number;
  census: number;
  traceKept: number;
  logLines: number;
  etcdRevision: number;
  etcdCompacted: number;
  etcdLiveKeys: number;
  etcdVersions: number;
  etcdLogRevisions: number;
  etcdLeases: number;
  cacheObjects: number;
  cacheEvents: number;
  events: number;
  oldestEventMin: number;
  schedulerRecords: number;
  heapMB: number;
}

function measure(c: Cluster, minute: number, cs: Census): Figures {
  const w = c.sim.world;
  const store = (c.sim.process(etcdMemberId('etcd-1'))!.persisted as EtcdDataDir).store;
  const api = c.sim.process(APISERVER)!.state as ApiserverState;
  const sched = c.sim.process(SCHEDULER)!.state as SchedulerState;
  let versions = 0;
  for (const h of store.history.values()) versions += h.length;
  let cacheObjects = 0;
  let cacheEvents = 0;
  for (const r of api.cache.values()) {
    cacheObjects += r.objects.size;
    cacheEvents += windowEvents(r);
  }
  const events = [...(api.cache.get('events')?.objects.values() ?? [])];
  // An aggregated event (count > 1) was last written at its lastTimestamp: its TTL runs from then,
  // as the events registry's TTL applies to updates too.
  const written = (e: (typeof events)[number]): string => ((e.obj as { lastTimestamp?: string }).lastTimestamp ?? e.obj.metadata.creationTimestamp ?? '');
  const oldest = Math.min(...events.map((e) => parseTime(written(e))));
  host.gc?.();
  return {
    minute,
    census: cs.total,
    traceKept: w.trace.length,
    logLines: [...w.processes.values()].reduce((n, p) => n + p.log.length, 0),
    etcdRevision: store.revision,
    etcdCompacted: store.compactRevision,
    etcdLiveKeys: store.live.size,
    etcdVersions: versions,
    etcdLogRevisions: store.log.length,
    etcdLeases: leaseTable(store).leases.size,
    cacheObjects,
    cacheEvents,
    events: events.length,
    oldestEventMin: Math.round(((c.sim.now - oldest) / MIN) * 10) / 10,
    schedulerRecords: sched.records.size,
    heapMB: Math.round((host.process?.memoryUsage?.().heapUsed ?? 0) / 1e6),
  };
}

describe(`a ${MINUTES}-minute run of the default cluster under churn`, () => {
  it('holds a bounded world: its last half hour peaks within 10 % of the half hour before (ending at half time, at least 90 min in)', { timeout: MINUTES * 2_000 + 60_000 }, () => {
    const c = buildCluster({}, { seed: 1, traceLimit: TRACE_WINDOW });
    c.sim.world.logLimit = LOG_WINDOW;
    const rows: Figures[] = [];
    const taken = new Map<number, Census>();
    for (let m = 1; m <= MINUTES; m++) {
      churn(c, m);
      c.sim.runUntil(m * MIN);
      if (m % MEASURE_EVERY_MIN !== 0) continue;
      const cs = census(c.sim.world);
      taken.set(m, cs);
      rows.push(measure(c, m, cs));
    }
    host.console.log(`long run, ${MINUTES} simulated minutes, ${c.sim.world.traceCount} trace records made`);
    host.console.table(rows);
    // The second half of the run against the first: the windows have filled by half time, but not
    // before Events start to expire (an hour) and the watch cache's event window, whose objects carry
    // their managedFields, has caught up: at 60 min the world still grows, by 90 min it is flat.
    const lastMin = MINUTES - (MINUTES % MEASURE_EVERY_MIN);
    const half = lastMin / 2 - ((lastMin / 2) % MEASURE_EVERY_MIN);
    const midMin = Math.min(lastMin - SPAN_MIN, Math.max(SPAN_MIN, half, 90));
    const mid = taken.get(midMin)!;
    const last = taken.get(lastMin)!;
    host.console.log(`grew most from minute ${midMin} to ${lastMin}:\n  ${growth(mid, last).join('\n  ')}`);
    const peak = (to: number): number => Math.max(...[...taken].filter(([m]) => m > to - SPAN_MIN && m <= to).map(([, cs]) => cs.total));

    // The churn kept working to the end.
    expect(c.run('kubectl get deployment web -o jsonpath={.status.readyReplicas}/{.spec.replicas}').stdout).toMatch(/^(\d)\/\1$/);
    // Events expire an hour (plus up to a minute of lease reuse) after they were written.
    const end = rows.at(-1)!;
    const before = rows.find((r) => r.minute === lastMin - SPAN_MIN)!;
    expect(end.oldestEventMin).toBeLessThanOrEqual(61.1);
    // etcd keeps between one and two compaction intervals (5 to 10 min) of the last 30 min's revisions.
    expect(end.etcdRevision - end.etcdCompacted).toBeLessThan((end.etcdRevision - before.etcdRevision) / 3);
    expect(end.traceKept).toBeLessThanOrEqual(TRACE_WINDOW * 1.25);
    expect(end.logLines).toBeLessThanOrEqual(LOG_WINDOW * 1.25 * c.sim.world.processes.size);
    expect(peak(lastMin)).toBeLessThanOrEqual(peak(midMin) * 1.1);
  });
});
