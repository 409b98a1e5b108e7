// History that does not pile up: Events expire (kube-apiserver --event-ttl, 1 h: each event is
// written with an etcd lease and etcd deletes it when the lease runs out, so watchers see it
// DELETED), and kube-apiserver asks etcd to compact its old revisions every
// --etcd-compaction-interval (5 min), after which reading an old revision fails with etcd's
// "mvcc: required revision has been compacted" (https://etcd.io/docs/v3.5/learning/api_guarantees/).
// The timings are shortened here so the test runs fast; long-run.test.ts runs the defaults.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';
import type { EtcdDataDir } from '../etcd/member';
import { leaseTable } from '../etcd/mvcc/lessor';
import { etcdMemberId } from '../names';

const store = (c: ReturnType<typeof buildCluster>) => (c.sim.process(etcdMemberId('etcd-1'))!.persisted as EtcdDataDir).store;

describe('events', () => {
  it('are gone from kubectl get events once --event-ttl has passed, and a watcher sees them DELETED', () => {
    const c = buildCluster({}, { seed: 11, timings: { eventTtlMs: 120_000 } });
    c.run('kubectl run web --image=nginx:1.25');
    c.sim.runUntil(20_000);
    const shown = c.run('kubectl get events').stdout;
    expect(shown).toContain('Successfully assigned default/web to');
    expect(shown).toContain('Started container web');
    // The events written within a few seconds share one lease (min(60 s, 5 % of the TTL) of reuse).
    expect(leaseTable(store(c)).leases.size).toBeLessThanOrEqual(2);
    const watch = c.exec('kubectl get events --watch-only --output-watch-events');
    c.sim.runUntil(20_000 + 120_000);
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.partialOutput(watch)?.stdout).toMatch(/DELETED\s+.*Scheduled/);
    expect(c.run('kubectl get events').stderr).toBe('No resources found in default namespace.\n');
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Running');
    expect(leaseTable(store(c)).leases.size).toBe(0);
  });
});

describe('etcd compaction', () => {
  it('keeps only recent history: an old revision answers etcd\'s compacted error, the cluster goes on', () => {
    const c = buildCluster({}, { seed: 12, timings: { etcdCompactionIntervalMs: 60_000 } });
    c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
    c.sim.runUntil(200_000);
    const s = store(c);
    expect(s.compactRevision).toBeGreaterThan(1);
    // A node's Lease is renewed every 10 s; its history now starts near the compacted revision.
    const lease = s.history.get('/registry/leases/kube-node-lease/worker-1')!;
    expect(lease[0]!.modRevision).toBeLessThanOrEqual(s.compactRevision);
    expect(lease.length).toBeLessThan(15);
    const old = c.run('ssh control-plane -- etcdctl get /registry/namespaces/default --rev=2');
    expect(old.exitCode).toBe(1);
    expect(old.stderr).toMatch(/Error: etcdserver: mvcc: required revision has been compacted\n$/);
    const now = c.run(`ssh control-plane -- etcdctl get /registry/namespaces/default --keys-only --rev=${s.revision}`);
    expect(now.stdout).toBe('/registry/namespaces/default\n\n');
    expect(c.run('kubectl scale deployment web --replicas=3').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl get deployment web -o jsonpath={.status.readyReplicas}').stdout).toBe('3');
    expect(c.sim.process('kube-apiserver')!.log.map((l) => l.line)).toContainEqual(expect.stringMatching(/^etcd: compacted rev \(\d+\), endpoints \(etcd\/etcd-1\)$/));
  });

  it('with three etcd members goes through Raft, as do event leases: every member ends at the same revisions', () => {
    const c = buildCluster({ etcd: { members: 3 } }, { seed: 13, timings: { etcdCompactionIntervalMs: 60_000, eventTtlMs: 60_000 } });
    c.run('kubectl run web --image=nginx:1.25');
    c.sim.runUntil(200_000);
    const stores = ['etcd-1', 'etcd-2', 'etcd-3'].map((m) => (c.sim.process(etcdMemberId(m))!.persisted as EtcdDataDir).store);
    expect(stores[0]!.compactRevision).toBeGreaterThan(1);
    for (const st of stores) {
      expect(st.compactRevision).toBe(stores[0]!.compactRevision);
      expect(leaseTable(st).leases.size).toBe(leaseTable(stores[0]!).leases.size);
    }
    expect(c.run('kubectl get events').stderr).toBe('No resources found in default namespace.\n');
  });
});
