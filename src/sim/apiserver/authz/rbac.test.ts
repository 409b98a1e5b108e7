// Source: plugin/pkg/auth/authorizer/rbac/rbac.go (RuleAllows), pkg/apis/rbac/v1/evaluation_helpers.go,
// pkg/registry/rbac/validation/rule.go (appliesToUser) and
// staging/src/k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go (forbiddenMessage).
import { describe, expect, it } from 'vitest';
import { clusterRole, clusterRoleBinding, group, role, roleBinding, rule, serviceAccount, user } from './bootstrap-helpers';
import { authorize, forbiddenStatus, type RbacPolicy } from './index';
import { nonResourceURLMatches, resourceMatches, ruleAllows } from './rbac';
import type { PolicyRule } from './rbac-types';
import { pathReq, req } from './test-helpers';

describe('rule matching', () => {
  const cases: { name: string; rule: PolicyRule; combined: string; sub: string; want: boolean }[] = [
    { name: 'a plain resource matches itself', rule: rule(['get'], [''], ['pods']), combined: 'pods', sub: '', want: true },
    { name: 'a plain resource does not cover its subresources', rule: rule(['get'], [''], ['pods']), combined: 'pods/status', sub: 'status', want: false },
    { name: 'pods/binding matches exactly', rule: rule(['create'], [''], ['pods/binding']), combined: 'pods/binding', sub: 'binding', want: true },
    { name: '*/scale matches the scale subresource of any resource', rule: rule(['get'], ['*'], ['*/scale']), combined: 'deployments/scale', sub: 'scale', want: true },
    { name: '*/scale does not match the resource itself', rule: rule(['get'], ['*'], ['*/scale']), combined: 'deployments', sub: '', want: false },
    { name: '* matches any resource and subresource', rule: rule(['*'], ['*'], ['*']), combined: 'pods/log', sub: 'log', want: true },
  ];
  it.each(cases)('$name', ({ rule: r, combined, sub, want }) => {
    expect(resourceMatches(r, combined, sub)).toBe(want);
  });

  it.each([
    ['/healthz', '/healthz', true],
    ['/healthz/*', '/healthz/etcd', true],
    ['/healthz/*', '/healthz', false],
    ['*', '/anything', true],
    ['/version', '/version/', false],
  ])('non-resource URL %s against %s is %s', (url, path, want) => {
    expect(nonResourceURLMatches({ verbs: ['get'], nonResourceURLs: [url] }, path)).toBe(want);
  });

  it('resourceNames narrow a rule to the named objects', () => {
    const r = rule(['get', 'update'], ['coordination.k8s.io'], ['leases'], ['kube-scheduler']);
    const a = req('u', [], 'update', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-system', name: 'kube-scheduler' });
    expect(ruleAllows(a, r)).toBe(true);
    expect(ruleAllows({ ...a, name: 'other' }, r)).toBe(false);
  });

  it('a rule for the core group does not match another group', () => {
    expect(ruleAllows(req('u', [], 'list', 'deployments', { apiGroup: 'apps' }), rule(['list'], [''], ['deployments']))).toBe(false);
  });
});

function policy(): RbacPolicy {
  return {
    clusterRoles: [
      clusterRole('pod-reader', [rule(['get', 'list', 'watch'], [''], ['pods'])]),
      clusterRole('node-reader', [rule(['get', 'list'], [''], ['nodes'])]),
      clusterRole('health', [{ verbs: ['get'], nonResourceURLs: ['/healthz'] }]),
    ],
    clusterRoleBindings: [
      clusterRoleBinding('node-reader', [group('ops')]),
      clusterRoleBinding('health', [user('carol')]),
      clusterRoleBinding('ghost', [user('dave')], 'dave-ghost'),
    ],
    roles: [role('dev', 'deployer', [rule(['create', 'delete'], ['apps'], ['deployments'])])],
    roleBindings: [
      roleBinding('dev', 'deployer', [user('bob'), serviceAccount('', 'ci')]),
      { ...roleBinding('default', 'x', [user('bob')], 'read-pods'), roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'pod-reader' } },
      roleBinding('dev', 'missing-role', [user('erin')]),
    ],
  };
}

