// The autoregister controller after start (staging/src/k8s.io/kube-aggregator/pkg/controllers/
// autoregister/autoregister_controller.go checkAPIService, v1.31): kube-apiserver's own Local
// APIServices are labelled automanaged=onstart (pkg/controlplane/apiserver/aggregator.go
// apiServicesToRegister calls AddAPIServiceToSyncOnStart), so they are created or put back "once":
// a deleted or edited one stays so while kube-apiserver runs, and the next kube-apiserver start
// creates it again or reverts its spec. Without the label nobody manages it; an APIService labelled
// automanaged=true that nothing wants is deleted at once (`delete`), one labelled onstart at the next
// start (`delete once`). They are stored under the aggregator's key prefix
// (k8s.io/apiserver/pkg/server/options/etcd.go SimpleStorageFactory: `<group>/<resource>`).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const localAPIService = (name: string, label: string) => `apiVersion: apiregistration.k8s.io/v1
kind: APIService
metadata:
  name: ${name}
  labels:
    kube-aggregator.kubernetes.io/automanaged: "${label}"
spec:
  group: ${name.slice(name.indexOf('.') + 1)}
  version: ${name.slice(0, name.indexOf('.'))}
  groupPriorityMinimum: 1000
  versionPriority: 15
`;

describe('autoregister after start', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  const wait = (ms: number) => c.sim.runUntil(c.sim.now + ms);
  const restartApiserver = () => {
    c.kill('kube-apiserver');
    wait(2_000);
    c.start('kube-apiserver');
    wait(15_000);
  };
  const get = (name: string) => c.run(`kubectl get apiservice ${name} -o json`);

  it('keeps APIServices under /registry/apiregistration.k8s.io/apiservices/ in etcd', () => {
    const keys = c.run('ssh control-plane -- etcdctl get /registry/apiregistration.k8s.io/apiservices/ --prefix --keys-only').stdout;
    expect(keys.split('\n').filter(Boolean)).toContain('/registry/apiregistration.k8s.io/apiservices/v1.apps');
    expect(c.run('ssh control-plane -- etcdctl get /registry/apiservices/ --prefix --keys-only').stdout).toBe('');
  });

  it('a deleted Local APIService stays deleted while kube-apiserver runs and is back after it starts again', () => {
    const uid = JSON.parse(get('v1.apps').stdout).metadata.uid;
    expect(c.run('kubectl delete apiservice v1.apps').stdout).toBe('apiservice.apiregistration.k8s.io "v1.apps" deleted\n');
    wait(60_000);
    expect(get('v1.apps').stderr).toBe('Error from server (NotFound): apiservices.apiregistration.k8s.io "v1.apps" not found\n');
    restartApiserver();
    const back = JSON.parse(get('v1.apps').stdout);
    expect(back.metadata.uid).not.toBe(uid);
    expect(back.metadata.labels).toEqual({ 'kube-aggregator.kubernetes.io/automanaged': 'onstart' });
    expect(back.spec).toEqual({ group: 'apps', groupPriorityMinimum: 17800, version: 'v1', versionPriority: 15 });
    expect(back.status.conditions).toMatchObject([{ type: 'Available', status: 'True', reason: 'Local' }]);
  });

  it('an edited spec stays while kube-apiserver runs and is put back once when it starts again; without the label it is left alone', () => {
    expect(c.run(`kubectl patch apiservice v1.batch --type=merge -p '{"spec":{"versionPriority":99}}'`).stdout).toBe('apiservice.apiregistration.k8s.io/v1.batch patched\n');
    const unlabel = `'{"metadata":{"labels":{"kube-aggregator.kubernetes.io/automanaged":null}},"spec":{"versionPriority":98}}'`;
    expect(c.run(`kubectl patch apiservice v1.policy --type=merge -p ${unlabel}`).stdout).toBe('apiservice.apiregistration.k8s.io/v1.policy patched\n');
    wait(60_000);
    expect(JSON.parse(get('v1.batch').stdout).spec.versionPriority).toBe(99);
    restartApiserver();
    expect(JSON.parse(get('v1.batch').stdout).spec).toEqual({ group: 'batch', groupPriorityMinimum: 17400, version: 'v1', versionPriority: 15 });
    expect(JSON.parse(get('v1.policy').stdout).spec.versionPriority).toBe(98);
  });

  it('deletes an APIService labelled automanaged=true that nothing wants; one labelled onstart waits for the next start', () => {
    const out = c.run('kubectl apply -f -', { stdin: `${localAPIService('v1.always.example.com', 'true')}---\n${localAPIService('v1.once.example.com', 'onstart')}` });
    expect(out.stdout).toBe('apiservice.apiregistration.k8s.io/v1.always.example.com created\napiservice.apiregistration.k8s.io/v1.once.example.com created\n');
    wait(5_000);
    expect(get('v1.always.example.com').stderr).toContain('NotFound');
    expect(get('v1.once.example.com').exitCode).toBe(0);
    restartApiserver();
    expect(get('v1.once.example.com').stderr).toContain('NotFound');
  });
});
