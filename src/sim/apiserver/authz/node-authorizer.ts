// The Node authorizer (plugin/pkg/auth/authorizer/node/node_authorizer.go), first in kubeadm's
// --authorization-mode=Node,RBAC. It only speaks for kubelets: users named `system:node:<name>` in
// the group `system:nodes`. Everyone else gets "no opinion" and falls through to RBAC.
//
// As in v1.31 (feature gate AuthorizeNodeWithSelectors still alpha and off), nodes and pods are
// authorized by the static node rules (the system:node ClusterRole's rules): any kubelet may read
// every pod and node and write node status and pod status. What keeps a kubelet to ITS node and ITS
// pods is the NodeRestriction admission plugin, one stage later (admission/node-restriction.ts).
// Leases are subdivided here: a kubelet may only touch the lease named after itself in
// kube-node-lease.
//
// Simplification: the real authorizer keeps a graph (node <- pod <- secret/configmap/pvc/pv ...) to
// let a kubelet read exactly the objects its pods reference, which the kubelet's configmap and
// secret managers GET and WATCH one by one. Kubeplay's kubelet keeps one cluster-wide LIST+WATCH of
// ConfigMaps and Secrets instead, so a kubelet may list and watch those two at the cluster scope;
// a GET by name is checked for shape like the real one and answered with the real "no
// relationship found" reason, as for every other object the graph would decide.

import type { UserInfo } from '../authn';
import type { AuthorizerVerdict } from './rbac';
import { rulesAllow } from './rbac';
import { NODE_RULES } from './bootstrap-cluster-roles';
import type { RequestAttributes } from './index';

export const NODES_GROUP = 'system:nodes';
export const NODE_USER_PREFIX = 'system:node:';
export const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** nodeidentifier.NodeIdentity: the node name, '' for a node we cannot name, undefined for a non-node. */
export function nodeIdentity(user: UserInfo): string | undefined {
  if (!user.username.startsWith(NODE_USER_PREFIX)) return undefined;
  if (!user.groups.includes(NODES_GROUP)) return undefined;
  return user.username.slice(NODE_USER_PREFIX.length);
}

const noOpinion = (reason: string): AuthorizerVerdict => ({ allowed: false, reason });
const allow: AuthorizerVerdict = { allowed: true, reason: '' };

function noRelationship(node: string): AuthorizerVerdict {
  return noOpinion(`no relationship found between node '${node}' and this object`);
}

function authorizeLease(node: string, a: RequestAttributes): AuthorizerVerdict {
  if (!['get', 'create', 'update', 'patch', 'delete'].includes(a.verb)) {
    return noOpinion('can only get, create, update, patch, or delete a node lease');
  }
  if (a.namespace !== NODE_LEASE_NAMESPACE) return noOpinion(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  // On create the name is not known yet; NodeRestriction checks the object's name.
  if (a.verb !== 'create' && a.name !== node) return noOpinion('can only access node lease with the same name as the requesting node');
  return allow;
}

function authorizeCSINode(node: string, a: RequestAttributes): AuthorizerVerdict {
  if (!['get', 'create', 'update', 'patch', 'delete'].includes(a.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
  if (a.subresource) return noOpinion('cannot authorize CSINode subresources');
  if (a.verb !== 'create' && a.name !== node) return noOpinion('can only access CSINode with the same name as the requesting node');
  return allow;
}

function authorizeReadNamespaced(node: string, a: RequestAttributes): AuthorizerVerdict {
  if (!['get', 'list', 'watch'].includes(a.verb)) return noOpinion('can only read resources of this type');
  // Kubeplay's kubelet cache (see above): list and watch across all namespaces.
  if ((a.verb === 'list' || a.verb === 'watch') && !a.namespace && !a.name && !a.subresource) return allow;
  if (a.subresource) return noOpinion('cannot read subresource');
  if (!a.namespace) return noOpinion('can only read namespaced object of this type');
  if (!a.name) return noOpinion('No Object name found');
  return noRelationship(node);
}

function authorizeGet(node: string, a: RequestAttributes): AuthorizerVerdict {
  if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
  if (a.subresource) return noOpinion('cannot get subresource');
  if (!a.name) return noOpinion('No Object name found');
  return noRelationship(node);
}

function authorizeCreateToken(node: string, a: RequestAttributes): AuthorizerVerdict {
  if (a.verb !== 'create' || !a.name) return noOpinion('can only create tokens for individual service accounts');
  if (a.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
  return noRelationship(node);
}

/** Resources the real authorizer subdivides by the node graph or by name, keyed `group/resource`. */
function subdivided(node: string, a: RequestAttributes): AuthorizerVerdict | undefined {
  switch (`${a.apiGroup}/${a.resource}`) {
    case '/secrets':
    case '/configmaps':
      return authorizeReadNamespaced(node, a);
    case '/persistentvolumeclaims':
      if (a.subresource === 'status') {
        return a.verb === 'update' || a.verb === 'patch' ? noRelationship(node) : noOpinion('can only get/update/patch this type');
      }
      return authorizeGet(node, a);
    case '/persistentvolumes':
    case 'resource.k8s.io/resourceclaims':
    case 'storage.k8s.io/volumeattachments':
      return authorizeGet(node, a);
    case '/serviceaccounts':
      return authorizeCreateToken(node, a);
    case 'coordination.k8s.io/leases':
      return authorizeLease(node, a);
    case 'storage.k8s.io/csinodes':
      return authorizeCSINode(node, a);
    default:
      return undefined;
  }
}

export function nodeAuthorize(a: RequestAttributes): AuthorizerVerdict {
  const node = nodeIdentity(a.user);
  if (node === undefined) return noOpinion('');
  if (node === '') return noOpinion(`unknown node for user "${a.user.username}"`);
  if (a.resourceRequest) {
    const verdict = subdivided(node, a);
    if (verdict) return verdict;
  }
  return rulesAllow(a, NODE_RULES) ? allow : noOpinion('');
}
