// The kubernetes.io task page "Distribute Credentials Securely Using Secrets"
// (https://kubernetes.io/docs/tasks/inject-data-application/distribute-credentials-secure/), run
// step by step with its manifests unchanged (kubernetes/website content/en/examples/pods/inject/
// secret.yaml, secret-pod.yaml, pod-single-secret-env-variable.yaml,
// pod-multiple-secret-env-variable.yaml, pod-secret-envFrom.yaml) and compared with the output the
// page shows. Where the page is older than v1.31 the expectation is what kubectl v1.31.9 prints
// (checked against `kubeplay serve`): the page's `13 bytes`/`7 bytes` came from an older secret.yaml
// whose values carried a newline; today's decode to 12 and 6 bytes. The page's `env | grep
// _USERNAME` shows DB_USERNAME first: the kubelet builds the environment from a Go map
// (kubelet_pods.go makeEnvironmentVariables), so a real cluster prints the two in either order; the
// simulation keeps the manifest's order, as it must stay deterministic.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const SECRET = `---
{
  apiVersion: "v1",
  kind: "Secret",
  metadata: {
    name: "test-secret",
  },
  data: {
    username: "bXktYXBw",
    password: "Mzk1MjgkdmRnN0pi",
  },
}
`;

const SECRET_POD = `---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "secret-test-pod",
  },
  spec: {
    containers: [{
      name: "test-container",
      image: "nginx",
      volumeMounts: [
        # name must match the volume name below
        {
          name: "secret-volume",
          mountPath: "/etc/secret-volume",
          readOnly: true,
        },
      ],
    }],
    # The secret data is exposed to Containers in the Pod through a Volume.
    volumes: [{
      name: "secret-volume",
      secret: {
        secretName: "test-secret",
      },
    }],
  },
}
`;

const SINGLE_ENV = `apiVersion: v1
kind: Pod
metadata:
  name: env-single-secret
spec:
  containers:
  - name: envars-test-container
    image: nginx
    env:
    - name: SECRET_USERNAME
      valueFrom:
        secretKeyRef:
          name: backend-user
          key: backend-username
`;

const MULTIPLE_ENV = `apiVersion: v1
kind: Pod
metadata:
  name: envvars-multiple-secrets
spec:
  containers:
  - name: envars-test-container
    image: nginx
    env:
    - name: BACKEND_USERNAME
      valueFrom:
        secretKeyRef:
          name: backend-user
          key: backend-username
    - name: DB_USERNAME
      valueFrom:
        secretKeyRef:
          name: db-user
          key: db-username
`;

const ENV_FROM = `---
{
  apiVersion: "v1",
  kind: "Pod",
  metadata: {
    name: "envfrom-secret",
  },
  spec: {
    containers: [{
      name: "envars-test-container",
      image: "nginx",
      envFrom: [{
        secretRef: {
          name: "test-secret",
        },
      }],
    }],
  },
}
`;

const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
c.sim.runUntil(c.sim.now + 5_000);
const run = (ms: number): void => c.sim.runUntil(c.sim.now + ms);
const kubectl = (line: string, stdin?: string): { stdout: string; stderr: string } => c.run(line, stdin === undefined ? undefined : { stdin });
/** AGE columns masked: the page's ages are whatever they were when it was written. */
const maskAge = (s: string): string => s.replace(/(?<= )\d+[smhd]$/gm, '<age>');

describe('Distribute Credentials Securely Using Secrets (kubernetes.io task page)', () => {
  it('creates the Secret from secret.yaml, lists it and describes it', () => {
    expect(kubectl('kubectl apply -f -', SECRET).stdout).toBe('secret/test-secret created\n');
    expect(maskAge(kubectl('kubectl get secret test-secret').stdout)).toBe('NAME          TYPE     DATA   AGE\ntest-secret   Opaque   2      <age>\n');
    expect(kubectl('kubectl describe secret test-secret').stdout).toBe(
      'Name:         test-secret\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\npassword:  12 bytes\nusername:  6 bytes\n',
    );
    // The page's note: the same Secret from literals; it exists already, so kubectl says so.
    expect(kubectl(`kubectl create secret generic test-secret --from-literal=username='my-app' --from-literal=password='39528$vdg7Jb'`).stderr).toBe(
      'error: failed to create secret secrets "test-secret" already exists\n',
    );
  });

  it('mounts it in secret-pod.yaml: one file per key, holding the decoded value', () => {
    expect(kubectl('kubectl apply -f -', SECRET_POD).stdout).toBe('pod/secret-test-pod created\n');
    run(30_000);
    expect(maskAge(kubectl('kubectl get pod secret-test-pod').stdout)).toBe('NAME              READY   STATUS    RESTARTS   AGE\nsecret-test-pod   1/1     Running   0          <age>\n');
    // `kubectl exec -it secret-test-pod -- /bin/bash` opens bash; the page's lines, typed there, run in it.
    const shell = kubectl('kubectl exec -it secret-test-pod -- /bin/bash');
    expect(shell.stdout).toBe('');
    // What the app's terminal sends for `ls` and for `cat ...` typed after `cd /etc/secret-volume` (ui/terminal/shell-session.ts).
    const inSecretVolume = (typed: string): string => `kubectl exec -i -t secret-test-pod -c test-container -n default -- /bin/bash -c 'cd /etc/secret-volume && ${typed}'`;
    expect(kubectl(inSecretVolume('ls')).stdout).toBe('password\nusername\n');
    expect(kubectl(inSecretVolume('cat username; echo; cat password; echo')).stdout).toBe('my-app\n39528$vdg7Jb\n');
  });

  it('gives one Secret key as one variable (pod-single-secret-env-variable.yaml)', () => {
    expect(kubectl(`kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'`).stdout).toBe('secret/backend-user created\n');
    expect(kubectl('kubectl create -f -', SINGLE_ENV).stdout).toBe('pod/env-single-secret created\n');
    run(20_000);
    expect(kubectl(`kubectl exec -it env-single-secret -- /bin/sh -c 'echo $SECRET_USERNAME'`).stdout).toBe('backend-admin\n');
  });

  it('gives keys of two Secrets as variables (pod-multiple-secret-env-variable.yaml), found with env | grep', () => {
    // backend-user exists from the step before, as on the page ("create the Secrets first" repeats it).
    expect(kubectl(`kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'`).stderr).toBe(
      'error: failed to create secret secrets "backend-user" already exists\n',
    );
    expect(kubectl(`kubectl create secret generic db-user --from-literal=db-username='db-admin'`).stdout).toBe('secret/db-user created\n');
    expect(kubectl('kubectl create -f -', MULTIPLE_ENV).stdout).toBe('pod/envvars-multiple-secrets created\n');
    run(20_000);
    const out = kubectl(`kubectl exec -it envvars-multiple-secrets -- /bin/sh -c 'env | grep _USERNAME'`).stdout;
    expect(out.split('\n').filter(Boolean).sort()).toEqual(['BACKEND_USERNAME=backend-admin', 'DB_USERNAME=db-admin']);
  });

  it('gives every key of a Secret as a variable (pod-secret-envFrom.yaml); dash\'s echo turns \\n into a new line', () => {
    expect(kubectl('kubectl create -f -', ENV_FROM).stdout).toBe('pod/envfrom-secret created\n');
    run(20_000);
    expect(kubectl(`kubectl exec -it envfrom-secret -- /bin/sh -c 'echo "username: $username\\npassword: $password"'`).stdout).toBe('username: my-app\npassword: 39528$vdg7Jb\n');
  });
});
