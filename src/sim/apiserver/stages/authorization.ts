// Stage 2, Authorization (RBAC, with the Node authorizer in front as kubeadm configures it): may
// this user perform this verb on this resource? A denial ends the request with 403 and the
// authorizer's sentence (`User "bob" cannot create resource "pods" in API group "" in the namespace "default"`).

import type { Status } from '../../api/types';
import type { UserInfo } from '../authn';
import { authorize, type NodeGraphSource, type RbacPolicy, type RbacSource, type RequestAttributes } from '../authz';
import { forbiddenStatus } from '../authz/forbidden';
import type { RequestInfo } from '../requestinfo';

export const AUTHORIZATION = 'Authorization';

export function runAuthorization(ri: RequestInfo, user: UserInfo, path: string, policy: RbacPolicy | RbacSource, graph?: NodeGraphSource): Status | undefined {
  const attrs: RequestAttributes = {
    user,
    verb: ri.verb,
    resourceRequest: true,
    apiGroup: ri.info.group,
    resource: ri.info.resource,
    subresource: ri.subresource,
    namespace: ri.namespace,
    name: ri.name || (ri.selectorName ?? ''),
    path,
  };
  const decision = authorize(attrs, policy, graph);
  if (decision.allowed) return undefined;
  // The message names the resource without its subresource (responsewriters/errors.go Forbidden).
  return forbiddenStatus(attrs, decision);
}
