// Every verb that takes a TYPE maps it through kubectl's discovery cache, as `get` does
// (discovery-cache.cluster.test.ts): kubectl v1.31's verbs all map with the same deferred REST
// mapper (cli-runtime resource/builder.go mappingFor, over client-go restmapper/discovery.go), so
// once `kubectl delete apiservice v1.apps` is in a refreshed cache they fail with the builder's
// `error: the server doesn't have a resource type "deployment"` (the TYPE as typed, without its
// group), after fetching GET /api and /apis once more; explain maps with mapper.ResourcesFor
// (kubectl pkg/explain/explain.go) and CheckErr prints its NoResourceMatchError without `error: `.
// After kube-apiserver starts again (autoregister recreates v1.apps) the miss refetches and maps.
// The texts are real kubectl v1.31.9's against `kubeplay serve` (src/serve/kubectl-compare-apiservice.test.ts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { refetchThenError, restartApiserver, verboseLines } from './discovery-cache-testing';

const noType = (typed: string) => ({ stdout: '', stderr: `error: the server doesn't have a resource type "${typed}"\n`, exitCode: 1 });

const VERBS: [string, string][] = [
  ['kubectl describe deployments', 'deployments'],
  ['kubectl describe deployment/web', 'deployment'],
  ['kubectl delete deployment web', 'deployment'],
  ['kubectl scale deployment web --replicas=2', 'deployment'],
  ['kubectl rollout status deployment/web', 'deployment'],
  ['kubectl label deployment web tier=front', 'deployment'],
  ['kubectl annotate deploy/web note=x', 'deploy'],
  ['kubectl set image deployment/web nginx=nginx:1.27', 'deployment'],
  ['kubectl patch deployment web -p {"spec":{"replicas":2}}', 'deployment'],
  ['kubectl wait --for=condition=Available deployment/web', 'deployment'],
  ['kubectl expose deployment web --port=80', 'deployment'],
  ['kubectl autoscale deployment web --max=3', 'deployment'],
  ['kubectl logs deployment/web', 'deployment'],
  ['kubectl port-forward deployment/web 8080:80', 'deployment'],
  ['kubectl exec deployment/web -- hostname', 'deployment'],
  ['kubectl attach deployment/web', 'deployment'],
  ['kubectl attach deployment web', 'deployment'],
  ['kubectl edit deployment web', 'deployment'],
  ['kubectl describe deployments.apps web', 'deployments'],
];

