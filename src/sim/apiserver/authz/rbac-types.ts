// rbac.authorization.k8s.io/v1 objects as plain JSON, the shape `kubectl get clusterrole -o json`
// prints (k8s.io/api/rbac/v1/types.go). The RBAC authorizer evaluates exactly these objects, so a
// user who edits or deletes a binding changes what the cluster may do.

import type { KubeObject, LabelSelector } from '../../api/types';

export const RBAC_GROUP = 'rbac.authorization.k8s.io';
export const RBAC_API_VERSION = 'rbac.authorization.k8s.io/v1';

/** One rule: verbs on resources in API groups (optionally by name), or verbs on non-resource URLs. */
export interface PolicyRule {
  verbs: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

export interface Subject {
  kind: 'User' | 'Group' | 'ServiceAccount';
  name: string;
  /** Only for ServiceAccount subjects; a RoleBinding defaults it to its own namespace. */
  namespace?: string;
  /** `rbac.authorization.k8s.io` for User and Group, empty for ServiceAccount. */
  apiGroup?: string;
}

export interface RoleRef {
  apiGroup: string;
  kind: 'Role' | 'ClusterRole';
  name: string;
}

export interface Role extends KubeObject {
  kind: 'Role';
  rules: PolicyRule[] | null;
}

export interface ClusterRole extends KubeObject {
  kind: 'ClusterRole';
  rules: PolicyRule[] | null;
  aggregationRule?: { clusterRoleSelectors: LabelSelector[] };
}

export interface RoleBinding extends KubeObject {
  kind: 'RoleBinding';
  roleRef: RoleRef;
  subjects?: Subject[];
}

export interface ClusterRoleBinding extends KubeObject {
  kind: 'ClusterRoleBinding';
  roleRef: RoleRef;
  subjects?: Subject[];
}
