// `kubectl create -f FILE --user=jane` takes the global --user (a kubeconfig user): only `create
// rolebinding` and `create clusterrolebinding` define a --user of their own (a subject), in their
// own flag sets (kubectl's create_rolebinding.go, create_clusterrolebinding.go). kubectl v1.31.9
// against kubeplay serve with a `jane` user: `create -f pod.yaml --user=jane` answered like `replace
// -f pod.yaml --user=jane`, as jane (kubectl12j's finding).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx:1.25\n';

describe('kubectl create --user', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane', groups: ['developers'] }] }, { seed: 5 });

  it('is the kubeconfig user for create -f, so jane without RBAC is refused as jane', () => {
    const out = c.run('kubectl create -f - --user=jane', { stdin: POD });
    expect(out.stderr).toBe('Error from server (Forbidden): error when creating "STDIN": pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"\n');
    expect(out.exitCode).toBe(1);
    expect(c.run('kubectl get pod p').stderr).toBe('Error from server (NotFound): pods "p" not found\n');
  });

  it('is a subject for create rolebinding, and the command runs as the current context’s user', () => {
    expect(c.run('kubectl create rolebinding jane-view --clusterrole=view --user=jane').stdout).toBe('rolebinding.rbac.authorization.k8s.io/jane-view created\n');
    expect(c.run('kubectl get rolebinding jane-view -o jsonpath={.subjects[0].name}').stdout).toBe('jane');
  });
});
