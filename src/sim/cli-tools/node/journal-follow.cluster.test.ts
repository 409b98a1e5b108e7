// `journalctl -u kubelet -f` over ssh against the whole cluster (issue 5): the last lines at once, new
// lines as partial chunks once a second, Ctrl-C (cli.cancel) ends the job.

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { parseScenario } from '../../scenario/parse';
import { runScenario } from '../../scenario/run';

describe('ssh <node> -- journalctl -u kubelet -f', () => {
  it('streams the SyncLoop ADD line of a new pod as a chunk, and Ctrl-C ends the job with 130', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    c.sim.runUntil(c.sim.now + 5_000);
    const job = c.exec('ssh worker-1 -- journalctl -u kubelet -f');
    c.sim.runUntil(c.sim.now + 10);
    // The last lines (at most 10) come first, as one chunk; the job keeps running.
    const first = c.takeChunks(job);
    expect(first).not.toBe('');
    expect(first.trimEnd().split('\n').length).toBeLessThanOrEqual(10);
    expect(c.output(job)).toBeUndefined();
    expect(c.run('kubectl run web --image=nginx:1.25').exitCode).toBe(0);
    c.sim.runUntil(c.sim.now + 5_000);
    const later = c.takeChunks(job);
    expect(later).toMatch(/^Aug 13 \d\d:\d\d:\d\d worker-1 kubelet\[2817\]: I\d{4} .*"SyncLoop ADD" source="api" pods=\["default\/web"\]$/m);
    // kubeadm's kube-proxy and CoreDNS pods were added at boot; web was not yet.
    expect(first).not.toContain('pods=["default/web"]');
    expect(c.output(job)).toBeUndefined();
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 10);
    const out = c.output(job)!;
    expect(out).toMatchObject({ exitCode: 130, stderr: '' });
    expect(out.partial).toBeUndefined();
    // The final output carries everything printed, once, in order.
    expect(out.stdout).toBe(first + later);
    expect(new Set(out.stdout.trimEnd().split('\n')).size).toBe(out.stdout.trimEnd().split('\n').length);
  });

  it('keeps following the unit across a kubelet restart (journald follows the unit)', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    c.sim.runUntil(c.sim.now + 30_000);
    const job = c.exec('ssh worker-1 -- journalctl -u kubelet -f -n 2');
    c.sim.runUntil(c.sim.now + 10);
    expect(c.takeChunks(job).trimEnd().split('\n')).toHaveLength(2);
    c.run('ssh worker-1 -- systemctl restart kubelet');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.takeChunks(job)).not.toBe('');
    c.cancel(job);
    c.sim.runUntil(c.sim.now + 10);
    expect(c.output(job)?.exitCode).toBe(130);
  });

  it('runs several follows at once; cancelling one leaves the other running', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    const a = c.exec('ssh worker-1 -- journalctl -u kubelet -f');
    const b = c.exec('ssh worker-1 -- journalctl -u containerd -f -n 1');
    c.sim.runUntil(c.sim.now + 10);
    c.cancel(a);
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.output(a)?.exitCode).toBe(130);
    expect(c.output(b)).toBeUndefined();
    expect(c.partialOutput(b)?.stdout).toMatch(/containerd\[712\]: /);
  });

  it('a finished command ignores Ctrl-C', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
    const out = c.run('ssh worker-1 -- journalctl -u kubelet -n 1');
    c.cancel(out.jobId);
    expect(c.output(out.jobId)).toEqual(out);
  });
});

describe('a scenario step that follows the journal', () => {
  it('is interrupted at the command limit and records what it printed', () => {
    const text = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: follow}
spec:
  cluster: {nodes: [{name: worker-1}]}
  steps:
    - {at: 1s, run: "ssh worker-1 -- journalctl -u kubelet -f"}
    - {at: 2s, run: kubectl run web --image=nginx:1.25}
    - {at: 3s, run: kubectl get pods}
`;
    const parsed = parseScenario(text, 'follow.yaml');
    if (!parsed.ok) throw new Error('bad scenario');
    const s = parsed.scenario;
    const r = runScenario(s, buildCluster(s.cluster, { seed: s.seed, timings: s.timings }), { commandTimeoutMs: 10_000 });
    const follow = r.transcript[0]!;
    expect(follow).toMatchObject({ exitCode: 130, stderr: '' });
    expect(follow.timedOut).toBeUndefined();
    expect(follow.stdout).toMatch(/worker-1 kubelet\[2817\]: /);
    // The next step runs once the follow has been interrupted, at 11 s.
    expect(r.transcript[1]!.time).toBe(11_000);
  });
});
