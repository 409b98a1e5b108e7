// 410 Gone through kubeplay serve for a watch whose resourceVersion has left the watch cache's
// window (v1.31 cacher watch_cache.go: eventFreshDuration 75 s, getAllEventsSinceLocked `too old
// resource version: N (M)`; the error comes as a watch ERROR event on a 200 stream, cacher.go
// newErrWatcher), read by real kubectl v1.31 (`get --raw`: kubectl get has no --resource-version flag, which the
// in-page kubectl refuses alike).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { runKubectl } from './kubectl-compare';
import { describeWithKubectl, kubectlFor } from './kubectl-compare-setup';
import { serve, type ServeHandle } from './serve';

const KUBECTL = kubectlFor('watch-gone');

const SCENARIO = `apiVersion: kubeplay.dev/v1alpha1
kind: Scenario
metadata: {name: watch-gone}
spec:
  steps: []
`;

describeWithKubectl(KUBECTL, 'a watch from a version older than the watch cache keeps', () => {
  let h: ServeHandle;
  let env: Record<string, string>;
  const kubectl = (...args: string[]): ReturnType<typeof runKubectl> => runKubectl(KUBECTL!, args, env);

  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'watch-gone.yaml');
    if (!p.ok) throw new Error('invalid');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 20 });
    const dir = mkdtempSync(join(tmpdir(), 'kubeplay-gone-'));
    writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig);
    env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir };
  }, 90_000);

  afterAll(async () => {
    await h?.close();
  });

  it('is 410 Gone (an ERROR event on the stream), while a recent one still works', async () => {
    const old = JSON.parse((await kubectl('get', '--raw', '/apis/coordination.k8s.io/v1/leases')).stdout).metadata.resourceVersion as string;
    // The leases change a few times a second; past 75 s of them the window no longer reaches back to `old`.
    const until = h.cluster.sim.now + 200_000;
    while (h.cluster.sim.now < until) await new Promise((r) => setTimeout(r, 200));
    // kubectl get has no --resource-version: the watch is asked for on its path.
    const flag = await kubectl('get', 'leases', '-A', '-w', `--resource-version=${old}`);
    expect(flag.stderr).toBe(h.cluster.run(`kubectl get leases -A -w --resource-version=${old}`).stderr);
    const path = `/apis/coordination.k8s.io/v1/leases?watch=true&resourceVersion=${old}`;
    const real = await kubectl('get', '--raw', path);
    const ev = JSON.parse(real.stdout) as { type: string; object: { message: string } };
    expect(ev).toMatchObject({ type: 'ERROR', object: { kind: 'Status', apiVersion: 'v1', status: 'Failure', code: 410, reason: 'Expired' } });
    expect(ev.object.message).toMatch(new RegExp(`^too old resource version: ${old} \\(\\d+\\)$`));
    // The stream ends after the ERROR: kubectl prints the event line and exits 0.
    expect(real.exitCode).toBe(0);
    const recent = JSON.parse((await kubectl('get', '--raw', '/apis/coordination.k8s.io/v1/leases')).stdout).metadata.resourceVersion as string;
    const fresh = await kubectl('get', '--raw', `/apis/coordination.k8s.io/v1/leases?watch=true&resourceVersion=${recent}&timeoutSeconds=5`);
    expect(fresh.stdout).not.toContain('"ERROR"');
  }, 90_000);
});
