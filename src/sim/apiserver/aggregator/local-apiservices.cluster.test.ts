// Deleting a Local APIService takes its group/version out of discovery and nothing else (kube-aggregator
// v1.31, staging/src/k8s.io/kube-aggregator/pkg/apiserver/): apiservice_controller.go sync ->
// apiserver.go RemoveAPIService -> handler_discovery.go RemoveAPIService (aggregated /apis loses
// apps/v1) and handler_apis.go's APIGroupList, built from the APIService lister (legacy /apis loses
// apps); the unregistered proxy and group paths fall through to kube-apiserver's own handlers
// (server/handler.go NewAPIServerHandler's NotFoundHandler is the delegate), so /apis/apps,
// /apis/apps/v1 and the Deployments themselves are still served. The autoregister controller
// (autoregister_controller.go, onstart) creates v1.apps again at the next kube-apiserver start.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('a deleted Local APIService leaves discovery until kube-apiserver starts again', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  const wait = (ms: number) => c.sim.runUntil(c.sim.now + ms);
  const legacyGroups = () => (JSON.parse(c.run('kubectl get --raw /apis').stdout) as { groups: { name: string }[] }).groups.map((g) => g.name);
  const versions = () => c.run('kubectl api-versions').stdout.split('\n');

  it('lists apps in both forms while v1.apps exists', () => {
    expect(legacyGroups()).toContain('apps');
    expect(versions()).toContain('apps/v1');
  });

  it('after kubectl delete apiservice v1.apps, neither /apis form lists apps; /apis/apps, /apis/apps/v1 and deployments are still served', () => {
    c.run('kubectl create deployment web --image=nginx');
    expect(c.run('kubectl delete apiservice v1.apps').stdout).toBe('apiservice.apiregistration.k8s.io "v1.apps" deleted\n');
    wait(1_000);
    expect(legacyGroups()).not.toContain('apps');
    expect(legacyGroups()).toContain('batch');
    expect(versions()).not.toContain('apps/v1');
    expect(versions()).toContain('batch/v1');
    expect(JSON.parse(c.run('kubectl get --raw /apis/apps').stdout)).toMatchObject({ kind: 'APIGroup', name: 'apps' });
    expect(JSON.parse(c.run('kubectl get --raw /apis/apps/v1').stdout)).toMatchObject({ kind: 'APIResourceList', groupVersion: 'apps/v1' });
    const list = JSON.parse(c.run('kubectl get --raw /apis/apps/v1/namespaces/default/deployments').stdout) as { items: { metadata: { name: string } }[] };
    expect(list.items.map((d) => d.metadata.name)).toEqual(['web']);
  });

  it('lists apps again once kube-apiserver has started again and autoregister created v1.apps', () => {
    c.kill('kube-apiserver');
    wait(2_000);
    c.start('kube-apiserver');
    wait(15_000);
    expect(legacyGroups()).toContain('apps');
    expect(versions()).toContain('apps/v1');
  });
});
