// Pods that finish give their node's resources back to the scheduler. kube-scheduler's cache
// (pkg/scheduler/internal/cache) removes a pod when its informer reports it gone, and its informer
// does not list Succeeded or Failed pods, so a Completed pod no longer counts against its node's
// allocatable cpu, memory or pod count. A cluster that runs short jobs forever must keep scheduling.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';
import type { SchedulerState } from '../scheduler/scheduler';
import type { NodeAggregate } from '../scheduler/framework/nodeinfo';
import type { KubeletState } from '../node/kubelet/state';
import { kubeletId } from '../names';

const shortPod = (name: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}}
spec:
  restartPolicy: Never
  containers:
  - name: work
    image: busybox:1.36
    command: [sleep, "1"]
    resources: {requests: {cpu: 1500m}}
`;

describe('finished pods', () => {
  it('free their cpu request: five 1.5-CPU pods run one after another on three 2-CPU workers', () => {
    const c = buildCluster({}, { seed: 5 });
    const s = c.sim.process('kube-scheduler')!.state as SchedulerState;
    // What kubeadm's pods (kube-proxy, CoreDNS, the static pods) hold before the test's pods come.
    // The sums and pods, not the generation (it rises with every change, NodeInfo.Generation).
    const sums = (agg: Map<string, NodeAggregate>) => [...agg.entries()].map(([n, { generation: _g, ...rest }]) => [n, structuredClone(rest)]);
    const before = sums(s.aggregates);
    for (let i = 1; i <= 5; i++) {
      c.run('kubectl apply -f -', { stdin: shortPod(`job-${i}`) });
      c.sim.runUntil(c.sim.now + 30_000);
      expect(c.run(`kubectl get pod job-${i} -o jsonpath={.status.phase}`).stdout.trim()).toBe('Succeeded');
    }
    const after = c.sim.process('kube-scheduler')!.state as SchedulerState;
    expect(sums(after.aggregates)).toEqual(before);
    for (const agg of after.aggregates.values()) expect(agg.pods.filter((p) => !p.startsWith('kube-system/'))).toEqual([]);
  });

  it('once deleted leave nothing behind in the kubelet', () => {
    const c = buildCluster({}, { seed: 6 });
    for (let i = 1; i <= 3; i++) c.run('kubectl apply -f -', { stdin: shortPod(`job-${i}`) });
    c.sim.runUntil(30_000);
    c.run('kubectl delete pod job-1 job-2 job-3');
    c.sim.runUntil(60_000);
    for (const n of ['worker-1', 'worker-2', 'worker-3']) {
      const k = c.sim.process(kubeletId(n))!.state as KubeletState;
      // kubeadm's kube-proxy and CoreDNS pods stay; nothing of the deleted jobs does.
      expect([...k.workers.values()].filter((w) => w.namespace !== 'kube-system')).toEqual([]);
      expect([...k.byContainer.values()].filter((uid) => !k.workers.has(uid))).toEqual([]);
    }
  });
});
