// The kubelet reads only what its pods reference, one object at a time, and the Node authorizer
// holds it to that. Sources: pkg/kubelet/util/manager/watch_based_manager.go (a reflector per
// referenced object: LIST and WATCH with fieldSelector metadata.name=<x>, stopped when no pod
// references it), plugin/pkg/auth/authorizer/node/node_authorizer.go and graph.go (node <- pod <-
// configmap | secret), k8s.io/apiserver requestinfo.go (a metadata.name field selector names the
// object), and https://kubernetes.io/docs/reference/access-authn-authz/node/ ("read operations:
// secrets, configmaps, persistent volume claims and persistent volumes bound to the kubelet's node").
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';
import { runningInformers } from '../../chaos/observe';

const AS_NODE = '--as=system:node:worker-1 --as-group=system:nodes';

function cluster() {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }, { name: 'worker-2' }] }, { seed: 7 });
  c.sim.runUntil(c.sim.now + 5_000);
  return c;
}

/** The kubelet's informers on a node, outside kube-system (where CoreDNS's pods name their own ConfigMaps). */
function kubeletInformers(c: ReturnType<typeof cluster>, node: string): string[] {
  return runningInformers(c.sim)
    .filter((i) => i.owner.includes('kubelet') && i.owner.includes(node) && !i.informer.path.includes('/kube-system/'))
    .map((i) => `${i.informer.path}?${i.informer.fieldSelector ?? ''}`);
}

const POD = (name: string, node: string) => `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
spec:
  nodeName: ${node}
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    envFrom:
    - configMapRef:
        name: game
    volumeMounts:
    - name: s
      mountPath: /etc/s
  volumes:
  - name: s
    secret:
      secretName: db
`;

describe("the kubelet's configmap and secret managers and the Node authorizer", () => {
  it('watch each referenced object by name, and stop when the last pod that named it is gone', () => {
    const c = cluster();
    c.run('kubectl create configmap game --from-literal=level=1');
    c.run('kubectl create secret generic db --from-literal=pass=x');
    c.run('kubectl apply -f -', { stdin: POD('one', 'worker-1') });
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl get pod one').stdout).toMatch(/^one\s+1\/1\s+Running\s/m);
    expect(kubeletInformers(c, 'worker-1')).toEqual([
      '/api/v1/pods?spec.nodeName=worker-1',
      '/api/v1/nodes?metadata.name=worker-1',
      '/api/v1/namespaces/default/configmaps?metadata.name=game',
      '/api/v1/namespaces/default/configmaps?metadata.name=kube-root-ca.crt',
      '/api/v1/namespaces/default/secrets?metadata.name=db',
    ]);
    expect(kubeletInformers(c, 'worker-2')).toEqual(['/api/v1/pods?spec.nodeName=worker-2', '/api/v1/nodes?metadata.name=worker-2']);
    c.run('kubectl delete pod one --grace-period=1');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(kubeletInformers(c, 'worker-1')).toEqual(['/api/v1/pods?spec.nodeName=worker-1', '/api/v1/nodes?metadata.name=worker-1']);
  });

  it('lets a kubelet read a Secret only while a pod on its node references it, with the real Forbidden texts', () => {
    const c = cluster();
    c.run('kubectl create configmap game --from-literal=level=1');
    c.run('kubectl create secret generic db --from-literal=pass=x');
    expect(c.run(`kubectl get secrets -A ${AS_NODE}`).stderr).toBe(
      'Error from server (Forbidden): secrets is forbidden: User "system:node:worker-1" cannot list resource "secrets" in API group "" at the cluster scope: can only read namespaced object of this type\n',
    );
    expect(c.run(`kubectl get secret db ${AS_NODE}`).stderr).toBe(
      'Error from server (Forbidden): secrets "db" is forbidden: User "system:node:worker-1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node \'worker-1\' and this object\n',
    );
    c.run('kubectl apply -f -', { stdin: POD('one', 'worker-1') });
    c.sim.runUntil(c.sim.now + 10_000);
    expect(c.run(`kubectl get secret db ${AS_NODE}`).stdout).toMatch(/^db\s+Opaque\s+1\s/m);
    expect(c.run(`kubectl get configmap game ${AS_NODE} -o name`).stdout).toBe('configmap/game\n');
    // worker-2 runs no pod that names them.
    expect(c.run('kubectl get secret db --as=system:node:worker-2 --as-group=system:nodes').stderr).toContain("no relationship found between node 'worker-2' and this object");
  });
});
