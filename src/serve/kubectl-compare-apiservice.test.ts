// Issue 12: `kubectl delete apiservice v1.apps`, checked against the oracle: real kubectl v1.31
// through `kubeplay serve` (with its own discovery cache dir) and the in-page kubectl on the same
// served cluster print the same (masked as kubectl-compare.test.ts masks them). The aggregator takes
// apps/v1 out of discovery but kube-apiserver still serves Deployments (kube-aggregator apiserver.go
// RemoveAPIService); kubectl's warm discovery cache still maps `deployments`, and once a command has
// refreshed it (`api-versions`) the type is gone (client-go discovery/cached/disk, restmapper).
// With CI=true and no kubectl v1.31 the suite fails; elsewhere it skips.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../sim/scenario/parse';
import { findKubectl131, normalise, runKubectl, type Output } from './kubectl-compare';
import { serve, type ServeHandle } from './serve';

const KUBECTL = findKubectl131();
if (!KUBECTL && process.env.CI === 'true') throw new Error('kubectl-compare-apiservice: no kubectl v1.31 found');

const SCENARIO = 'apiVersion: kubeplay.dev/v1alpha1\nkind: Scenario\nmetadata: {name: compare-apiservice}\nspec:\n  seed: 7\n  steps: []\n';

/** In order: the first `get deployments` fills real kubectl's cache; `api-versions` refreshes both. */
const AFTER_DELETE = [
  'get deployments',
  'get deploy web',
  'get --raw /apis/apps/v1/namespaces/default/deployments/web',
  'api-versions',
  'get deployments',
  'get deploy web',
  'get deployments.apps',
  'get all',
  'api-resources --api-group=apps',
  'get foos',
  // Every other verb that takes a TYPE maps it through the same refreshed cache.
  'describe deployment web',
  'describe deployments.apps web',
  'scale deployment web --replicas=2',
  'rollout status deployment/web',
  'label deployment web tier=front',
  'annotate deploy/web note=x',
  'set image deployment/web nginx=nginx:1.28',
  'wait --for=condition=Available deployment/web --timeout=1s',
  'expose deployment web --port=80',
  'autoscale deployment web --max=3',
  'logs deployment/web',
  'explain deployments.spec',
  'events --for deployment/web',
  'auth can-i get deployments',
  'delete deployment web',
  'get apiservice v1.apps',
];

let h: ServeHandle | undefined;
let env: Record<string, string> = {};

function page(line: string): Output {
  const out = h!.cluster.run(`kubectl ${line}`);
  h!.resync();
  return { stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode };
}

const comparable = (o: Output): Output => ({ stdout: normalise(o.stdout), stderr: normalise(o.stderr), exitCode: o.exitCode });

const maybe = KUBECTL ? describe : describe.skip;

maybe('kubectl after delete apiservice v1.apps: real kubectl v1.31 and the in-page kubectl print the same', () => {
  beforeAll(async () => {
    const p = parseScenario(SCENARIO, 'compare-apiservice.yaml');
    if (!p.ok) throw new Error('invalid scenario');
    h = await serve({ scenario: p.scenario, port: 0, address: '127.0.0.1', speed: 1 });
    const dir = mkdtempSync(join(tmpdir(), 'kubectl-compare-apiservice-'));
    writeFileSync(join(dir, 'kubeconfig'), h.kubeconfig, { mode: 0o600 });
    env = { KUBECONFIG: join(dir, 'kubeconfig'), HOME: dir, KUBECACHEDIR: join(dir, 'cache') };
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('creates a Deployment, warms real kubectl cache, then deletes v1.apps', async () => {
    expect(page('create deployment web --image=nginx:1.27').exitCode).toBe(0);
    expect((await runKubectl(KUBECTL!, ['get', 'deployments'], env)).stdout).toMatch(/^NAME +READY/);
    expect(page('delete apiservice v1.apps').stdout).toBe('apiservice.apiregistration.k8s.io "v1.apps" deleted\n');
    h!.cluster.sim.runUntil(h!.cluster.sim.now + 1_000);
    h!.resync();
  });

  for (const line of AFTER_DELETE) {
    it(`kubectl ${line}`, async () => {
      const r = await runKubectl(KUBECTL!, line.split(' '), env);
      const p = page(line);
      if (process.env.KUBEPLAY_SHOW) console.log(`$ kubectl ${line}\n${r.stdout}${r.stderr}[${r.exitCode}]`);
      expect(comparable(p)).toEqual(comparable(r));
    }, 30_000);
  }
});
