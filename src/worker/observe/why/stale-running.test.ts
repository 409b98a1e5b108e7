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

/** The store ids (`pods/<ns>/<name>`) of every pod bound to a node, sorted. */
function podsOn(c: ReturnType<typeof buildCluster>, node: string): string[] {
  const rows = c.run(`kubectl get pods -A --field-selector spec.nodeName=${node} --no-headers`).stdout.trim().split('\n');
  return rows.map((r) => r.split(/\s+/)).map(([ns, name]) => `pods/${ns}/${name}`).sort();
}

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
    const all = callouts();
    expect(all).toContainEqual(
      { id: 'stale-running:pods/default/web', target: { kind: 'object', id: 'pods/default/web' }, severity: 'warning', facts: { kind: 'stale-running', node: 'worker-1', reason, status: 'Running' } },
    );
    // Every pod of the node is marked: kubeadm's kube-proxy pod (and a CoreDNS pod if it runs there) too.
    expect(all.map((x) => x.target.id).sort()).toEqual(podsOn(c, 'worker-1'));
  });

  it('marks a Running pod on a node cut off from the apiserver', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 15_000);
    c.partition(['worker-1'], ['control-plane']);
    c.sim.runUntil(c.sim.now + 1_000);
    const all = staleRunningCallouts({ sim: c.sim, store: freshestStore(c.sim) });
    expect(all.map((x) => x.target.id).sort()).toEqual(podsOn(c, 'worker-1'));
    for (const x of all) expect(x.facts).toEqual({ kind: 'stale-running', node: 'worker-1', reason: 'cut', status: 'Running' });
  });
});
