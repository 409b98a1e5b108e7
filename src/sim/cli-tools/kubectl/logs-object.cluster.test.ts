// `kubectl logs TYPE/NAME` (kubectl v1.31 pkg/cmd/logs/logs.go, pkg/polymorphichelpers/logsforobject.go,
// helpers.go SelectorsForObject and GetFirstPod, pkg/util/podutils/podutils.go ByLogging): the object's
// pod selector (Deployment, ReplicaSet, StatefulSet, DaemonSet, Job, ReplicationController, Service),
// the first pod by ByLogging, `Found N pods, using pod/NAME` on stderr when there are several, and
// kubectl's errors. The error texts are what kubectl.1.31 printed through kubeplay serve (2026-12-03).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const NGINX_LAST = '2024/08/13 09:00:03 [notice] 1#1: start worker process 30\n';

describe('kubectl logs TYPE/NAME', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
  c.run('kubectl create deployment web --image=nginx:1.25 --replicas=2');
  c.run('kubectl expose deployment web --port=80');
  c.run('kubectl create configmap cm1');
  c.sim.runUntil(c.sim.now + 60_000);
  const first = c.run('kubectl get pods -l app=web -o name').stdout.split('\n')[0]!;

  it('reads the first pod of a Deployment, a ReplicaSet and a Service, saying which', () => {
    const rs = c.run('kubectl get rs -o name').stdout.trim();
    for (const target of ['deploy/web', 'deployment/web', 'deployments.apps/web', rs, 'svc/web', 'service/web']) {
      expect(c.run(`kubectl logs ${target} --tail=1`)).toMatchObject({ stdout: NGINX_LAST, stderr: `Found 2 pods, using ${first}\n`, exitCode: 0 });
    }
  });

  it('refuses a kind without a pod selector, a Service without one, and unknown types, in kubectl\'s words', () => {
    expect(c.run('kubectl logs cm/cm1').stderr).toBe('error: cannot get the logs from *v1.ConfigMap: selector for *v1.ConfigMap not implemented\n');
    expect(c.run('kubectl logs node/worker-1').stderr).toBe('error: cannot get the logs from *v1.Node: selector for *v1.Node not implemented\n');
    expect(c.run('kubectl logs foo/x').stderr).toBe('error: the server doesn\'t have a resource type "foo"\n');
    const bare = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: bare\nspec:\n  ports:\n  - port: 80\n';
    c.run('kubectl apply -f s.yaml', { files: { 's.yaml': bare } });
    expect(c.run('kubectl logs svc/bare').stderr).toBe("error: cannot get the logs from *v1.Service: invalid service 'bare': Service is defined without a selector\n");
  });

  it('wraps NotFound with the namespace as logs.go Complete does', () => {
    expect(c.run('kubectl logs nope')).toMatchObject({ stderr: 'error: error from server (NotFound): pods "nope" not found in namespace "default"\n', exitCode: 1 });
    expect(c.run('kubectl logs deploy/nope').stderr).toBe('error: error from server (NotFound): deployments.apps "nope" not found in namespace "default"\n');
    expect(c.run('kubectl logs node/nope').stderr).toBe('error: error from server (NotFound): nodes "nope" not found in namespace "default"\n');
  });
});
