// Issue 12: `kubectl delete apiservice v1.apps`, checked against the oracle: real kubectl v1.31
// through `kubeplay serve` (with its own discovery cache dir) and the in-page kubectl on the same
// served cluster print the same (masked as kubectl-compare.test.ts masks them). The aggregator takes
// apps/v1 out of discovery but kube-apiserver still serves Deployments (kube-aggregator apiserver.go
// RemoveAPIService); kubectl's warm discovery cache still maps `deployments`, and once a command has
// refreshed it (`api-versions`) the type is gone (client-go discovery/cached/disk, restmapper).
// With CI=true and no kubectl v1.31 the suite fails;
// elsewhere it says it is skipped (kubectl-compare-setup.ts).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Output } from './kubectl-compare';
import { comparable, describeWithKubectl, inPage, kubectlFor, realKubectl, serveForKubectl } from './kubectl-compare-setup';
import type { ServeHandle } from './serve';

const KUBECTL = kubectlFor('kubectl-compare-apiservice');

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

const real = (line: string): Promise<Output> => realKubectl(KUBECTL!, line, env);
const page = (line: string): Output => inPage(h!, line);

describeWithKubectl(KUBECTL, 'kubectl after delete apiservice v1.apps: real kubectl v1.31 and the in-page kubectl print the same', () => {
  beforeAll(async () => {
    ({ h, env } = await serveForKubectl(SCENARIO, 'kubectl-compare-apiservice'));
  }, 120_000);

  afterAll(async () => {
    await h?.close();
  });

  it('creates a Deployment, warms real kubectl cache, then deletes v1.apps', async () => {
    expect(page('create deployment web --image=nginx:1.27').exitCode).toBe(0);
    expect((await real('get deployments')).stdout).toMatch(/^NAME +READY/);
    expect(page('delete apiservice v1.apps').stdout).toBe('apiservice.apiregistration.k8s.io "v1.apps" deleted\n');
    h!.cluster.sim.runUntil(h!.cluster.sim.now + 1_000);
    h!.resync();
  });

  for (const line of AFTER_DELETE) {
    it(`kubectl ${line}`, async () => {
      const r = await real(line);
      const p = page(line);
      if (process.env.KUBEPLAY_SHOW) console.log(`$ kubectl ${line}\n${r.stdout}${r.stderr}[${r.exitCode}]`);
      expect(comparable(p)).toEqual(comparable(r));
    }, 30_000);
  }
});
