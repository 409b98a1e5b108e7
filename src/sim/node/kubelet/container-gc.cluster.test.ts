// The kubelet's container garbage collector keeps at most one dead container per container of a
// pod (kubelet --maximum-dead-containers-per-container, default 1; pkg/kubelet/kuberuntime/
// kuberuntime_gc.go evictContainers), the newest, which `kubectl logs --previous` reads. A pod
// that crash-loops for hours must not leave every restart's container in containerd.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('container garbage collection', () => {
  it('leaves a crash-looping container with its current and one dead predecessor, and --previous still reads it', () => {
    const c = buildCluster({}, { seed: 3 });
    c.run('kubectl run crash --image=busybox:1.36 --restart=Always -- sh -c "echo try; exit 1"');
    c.sim.runUntil(20 * 60_000);
    const node = c.run('kubectl get pod crash -o jsonpath={.spec.nodeName}').stdout;
    const restarts = Number(c.run('kubectl get pod crash -o jsonpath={.status.containerStatuses[0].restartCount}').stdout);
    expect(restarts).toBeGreaterThan(4);
    const rows = c.run(`ssh ${node} -- crictl ps -a`).stdout.trim().split('\n').slice(1).filter((l) => /\scrash\s/.test(l));
    expect(rows.length).toBeLessThanOrEqual(2);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(c.run('kubectl logs crash --previous').stdout).toBe('try\n');
  });
});
