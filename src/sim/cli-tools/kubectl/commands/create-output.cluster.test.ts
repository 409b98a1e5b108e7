// Issue 18 point 6: `-o name` and `-o jsonpath=` honoured by `kubectl run`, every `create`
// generator, `create -f` and `apply`, as kubectl v1.31.9 printed them against kubeplay serve
// (`kubectl create deployment web --image=nginx --dry-run=client -o name` -> `deployment.apps/web`;
// `create -f` of two ConfigMaps -o name -> `configmap/m1` `configmap/m2`, -o jsonpath -> `m1m2`,
// -o yaml -> the second object after `---`; `-o wide` -> the printer error, nothing created).
// Sources: kubectl/pkg/cmd/create/create.go (one printer, PrintObj per object), cli-runtime
// printers/name.go (ShortOutput drops the operation), printers/yaml.go (`---` from the second object).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

const TWO = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m1\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m2\n';
const WIDE = 'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n';

describe('-o name and -o jsonpath on the writing verbs (kubectl v1.31.9)', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 7 });

  it('create generators: the name alone, with or without a dry run; jsonpath of what the server stored', () => {
    expect(c.run('kubectl create deployment web --image=nginx --dry-run=client -o name')).toMatchObject({ stdout: 'deployment.apps/web\n', exitCode: 0 });
    expect(c.run('kubectl create deployment web --image=nginx -o name')).toMatchObject({ stdout: 'deployment.apps/web\n', exitCode: 0 });
    expect(c.run("kubectl create deployment w2 --image=nginx -o jsonpath='{.metadata.name}'").stdout).toBe('w2');
    expect(c.run('kubectl create configmap c --from-literal=a=b -o name').stdout).toBe('configmap/c\n');
    expect(c.run("kubectl create configmap c2 --from-literal=a=b -o jsonpath='{.metadata.name}{\"\\n\"}'").stdout).toBe('c2\n');
    expect(c.run('kubectl create service clusterip s --tcp=80 -o name').stdout).toBe('service/s\n');
    expect(c.run("kubectl create namespace n1 -o jsonpath='{.status.phase}'").stdout).toBe('Active');
    expect(c.run('kubectl create job j --image=busybox -o name').stdout).toBe('job.batch/j\n');
    // The object came back from the server: its uid is there.
    expect(c.run("kubectl create configmap c3 --from-literal=a=b -o jsonpath='{.metadata.uid}'").stdout).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('run: pod/NAME, or the jsonpath of the created pod', () => {
    expect(c.run('kubectl run p --image=nginx -o name')).toMatchObject({ stdout: 'pod/p\n', exitCode: 0 });
    expect(c.run("kubectl run q --image=nginx -o jsonpath='{.spec.containers[0].image}'").stdout).toBe('nginx');
    expect(c.run('kubectl run p3 --image=nginx --dry-run=server -o name').stdout).toBe('pod/p3\n');
  });

  it('create -f: one line per object, jsonpath printed back to back, YAML separated by ---', () => {
    expect(c.run('kubectl create -f - -o name', { stdin: TWO }).stdout).toBe('configmap/m1\nconfigmap/m2\n');
    c.run('kubectl delete cm m1 m2');
    expect(c.run("kubectl create -f - -o jsonpath='{.metadata.name}'", { stdin: TWO }).stdout).toBe('m1m2');
    c.run('kubectl delete cm m1 m2');
    const yaml = c.run('kubectl create -f - -o yaml', { stdin: TWO }).stdout;
    expect(yaml.split('\n').filter((l) => l === '---' || l.startsWith('kind:'))).toEqual(['kind: ConfigMap', '---', 'kind: ConfigMap']);
  });

  it('apply -o name: kind/name without the operation', () => {
    expect(c.run('kubectl apply -f - -o name', { stdin: TWO.replace(/m1/, 'a1').replace(/m2/, 'a2') }).stdout).toBe('configmap/a1\nconfigmap/a2\n');
    // Unchanged, the same (kubectl v1.31.9: `configmap/z1` twice); jsonpath of one object is that object's.
    const one = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: z1\ndata:\n  a: b\n';
    expect(c.run('kubectl apply -f - -o name', { stdin: one }).stdout).toBe('configmap/z1\n');
    expect(c.run('kubectl apply -f - -o name', { stdin: one }).stdout).toBe('configmap/z1\n');
    expect(c.run("kubectl apply -f - -o jsonpath='{.metadata.name}'", { stdin: one }).stdout).toBe('z1');
  });

  it('a format no printer takes is refused before anything is created', () => {
    expect(c.run('kubectl create configmap wide --from-literal=a=b -o wide')).toMatchObject({ stderr: WIDE, exitCode: 1 });
    expect(c.run('kubectl run wide --image=nginx -o wide')).toMatchObject({ stderr: WIDE, exitCode: 1 });
    expect(c.run('kubectl get cm,pod wide').stderr).toMatch(/NotFound/);
  });
});
