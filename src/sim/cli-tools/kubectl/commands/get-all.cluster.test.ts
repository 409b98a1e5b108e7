// `kubectl get all`: `all` is no resource but a discovery category (each type's Categories() in
// kube-apiserver: pods, replicationcontrollers, services, daemonsets, deployments, replicasets,
// statefulsets, horizontalpodautoscalers, cronjobs, jobs). kubectl's category expander
// (k8s.io/cli-runtime resource builder, replaceAliases) lists them in discovery order: groups by
// kube-apiserver's priority (apiVersionPriorities: core, apps, autoscaling, batch) and resources
// by name within a group; get.go prints one table per type that has objects, with a blank line
// between them and `kind.group/name` names. The order and texts were checked against kubectl
// v1.31 through `kubeplay serve` (src/serve/kubectl-compare.test.ts runs `get all` live).
import { describe, expect, it } from 'vitest';
import { discoveryDocument } from '../../../apiserver/discovery';
import { resourcesInCategory } from '../../../api/resources';
import { buildCluster } from '../../../cluster';

const HPA = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n  scaleTargetRef:\n    apiVersion: apps/v1\n    kind: Deployment\n    name: web\n  minReplicas: 1\n  maxReplicas: 3\n';

/** Pod names carry random suffixes of fixed length: masking them keeps the padding. */
const masked = (s: string): string => s.replace(/web-[a-z0-9]{10}-[a-z0-9]{5}/g, 'web-xxxxxxxxxx-xxxxx').replace(/j-[a-z0-9]{5}\b/g, 'j-xxxxx');

describe('kubectl get all', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
  c.run('kubectl apply -f -', { stdin: HPA });
  c.run('kubectl create deploy web --image=nginx:1.25 --replicas=2');
  c.run("kubectl create cronjob cj --image=busybox '--schedule=*/5 * * * *'");
  c.run('kubectl create job j --image=busybox -- true');
  c.run('kubectl rollout status deploy web');

  it('prints a table per type of the all category that has objects, autoscaling before batch and cronjobs before jobs', () => {
    const out = c.run('kubectl get all');
    expect({ stdout: masked(out.stdout), stderr: out.stderr, exitCode: out.exitCode }).toEqual({
      stdout: [
        'NAME                       READY   STATUS      RESTARTS   AGE',
        'pod/j-xxxxx                0/1     Completed   0          4s',
        'pod/web-xxxxxxxxxx-xxxxx   1/1     Running     0          4s',
        'pod/web-xxxxxxxxxx-xxxxx   1/1     Running     0          4s',
        '',
        'NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT(S)   AGE',
        'service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   14s',
        '',
        'NAME                  READY   UP-TO-DATE   AVAILABLE   AGE',
        'deployment.apps/web   2/2     2            2           4s',
        '',
        'NAME                             DESIRED   CURRENT   READY   AGE',
        'replicaset.apps/web-68bf9f694d   2         2         2       4s',
        '',
        'NAME                                      REFERENCE        TARGETS   MINPODS   MAXPODS   REPLICAS   AGE',
        'horizontalpodautoscaler.autoscaling/web   Deployment/web   <none>    1         3         0          4s',
        '',
        'NAME               SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE',
        'cronjob.batch/cj   */5 * * * *   <none>     False     0        <none>          4s',
        '',
        'NAME          STATUS     COMPLETIONS   DURATION   AGE',
        'job.batch/j   Complete   1/1           0s         4s',
        '',
      ].join('\n'),
      stderr: '',
      exitCode: 0,
    });
  });

  it('says No resources found for a namespace with none of them', () => {
    expect(c.run('kubectl get all -n nope')).toMatchObject({ stdout: '', stderr: 'No resources found in nope namespace.\n', exitCode: 0 });
  });

  it('mixes with other types (get all,cm) and prints names with -o name', () => {
    const out = c.run('kubectl get all,cm -o name');
    expect(masked(out.stdout)).toBe(
      'pod/j-xxxxx\npod/web-xxxxxxxxxx-xxxxx\npod/web-xxxxxxxxxx-xxxxx\nservice/kubernetes\ndeployment.apps/web\nreplicaset.apps/web-68bf9f694d\nhorizontalpodautoscaler.autoscaling/web\ncronjob.batch/cj\njob.batch/j\nconfigmap/kube-root-ca.crt\n',
    );
  });
});

describe('the all category in discovery', () => {
  it('is served on each of its resources, groups in kube-apiserver priority order', () => {
    expect(resourcesInCategory('all').map((r) => `${r.resource}.${r.group}`)).toEqual([
      'pods.', 'services.', 'daemonsets.apps', 'deployments.apps', 'replicasets.apps', 'statefulsets.apps',
      'horizontalpodautoscalers.autoscaling', 'cronjobs.batch', 'jobs.batch',
    ]);
    const groups = discoveryDocument(false).items.map((g) => g.metadata.name);
    // apiregistration.k8s.io (APIService, served since the aggregation layer came) leads /apis as on a real v1.31 cluster.
    expect(groups.slice(0, 4)).toEqual(['apiregistration.k8s.io', 'apps', 'authentication.k8s.io', 'authorization.k8s.io']);
    const pods = discoveryDocument(true).items[0]!.versions[0]!.resources.find((r) => r.resource === 'pods');
    expect(pods?.categories).toEqual(['all']);
  });
});
