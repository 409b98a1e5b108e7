// The RBAC describers (kubectl/pkg/describe/describe.go: RoleDescriber, ClusterRoleDescriber,
// RoleBindingDescriber, ClusterRoleBindingDescriber; kubectl/pkg/util/rbac BreakdownRule,
// CompactRules, SortableRuleSlice; v1.31). Each expected text is what kubectl v1.31.9 printed against
// `kubeplay serve` for the command named in the test, with these objects applied.
import { describe, expect, it } from 'vitest';
import { describeRole, describeRoleBinding } from './rbac';

const meta = (name: string, namespace?: string) => ({ name, ...(namespace ? { namespace } : {}) });

describe('kubectl describe role', () => {
  it('prints a kubeadm role (kubectl describe role -n kube-system extension-apiserver-authentication-reader)', () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: {
        ...meta('extension-apiserver-authentication-reader', 'kube-system'),
        labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
        annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
      },
      rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: ['extension-apiserver-authentication'], verbs: ['get', 'list', 'watch'] }],
    };
    expect(describeRole(role)).toBe(
      [
        'Name:         extension-apiserver-authentication-reader',
        'Labels:       kubernetes.io/bootstrapping=rbac-defaults',
        'Annotations:  rbac.authorization.kubernetes.io/autoupdate: true',
        'PolicyRule:',
        '  Resources   Non-Resource URLs  Resource Names                        Verbs',
        '  ---------   -----------------  --------------                        -----',
        '  configmaps  []                 [extension-apiserver-authentication]  [get list watch]',
        '',
      ].join('\n'),
    );
  });

  it('breaks rules down, merges verbs per group/resource/name and sorts by the rule string (kubectl describe role mixed)', () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta('mixed', 'default'),
      rules: [
        { apiGroups: ['', 'apps'], resources: ['pods', 'deployments/scale'], verbs: ['get', 'list'] },
        { apiGroups: [''], resources: ['pods'], verbs: ['watch', 'get'] },
        { apiGroups: [''], resources: ['configmaps'], resourceNames: ['a', 'b'], verbs: ['update'] },
        { apiGroups: ['batch'], resources: ['*'], verbs: ['*'] },
      ],
    };
    expect(describeRole(role)).toBe(
      [
        'Name:         mixed',
        'Labels:       <none>',
        'Annotations:  <none>',
        'PolicyRule:',
        '  Resources               Non-Resource URLs  Resource Names  Verbs',
        '  ---------               -----------------  --------------  -----',
        '  *.batch                 []                 []              [*]',
        '  pods                    []                 []              [get list watch]',
        '  deployments/scale       []                 []              [get list]',
        '  deployments.apps/scale  []                 []              [get list]',
        '  pods.apps               []                 []              [get list]',
        '  configmaps              []                 [a]             [update]',
        '  configmaps              []                 [b]             [update]',
        '',
      ].join('\n'),
    );
  });
});

describe('kubectl describe clusterrole', () => {
  it('keeps each non-resource URL and verb apart, sorted with the resource rules (kubectl describe clusterrole mixed-cr)', () => {
    const role = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: meta('mixed-cr'),
      rules: [
        { nonResourceURLs: ['/healthz', '/version'], verbs: ['get', 'post'] },
        { apiGroups: [''], resources: ['nodes'], verbs: ['list'] },
      ],
    };
    expect(describeRole(role)).toBe(
      [
        'Name:         mixed-cr',
        'Labels:       <none>',
        'Annotations:  <none>',
        'PolicyRule:',
        '  Resources  Non-Resource URLs  Resource Names  Verbs',
        '  ---------  -----------------  --------------  -----',
        '             [/healthz]         []              [get]',
        '             [/version]         []              [get]',
        '  nodes      []                 []              [list]',
        '             [/healthz]         []              [post]',
        '             [/version]         []              [post]',
        '',
      ].join('\n'),
    );
  });
});

describe('kubectl describe rolebinding', () => {
  it('prints the role and a subjects table (kubectl describe rolebinding -n kube-system system::leader-locking-kube-scheduler)', () => {
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: {
        ...meta('system::leader-locking-kube-scheduler', 'kube-system'),
        labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' },
        annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
      },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'system::leader-locking-kube-scheduler' },
      subjects: [
        { apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'system:kube-scheduler' },
        { kind: 'ServiceAccount', name: 'kube-scheduler', namespace: 'kube-system' },
      ],
    };
    expect(describeRoleBinding(binding)).toBe(
      [
        'Name:         system::leader-locking-kube-scheduler',
        'Labels:       kubernetes.io/bootstrapping=rbac-defaults',
        'Annotations:  rbac.authorization.kubernetes.io/autoupdate: true',
        'Role:',
        '  Kind:  Role',
        '  Name:  system::leader-locking-kube-scheduler',
        'Subjects:',
        '  Kind            Name                   Namespace',
        '  ----            ----                   ---------',
        '  User            system:kube-scheduler  ',
        '  ServiceAccount  kube-scheduler         kube-system',
        '',
      ].join('\n'),
    );
  });

  it('prints only the table head with no subjects (kubectl describe rolebinding nosubj)', () => {
    const binding = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: meta('nosubj', 'default'), roleRef: { kind: 'ClusterRole', name: 'view' } };
    expect(describeRoleBinding(binding)).toBe(
      'Name:         nosubj\nLabels:       <none>\nAnnotations:  <none>\nRole:\n  Kind:  ClusterRole\n  Name:  view\nSubjects:\n  Kind  Name  Namespace\n  ----  ----  ---------\n',
    );
  });
});

describe('kubectl describe clusterrolebinding', () => {
  it('prints a group subject with an empty namespace (kubectl describe clusterrolebinding cluster-admin)', () => {
    const binding = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { ...meta('cluster-admin'), labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults' }, annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' } },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: 'system:masters' }],
    };
    expect(describeRoleBinding(binding)).toBe(
      [
        'Name:         cluster-admin',
        'Labels:       kubernetes.io/bootstrapping=rbac-defaults',
        'Annotations:  rbac.authorization.kubernetes.io/autoupdate: true',
        'Role:',
        '  Kind:  ClusterRole',
        '  Name:  cluster-admin',
        'Subjects:',
        '  Kind   Name            Namespace',
        '  ----   ----            ---------',
        '  Group  system:masters  ',
        '',
      ].join('\n'),
    );
  });
});