describe('RBAC authorization', () => {
  const cases: { name: string; attrs: ReturnType<typeof req>; allowed: boolean; reason?: string }[] = [
    {
      name: 'a RoleBinding to a ClusterRole grants it only in the binding namespace',
      attrs: req('bob', ['system:authenticated'], 'list', 'pods', { namespace: 'default' }),
      allowed: true,
    },
    {
      name: 'the same user is denied in another namespace, with the exact message',
      attrs: req('bob', ['system:authenticated'], 'list', 'pods', { namespace: 'kube-system' }),
      allowed: false,
      reason: 'User "bob" cannot list resource "pods" in API group "" in the namespace "kube-system"',
    },
    {
      name: 'a cluster-scoped denial ends with "at the cluster scope"',
      attrs: req('bob', ['system:authenticated'], 'list', 'nodes'),
      allowed: false,
      reason: 'User "bob" cannot list resource "nodes" in API group "" at the cluster scope',
    },
    {
      name: 'a group subject of a ClusterRoleBinding applies to its members',
      attrs: req('zoe', ['ops', 'system:authenticated'], 'get', 'nodes', { name: 'worker-1' }),
      allowed: true,
    },
    {
      name: 'a denied subresource is printed as resource/subresource',
      attrs: req('bob', [], 'create', 'pods/binding', { namespace: 'default', name: 'web' }),
      allowed: false,
      reason: 'User "bob" cannot create resource "pods/binding" in API group "" in the namespace "default"',
    },
    {
      name: 'a Role grants verbs in its API group',
      attrs: req('bob', [], 'create', 'deployments', { apiGroup: 'apps', namespace: 'dev' }),
      allowed: true,
    },
    {
      name: 'a denied non-core group is printed as the API group',
      attrs: req('bob', [], 'update', 'deployments', { apiGroup: 'apps', namespace: 'dev', name: 'web' }),
      allowed: false,
      reason: 'User "bob" cannot update resource "deployments" in API group "apps" in the namespace "dev"',
    },
    {
      name: 'a ServiceAccount subject without a namespace means the binding namespace',
      attrs: req('system:serviceaccount:dev:ci', [], 'delete', 'deployments', { apiGroup: 'apps', namespace: 'dev' }),
      allowed: true,
    },
    {
      name: 'a denied service account is named by its full user name',
      attrs: req('system:serviceaccount:dev:ci', [], 'list', 'pods', { namespace: 'dev' }),
      allowed: false,
      reason: 'User "system:serviceaccount:dev:ci" cannot list resource "pods" in API group "" in the namespace "dev"',
    },
    { name: 'a non-resource URL rule allows the path', attrs: pathReq('carol', [], 'get', '/healthz'), allowed: true },
    {
      name: 'a denied path uses the "cannot get path" form',
      attrs: pathReq('bob', [], 'get', '/healthz'),
      allowed: false,
      reason: 'User "bob" cannot get path "/healthz"',
    },
    {
      name: 'a binding to a ClusterRole that does not exist adds the RBAC NotFound reason',
      attrs: req('dave', [], 'get', 'pods', { namespace: 'default' }),
      allowed: false,
      reason: 'User "dave" cannot get resource "pods" in API group "" in the namespace "default": RBAC: clusterrole.rbac.authorization.k8s.io "ghost" not found',
    },
    {
      name: 'a binding to a Role that does not exist names the role',
      attrs: req('erin', [], 'get', 'pods', { namespace: 'dev' }),
      allowed: false,
      reason: 'User "erin" cannot get resource "pods" in API group "" in the namespace "dev": RBAC: role.rbac.authorization.k8s.io "missing-role" not found',
    },
  ];
  it.each(cases)('$name', ({ attrs, allowed, reason }) => {
    const d = authorize(attrs, policy());
    expect(d.allowed).toBe(allowed);
    if (reason !== undefined) expect(d.reason).toBe(reason);
  });

  it('says which binding allowed a request, for the trace', () => {
    const d = authorize(req('zoe', ['ops'], 'get', 'nodes'), policy());
    expect(d.decidedBy).toBe('RBAC');
    expect(d.detail).toBe('RBAC: allowed by ClusterRoleBinding "node-reader" of ClusterRole "node-reader" to Group "ops"');
  });

  it('builds the 403 body kubectl prints, with the object name when known', () => {
    const attrs = req('bob', [], 'get', 'pods', { namespace: 'kube-system', name: 'etcd' });
    const s = forbiddenStatus(attrs, authorize(attrs, policy()));
    expect(s.code).toBe(403);
    expect(s.reason).toBe('Forbidden');
    expect(s.message).toBe('pods "etcd" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "kube-system"');
  });

  it('builds the 403 body for a collection without a name', () => {
    const attrs = req('bob', [], 'create', 'pods', { namespace: 'kube-system' });
    expect(forbiddenStatus(attrs, authorize(attrs, policy())).message).toBe(
      'pods is forbidden: User "bob" cannot create resource "pods" in API group "" in the namespace "kube-system"',
    );
  });

  it('builds the 403 body for a path with the bare "forbidden:" prefix', () => {
    const attrs = pathReq('system:anonymous', ['system:unauthenticated'], 'get', '/');
    expect(forbiddenStatus(attrs, authorize(attrs, policy())).message).toBe('forbidden: User "system:anonymous" cannot get path "/"');
  });

  it('escapes HTML in the message, as the apiserver sanitizes it', () => {
    const d = authorize(pathReq('bob', [], 'get', '/<script>'), policy());
    expect(d.reason).toBe('User "bob" cannot get path "/&lt;script&gt;"');
  });
});
