// The writing verbs learners type, on one simulated cluster booted once for the file (each case
// works on its own objects, so the order of cases does not matter): kubectl patch
// (kubectl/pkg/cmd/patch/patch.go), --dry-run=client|server (cmdutil.GetDryRunStrategy,
// PrintFlagsWithDryRunStrategy; apiserver/pkg/registry/generic/registry/dryrun.go), label and
// annotate with key- and selectors (pkg/cmd/label/label.go, pkg/cmd/annotate/annotate.go), delete -l
// (pkg/cmd/delete/delete.go), wait (pkg/cmd/wait), replace (pkg/cmd/replace), diff (pkg/cmd/diff)
// and edit (pkg/cmd/edit). Expected texts are kubectl v1.31.9's, as
// /usr/lib/google-cloud-sdk/bin/kubectl.1.31 prints them (src/serve/kubectl-compare.test.ts
// compares a few byte for byte).

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../../cluster';

let c: Cluster;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 11 });
  c.sim.runUntil(c.sim.now + 5_000);
});

const deploy = (name: string): void => {
  expect(c.run(`kubectl create deployment ${name} --image=nginx:1.25`).stdout).toBe(`deployment.apps/${name} created\n`);
};
const jsonpath = (what: string, path: string): string => c.run(`kubectl get ${what} -o jsonpath={${path}}`).stdout;

describe('kubectl patch (patch.go)', () => {
  it('merges a strategic patch into the containers list by name and says patched, then (no change)', () => {
    deploy('p1');
    const patch = `kubectl patch deployment p1 -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`;
    expect(c.run(patch)).toMatchObject({ stdout: 'deployment.apps/p1 patched\n', stderr: '', exitCode: 0 });
    expect(jsonpath('deploy p1', '.spec.template.spec.containers[*].name')).toBe('nginx');
    expect(jsonpath('deploy p1', '.spec.template.spec.containers[0].image')).toBe('nginx:1.26');
    expect(c.run(patch)).toMatchObject({ stdout: 'deployment.apps/p1 patched (no change)\n', exitCode: 0 });
  });

  it('takes YAML, a merge patch and a JSON patch', () => {
    deploy('p2');
    expect(c.run("kubectl patch deploy/p2 -p 'metadata: {labels: {tier: web}}'").stdout).toBe('deployment.apps/p2 patched\n');
    expect(c.run(`kubectl patch deploy p2 --type merge -p '{"spec":{"replicas":2}}'`).stdout).toBe('deployment.apps/p2 patched\n');
    expect(c.run(`kubectl patch deploy p2 --type=json -p '[{"op":"replace","path":"/spec/replicas","value":3}]'`).stdout).toBe('deployment.apps/p2 patched\n');
    expect(jsonpath('deploy p2', '.spec.replicas') + jsonpath('deploy p2', '.metadata.labels.tier')).toBe('3web');
  });

  it.each([
    ['no patch', 'kubectl patch deploy x', 'error: must specify --patch or --patch-file containing the contents of the patch\n'],
    ['an unknown --type', `kubectl patch deploy x --type foo -p '{}'`, 'error: --type must be one of [json merge strategic], not "foo"\n'],
    ['a missing object', `kubectl patch deploy nope -p '{"spec":{}}'`, 'Error from server (NotFound): deployments.apps "nope" not found\n'],
    [
      'a JSON patch whose operation does not apply',
      `kubectl patch pod nope-pod --type json -p '[{"op":"remove","path":"/spec/foo"}]'`,
      'Error from server (NotFound): pods "nope-pod" not found\n',
    ],
  ])('fails on %s as kubectl does', (_name, line, stderr) => {
    expect(c.run(line)).toMatchObject({ stdout: '', stderr, exitCode: 1 });
  });

  it('refuses a JSON patch that does not apply with the server\'s 422 (handlers/patch.go)', () => {
    deploy('p3');
    expect(c.run(`kubectl patch deploy p3 --type json -p '[{"op":"remove","path":"/spec/foo"}]'`)).toMatchObject({
      stdout: '',
      stderr: 'The request is invalid: the server rejected our request due to an error in our request\n',
      exitCode: 1,
    });
  });

  it('with --dry-run=client or server says so and changes nothing', () => {
    deploy('p4');
    expect(c.run(`kubectl patch deploy p4 --type merge -p '{"spec":{"replicas":4}}' --dry-run=client`).stdout).toBe('deployment.apps/p4 patched (dry run)\n');
    expect(c.run(`kubectl patch deploy p4 --type merge -p '{"spec":{"replicas":4}}' --dry-run=server`).stdout).toBe(
      'deployment.apps/p4 patched (server dry run)\n',
    );
    expect(jsonpath('deploy p4', '.spec.replicas')).toBe('1');
  });
});
