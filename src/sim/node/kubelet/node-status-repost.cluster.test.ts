// A kubelet cut off from the apiserver for longer than the node monitor grace period comes back to a
// Node whose conditions the node lifecycle controller set to Unknown. The real kubelet compares the
// status it computes with the Node it reads from the apiserver (kubelet_node_status.go,
// tryUpdateNodeStatus: nodeStatusHasChanged(&originalNode.Status, &node.Status)), so it posts Ready
// again at its next update (nodeStatusUpdateFrequency, 10 s), not only when
// nodeStatusReportFrequency (5 min) has passed. Found by chaos seed 149.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

type Cluster = ReturnType<typeof buildCluster>;
/** kubectl's STATUS column for the node. */
const status = (c: Cluster): string => c.run('kubectl get node worker-1 --no-headers').stdout.split(/\s+/)[1] ?? '';

describe('a kubelet back from a partition', () => {
  it('posts Ready again within one status update of reaching the apiserver, over the controller\'s Unknown', () => {
    const c = buildCluster({}, { seed: 3 });
    c.sim.runUntil(30_000);
    expect(status(c)).toBe('Ready');
    const others = [...c.sim.world.net.hosts.keys()].filter((h) => h !== 'worker-1');
    c.sim.partition(['worker-1'], others);
    c.sim.runUntil(30_000 + 60_000);
    c.sim.heal();
    expect(status(c)).toBe('NotReady');
    // Within a lease renewal and a status update (10 s each) plus the watch's reconnect back-off.
    c.sim.runUntil(30_000 + 60_000 + 25_000);
    expect(status(c)).toBe('Ready');
  });
});
