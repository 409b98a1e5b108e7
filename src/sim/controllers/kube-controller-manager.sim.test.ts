// kube-controller-manager in a whole simulated cluster. Seed chapter 3: "kubelet down -> heartbeats
// stop -> after 40 s (default) the node is NotReady -> after 5 more minutes (eviction timeout)
// controllers move its pods". kubernetes.io/docs/concepts/architecture/nodes/ (node controller,
// --node-monitor-grace-period) and .../scheduling-eviction/taint-and-toleration/ (taint-based evictions).
import { describe, expect, it } from 'vitest';
import { authenticate } from '../apiserver/authn';
import { buildCluster } from '../cluster';
import type { Node } from '../api/types';
import type { TraceRecord } from '../kernel/trace';
import { controllerManagerTokens, controllerToken } from './tokens';

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

function firstFromKcm(trace: TraceRecord[], after: number, summary: string): TraceRecord | undefined {
  return trace.find((r) => r.time >= after && r.from === 'kube-controller-manager' && r.kind === 'message' && r.summary.startsWith(summary));
}

describe('kube-controller-manager in a cluster', () => {
  it('removes the not-ready taint of new nodes, so pods schedule at all', () => {
    const c = buildCluster({}, { seed: 3 });
    expect(c.run('kubectl get node worker-1 -o jsonpath={.spec.taints}').stdout).toBe('');
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl get pod web -o jsonpath={.spec.nodeName}').stdout).toBe('worker-1');
  });

  it('marks a node NotReady about 40 s after its kubelet dies and deletes its pod 300 s after the NoExecute taint', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 10_000);
    const killedAt = c.sim.now;
    c.kill('kubelet/worker-1');

    c.sim.runUntil(killedAt + 39_000);
    expect(c.run('kubectl get nodes worker-1').stdout).toMatch(/worker-1\s+Ready/);

    c.sim.runUntil(killedAt + 60_000);
    expect(c.run('kubectl get nodes worker-1').stdout).toMatch(/worker-1\s+NotReady/);
    const trace = c.sim.world.trace;
    const marked = firstFromKcm(trace, killedAt, 'PUT /api/v1/nodes/worker-1/status')!;
    // The last lease renewal was at most 10 s before the kill, and the controller looks every 5 s.
    expect(marked.time - killedAt).toBeGreaterThanOrEqual(30_000);
    expect(marked.time - killedAt).toBeLessThanOrEqual(55_000);
    const node = JSON.parse(c.run('kubectl get node worker-1 -o json').stdout) as Node;
    expect(node.status?.conditions?.find((x) => x.type === 'Ready')).toMatchObject({ status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' });

    const tainted = firstFromKcm(trace, killedAt, 'PUT /api/v1/nodes/worker-1 (add taint node.kubernetes.io/unreachable:NoExecute)')!;
    expect(tainted).toBeDefined();
    expect(tainted.time - marked.time).toBeLessThanOrEqual(5_100);

    c.sim.runUntil(tainted.time + 299_000);
    expect(firstFromKcm(c.sim.world.trace, killedAt, 'DELETE /api/v1/namespaces/default/pods/web')).toBeUndefined();
    c.sim.runUntil(tainted.time + 301_000);
    const deleted = firstFromKcm(c.sim.world.trace, killedAt, 'DELETE /api/v1/namespaces/default/pods/web')!;
    expect(deleted.time - tainted.time).toBeGreaterThanOrEqual(300_000);
    expect(deleted.time - tainted.time).toBeLessThan(300_500);

    // The kubelet is gone, so the pod stays Terminating (nobody confirms the containers stopped).
    // MarkPodsNotReady (pkg/controller/util/node) flips only the Ready condition; the READY column
    // counts containerStatuses[].ready, which nobody changes while the kubelet is gone.
    expect(c.run('kubectl get pods').stdout).toMatch(/web\s+1\/1\s+Terminating/);
    const events = c.run('kubectl get events').stdout;
    expect(events).toContain('Node is not ready');
    expect(events).toContain('Marking for deletion Pod default/web');
  });

  it('authenticates each controller as its own service account', () => {
    const user = authenticate({ bearerToken: controllerToken('node-controller') }, { tokens: controllerManagerTokens() });
    expect(user).toEqual({
      username: 'system:serviceaccount:kube-system:node-controller',
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    });
  });
});
