// `kubectl apply --server-side` (kubectl/pkg/cmd/apply/apply.go, v1.31) against the simulated
// kube-apiserver's server-side apply, with the examples of kubernetes.io "Server-Side Apply"
// (docs/reference/using-api/server-side-apply/). The expected texts are what real kubectl v1.31.9
// printed for the same commands against `kubeplay serve` (the kubectl-compare suite runs them too).

import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: test-cm
  namespace: default
  labels:
    test-label: test
data:
  key: some value
`;

const DEPLOYMENT = (replicas: number): string => `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: ${replicas}
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`;

const ADVICE = `Please review the fields above--they currently have other managers. Here
are the ways you can resolve this warning:
* If you intend to manage all of these fields, please re-run the apply
  command with the \`--force-conflicts\` flag.
* If you do not intend to manage all of the fields, please edit your
  manifest to remove references to the fields that should keep their
  current managers.
* You may co-own fields by updating your manifest to match the existing
  value; in this case, you'll become the manager if the other manager(s)
  stop managing the field (remove it from their configuration).
See https://kubernetes.io/docs/reference/using-api/server-side-apply/#conflicts
`;

describe('kubectl apply --server-side', () => {
  it('creates the ConfigMap of the example; get hides managedFields unless --show-managed-fields', () => {
    const c = buildCluster({}, { seed: 11 });
    expect(c.run('kubectl apply --server-side -f -', { stdin: CONFIG_MAP })).toMatchObject({ stdout: 'configmap/test-cm serverside-applied\n', stderr: '', exitCode: 0 });
    const hidden = c.run('kubectl get cm test-cm -o yaml').stdout;
    expect(hidden).not.toContain('managedFields');
    const shown = c.run('kubectl get cm test-cm -o yaml --show-managed-fields').stdout;
    expect(shown).toContain(`  managedFields:
  - apiVersion: v1
    fieldsType: FieldsV1
    fieldsV1:
      f:data:
        f:key: {}
      f:metadata:
        f:labels:
          f:test-label: {}
    manager: kubectl
    operation: Apply
    time: "`);
    // jsonpath and go-template see managedFields (only the json and yaml printers omit them).
    expect(c.run("kubectl get cm test-cm -o jsonpath='{.metadata.managedFields[0].manager}'").stdout).toBe('kubectl');
  });

  it('conflicts with the client-side apply that set .spec.replicas, takes it with --force-conflicts', () => {
    const c = buildCluster({}, { seed: 11 });
    expect(c.run('kubectl apply -f -', { stdin: DEPLOYMENT(3) }).stdout).toBe('deployment.apps/nginx-deployment created\n');
    expect(c.run('kubectl apply --server-side -f -', { stdin: DEPLOYMENT(5) })).toMatchObject({
      stdout: '',
      stderr: `error: Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas\n${ADVICE}`,
      exitCode: 1,
    });
    // The same value is no conflict; kubectl then migrates the client-side apply's fields to `kubectl`.
    expect(c.run('kubectl apply --server-side -f -', { stdin: DEPLOYMENT(3) })).toMatchObject({ stdout: 'deployment.apps/nginx-deployment serverside-applied\n', stderr: '', exitCode: 0 });
    const managers = c.run("kubectl get deploy nginx-deployment -o jsonpath='{range .metadata.managedFields[*]}{.manager}/{.operation} {end}'").stdout;
    expect(managers).toBe('kubectl/Apply kubectl-last-applied/Apply kube-controller-manager/Update ');
    expect(c.run('kubectl apply --server-side --field-manager=other -f -', { stdin: DEPLOYMENT(5) }).stderr).toBe(
      `error: Apply failed with 1 conflict: conflict with "kubectl": .spec.replicas\n${ADVICE}`,
    );
    expect(c.run('kubectl apply --server-side --dry-run=server --force-conflicts -f -', { stdin: DEPLOYMENT(5) }).stdout).toBe(
      'deployment.apps/nginx-deployment serverside-applied (server dry run)\n',
    );
    expect(c.run("kubectl get deploy nginx-deployment -o jsonpath='{.spec.replicas}'").stdout).toBe('3');
    expect(c.run('kubectl apply --server-side --force-conflicts -f -', { stdin: DEPLOYMENT(5) }).stdout).toBe('deployment.apps/nginx-deployment serverside-applied\n');
    expect(c.run("kubectl get deploy nginx-deployment -o jsonpath='{.spec.replicas}'").stdout).toBe('5');
  });

  it('removes a field dropped from the configuration', () => {
    const c = buildCluster({}, { seed: 11 });
    c.run('kubectl apply --server-side -f -', { stdin: CONFIG_MAP });
    c.run('kubectl apply --server-side -f -', { stdin: CONFIG_MAP.replace('  labels:\n    test-label: test\n', '') });
    expect(c.run("kubectl get cm test-cm -o jsonpath='{.metadata.labels}|{.data.key}'").stdout).toBe('|some value');
  });

  it('refuses the flags real kubectl refuses', () => {
    const c = buildCluster({}, { seed: 11 });
    expect(c.run('kubectl apply --server-side --dry-run=client -f -', { stdin: CONFIG_MAP }).stderr).toBe(
      "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n",
    );
    expect(c.run('kubectl apply --force-conflicts -f -', { stdin: CONFIG_MAP }).stderr).toBe('error: --force-conflicts only works with --server-side\n');
  });
});
