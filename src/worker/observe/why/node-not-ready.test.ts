// Seed chapter 3: "kubelet down -> heartbeats stop -> after 40 s (default) the node is NotReady ->
// after 5 more minutes (eviction timeout) controllers move its pods". Kubernetes v1.31 numbers
// (/work/shared/reference/kubernetes-behaviour.md, "Node lifecycle"): --node-monitor-grace-period
// 40 s, --node-monitor-period 5 s, DefaultTolerationSeconds 300 s for node.kubernetes.io/unreachable.
import { describe, expect, it } from 'vitest';
import { parseTime } from '../../../sim/api/time';
import type { Lease, Node } from '../../../sim/api/types';
import { freshestStore } from '../../../sim/chaos/observe';
import { buildCluster } from '../../../sim/cluster';
import type { NodeNotReadyWhy } from '../../../protocol/why';
import { nodeNotReadyCallouts } from './node-not-ready';

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

type C = ReturnType<typeof buildCluster>;
const facts = (c: C): NodeNotReadyWhy[] => nodeNotReadyCallouts({ sim: c.sim, store: freshestStore(c.sim) }).map((x) => x.facts as NodeNotReadyWhy);
const json = <T>(c: C, line: string): T => JSON.parse(c.run(line).stdout) as T;
const ready = (n: Node) => n.status?.conditions?.find((x) => x.type === 'Ready')?.status;

describe('the node-not-ready callout', () => {
  it('counts down to NotReady from when the controller last saw the lease, then to the eviction', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl apply -f -', { stdin: WEB });
    c.sim.runUntil(c.sim.now + 10_000);
    expect(facts(c)).toEqual([]);
    c.kill('kubelet/worker-1');
    // The controller may not have seen the last renewal yet: after one --node-monitor-period it has.
    c.sim.runUntil(c.sim.now + 5_000 + 100);

    const [grace] = facts(c);
    expect(grace).toMatchObject({ node: 'worker-1', reason: 'kubelet-down', stage: 'grace', gracePeriodSeconds: 40, monitorPeriodSeconds: 5, podsToEvict: 0 });
    // probeTimestamp is the controller's own clock at the pass that saw the last renewal: at most one
    // --node-monitor-period after the lease's renewTime (plus the watch's few ms on the network).
    const lease = json<Lease>(c, 'kubectl get lease worker-1 -n kube-node-lease -o json');
    const renewed = parseTime(lease.spec.renewTime!);
    expect(grace!.lastSeenAt! - renewed).toBeGreaterThanOrEqual(0);
    expect(grace!.lastSeenAt! - renewed).toBeLessThan(5_100);
    expect(grace!.notReadyAt).toBe(grace!.lastSeenAt! + 40_000);

    // Still Ready just before the countdown ends; NotReady (Ready Unknown) by the next monitor pass.
    c.sim.runUntil(grace!.notReadyAt! - 1);
    expect(ready(json<Node>(c, 'kubectl get node worker-1 -o json'))).toBe('True');
    c.sim.runUntil(grace!.notReadyAt! + 5_000 + 100);
    expect(ready(json<Node>(c, 'kubectl get node worker-1 -o json'))).toBe('Unknown');

    // The NoExecute taint follows at the controller's next pass (doNoExecuteTaintingPass).
    const [marked] = facts(c);
    expect(marked).toMatchObject({ stage: 'not-ready', podsToEvict: 0 });
    expect(marked!.evictAt).toBeUndefined();
    c.sim.runUntil(c.sim.now + 5_000 + 500);
    const [down] = facts(c);
    // kube-proxy's pod tolerates every taint and stays; web (and a CoreDNS pod, if one runs here) is evicted.
    const onNode = c.run('kubectl get pods -A --field-selector spec.nodeName=worker-1 -o name').stdout.trim().split('\n');
    const evictable = onNode.filter((n) => !n.startsWith('pod/kube-proxy-'));
    expect(onNode.filter((n) => n.startsWith('pod/kube-proxy-'))).toHaveLength(1);
    expect(evictable).toContain('pod/web');
    expect(down).toMatchObject({ stage: 'not-ready', tolerationSeconds: 300, podsToEvict: evictable.length });
    // The taint eviction controller counts tolerationSeconds from when it saw the NoExecute taint.
    const node = json<Node>(c, 'kubectl get node worker-1 -o json');
    const taint = node.spec.taints?.find((t) => t.key === 'node.kubernetes.io/unreachable' && t.effect === 'NoExecute');
    const added = parseTime(taint!.timeAdded!);
    expect(down!.evictAt! - (added + 300_000)).toBeGreaterThanOrEqual(0);
    expect(down!.evictAt! - (added + 300_000)).toBeLessThan(1_000);

    c.sim.runUntil(down!.evictAt! - 1);
    expect(c.run('kubectl get pod web -o jsonpath={.metadata.deletionTimestamp}').stdout).toBe('');
    c.sim.runUntil(down!.evictAt! + 2_000);
    expect(c.run('kubectl get pod web -o jsonpath={.metadata.deletionTimestamp}').stdout).not.toBe('');
  });

  it('says nobody will act when kube-controller-manager is stopped too', () => {
    const c = buildCluster({}, { seed: 3 });
    c.kill('kube-controller-manager');
    c.kill('kubelet/worker-2');
    expect(facts(c)).toMatchObject([{ node: 'worker-2', stage: 'no-controller' }]);
  });

  it('names a powered-off host as the reason', () => {
    const c = buildCluster({}, { seed: 3 });
    c.kill('node/worker-2');
    expect(facts(c)).toMatchObject([{ node: 'worker-2', reason: 'host-down', stage: 'grace' }]);
  });
});
