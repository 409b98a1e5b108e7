// Sources: pkg/registry/rbac/validation/rule.go (DefaultRuleResolver.RulesFor: the rules of every
// applying ClusterRoleBinding, then RoleBinding of the namespace; a missing role is an error that
// makes the answer incomplete), k8s.io/apiserver authorizerfactory privileged groups (system:masters
// holds `*`), plugin/pkg/auth/authorizer/node (the Node authorizer cannot list rules).
import { describe, expect, it } from 'vitest';
import { clusterRole, clusterRoleBinding, group, role, roleBinding, rule, user } from './bootstrap-helpers';
import type { RbacPolicy } from './index';
import { rulesFor } from './rules-for';

const policy = (): RbacPolicy => ({
  clusterRoles: [clusterRole('basic', [rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews'])])],
  clusterRoleBindings: [clusterRoleBinding('basic', [group('system:authenticated')])],
  roles: [role('dev', 'pod-creator', [rule(['create', 'get', 'list'], [''], ['pods'])])],
  roleBindings: [roleBinding('dev', 'pod-creator', [user('jane')]), roleBinding('dev', 'gone', [user('jane')])],
});

describe('RulesFor', () => {
  it('collects the cluster rules, then the namespace rules, and reports a missing role as incomplete', () => {
    const r = rulesFor({ username: 'jane', groups: ['system:authenticated'] }, 'dev', policy());
    expect(r.rules).toEqual([rule(['create'], ['authorization.k8s.io'], ['selfsubjectaccessreviews']), rule(['create', 'get', 'list'], [''], ['pods'])]);
    expect(r).toMatchObject({ incomplete: true, evaluationError: 'role.rbac.authorization.k8s.io "gone" not found' });
  });

  it('gives system:masters everything, before any RBAC rule', () => {
    const r = rulesFor({ username: 'admin', groups: ['system:masters'] }, '', policy());
    expect(r.rules.slice(0, 2)).toEqual([{ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, { verbs: ['*'], nonResourceURLs: ['*'] }]);
    expect(r.incomplete).toBe(false);
  });
});
