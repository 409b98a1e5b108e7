// `kubectl delete pods -l app=web` and `kubectl delete pods --all` (issue 18 point 6: reported
// broken, working now). Sources: kubectl pkg/cmd/delete/delete.go v1.31 (the selector and --all
// pick the objects; `No resources found` when nothing matches; --all with -l or names refused)
// and the kubernetes.io kubectl reference ("kubectl delete pods --all").

import { beforeAll, describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

let c: ReturnType<typeof buildCluster>;
beforeAll(() => {
  c = buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 18 });
  c.sim.runUntil(c.sim.now + 5_000);
  c.run('kubectl create namespace other');
  for (const [name, app] of [['a1', 'web'], ['a2', 'web'], ['b1', 'db']]) c.run(`kubectl run ${name} --image=nginx:1.25 --labels=app=${app}`);
  c.run('kubectl run o1 --image=nginx:1.25 -n other');
  c.sim.runUntil(c.sim.now + 20_000);
});

describe('kubectl delete -l and --all', () => {
  it('deletes the pods a selector picks, and only those', () => {
    expect(c.run('kubectl delete pods -l app=web --wait=false')).toMatchObject({ stdout: 'pod "a1" deleted\npod "a2" deleted\n', stderr: '', exitCode: 0 });
    // Once they are gone (30 s of grace), the same selector finds nothing.
    c.sim.runUntil(c.sim.now + 40_000);
    expect(c.run('kubectl delete pods -l app=web')).toMatchObject({ stdout: 'No resources found\n', stderr: '', exitCode: 0 });
  });

  it('deletes every pod of the namespace with --all, and in the namespace -n names', () => {
    expect(c.run('kubectl delete pods --all --wait=false').stdout).toBe('pod "b1" deleted\n');
    expect(c.run('kubectl get pods -n other --no-headers').stdout).toMatch(/^o1 /);
    expect(c.run('kubectl delete pods --all -n other --wait=false').stdout).toBe('pod "o1" deleted\n');
  });

  it('refuses --all with a selector or names, as kubectl v1.31 does (compared with kubectl.1.31)', () => {
    expect(c.run('kubectl delete pods --all -l a=b').stderr).toBe("error: setting 'all' parameter but found a non empty selector. \n");
    expect(c.run('kubectl delete pods --all web').stderr).toBe('error: name cannot be provided when a selector is specified\n');
  });
});
