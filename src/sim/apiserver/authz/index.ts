// Stage 2 of the seed's pipeline, Authorization, as kube-apiserver runs it with kubeadm's
// --authorization-mode=Node,RBAC: first the built-in superuser check (the group system:masters is
// always allowed, even with no RBAC binding left), then the Node authorizer, then RBAC. The first
// authorizer that allows wins; if none does, the request is Forbidden with the reasons they gave
// (union authorizer, k8s.io/apiserver/pkg/authorization/union).

import type { UserInfo } from '../authn';
import { nodeAuthorize } from './node-authorizer';
import type { NodeGraphSource } from './node-graph';
export type { NodeGraphSource } from './node-graph';
import { rbacAuthorize } from './rbac';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from './rbac-types';
import { SYSTEM_MASTERS, buildBootstrapPolicy } from './bootstrap-policy';
import { forbiddenReason } from './forbidden';
import type { RbacSource } from './rbac-index';

export type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './rbac-types';
export { RBAC_API_VERSION, RBAC_GROUP } from './rbac-types';
export { forbiddenMessage, forbiddenStatus } from './forbidden';
export { nodeIdentity } from './node-authorizer';
export { ruleAllows, serviceAccountGroups, serviceAccountUsername } from './rbac';
export { CONTROLLER_NAMES, type ControllerName } from './bootstrap-controller-roles';
export { authorizeImpersonation, impersonatedUser } from './impersonation';
export { candidateBindings, createRbacIndex, indexBindingChange, rebuildRbacIndex, type RbacIndex, type RbacSource } from './rbac-index';

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
  clusterRoles: ClusterRole[];
  clusterRoleBindings: ClusterRoleBinding[];
  roles: Role[];
  roleBindings: RoleBinding[];
}

export type Authorizer = 'SystemMasters' | 'Node' | 'RBAC';

export interface Decision {
  allowed: boolean;
  /** When denied: the sentence after `is forbidden: `, e.g. `User "bob" cannot create resource "pods" in API group "" in the namespace "default"`. */
  reason: string;
  /** When allowed: which authorizer allowed it, and why (for the trace: `RBAC: allowed by ClusterRoleBinding "cluster-admin" ...`). */
  decidedBy?: Authorizer;
  detail?: string;
}

/** The policy kube-apiserver bootstraps (cluster-admin, system:kube-scheduler, system:node, ...). */
export function bootstrapPolicy(): RbacPolicy {
  return buildBootstrapPolicy();
}

/** graph: what the Node authorizer walks (the pods bound to each node, from the watch cache). */
export function authorize(attrs: RequestAttributes, policy: RbacPolicy | RbacSource, graph?: NodeGraphSource): Decision {
  if (attrs.user.groups.includes(SYSTEM_MASTERS)) {
    return { allowed: true, reason: '', decidedBy: 'SystemMasters', detail: `member of the privileged group "${SYSTEM_MASTERS}"` };
  }
  const reasons: string[] = [];
  const node = nodeAuthorize(attrs, graph);
  if (node.allowed) return { allowed: true, reason: '', decidedBy: 'Node', detail: 'allowed by the Node authorizer' };
  if (node.reason) reasons.push(node.reason);
  const rbac = rbacAuthorize(attrs, policy);
  if (rbac.allowed) return { allowed: true, reason: '', decidedBy: 'RBAC', detail: rbac.reason };
  if (rbac.reason) reasons.push(rbac.reason);
  return { allowed: false, reason: forbiddenReason(attrs, reasons.join('\n')) };
}
