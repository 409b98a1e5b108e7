// The ServiceAccount admission plugin (plugin/pkg/admission/serviceaccount/admission.go, v1.31): a
// pod naming a ServiceAccount that does not exist is refused with 403 `pods "x" is forbidden: error
// looking up service account <ns>/<name>: serviceaccount "<name>" not found`; a controller creating
// such pods gets the same 403 and records it as FailedCreate (pkg/controller/controller_utils.go,
// `Error creating: ...`). A pod in a brand-new namespace waits for its `default` ServiceAccount
// (getServiceAccount looks it up again, 10 attempts 100-200 ms apart) instead of failing.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: lonely
spec:
  serviceAccountName: foo
  containers:
  - name: app
    image: nginx
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      serviceAccountName: foo
      containers:
      - name: app
        image: nginx
`;

describe('ServiceAccount admission', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 5 });
  c.sim.runUntil(c.sim.now + 2_000);

  it('refuses a pod that names a missing ServiceAccount with the real 403', () => {
    const out = c.run('kubectl apply -f -', { stdin: POD });
    expect({ stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode }).toEqual({
      stdout: '',
      stderr: 'Error from server (Forbidden): error when creating "STDIN": pods "lonely" is forbidden: error looking up service account default/foo: serviceaccount "foo" not found\n',
      exitCode: 1,
    });
  });

  it('admits the pod once the ServiceAccount exists', () => {
    c.run('kubectl create serviceaccount foo');
    expect(c.run('kubectl apply -f -', { stdin: POD }).stdout).toBe('pod/lonely created\n');
  });

  it("gives the ReplicaSet controller the same 403, recorded as FailedCreate on the ReplicaSet", () => {
    c.run('kubectl delete serviceaccount foo');
    c.run('kubectl apply -f -', { stdin: DEPLOYMENT });
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl get pods -l app=web').stderr).toBe('No resources found in default namespace.\n');
    const events = c.run('kubectl get events --field-selector reason=FailedCreate -o jsonpath={.items[0].message}').stdout;
    expect(events).toMatch(/^Error creating: pods "web-[a-z0-9]+-" is forbidden: error looking up service account default\/foo: serviceaccount "foo" not found$/);
  });

  it('lets a pod applied with its namespace wait for the namespace\'s default ServiceAccount', () => {
    const yaml = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: fresh\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: fresh\nspec:\n  containers:\n  - name: app\n    image: nginx\n`;
    const out = c.run('kubectl apply -f -', { stdin: yaml });
    expect({ stdout: out.stdout, stderr: out.stderr }).toEqual({ stdout: 'namespace/fresh created\npod/p created\n', stderr: '' });
    expect(c.run('kubectl get pod p -n fresh -o jsonpath={.spec.serviceAccountName}').stdout).toBe('default');
  });

  it('refuses it after 10 looks, 100-200 ms apart, when no controller makes the default ServiceAccount', () => {
    c.kill('kube-controller-manager');
    const yaml = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: orphan\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\n  namespace: orphan\nspec:\n  containers:\n  - name: app\n    image: nginx\n`;
    const started = c.sim.now;
    const out = c.run('kubectl apply -f -', { stdin: yaml });
    expect({ stdout: out.stdout, stderr: out.stderr }).toEqual({
      stdout: 'namespace/orphan created\n',
      stderr: 'Error from server (Forbidden): error when creating "STDIN": pods "p" is forbidden: error looking up service account orphan/default: serviceaccount "default" not found\n',
    });
    const took = c.sim.now - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(2_500);
  });
});
