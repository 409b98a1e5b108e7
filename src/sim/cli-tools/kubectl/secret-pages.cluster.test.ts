// The kubernetes.io task pages "Managing Secrets using kubectl"
// (https://kubernetes.io/docs/tasks/configmap-secret/managing-secret-using-kubectl/) and "Managing
// Secrets using Configuration File" (.../managing-secret-using-config-file/), each command in order
// with the page's literals and manifests unchanged. Expected outputs are kubectl v1.31.9's, checked
// through `kubeplay serve` (and offline with --dry-run=client for the encoded data); where a page
// shows something else it says so beside the case. The laptop's `base64 --decode` in the page's
// pipeline is replaced by kubectl's own go-template function base64decode, which prints the same.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });
c.sim.runUntil(c.sim.now + 3_000);
// `echo -n 'admin' | base64 > ./username.txt` and `echo -n 'S!B\*d$zDsb=' | base64 > ./password.txt`.
const FILES = { './username.txt': 'YWRtaW4=\n', './password.txt': 'UyFCXCpkJHpEc2I9\n' };
const run = (line: string, stdin?: string): { stdout: string; stderr: string } => c.run(line, { files: FILES, stdin });
const maskMeta = (s: string): string =>
  s.replace(/creationTimestamp: "[^"]+"/, 'creationTimestamp: "<time>"').replace(/resourceVersion: "\d+"/, 'resourceVersion: "<rv>"').replace(/uid: [0-9a-f-]{36}/, 'uid: <uid>');

describe('Managing Secrets using kubectl (kubernetes.io task page)', () => {
  it('creates db-user-pass from raw data, lists it and describes it without showing the values', () => {
    expect(run(`kubectl create secret generic db-user-pass --from-literal=username=devuser --from-literal=password='S!B\\*d$zDsb='`).stdout).toBe('secret/db-user-pass created\n');
    expect(run('kubectl get secrets').stdout).toMatch(/^NAME {11}TYPE {5}DATA {3}AGE\ndb-user-pass {3}Opaque {3}2 {6}\d+s\n$/);
    // The page's `username: 5 bytes` is admin's; the command it shows stores devuser, 7 bytes.
    expect(run('kubectl describe secrets/db-user-pass').stdout).toBe(
      'Name:         db-user-pass\nNamespace:    default\nLabels:       <none>\nAnnotations:  <none>\n\nType:  Opaque\n\nData\n====\npassword:  12 bytes\nusername:  7 bytes\n',
    );
  });

  it('shows the encoded data with jsonpath, and decodes the password', () => {
    expect(run(`kubectl get secret db-user-pass -o jsonpath='{.data}'`).stdout).toBe('{"password":"UyFCXCpkJHpEc2I9","username":"ZGV2dXNlcg=="}');
    expect(run(`kubectl get secret db-user-pass -o go-template='{{.data.password | base64decode}}'`).stdout).toBe('S!B\\*d$zDsb=');
    expect(run('kubectl delete secret db-user-pass').stdout).toBe('secret "db-user-pass" deleted\n');
  });

  it('creates it from the base64 files: the file names are the keys unless key= is given', () => {
    expect(run('kubectl create secret generic db-user-pass --from-file=./username.txt --from-file=./password.txt').stdout).toBe('secret/db-user-pass created\n');
    expect(run('kubectl describe secret db-user-pass').stdout).toContain('\nData\n====\npassword.txt:  17 bytes\nusername.txt:  9 bytes\n');
    run('kubectl delete secret db-user-pass');
    expect(run('kubectl create secret generic db-user-pass --from-file=username=./username.txt --from-file=password=./password.txt').stdout).toBe('secret/db-user-pass created\n');
    // The files held base64 already, so the Secret holds it encoded once more (the page's note on -n is about the newline kept here).
    expect(run(`kubectl get secret db-user-pass -o jsonpath='{.data}'`).stdout).toBe('{"password":"VXlGQ1hDcGtKSHBFYzJJOQo=","username":"WVdSdGFXND0K"}');
    expect(run('kubectl delete secret db-user-pass').stdout).toBe('secret "db-user-pass" deleted\n');
  });
});

describe('Managing Secrets using Configuration File (kubernetes.io task page)', () => {
  it('creates mysecret from base64 data', () => {
    const manifest = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mysecret\ntype: Opaque\ndata:\n  username: YWRtaW4=\n  password: MWYyZDFlMmU2N2Rm\n';
    expect(run('kubectl apply -f ./secret.yaml', undefined).stderr).toBe('error: the path "./secret.yaml" does not exist\n');
    expect(c.run('kubectl apply -f ./secret.yaml', { files: { './secret.yaml': manifest } }).stdout).toBe('secret/mysecret created\n');
    expect(run(`kubectl get secret mysecret -o go-template='{{.data.password | base64decode}}'`).stdout).toBe('1f2d1e2e67df');
    run('kubectl delete secret mysecret');
  });

  it('encodes stringData into data, and stringData wins over data for the same key', () => {
    const config = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mysecret\ntype: Opaque\nstringData:\n  config.yaml: |\n    apiUrl: "https://my.api.com/api/v1"\n    username: <user>\n    password: <password>\n';
    expect(run('kubectl apply -f -', config).stdout).toBe('secret/mysecret created\n');
    // The page's output predates kubectl apply's annotation; kubectl v1.31.9 prints this.
    expect(maskMeta(run('kubectl get secret mysecret -o yaml').stdout)).toBe(
      'apiVersion: v1\ndata:\n  config.yaml: YXBpVXJsOiAiaHR0cHM6Ly9teS5hcGkuY29tL2FwaS92MSIKdXNlcm5hbWU6IDx1c2VyPgpwYXNzd29yZDogPHBhc3N3b3JkPgo=\nkind: Secret\nmetadata:\n  annotations:\n' +
        '    kubectl.kubernetes.io/last-applied-configuration: |\n' +
        '      {"apiVersion":"v1","kind":"Secret","metadata":{"annotations":{},"name":"mysecret","namespace":"default"},"stringData":{"config.yaml":"apiUrl: \\"https://my.api.com/api/v1\\"\\nusername: \\u003cuser\\u003e\\npassword: \\u003cpassword\\u003e\\n"},"type":"Opaque"}\n' +
        '  creationTimestamp: "<time>"\n  name: mysecret\n  namespace: default\n  resourceVersion: "<rv>"\n  uid: <uid>\ntype: Opaque\n',
    );
    run('kubectl delete secret mysecret');
    const both = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: mysecret\ntype: Opaque\ndata:\n  username: YWRtaW4=\nstringData:\n  username: administrator\n';
    expect(run('kubectl apply -f -', both).stdout).toBe('secret/mysecret created\n');
    expect(run(`kubectl get secret mysecret -o jsonpath='{.data}'`).stdout).toBe('{"username":"YWRtaW5pc3RyYXRvcg=="}');
    expect(run('kubectl delete secret mysecret').stdout).toBe('secret "mysecret" deleted\n');
  });
});
