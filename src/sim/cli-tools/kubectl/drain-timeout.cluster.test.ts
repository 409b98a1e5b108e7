// `kubectl drain --timeout` under a PodDisruptionBudget that never allows the eviction (kubectl v1.31
// pkg/drain/drain.go evictPods: `evicting pod` on every attempt, a 429 retried after 5 s, the global
// timeout checked at the top of each attempt; pkg/cmd/drain/drain.go RunDrain and
// deleteOrEvictPodsSimple: the pending pods listed again, `unable to drain node`, the pending nodes,
// then CheckErr's line). The expected text is what kubectl.1.31 printed through kubeplay serve
// for `kubectl drain worker-3 --ignore-daemonsets --timeout=20s` on 2026-12-03, names aside.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const PDB = 'apiVersion: policy/v1\nkind: PodDisruptionBudget\nmetadata:\n  name: solo\nspec:\n  minAvailable: 1\n  selector:\n    matchLabels:\n      app: solo\n';

describe('kubectl drain --timeout', () => {
  it('gives up on an eviction a budget refuses once the global timeout has passed', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });
    c.run('kubectl create deployment solo --image=nginx:1.25');
    c.run('kubectl apply -f pdb.yaml', { files: { 'pdb.yaml': PDB } });
    c.sim.runUntil(c.sim.now + 30_000);
    const pod = c.run('kubectl get pods -l app=solo -o name').stdout.trim().replace('pod/', '');
    const start = c.sim.now;
    const out = c.run('kubectl drain worker-1 --ignore-daemonsets --timeout=20s');
    const took = c.sim.now - start;
    expect(out.exitCode).toBe(1);
    const evicting = out.stdout.split('\n').filter((l) => l === `evicting pod default/${pod}`);
    expect(evicting).toHaveLength(5);
    const retry = `error when evicting pods/"${pod}" -n "default" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.\n`;
    const err = `error when evicting pods/"${pod}" -n "default": global timeout reached: 20s`;
    expect(out.stderr).toMatch(/^Warning: ignoring DaemonSet-managed Pods: kube-system\/kube-proxy-\w{5}\n/);
    expect(out.stderr.slice(out.stderr.indexOf('\n') + 1)).toBe(
      retry.repeat(4) +
        `There are pending pods in node "worker-1" when an error occurred: ${err}\npod/${pod}\n` +
        `error: unable to drain node "worker-1" due to error: ${err}, continuing command...\n` +
        `There are pending nodes to be drained:\n worker-1\n${err}\n`,
    );
    expect(took).toBeGreaterThanOrEqual(20_000);
    expect(took).toBeLessThan(22_000);
    expect(c.run('kubectl get pods -l app=solo -o name').stdout).toBe(`pod/${pod}\n`);
  });

  it('refuses a --timeout that is no duration, as pflag does', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });
    expect(c.run('kubectl drain worker-1 --timeout=abc').stderr).toBe('error: invalid argument "abc" for "--timeout" flag: time: invalid duration "abc"\nSee \'kubectl drain --help\' for usage.\n');
  });
});
