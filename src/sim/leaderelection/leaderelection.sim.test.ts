// Leader election of kube-scheduler and kube-controller-manager in a whole cluster (client-go
// tools/leaderelection/leaderelection.go; kubeadm runs both with --leader-elect=true; defaults from
// component-base RecommendedDefaultLeaderElectionConfiguration: 15 s lease, 10 s renew deadline,
// 2 s retry period). The docs page "Leases" (kubernetes.io/docs/concepts/architecture/leases).

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../cluster';

function logOf(c: Cluster, id: string): string[] {
  return (c.sim.process(id)?.log ?? []).map((l) => l.line);
}

function podPhase(c: Cluster, name: string): string {
  return c.run(`kubectl get pod ${name} -o jsonpath={.status.phase}`).stdout;
}

const HOLDER = /^control-plane_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('leader election in a single control plane', () => {
  it('both components hold their Lease before time 0 and say so in their logs', () => {
    const c = buildCluster({}, { seed: 21 });
    for (const name of ['kube-scheduler', 'kube-controller-manager']) {
      const lease = JSON.parse(c.run(`kubectl get lease ${name} -n kube-system -o json`).stdout);
      expect(lease.spec.holderIdentity).toMatch(HOLDER);
      expect(lease.spec.leaseDurationSeconds).toBe(15);
      expect(lease.spec.leaseTransitions).toBe(0);
      expect(logOf(c, name).slice(0, 2)).toEqual([`attempting to acquire leader lease kube-system/${name}...`, `successfully acquired lease kube-system/${name}`]);
    }
  });

  it('lists the Leases with NAME HOLDER AGE', () => {
    const c = buildCluster({}, { seed: 22 });
    const out = c.run('kubectl get leases -n kube-system').stdout.split('\n');
    expect(out[0]).toMatch(/^NAME\s+HOLDER\s+AGE$/);
    expect(out.some((l) => /^kube-scheduler\s+control-plane_\S+\s+10s$/.test(l))).toBe(true);
    expect(out.some((l) => /^kube-controller-manager\s+control-plane_\S+\s+10s$/.test(l))).toBe(true);
  });

  it('records a LeaderElection event "<identity> became leader" on the Lease', () => {
    const c = buildCluster({}, { seed: 23 });
    const holder = c.run('kubectl get lease kube-scheduler -n kube-system -o jsonpath={.spec.holderIdentity}').stdout;
    const events = JSON.parse(c.run('kubectl get events -n kube-system -o json').stdout).items as { reason: string; message: string; involvedObject: { kind: string; name: string }; source: { component: string } }[];
    const ev = events.find((e) => e.reason === 'LeaderElection' && e.involvedObject.name === 'kube-scheduler');
    expect(ev?.message).toBe(`${holder} became leader`);
    expect(ev?.involvedObject.kind).toBe('Lease');
    expect(ev?.source.component).toBe('default-scheduler');
  });

  it('renews every 2 s while leading', () => {
    const c = buildCluster({}, { seed: 24 });
    const t0 = c.sim.now;
    c.sim.runUntil(t0 + 10_000);
    const renewals = c.sim.world.trace.filter((r) => r.kind === 'message' && r.from === 'kube-scheduler' && r.time >= t0 && r.summary === 'PUT lease kube-system/kube-scheduler (renew)');
    expect(renewals.length).toBeGreaterThanOrEqual(4);
    expect(renewals.length).toBeLessThanOrEqual(6);
  });
});

describe('a standby control plane (HA)', () => {
  it('takes the kube-scheduler Lease once the killed leader\'s has expired, and schedules', () => {
    const c = buildCluster({ controlPlane: { standby: true } }, { seed: 25 });
    const before = c.run('kubectl get lease kube-scheduler -n kube-system -o jsonpath={.spec.holderIdentity}').stdout;
    expect(before).toMatch(HOLDER);
    expect(logOf(c, 'kube-scheduler-2')).toEqual(['attempting to acquire leader lease kube-system/kube-scheduler...']);
    c.kill('kube-scheduler');
    expect(c.run('kubectl run late --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 10_000);
    expect(podPhase(c, 'late')).toBe('Pending');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(podPhase(c, 'late')).toBe('Running');
    const after = JSON.parse(c.run('kubectl get lease kube-scheduler -n kube-system -o json').stdout).spec;
    expect(after.holderIdentity).toMatch(/^control-plane-2_/);
    expect(after.leaseTransitions).toBe(1);
    expect(logOf(c, 'kube-scheduler-2')).toContain('successfully acquired lease kube-system/kube-scheduler');
  });

  it('takes over kube-controller-manager: a deleted pod is replaced again', () => {
    const c = buildCluster({ controlPlane: { standby: true } }, { seed: 26 });
    expect(c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 30_000);
    c.kill('kube-controller-manager');
    const victim = c.run('kubectl get pods -o jsonpath={.items[0].metadata.name}').stdout;
    c.run(`kubectl delete pod ${victim}`);
    c.sim.runUntil(c.sim.now + 40_000);
    const names = c.run('kubectl get pods -o jsonpath={.items[*].metadata.name}').stdout.split(' ');
    expect(names).toHaveLength(2);
    expect(names).not.toContain(victim);
    expect(c.run('kubectl get lease kube-controller-manager -n kube-system -o jsonpath={.spec.holderIdentity}').stdout).toMatch(/^control-plane-2_/);
  });
});

describe('a leader that cannot renew (kube-apiserver down longer than the renew deadline)', () => {
  it('gives up its leadership, exits and comes back as a candidate that takes the Lease again', () => {
    const c = buildCluster({}, { seed: 27 });
    c.kill('kube-apiserver');
    c.sim.runUntil(c.sim.now + 20_000);
    for (const [id, lost] of [['kube-scheduler', 'Leaderelection lost'], ['kube-controller-manager', 'leaderelection lost']] as const) {
      const log = logOf(c, id);
      expect(log).toContain(lost);
      // The restarted process is a candidate again.
      expect(log.slice(log.indexOf(lost) + 1)).toContain(`attempting to acquire leader lease kube-system/${id}...`);
    }
    c.start('kube-apiserver');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl run after --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 5_000);
    // The old holder's record is new to the restarted candidate: it waits 15 s from seeing it.
    const node = (): string => c.run('kubectl get pod after -o jsonpath={.spec.nodeName}').stdout;
    expect(node()).toBe('');
    c.sim.runUntil(c.sim.now + 25_000);
    expect(node()).toMatch(/^worker-\d$/);
    expect(JSON.parse(c.run('kubectl get lease kube-scheduler -n kube-system -o json').stdout).spec.leaseTransitions).toBe(1);
  });
});

