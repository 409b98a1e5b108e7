// CONTRACT (owned by the authn/authz/admission helper): stage 2, Authorization (Node, then RBAC, as
// kubeadm runs --authorization-mode=Node,RBAC). Signatures are fixed; bodies are placeholders.

import type { UserInfo } from '../authn';

export interface RequestAttributes {
  user: UserInfo;
  /** get, list, watch, create, update, patch, delete, deletecollection, impersonate, ... */
  verb: string;
  resourceRequest: boolean;
  apiGroup: string;
  resource: string;
  subresource: string;
  namespace: string;
  name: string;
  /** For non-resource requests (`/healthz`, `/version`). */
  path: string;
}

/** RBAC objects as plain data: what the authorizer evaluates. Bootstrap policy plus what users created (issue 4). */
export interface RbacPolicy {
  clusterRoles: unknown[];
  clusterRoleBindings: unknown[];
  roles: unknown[];
  roleBindings: unknown[];
}

export interface Decision {
  allowed: boolean;
  /** When denied: the sentence after `is forbidden: `, e.g. `User "bob" cannot create resource "pods" in API group "" in the namespace "default"`. */
  reason: string;
}

/** The policy kube-apiserver bootstraps (cluster-admin, system:kube-scheduler, system:node, ...). */
export function bootstrapPolicy(): RbacPolicy {
  return { clusterRoles: [], clusterRoleBindings: [], roles: [], roleBindings: [] };
}

export function authorize(attrs: RequestAttributes, policy: RbacPolicy): Decision {
  void policy;
  const allowed = attrs.user.groups.includes('system:masters');
  return { allowed, reason: allowed ? '' : `User "${attrs.user.username}" cannot ${attrs.verb} resource "${attrs.resource}"` };
}
