// Only the kubelet of a pod's node writes its status (seed chapter 3, chapter 4 phase 4: the kubelet
// "reports Running to the apiserver"); with the kubelet gone, the stored status stays Running.
import { describe, expect, it } from 'vitest';
import { freshestStore } from '../../../sim/chaos/observe';
import { buildCluster } from '../../../sim/cluster';
import { staleRunningCallouts } from './stale-running';

const WEB = `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: nginx
    image: nginx:1.25
`;

describe('the stale-running callout', () => {
  it.each([
    ['its kubelet stops', 'kubelet/worker-1', 'kubelet-down'],
    ['its host powers off', 'node/worker-1', 'host-down'],
  ])('marks a Running pod when %s, while the apiserver still says Running', (_, target, reason) => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 15_000);
    const callouts = () => staleRunningCallouts({ sim: c.sim, store: freshestStore(c.sim) });
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Running');
    expect(callouts()).toEqual([]);

    c.kill(target);
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Running');
    expect(callouts()).toEqual([
      { id: 'stale-running:pods/default/web', target: { kind: 'object', id: 'pods/default/web' }, severity: 'warning', facts: { kind: 'stale-running', node: 'worker-1', reason, status: 'Running' } },
    ]);
  });

  it('marks a Running pod on a node cut off from the apiserver', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 15_000);
    c.partition(['worker-1'], ['control-plane']);
    c.sim.runUntil(c.sim.now + 1_000);
    expect(staleRunningCallouts({ sim: c.sim, store: freshestStore(c.sim) }).map((x) => x.facts)).toEqual([{ kind: 'stale-running', node: 'worker-1', reason: 'cut', status: 'Running' }]);
  });
});