describe("every verb maps its TYPE through kubectl's discovery cache", () => {
  const setup = () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    c.run('kubectl create deployment web --image=nginx');
    c.sim.runUntil(c.sim.now + 20_000);
    c.run('kubectl delete apiservice v1.apps');
    c.sim.runUntil(c.sim.now + 1_000);
    return c;
  };

  it('a warm cache still maps deployments for describe, scale and label', () => {
    const c = setup();
    expect(c.run('kubectl describe deployment web')).toMatchObject({ stdout: expect.stringMatching(/^Name: +web\n/), exitCode: 0 });
    expect(c.run('kubectl scale deployment web --replicas=2')).toMatchObject({ stdout: 'deployment.apps/web scaled\n', exitCode: 0 });
    expect(c.run('kubectl label deployment web tier=front')).toMatchObject({ stdout: 'deployment.apps/web labeled\n', exitCode: 0 });
  });

  it.each(VERBS)('after a refresh, `%s` fails as the mapper does', (line, typed) => {
    const c = setup();
    c.run('kubectl api-versions');
    expect(c.run(line)).toMatchObject(noType(typed));
  });

  it('explain prints the mapper error as CheckErr does, without error: ', () => {
    const c = setup();
    c.run('kubectl api-resources');
    expect(c.run('kubectl explain deployments.spec')).toMatchObject({ stdout: '', stderr: 'the server doesn\'t have a resource type "deployments"\n', exitCode: 1 });
  });

  // events.go decodeResourceTypeName maps with mapper.ResourceFor; CheckErr prints its NoResourceMatchError bare.
  it('events --for deployment/web prints the mapper error without error: ', () => {
    const c = setup();
    c.run('kubectl api-versions');
    expect(c.run('kubectl events --for deployment/web')).toMatchObject({ stdout: '', stderr: 'the server doesn\'t have a resource type "deployment"\n', exitCode: 1 });
  });

  // cani.go resourceFor: a miss after the refresh is only a warning, and the review asks for the resource as typed.
  it('auth can-i warns that the server does not have deployments, after a refresh only', () => {
    const c = setup();
    expect(c.run('kubectl auth can-i get deployments')).toMatchObject({ stdout: 'yes\n', stderr: '', exitCode: 0 });
    c.run('kubectl api-versions');
    expect(c.run('kubectl auth can-i get deployments')).toMatchObject({ stdout: 'yes\n', stderr: "Warning: the server doesn't have a resource type 'deployments'\n\n", exitCode: 0 });
  });

  // create_job.go Run maps --from with ResourceTypeOrNameArgs, so it misses once batch/v1 is out of a refreshed cache.
  it('create job --from=cronjob/NAME fails once v1.batch is gone from a refreshed cache, and works after a restart', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl create cronjob hello --image=busybox --schedule="*/5 * * * *"').exitCode).toBe(0);
    c.run('kubectl delete apiservice v1.batch');
    c.sim.runUntil(c.sim.now + 1_000);
    c.run('kubectl api-versions');
    expect(c.run('kubectl create job manual --from=cronjob/hello')).toMatchObject(noType('cronjob'));
    restartApiserver(c);
    expect(c.run('kubectl create job manual --from=cronjob/hello')).toMatchObject({ stdout: 'job.batch/manual created\n', exitCode: 0 });
  });

  it('describe fetches discovery again (-v=6) before it gives up, as get does', () => {
    const c = setup();
    c.run('kubectl api-versions');
    expect(verboseLines(c.run('kubectl describe deployment web -v=6').stderr)).toEqual(refetchThenError('error: the server doesn\'t have a resource type "deployment"'));
  });

  // exec.go and attach.go map TYPE/NAME (attach also TYPE NAME) with the builder's ResourceNames, so a warm cache's miss refetches too.
  it('exec and attach fetch discovery again (-v=6) before they give up, and find the pod after a restart', () => {
    const c = setup();
    c.run('kubectl api-versions');
    const error = 'error: the server doesn\'t have a resource type "deploy"';
    expect(verboseLines(c.run('kubectl exec deploy/web -v=6 -- hostname').stderr)).toEqual(refetchThenError(error));
    expect(verboseLines(c.run('kubectl attach deploy web -v=6').stderr)).toEqual(refetchThenError(error));
    restartApiserver(c);
    expect(c.run('kubectl exec deploy/web -- hostname')).toMatchObject({ stdout: expect.stringMatching(/^web-[a-z0-9]+-[a-z0-9]{5}\n$/), exitCode: 0 });
  });

  it('after kube-apiserver starts again, describe, scale, rollout status, label and delete map deployments again', () => {
    const c = setup();
    c.run('kubectl api-versions');
    expect(c.run('kubectl describe deployment web')).toMatchObject(noType('deployment'));
    restartApiserver(c);
    expect(c.run('kubectl describe deployment web')).toMatchObject({ stdout: expect.stringMatching(/^Name: +web\n/), exitCode: 0 });
    expect(c.run('kubectl scale deployment web --replicas=2')).toMatchObject({ stdout: 'deployment.apps/web scaled\n', exitCode: 0 });
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl rollout status deployment/web')).toMatchObject({ stdout: 'deployment "web" successfully rolled out\n', exitCode: 0 });
    expect(c.run('kubectl label deployment web tier=front')).toMatchObject({ stdout: 'deployment.apps/web labeled\n', exitCode: 0 });
    expect(c.run('kubectl delete deployment web')).toMatchObject({ stdout: 'deployment.apps "web" deleted\n', exitCode: 0 });
  });
});
