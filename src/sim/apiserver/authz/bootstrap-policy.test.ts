// Source: plugin/pkg/auth/authorizer/rbac/bootstrappolicy/policy.go, controller_policy.go,
// namespace_policy.go and their golden files in testdata/ (cluster-roles.yaml,
// cluster-role-bindings.yaml, controller-roles.yaml, namespace-roles.yaml, namespace-role-bindings.yaml);
// pkg/kubeapiserver/authorizer/config.go (system:masters is always allowed).
import { describe, expect, it } from 'vitest';
import { authorize, bootstrapPolicy, type RbacPolicy } from './index';
import { pathReq, req } from './test-helpers';

const SCHED = ['system:kube-scheduler', ['system:authenticated']] as const;
const KCM = ['system:kube-controller-manager', ['system:authenticated']] as const;
const RS = ['system:serviceaccount:kube-system:replicaset-controller', ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated']] as const;
const ADMIN = ['admin', ['system:masters', 'system:authenticated']] as const;
const BOB = ['bob', ['system:authenticated']] as const;
const ANON = ['system:anonymous', ['system:unauthenticated']] as const;

type Who = readonly [string, readonly string[]];
const ask = (who: Who, verb: string, resource: string, opts: Parameters<typeof req>[4] = {}) => req(who[0], [...who[1]], verb, resource, opts);

describe('the bootstrap policy', () => {
  const cases = [
    { name: 'the scheduler may create pods/binding', attrs: ask(SCHED, 'create', 'pods/binding', { namespace: 'default', name: 'web' }), allowed: true },
    { name: 'the scheduler may watch pods in every namespace', attrs: ask(SCHED, 'watch', 'pods'), allowed: true },
    { name: 'the scheduler may list nodes', attrs: ask(SCHED, 'list', 'nodes'), allowed: true },
    { name: 'the scheduler may update pods/status (the PodScheduled condition)', attrs: ask(SCHED, 'update', 'pods/status', { namespace: 'default', name: 'web' }), allowed: true },
    { name: 'the scheduler may create events', attrs: ask(SCHED, 'create', 'events', { namespace: 'default' }), allowed: true },
    { name: 'the scheduler may delete pods, to preempt them (upstream rule)', attrs: ask(SCHED, 'delete', 'pods', { namespace: 'default', name: 'low' }), allowed: true },
    { name: 'the scheduler may not create pods', attrs: ask(SCHED, 'create', 'pods', { namespace: 'default' }), allowed: false },
    { name: 'the scheduler may not delete nodes', attrs: ask(SCHED, 'delete', 'nodes', { name: 'worker-1' }), allowed: false },
    { name: 'the scheduler may renew its own leader lease', attrs: ask(SCHED, 'update', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-system', name: 'kube-scheduler' }), allowed: true },
    { name: 'the controller manager may list and watch everything', attrs: ask(KCM, 'watch', 'deployments', { apiGroup: 'apps' }), allowed: true },
    { name: 'the controller manager itself may not create pods (its controllers use service accounts)', attrs: ask(KCM, 'create', 'pods', { namespace: 'default' }), allowed: false },
    { name: 'the replicaset-controller service account may create pods', attrs: ask(RS, 'create', 'pods', { namespace: 'default' }), allowed: true },
    { name: 'the replicaset-controller may update replicasets/status', attrs: ask(RS, 'update', 'replicasets/status', { apiGroup: 'apps', namespace: 'default', name: 'web-1' }), allowed: true },
    { name: 'the replicaset-controller may not delete deployments', attrs: ask(RS, 'delete', 'deployments', { apiGroup: 'apps', namespace: 'default', name: 'web' }), allowed: false },
    { name: 'an admin in system:masters may do anything', attrs: ask(ADMIN, 'deletecollection', 'nodes'), allowed: true },
    { name: 'an admin may read any path', attrs: pathReq(ADMIN[0], [...ADMIN[1]], 'get', '/metrics'), allowed: true },
    { name: 'any authenticated user may read /version (system:discovery)', attrs: pathReq(BOB[0], [...BOB[1]], 'get', '/version'), allowed: true },
    { name: 'any authenticated user may run discovery under /apis', attrs: pathReq(BOB[0], [...BOB[1]], 'get', '/apis/apps/v1'), allowed: true },
    { name: 'any authenticated user may create a SelfSubjectAccessReview', attrs: ask(BOB, 'create', 'selfsubjectaccessreviews', { apiGroup: 'authorization.k8s.io' }), allowed: true },
    { name: 'anonymous users may read /healthz (system:public-info-viewer)', attrs: pathReq(ANON[0], [...ANON[1]], 'get', '/healthz'), allowed: true },
    { name: 'anonymous users may not run discovery', attrs: pathReq(ANON[0], [...ANON[1]], 'get', '/api'), allowed: false },
    { name: 'a user with no bindings may not list pods', attrs: ask(BOB, 'list', 'pods', { namespace: 'default' }), allowed: false },
  ];
  it.each(cases)('$name', ({ attrs, allowed }) => {
    expect(authorize(attrs, bootstrapPolicy()).allowed).toBe(allowed);
  });

  it('removing the scheduler binding makes its binding requests Forbidden with the exact text', () => {
    const p: RbacPolicy = bootstrapPolicy();
    p.clusterRoleBindings = p.clusterRoleBindings.filter((b) => b.metadata.name !== 'system:kube-scheduler');
    const d = authorize(ask(SCHED, 'create', 'pods/binding', { namespace: 'default', name: 'web' }), p);
    expect(d.allowed).toBe(false);
    expect(d.reason).toBe('User "system:kube-scheduler" cannot create resource "pods/binding" in API group "" in the namespace "default"');
  });

  it('system:masters stays allowed even when the cluster-admin binding is deleted', () => {
    const p = bootstrapPolicy();
    p.clusterRoleBindings = p.clusterRoleBindings.filter((b) => b.metadata.name !== 'cluster-admin');
    expect(authorize(ask(ADMIN, 'delete', 'nodes', { name: 'worker-1' }), p)).toMatchObject({ allowed: true, decidedBy: 'SystemMasters' });
  });

  it('the view role reads pods but cannot read secrets or write', () => {
    const p = bootstrapPolicy();
    const view = p.clusterRoles.find((r) => r.metadata.name === 'view')!;
    p.clusterRoleBindings.push({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bob-view' }, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: view.metadata.name! }, subjects: [{ kind: 'User', name: 'bob', apiGroup: 'rbac.authorization.k8s.io' }] });
    expect(authorize(ask(BOB, 'list', 'pods', { namespace: 'default' }), p).allowed).toBe(true);
    expect(authorize(ask(BOB, 'get', 'secrets', { namespace: 'default', name: 's' }), p).allowed).toBe(false);
    expect(authorize(ask(BOB, 'create', 'pods', { namespace: 'default' }), p).allowed).toBe(false);
  });

  it('edit includes everything view allows, and admin everything edit allows', () => {
    const p = bootstrapPolicy();
    const rules = (n: string) => JSON.stringify(p.clusterRoles.find((r) => r.metadata.name === n)!.rules);
    const view = p.clusterRoles.find((r) => r.metadata.name === 'view')!.rules!;
    const edit = p.clusterRoles.find((r) => r.metadata.name === 'edit')!.rules!;
    for (const r of view) expect(rules('edit')).toContain(JSON.stringify(r));
    for (const r of edit) expect(rules('admin')).toContain(JSON.stringify(r));
  });

  it('names the leader-election Roles and RoleBindings as upstream does', () => {
    const p = bootstrapPolicy();
    expect(p.roles.map((r) => `${r.metadata.namespace}/${r.metadata.name}`)).toContain('kube-system/system::leader-locking-kube-scheduler');
    expect(p.roleBindings.map((r) => `${r.metadata.namespace}/${r.metadata.name}`)).toContain('kube-system/system::leader-locking-kube-controller-manager');
  });

  it('returns a fresh copy on every call, so editing one policy cannot leak into the next', () => {
    const a = bootstrapPolicy();
    a.clusterRoles[0]!.rules!.length = 0;
    expect(bootstrapPolicy().clusterRoles[0]!.rules!.length).toBeGreaterThan(0);
  });

  it('carries the labels and annotations of the real defaults', () => {
    const admin = bootstrapPolicy().clusterRoles.find((r) => r.metadata.name === 'cluster-admin')!;
    expect(admin.metadata.labels).toEqual({ 'kubernetes.io/bootstrapping': 'rbac-defaults' });
    expect(admin.metadata.annotations).toEqual({ 'rbac.authorization.kubernetes.io/autoupdate': 'true' });
  });
});
