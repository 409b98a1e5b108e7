// `kubectl create configmap` and `kubectl create secret generic|tls|docker-registry`, compared with
// what kubectl v1.31 prints for the same lines (kubectl/pkg/cmd/create/create_configmap.go,
// create_secret.go, create_secret_tls.go, create_secret_docker.go; the expected texts were printed
// by /usr/lib/google-cloud-sdk/bin/kubectl.1.31 with --dry-run=client, which needs no server).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const FILES = {
  'game.properties': 'hello\nworld\n',
  'env.txt': 'a=1\n# c\n\nb=two words\n  lead=x\nc=" q "\n',
  'd/one': '1\n',
  'd/two': '2\n',
};

function cluster() {
  return buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
}

describe('kubectl create configmap|secret --dry-run=client', () => {
  const cases: { line: string; stdout?: string; stderr?: string }[] = [
    {
      line: 'create configmap x --from-literal=a=b --from-literal=c=d\\ e --dry-run=client -o yaml',
      stdout: 'apiVersion: v1\ndata:\n  a: b\n  c: d e\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: x\n',
    },
    {
      line: 'create configmap x --from-file=game.properties --from-file=k2=game.properties --dry-run=client -o yaml',
      stdout: 'apiVersion: v1\ndata:\n  game.properties: |\n    hello\n    world\n  k2: |\n    hello\n    world\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: x\n',
    },
    {
      line: 'create configmap x --from-env-file=env.txt -n dev --dry-run=client -o yaml',
      stdout: 'apiVersion: v1\ndata:\n  a: "1"\n  b: two words\n  c: \'" q "\'\n  lead: x\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: x\n  namespace: dev\n',
    },
    { line: 'create configmap x --from-file=d --dry-run=client -o yaml', stdout: 'apiVersion: v1\ndata:\n  one: |\n    1\n  two: |\n    2\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: x\n' },
    {
      line: 'create configmap x --from-file=k=game.properties --dry-run=client -o json',
      stdout: '{\n    "kind": "ConfigMap",\n    "apiVersion": "v1",\n    "metadata": {\n        "name": "x",\n        "creationTimestamp": null\n    },\n    "data": {\n        "k": "hello\\nworld\\n"\n    }\n}\n',
    },
    { line: 'create configmap x --from-literal=a=b --dry-run=client', stdout: 'configmap/x created (dry run)\n' },
    { line: 'create configmap x --dry-run=client -o yaml', stdout: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  creationTimestamp: null\n  name: x\n' },
    { line: 'create configmap x --from-literal=a --dry-run=client -o yaml', stderr: 'error: invalid literal source a, expected key=value\n' },
    { line: 'create configmap x --from-literal=a=1 --from-literal=a=2 --dry-run=client', stderr: 'error: cannot add key "a", another key by that name already exists in Data for ConfigMap "x"\n' },
    { line: 'create configmap --dry-run=client -o yaml', stderr: "error: exactly one NAME is required, got 0\nSee 'kubectl create configmap -h' for help and examples\n" },
    {
      line: "create configmap x --from-literal=a\\ b=1 --dry-run=client",
      stderr:
        "error: \"a b\" is not a valid key name for a ConfigMap: a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')\n",
    },
    { line: 'create configmap x --from-env-file=env.txt --from-literal=a=1 --dry-run=client', stderr: 'error: from-env-file cannot be combined with from-file or from-literal\n' },
    { line: 'create configmap x --from-file=missing.txt --dry-run=client', stderr: 'error: error reading missing.txt: no such file or directory\n' },
    { line: 'create configmap x --from-file=a=d --dry-run=client', stderr: 'error: cannot give a key name for a directory path\n' },
    { line: 'create configmap x --from-literal=a=1 --dry-run=bogus', stderr: 'error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n' },
    { line: 'create secret generic s --from-literal=user=admin --dry-run=client -o yaml', stdout: 'apiVersion: v1\ndata:\n  user: YWRtaW4=\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\n' },
    {
      line: 'create secret generic s --from-literal=user=admin --type=kubernetes.io/basic-auth --dry-run=client -o yaml',
      stdout: 'apiVersion: v1\ndata:\n  user: YWRtaW4=\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\ntype: kubernetes.io/basic-auth\n',
    },
    {
      line: 'create secret generic s --from-env-file=env.txt --dry-run=client -o yaml',
      stdout: 'apiVersion: v1\ndata:\n  a: MQ==\n  b: dHdvIHdvcmRz\n  c: IiBxICI=\n  lead: eA==\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\n',
    },
    { line: 'create secret generic s --from-file=game.properties --dry-run=client -o yaml', stdout: 'apiVersion: v1\ndata:\n  game.properties: aGVsbG8Kd29ybGQK\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: s\n' },
    { line: 'create secret generic s --from-literal=a=1 --from-literal=a=2 --dry-run=client', stderr: 'error: cannot add key a, another key by that name already exists\n' },
    { line: 'create secret generic s --from-literal=a=b --dry-run=client -o name', stdout: 'secret/s\n' },
    { line: 'create secret generic --dry-run=client', stderr: "error: exactly one NAME is required, got 0\nSee 'kubectl create secret generic -h' for help and examples\n" },
    {
      line: 'create secret docker-registry reg --docker-server=r.example --docker-username=u --docker-password=p --docker-email=e@x --dry-run=client -o yaml',
      stdout:
        'apiVersion: v1\ndata:\n  .dockerconfigjson: eyJhdXRocyI6eyJyLmV4YW1wbGUiOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiZW1haWwiOiJlQHgiLCJhdXRoIjoiZFRwdyJ9fX0=\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: reg\ntype: kubernetes.io/dockerconfigjson\n',
    },
    {
      line: 'create secret docker-registry reg --docker-username=u --docker-password=p --dry-run=client -o yaml',
      stdout:
        'apiVersion: v1\ndata:\n  .dockerconfigjson: eyJhdXRocyI6eyJodHRwczovL2luZGV4LmRvY2tlci5pby92MS8iOnsidXNlcm5hbWUiOiJ1IiwicGFzc3dvcmQiOiJwIiwiYXV0aCI6ImRUcHcifX19\nkind: Secret\nmetadata:\n  creationTimestamp: null\n  name: reg\ntype: kubernetes.io/dockerconfigjson\n',
    },
    { line: 'create secret docker-registry r --docker-username=u --dry-run=client', stderr: 'error: either --from-file or the combination of --docker-username, --docker-password and --docker-server is required\n' },
    { line: 'create secret tls t --dry-run=client -o yaml', stderr: 'error: key and cert must be specified\n' },
    { line: 'create secret tls t --cert=game.properties --key=missing --dry-run=client', stderr: 'error: Cannot read file missing, open missing: no such file or directory\n' },
    { line: 'create secret foo x', stderr: "error: unknown command \"foo x\"\nSee 'kubectl create secret -h' for help and examples\n" },
  ];
  it.each(cases)('kubectl $line', ({ line, stdout, stderr }) => {
    const out = cluster().run(`kubectl ${line}`, { files: FILES });
    expect(out.stdout).toBe(stdout ?? '');
    expect(out.stderr).toBe(stderr ?? '');
  });

  it('creates on the server without --dry-run, and the apiserver validates the secret type', () => {
    const c = cluster();
    c.sim.runUntil(c.sim.now + 3_000);
    expect(c.run('kubectl create configmap cfg --from-literal=a=b').stdout).toBe('configmap/cfg created\n');
    expect(c.run('kubectl get cm cfg -o jsonpath={.data.a}').stdout).toBe('b');
    expect(c.run('kubectl create secret generic bad --from-literal=a=b --type=kubernetes.io/tls').stderr).toBe(
      'error: failed to create secret Secret "bad" is invalid: [data[tls.crt]: Required value, data[tls.key]: Required value]\n',
    );
  });
});
