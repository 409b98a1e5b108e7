// The RBAC policy kube-apiserver creates on first start (bootstrappolicy.ClusterRoles(),
// ClusterRoleBindings(), NamespaceRoles(), NamespaceRoleBindings() and the controller roles), for
// the roles Kubeplay needs. Bindings are checked against testdata/cluster-role-bindings.yaml and
// testdata/namespace-role-bindings.yaml of plugin/pkg/auth/authorizer/rbac/bootstrappolicy.

import type { ClusterRoleBinding, Role, RoleBinding } from './rbac-types';
import { clusterRoleBinding, group, role, roleBinding, rule, serviceAccount, user } from './bootstrap-helpers';
import { systemClusterRoles } from './bootstrap-cluster-roles';
import { aggregatedClusterRoles } from './bootstrap-aggregated-roles';
import { controllerClusterRoleBindings, controllerClusterRoles } from './bootstrap-controller-roles';
import type { RbacPolicy } from './index';

export const SYSTEM_MASTERS = 'system:masters';
export const ALL_AUTHENTICATED = 'system:authenticated';
export const ALL_UNAUTHENTICATED = 'system:unauthenticated';
export const KUBE_SCHEDULER_USER = 'system:kube-scheduler';
export const KUBE_CONTROLLER_MANAGER_USER = 'system:kube-controller-manager';
export const KUBE_PROXY_USER = 'system:kube-proxy';

function systemClusterRoleBindings(): ClusterRoleBinding[] {
  return [
    clusterRoleBinding('cluster-admin', [group(SYSTEM_MASTERS)]),
    clusterRoleBinding('system:monitoring', [group('system:monitoring')]),
    clusterRoleBinding('system:discovery', [group(ALL_AUTHENTICATED)]),
    clusterRoleBinding('system:basic-user', [group(ALL_AUTHENTICATED)]),
    clusterRoleBinding('system:public-info-viewer', [group(ALL_AUTHENTICATED), group(ALL_UNAUTHENTICATED)]),
    clusterRoleBinding('system:node-proxier', [user(KUBE_PROXY_USER)]),
    clusterRoleBinding('system:kube-controller-manager', [user(KUBE_CONTROLLER_MANAGER_USER)]),
    clusterRoleBinding('system:kube-scheduler', [user(KUBE_SCHEDULER_USER)]),
    clusterRoleBinding('system:volume-scheduler', [user(KUBE_SCHEDULER_USER)]),
    // Deprecated since the Node authorizer (v1.7): kept, but with no subjects.
    clusterRoleBinding('system:node', []),
  ];
}

const LEADER_LOCKING_RULES = [
  rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
  rule(['create', 'get', 'list', 'update', 'watch'], ['coordination.k8s.io'], ['leasecandidates']),
];

function kubeSystemRoles(): Role[] {
  return [
    role('kube-system', 'extension-apiserver-authentication-reader', [
      rule(['get', 'list', 'watch'], [''], ['configmaps'], ['extension-apiserver-authentication']),
    ]),
    role('kube-system', 'system::leader-locking-kube-controller-manager', LEADER_LOCKING_RULES),
    role('kube-system', 'system::leader-locking-kube-scheduler', LEADER_LOCKING_RULES),
  ];
}

function kubeSystemRoleBindings(): RoleBinding[] {
  return [
    roleBinding(
      'kube-system',
      'extension-apiserver-authentication-reader',
      [user(KUBE_CONTROLLER_MANAGER_USER), user(KUBE_SCHEDULER_USER)],
      'system::extension-apiserver-authentication-reader',
    ),
    roleBinding('kube-system', 'system::leader-locking-kube-controller-manager', [
      user(KUBE_CONTROLLER_MANAGER_USER),
      serviceAccount('kube-system', 'kube-controller-manager'),
      serviceAccount('kube-system', 'leader-election-controller'),
    ]),
    roleBinding('kube-system', 'system::leader-locking-kube-scheduler', [user(KUBE_SCHEDULER_USER), serviceAccount('kube-system', 'kube-scheduler')]),
  ];
}

/** A fresh copy every call: callers (the apiserver's storage) may keep and later edit it. */
export function buildBootstrapPolicy(): RbacPolicy {
  // Rules share constant objects (EVENTS_RULE, NODE_RULES); a deep copy keeps them out of reach.
  return structuredClone({
    clusterRoles: [...aggregatedClusterRoles(), ...systemClusterRoles(), ...controllerClusterRoles()],
    clusterRoleBindings: [...systemClusterRoleBindings(), ...controllerClusterRoleBindings()],
    roles: kubeSystemRoles(),
    roleBindings: kubeSystemRoleBindings(),
  });
}
