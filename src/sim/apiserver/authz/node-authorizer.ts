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
// Secrets, ConfigMaps, PersistentVolumeClaims, PersistentVolumes and ServiceAccount tokens are
// subdivided by the node graph (node-graph.ts): a kubelet may read one of these only when a pod
// bound to its node references it, which is why the kubelet's configmap and secret managers GET and
// WATCH each referenced object by name (`fieldSelector=metadata.name=<x>`) and never the collection.
// Everything else is "no opinion" with the real reason, and RBAC (which binds nothing to nodes in a
// kubeadm cluster) refuses it: `User "system:node:worker-1" cannot list resource "secrets" in API
// group "" at the cluster scope: can only read namespaced object of this type`.

import type { UserInfo } from '../authn';
import type { AuthorizerVerdict } from './rbac';
import { rulesAllow } from './rbac';
import { NODE_RULES } from './bootstrap-cluster-roles';
import type { RequestAttributes } from './index';
import { hasPathFrom, type GraphVertexType, type NodeGraphSource } from './node-graph';

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

/** NodeAuthorizer.authorize: a named object with a path from the node in the graph. */
function authorizeByGraph(node: string, type: GraphVertexType, a: RequestAttributes, graph: NodeGraphSource | undefined): AuthorizerVerdict {
  if (!a.name) return noOpinion('No Object name found');
  if (!graph || !hasPathFrom(graph, node, type, a.namespace, a.name)) return noRelationship(node);
  return allow;
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

/** get, list and watch of single objects (a list or watch names one with fieldSelector=metadata.name=<x>). */
function authorizeReadNamespaced(node: string, type: GraphVertexType, a: RequestAttributes, graph: NodeGraphSource | undefined): AuthorizerVerdict {
  if (!['get', 'list', 'watch'].includes(a.verb)) return noOpinion('can only read resources of this type');
  if (a.subresource) return noOpinion('cannot read subresource');
  if (!a.namespace) return noOpinion('can only read namespaced object of this type');
  return authorizeByGraph(node, type, a, graph);
}

function authorizeGet(node: string, type: GraphVertexType, a: RequestAttributes, graph: NodeGraphSource | undefined): AuthorizerVerdict {
  if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
  if (a.subresource) return noOpinion('cannot get subresource');
  return authorizeByGraph(node, type, a, graph);
}

function authorizeCreateToken(node: string, a: RequestAttributes, graph: NodeGraphSource | undefined): AuthorizerVerdict {
  if (a.verb !== 'create' || !a.name) return noOpinion('can only create tokens for individual service accounts');
  if (a.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
  return authorizeByGraph(node, 'serviceaccounts', a, graph);
}

/** Resources the real authorizer subdivides by the node graph or by name, keyed `group/resource`. */
function subdivided(node: string, a: RequestAttributes, graph: NodeGraphSource | undefined): AuthorizerVerdict | undefined {
  switch (`${a.apiGroup}/${a.resource}`) {
    case '/secrets':
      return authorizeReadNamespaced(node, 'secrets', a, graph);
    case '/configmaps':
      return authorizeReadNamespaced(node, 'configmaps', a, graph);
    case '/persistentvolumeclaims':
      if (a.subresource === 'status') {
        if (a.verb !== 'update' && a.verb !== 'patch') return noOpinion('can only get/update/patch this type');
        return authorizeByGraph(node, 'persistentvolumeclaims', a, graph);
      }
      return authorizeGet(node, 'persistentvolumeclaims', a, graph);
    case '/persistentvolumes':
      return authorizeGet(node, 'persistentvolumes', a, graph);
    case 'resource.k8s.io/resourceclaims':
    case 'storage.k8s.io/volumeattachments':
      // Kubeplay has no ResourceClaims or VolumeAttachments, so no path ever leads to one.
      if (a.verb !== 'get') return noOpinion('can only get individual resources of this type');
      if (a.subresource) return noOpinion('cannot get subresource');
      return a.name ? noRelationship(node) : noOpinion('No Object name found');
    case '/serviceaccounts':
      return authorizeCreateToken(node, a, graph);
    case 'coordination.k8s.io/leases':
      return authorizeLease(node, a);
    case 'storage.k8s.io/csinodes':
      return authorizeCSINode(node, a);
    default:
      return undefined;
  }
}

/** graph: the node graph over the apiserver's cache; without one (no cache) no path is found. */
export function nodeAuthorize(a: RequestAttributes, graph?: NodeGraphSource): AuthorizerVerdict {
  const node = nodeIdentity(a.user);
  if (node === undefined) return noOpinion('');
  if (node === '') return noOpinion(`unknown node for user "${a.user.username}"`);
  if (a.resourceRequest) {
    const verdict = subdivided(node, a, graph);
    if (verdict) return verdict;
  }
  return rulesAllow(a, NODE_RULES) ? allow : noOpinion('');
}
