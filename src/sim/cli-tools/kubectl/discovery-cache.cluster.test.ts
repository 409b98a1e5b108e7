// kubectl maps resource types through its discovery cache (client-go discovery/cached/disk and
// restmapper/discovery.go, kubectl v1.31): a warm cache still maps `deployments` after `kubectl delete
// apiservice v1.apps` (kube-apiserver still serves them: the aggregator delegates, kube-aggregator
// apiserver.go RemoveAPIService); once the cache is refreshed (`api-versions`, `api-resources`, or a
// miss such as `get foos`, which invalidates and fetches GET /api and /apis again) the type is gone:
// `error: the server doesn't have a resource type "deployments"`. Outputs as real kubectl v1.31
// printed them against `kubeplay serve` with its own --cache-dir (discovery-cache.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { refetchThenError, restartApiserver, verboseLines } from './discovery-cache-testing';

const NO_DEPLOYMENTS = { stdout: '', stderr: 'error: the server doesn\'t have a resource type "deployments"\n', exitCode: 1 };

describe("kubectl's discovery cache after a Local APIService is deleted", () => {
  const setup = () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    c.run('kubectl create deployment web --image=nginx');
    c.run('kubectl delete apiservice v1.apps');
    c.sim.runUntil(c.sim.now + 1_000);
    return c;
  };

  it('a warm cache still maps deployments, and kube-apiserver still lists them', () => {
    const c = setup();
    expect(c.run('kubectl get deployments').stdout).toMatch(/^NAME +READY +UP-TO-DATE +AVAILABLE +AGE\nweb +/);
  });

  it('after api-versions refreshed the cache, get deployments fetches discovery again and fails as real kubectl does', () => {
    const c = setup();
    expect(c.run('kubectl api-versions').stdout).not.toContain('apps/v1');
    expect(c.run('kubectl get deployments')).toMatchObject(NO_DEPLOYMENTS);
    expect(c.run('kubectl get deploy')).toMatchObject({ stderr: 'error: the server doesn\'t have a resource type "deploy"\n', exitCode: 1 });
    expect(verboseLines(c.run('kubectl get deployments -v=6').stderr)).toEqual(refetchThenError('error: the server doesn\'t have a resource type "deployments"'));
  });

  it('a miss for an unknown type refreshes the cache too', () => {
    const c = setup();
    expect(c.run('kubectl get foos')).toMatchObject({ stderr: 'error: the server doesn\'t have a resource type "foos"\n', exitCode: 1 });
    expect(c.run('kubectl get deployments')).toMatchObject(NO_DEPLOYMENTS);
  });

  it('after kube-apiserver starts again (autoregister creates v1.apps), the miss refetches and finds deployments', () => {
    const c = setup();
    c.run('kubectl api-resources');
    expect(c.run('kubectl get deployments')).toMatchObject(NO_DEPLOYMENTS);
    restartApiserver(c);
    expect(c.run('kubectl get deployments').stdout).toMatch(/^NAME +READY +UP-TO-DATE +AVAILABLE +AGE\nweb +/);
  });
});
