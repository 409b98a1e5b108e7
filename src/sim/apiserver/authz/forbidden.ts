// The 403 text (k8s.io/apiserver/pkg/endpoints/handlers/responsewriters/errors.go, forbiddenMessage
// and Forbidden). The sentence names the user, the verb, the resource with its subresource, the API
// group and the namespace, or "at the cluster scope"; the authorizers' reason, if any, follows a colon.

import { forbidden, statusFor } from '../../api/errors';
import type { Status } from '../../api/types';
import type { Decision, RequestAttributes } from './index';

/** HTML-escapes like the apiserver does, so a crafted path cannot inject markup into the message. */
function sanitize(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function forbiddenMessage(a: RequestAttributes): string {
  const who = `User "${a.user.username}"`;
  if (!a.resourceRequest) return `${who} cannot ${a.verb} path "${a.path}"`;
  const resource = a.subresource ? `${a.resource}/${a.subresource}` : a.resource;
  const where = a.namespace ? `in the namespace "${a.namespace}"` : 'at the cluster scope';
  return `${who} cannot ${a.verb} resource "${resource}" in API group "${a.apiGroup}" ${where}`;
}

/** forbiddenMessage plus `: <reason>` when the authorizers gave one. */
export function forbiddenReason(a: RequestAttributes, authorizerReason: string): string {
  const msg = sanitize(forbiddenMessage(a));
  return authorizerReason ? `${msg}: ${authorizerReason}` : msg;
}

/**
 * The metav1.Status the apiserver answers for a denied request:
 * `pods "x" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "default"`,
 * or for a path: `forbidden: User "bob" cannot get path "/healthz"`.
 */
export function forbiddenStatus(a: RequestAttributes, decision: Decision): Status {
  if (!a.resourceRequest) return statusFor(403, 'Forbidden', `forbidden: ${decision.reason}`);
  return forbidden({ group: a.apiGroup, resource: a.resource }, a.name, decision.reason);
}
