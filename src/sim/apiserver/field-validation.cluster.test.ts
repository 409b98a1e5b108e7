// fieldValidation on create, update and patch as kube-apiserver v1.31 does it (handlers/create.go,
// update.go, patch.go fieldValidation(): Strict refuses unknown fields with a 400, Warn, the default
// when the query names none, drops them and sends one Warning header per field, Ignore drops them
// silently), and kubectl's `--validate=strict|warn|ignore` choosing the directive. The texts are
// what kubectl v1.31.9 printed against `kubeplay serve` (src/serve).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../cluster';

const POD = 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: NAME\nspec:\n  foo: 1\n  containers:\n  - name: c\n    image: nginx:1.25\n';
const pod = (name: string): string => POD.replace('NAME', name);

describe('fieldValidation', () => {
  it('Strict (kubectl\'s default) refuses an unknown field with the strict decoding error', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl create -f -', { stdin: pod('a') })).toMatchObject({
      stderr: 'Error from server (BadRequest): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.foo"\n',
      exitCode: 1,
    });
  });

  it('Warn creates the object without the field and prints one Warning per unknown field on stderr', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl apply -f - --validate=warn', { stdin: pod('b').replace('  foo: 1\n', '  foo: 1\n  bar: 2\n') })).toMatchObject({
      stdout: 'pod/b created\n',
      stderr: 'Warning: unknown field "spec.bar"\nWarning: unknown field "spec.foo"\n',
      exitCode: 0,
    });
    expect(c.run("kubectl get pod b -o jsonpath='{.spec.foo}'").stdout).toBe('');
  });

  it('Ignore creates it silently; a patch (apply of a changed manifest) warns the same way', () => {
    const c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 3 });
    expect(c.run('kubectl create -f - --validate=false', { stdin: pod('d') })).toMatchObject({ stdout: 'pod/d created\n', stderr: '', exitCode: 0 });
    c.run('kubectl apply -f - --validate=ignore', { stdin: pod('e') });
    const changed = pod('e').replace('foo: 1', 'foo: 2').replace('  name: e\n', '  name: e\n  labels: {x: z}\n');
    expect(c.run('kubectl apply -f - --validate=warn', { stdin: changed })).toMatchObject({ stdout: 'pod/e configured\n', stderr: 'Warning: unknown field "spec.foo"\n', exitCode: 0 });
    expect(c.run("kubectl get pod e -o jsonpath='{.metadata.labels.x}'").stdout).toBe('z');
    // A patch's strict error is the decoder's own, without `Pod in version "v1" cannot be handled as a Pod:` (patch.go).
    // (Real kubectl also repeats `error when patching "STDIN": ` after `for: "STDIN": `; the in-page kubectl does not yet.)
    const strict = c.run('kubectl apply -f -', { stdin: changed.replace('foo: 2', 'foo: 3') });
    expect(strict.exitCode).toBe(1);
    expect(strict.stderr).toMatch(/^Error from server \(BadRequest\): error when applying patch:\n[\s\S]*\nfor: "STDIN": strict decoding error: unknown field "spec\.foo"\n$/);
  });
});
