// kube-apiserver's autoregistration (pkg/controlplane/apiserver/aggregator.go apiServicesToRegister
// and makeAPIService, v1.31; priorities from DefaultGenericAPIServicePriorities and
// cmd/kube-apiserver/app/aggregator.go): a Local APIService per served built-in group/version, named
// `<version>.<group>`, labelled automanaged=onstart, which the available-condition controller marks
// Available with reason Local ("Local APIServices are always available").
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('autoregistered Local APIServices', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });

  it('kubectl get apiservices lists one Local, Available APIService per built-in group/version', () => {
    const out = c.run('kubectl get apiservices').stdout;
    const rows = out.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^NAME +SERVICE +AVAILABLE +AGE$/);
    const names = rows.slice(1).map((r) => r.split(/ +/)[0]);
    expect(names).toEqual([
      'v1.',
      'v1.admissionregistration.k8s.io',
      'v1.apps',
      'v1.authentication.k8s.io',
      'v1.authorization.k8s.io',
      'v1.batch',
      'v1.coordination.k8s.io',
      'v1.discovery.k8s.io',
      'v1.networking.k8s.io',
      'v1.policy',
      'v1.rbac.authorization.k8s.io',
      'v1.storage.k8s.io',
      'v2.autoscaling',
    ]);
    for (const r of rows.slice(1)) expect(r).toMatch(/^\S+ +Local +True +\d+s$/);
  });

  it('each carries its group priorities, the onstart label and the Local condition', () => {
    const apps = JSON.parse(c.run('kubectl get apiservice v1.apps -o json').stdout);
    expect(apps.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'onstart' });
    expect(apps.spec).toEqual({ group: 'apps', groupPriorityMinimum: 17800, version: 'v1', versionPriority: 15 });
    expect(apps.status.conditions).toMatchObject([{ type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' }]);
    const core = JSON.parse(c.run('kubectl get apiservice v1. -o json').stdout);
    expect(core.spec).toEqual({ groupPriorityMinimum: 18000, version: 'v1', versionPriority: 1 });
    expect(JSON.parse(c.run('kubectl get apiservice v2.autoscaling -o json').stdout).spec).toMatchObject({ groupPriorityMinimum: 17500, versionPriority: 30 });
  });
});
