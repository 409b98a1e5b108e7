// Source: plugin/pkg/auth/authorizer/rbac/rbac.go and pkg/registry/rbac/validation/rule.go
// (appliesToUser: a User subject matches the user name, a Group subject one of the user's groups, a
// ServiceAccount subject the user system:serviceaccount:<ns>:<name>, its namespace defaulting to the
// RoleBinding's). The index must find exactly the bindings appliesToUser would accept.
import { describe, expect, it } from 'vitest';
import { clusterRole, clusterRoleBinding, group, role, roleBinding, rule, serviceAccount, user } from './bootstrap-helpers';
import { authorize } from './index';
import { candidateBindings, createRbacIndex, indexBindingChange, rebuildRbacIndex, userKeys, type RbacSource } from './rbac-index';
import { req } from './test-helpers';
import type { ClusterRoleBinding, RoleBinding } from './rbac-types';

describe('the RBAC subject index', () => {
  it('keys a user by name, each group and, for a service account, the account', () => {
    expect(userKeys({ username: 'system:serviceaccount:dev:ci', groups: ['system:serviceaccounts'] })).toEqual([
      'User:system:serviceaccount:dev:ci',
      'Group:system:serviceaccounts',
      'ServiceAccount:dev:ci',
    ]);
  });

  const crbs = [clusterRoleBinding('view', [group('ops')], 'ops-view'), clusterRoleBinding('edit', [user('jane')], 'jane-edit')];
  const rbs = [roleBinding('dev', 'deployer', [user('jane'), serviceAccount('', 'ci')]), roleBinding('prod', 'deployer', [user('jane')])];

  const cases = [
    { name: 'a user finds the bindings naming her, in the asked namespace only', user: { username: 'jane', groups: [] }, ns: 'dev', want: { cluster: ['jane-edit'], namespaced: ['deployer'] } },
    { name: 'a group member finds the group binding', user: { username: 'zoe', groups: ['ops'] }, ns: 'dev', want: { cluster: ['ops-view'], namespaced: [] } },
    { name: 'an unqualified service account subject means the binding namespace', user: { username: 'system:serviceaccount:dev:ci', groups: [] }, ns: 'dev', want: { cluster: [], namespaced: ['deployer'] } },
    { name: 'a cluster-scoped request looks at no RoleBinding', user: { username: 'jane', groups: [] }, ns: '', want: { cluster: ['jane-edit'], namespaced: [] } },
    { name: 'a stranger finds nothing', user: { username: 'bob', groups: [] }, ns: 'dev', want: { cluster: [], namespaced: [] } },
  ];
  it.each(cases)('$name', ({ user: u, ns, want }) => {
    const idx = createRbacIndex();
    rebuildRbacIndex(idx, crbs, rbs);
    expect(candidateBindings(idx, u, ns)).toEqual(want);
  });

  it('follows updates and deletes of a binding', () => {
    const idx = createRbacIndex();
    const before = clusterRoleBinding('view', [user('jane')], 'b');
    indexBindingChange(idx, 'clusterrolebindings', undefined, before);
    const after: ClusterRoleBinding = { ...before, subjects: [user('bob')] };
    indexBindingChange(idx, 'clusterrolebindings', before, after);
    expect(candidateBindings(idx, { username: 'jane', groups: [] }, '').cluster).toEqual([]);
    expect(candidateBindings(idx, { username: 'bob', groups: [] }, '').cluster).toEqual(['b']);
    indexBindingChange(idx, 'clusterrolebindings', after, undefined);
    expect(idx.clusterBindings.size).toBe(0);
  });

  it('lets the authorizer decide from an index-backed source as it does from arrays', () => {
    const idx = createRbacIndex();
    const roles = [role('dev', 'deployer', [rule(['create'], [''], ['pods'])])];
    const bindings: RoleBinding[] = [roleBinding('dev', 'deployer', [user('jane')])];
    rebuildRbacIndex(idx, [], bindings);
    const source: RbacSource = {
      clusterRole: () => clusterRole('none', []),
      role: (ns, name) => roles.find((r) => r.metadata.namespace === ns && r.metadata.name === name),
      bindingsFor: (u, ns) => candidateBindings(idx, u, ns).namespaced.map((n) => bindings.find((b) => b.metadata.name === n && b.metadata.namespace === ns)!),
    };
    expect(authorize(req('jane', [], 'create', 'pods', { namespace: 'dev' }), source).allowed).toBe(true);
    expect(authorize(req('jane', [], 'create', 'pods', { namespace: 'default' }), source).reason).toBe(
      'User "jane" cannot create resource "pods" in API group "" in the namespace "default"',
    );
  });
});
