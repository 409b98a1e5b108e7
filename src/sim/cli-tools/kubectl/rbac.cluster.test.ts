// Issue 4, "RBAC and users", against the whole simulated cluster. Sources: kubectl/pkg/cmd/auth/
// cani.go (`yes`, or `no` and exit 1), kubectl/pkg/cmd/create (create role/rolebinding outputs),
// apiserver responsewriters/errors.go (the Forbidden sentence), kube-scheduler's
// schedule_one.go handleSchedulingFailure ("Error scheduling pod; retrying") and client-go
// reflector.go (`failed to list`, `Failed to watch`), pkg/controller/serviceaccount (the `default`
// ServiceAccount of every namespace).
import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';
import { SCHEDULER } from '../../names';

function cluster(): Cluster {
  return buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane', groups: ['developers'] }] }, { seed: 5 });
}

const schedulerLog = (c: Cluster): string[] => c.sim.world.processes.get(SCHEDULER)!.log.map((l) => l.line);

describe('RBAC on a cluster', () => {
  it('grants jane pods in dev through a Role, and answers elsewhere with the exact Forbidden text', () => {
    const c = cluster();
    expect(c.run('kubectl create namespace dev').stdout).toBe('namespace/dev created\n');
    expect(c.run('kubectl create role pod-creator --verb=create,get,list --resource=pods -n dev').stdout).toBe('role.rbac.authorization.k8s.io/pod-creator created\n');
    expect(c.run('kubectl create rolebinding jane-pods --role=pod-creator --user=jane -n dev').stdout).toBe('rolebinding.rbac.authorization.k8s.io/jane-pods created\n');
    expect(c.run('kubectl auth can-i create pods -n dev --as jane')).toMatchObject({ stdout: 'yes\n', exitCode: 0 });
    expect(c.run('kubectl auth can-i create pods -n default --as jane')).toMatchObject({ stdout: 'no\n', exitCode: 1 });
    expect(c.run('kubectl run x --image=nginx:1.25 -n dev --as jane')).toMatchObject({ stdout: 'pod/x created\n', exitCode: 0 });
    expect(c.run('kubectl run x --image=nginx:1.25 --as jane')).toMatchObject({
      stderr: 'Error from server (Forbidden): pods is forbidden: User "jane" cannot create resource "pods" in API group "" in the namespace "default"\n',
      exitCode: 1,
    });
  });

  it('authenticates --user jane with her token and groups, while --as keeps only what is asked for', () => {
    const c = cluster();
    c.run('kubectl create clusterrolebinding developers-view --clusterrole=view --group=developers');
    expect(c.run('kubectl auth can-i list pods --user jane').stdout).toBe('yes\n');
    expect(c.run('kubectl auth can-i list pods --as jane').stdout).toBe('no\n');
    expect(c.run('kubectl auth can-i list pods --as jane --as-group developers').stdout).toBe('yes\n');
    expect(c.run('kubectl get pods --user bob').stderr).toBe('error: auth info "bob" does not exist\n');
  });

  it('warns like kubectl auth can-i about cluster-scoped and unknown resources', () => {
    const c = cluster();
    expect(c.run('kubectl auth can-i list nodes')).toMatchObject({ stdout: 'yes\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n\n", exitCode: 0 });
    expect(c.run('kubectl auth can-i list nodes -A --as jane')).toMatchObject({ stdout: 'no\n', stderr: '', exitCode: 1 });
    expect(c.run('kubectl auth can-i get foos --as jane')).toMatchObject({ stdout: 'no\n', stderr: "Warning: the server doesn't have a resource type 'foos'\n\n", exitCode: 1 });
    expect(c.run('kubectl auth can-i get /healthz --as jane').stdout).toBe('yes\n');
  });

  it('lists what jane may do in dev with kubectl auth can-i --list', () => {
    const c = cluster();
    c.run('kubectl create namespace dev');
    c.run('kubectl create role pod-creator --verb=create,get,list --resource=pods -n dev');
    c.run('kubectl create rolebinding jane-pods --role=pod-creator --user=jane -n dev');
    const out = c.run('kubectl auth can-i --list -n dev --as jane');
    expect(out.exitCode).toBe(0);
    const lines = out.stdout.split('\n');
    expect(lines[0]).toMatch(/^Resources\s+Non-Resource URLs\s+Resource Names\s+Verbs$/);
    expect(lines[1]).toMatch(/^pods\s+\[\]\s+\[\]\s+\[create get list\]$/);
    expect(lines).toContainEqual(expect.stringMatching(/^selfsubjectaccessreviews\.authorization\.k8s\.io\s+\[\]\s+\[\]\s+\[create\]$/));
    expect(c.run('kubectl auth can-i --list -n default --as jane').stdout).not.toMatch(/^pods /m);
  });

  it('lists the default policy the rbac/bootstrap-roles hook stored, with the real columns', () => {
    const c = cluster();
    const crbs = c.run('kubectl get clusterrolebindings').stdout.split('\n');
    expect(crbs[0]).toMatch(/^NAME\s+ROLE\s+AGE$/);
    expect(crbs).toContainEqual(expect.stringMatching(/^system:kube-scheduler\s+ClusterRole\/system:kube-scheduler\s+10s$/));
    expect(c.run('kubectl get clusterroles').stdout).toMatch(/^cluster-admin\s+2024-08-13T08:59:50Z$/m);
    expect(c.run('kubectl get roles -n kube-system').stdout).toMatch(/^system::leader-locking-kube-scheduler\s+2024-08-13T08:59:50Z$/m);
  });

  it('stops binding pods once ClusterRoleBinding system:kube-scheduler is gone, with the scheduler logging why', () => {
    const c = cluster();
    expect(c.run('kubectl delete clusterrolebinding system:kube-scheduler').stdout).toBe('clusterrolebinding.rbac.authorization.k8s.io "system:kube-scheduler" deleted\n');
    c.run('kubectl run web --image=nginx:1.25');
    c.sim.runUntil(c.sim.now + 20_000);
    expect(c.run('kubectl get pod web -o jsonpath={.status.phase}').stdout).toBe('Pending');
    const denied = 'pods \\"web\\" is forbidden: User \\"system:kube-scheduler\\" cannot create resource \\"pods/binding\\" in API group \\"\\" in the namespace \\"default\\"';
    expect(schedulerLog(c)).toContainEqual(expect.stringMatching(/^E\d{4} [\d:.]+ +1 schedule_one\.go:\d+\] "Error scheduling pod; retrying" err="running Bind plugin \\"DefaultBinder\\": .*" pod="default\/web"$/));
    expect(schedulerLog(c).some((l) => l.includes(denied))).toBe(true);
    // A restarted scheduler cannot even list: client-go's reflector says so, then retries.
    c.restart(SCHEDULER);
    c.sim.runUntil(c.sim.now + 5_000);
    expect(schedulerLog(c)).toContainEqual(
      expect.stringMatching(/ reflector\.go:561\] k8s\.io\/client-go\/informers\/factory\.go:160: failed to list \*v1\.Pod: pods is forbidden: User "system:kube-scheduler" cannot list resource "pods" in API group "" at the cluster scope$/),
    );
    expect(schedulerLog(c)).toContainEqual(expect.stringMatching(/ reflector\.go:158\] "Unhandled Error" err="k8s\.io\/client-go\/informers\/factory\.go:160: Failed to watch \*v1\.Node: failed to list \*v1\.Node: .*" logger="UnhandledError"$/));
  });

  it('gives every namespace a default ServiceAccount, and makes it again when deleted', () => {
    const c = cluster();
    c.run('kubectl create namespace dev');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.run('kubectl get serviceaccounts -n dev').stdout).toMatch(/^NAME\s+SECRETS\s+AGE\ndefault\s+0\s+\d+s\n$/);
    c.run('kubectl delete sa default -n dev');
    c.sim.runUntil(c.sim.now + 2_000);
    expect(c.run('kubectl get sa default -n dev -o jsonpath={.metadata.name}').stdout).toBe('default');
  });
});
