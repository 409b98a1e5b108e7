// Seed chapter 2, troubleshooting by symptom: "new pods stay Pending forever although nodes have
// room: kube-scheduler is down" (public/scenarios/scheduler-down.yaml plays it).
import { describe, expect, it } from 'vitest';
import { freshestStore } from '../../../sim/chaos/observe';
import { buildCluster } from '../../../sim/cluster';
import { schedulerDownCallouts } from './scheduler-down';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.25
`;

describe('the scheduler-down callout', () => {
  it('marks a Pending pod with no node while kube-scheduler is stopped, and only then', () => {
    const c = buildCluster({}, { seed: 3 });
    c.kill('kube-scheduler');
    expect(c.run('kubectl apply -f -', { stdin: WEB }).stdout).toBe('pod/web created\n');
    c.sim.runUntil(c.sim.now + 5_000);
    const input = () => ({ sim: c.sim, store: freshestStore(c.sim) });
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Pending');
    expect(schedulerDownCallouts(input())).toEqual([
      { id: 'scheduler-down:pods/default/web', target: { kind: 'object', id: 'pods/default/web' }, severity: 'warning', facts: { kind: 'scheduler-down', state: 'scheduler-down' } },
    ]);

    // A new kube-scheduler first waits for the old holder's Lease to expire (client-go leaderelection,
    // leaseDurationSeconds 15 s): it runs but may not schedule yet.
    c.restart('kube-scheduler');
    c.sim.runUntil(c.sim.now + 1_000);
    expect(schedulerDownCallouts(input()).map((x) => x.facts)).toEqual([{ kind: 'scheduler-down', state: 'not-leading' }]);

    c.sim.runUntil(c.sim.now + 30_000);
    expect(c.run('kubectl get pod web -o jsonpath={.spec.nodeName}').stdout).not.toBe('');
    expect(schedulerDownCallouts(input())).toEqual([]);
  });

  it('says nothing about a pending pod while kube-scheduler runs and leads', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1', cpu: '1', memory: '1Gi' }] }, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB.replace('    image: nginx:1.25', '    image: nginx:1.25\n    resources:\n      requests:\n        cpu: "8"') });
    c.sim.runUntil(c.sim.now + 5_000);
    // Too big for any node: Pending, but the scheduler tried (FailedScheduling says why), so no callout.
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Pending');
    expect(schedulerDownCallouts({ sim: c.sim, store: freshestStore(c.sim) })).toEqual([]);
  });
});
