// Sources: pkg/apis/rbac/validation/validation.go (ValidateRole, ValidatePolicyRule,
// ValidateRoleBinding, ValidateClusterRoleBinding, ValidateRoleBindingSubject, and the roleRef
// check of ValidateRoleBindingUpdate), pkg/apis/rbac/v1/defaults.go (SetDefaults_Subject,
// SetDefaults_RoleBinding), v1.31.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../types';
import { validateCreate, validateUpdate } from './index';
import { defaulted, info, messages } from './testing';

const RBAC = 'rbac.authorization.k8s.io/v1';
const role = (rules: unknown[], name = 'pod-creator'): KubeObject => ({ apiVersion: RBAC, kind: 'Role', metadata: { name, namespace: 'dev' }, rules } as KubeObject);
const binding = (kind: 'RoleBinding' | 'ClusterRoleBinding', roleRef: unknown, subjects: unknown[]): KubeObject =>
  ({ apiVersion: RBAC, kind, metadata: kind === 'RoleBinding' ? { name: 'b', namespace: 'dev' } : { name: 'b' }, roleRef, subjects }) as KubeObject;
const check = (obj: KubeObject) => messages(validateCreate(info(obj.apiVersion, obj.kind), defaulted(obj)));

describe('validation of RBAC objects', () => {
  const cases: { name: string; obj: KubeObject; errors: string[] }[] = [
    { name: 'a role with a full rule passes', obj: role([{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }]), errors: [] },
    { name: 'a role name may hold colons (path segment names)', obj: role([], 'system::leader-locking-kube-scheduler'), errors: [] },
    {
      name: 'a rule needs verbs, groups and resources',
      obj: role([{}]),
      errors: [
        'rules[0].verbs: Required value: verbs must contain at least one value',
        'rules[0].apiGroups: Required value: resource rules must supply at least one api group',
        'rules[0].resources: Required value: resource rules must supply at least one resource',
      ],
    },
    {
      name: 'a namespaced role cannot name non-resource URLs',
      obj: role([{ nonResourceURLs: ['/healthz'], verbs: ['get'] }]),
      errors: ['rules[0].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs'],
    },
    {
      name: 'a binding gets the RBAC api group by default and passes',
      obj: binding('RoleBinding', { kind: 'Role', name: 'pod-creator' }, [{ kind: 'User', name: 'jane' }, { kind: 'ServiceAccount', name: 'ci' }]),
      errors: [],
    },
    {
      name: 'a ClusterRoleBinding may only reference a ClusterRole',
      obj: binding('ClusterRoleBinding', { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'x' }, []),
      errors: ['roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"'],
    },
    {
      name: 'a ClusterRoleBinding service account needs a namespace',
      obj: binding('ClusterRoleBinding', { kind: 'ClusterRole', name: 'view' }, [{ kind: 'ServiceAccount', name: 'ci' }]),
      errors: ['subjects[0].namespace: Required value'],
    },
    {
      name: 'an unknown subject kind is refused',
      obj: binding('RoleBinding', { kind: 'ClusterRole', name: 'view' }, [{ kind: 'Robot', name: 'r2' }]),
      errors: ['subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"'],
    },
  ];
  it.each(cases)('$name', ({ obj, errors }) => {
    expect(check(obj)).toEqual(errors);
  });

  it('refuses to change the roleRef of a binding', () => {
    const old = defaulted(binding('RoleBinding', { kind: 'Role', name: 'a' }, []));
    const next = { ...old, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'b' } } as KubeObject;
    expect(messages(validateUpdate(info(RBAC, 'RoleBinding'), next, old))).toEqual([
      'roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"Role", Name:"b"}: cannot change roleRef',
    ]);
  });
});
