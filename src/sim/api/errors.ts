// metav1.Status builders with the apiserver's exact messages (k8s.io/apimachinery/pkg/api/errors).
// CONTRACT (owned by the api helper): signatures are fixed; bodies may be refined.

import type { FieldError } from './field-error';
import { aggregateMessage, causeType, formatErrorBody } from './field-error';
import type { Status } from './types';

/** A group-qualified resource as the messages print it: `pods`, `deployments.apps`, `leases.coordination.k8s.io`. */
export interface GroupResource {
  group: string;
  resource: string;
}

export function grString(gr: GroupResource): string {
  return gr.group ? `${gr.resource}.${gr.group}` : gr.resource;
}

function status(code: number, reason: string, message: string, details?: Status['details']): Status {
  const s: Status = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message, reason, code };
  if (details) s.details = details;
  return s;
}

/** 404 `pods "x" not found` */
export function notFound(gr: GroupResource, name: string): Status {
  return status(404, 'NotFound', `${grString(gr)} "${name}" not found`, { name, group: gr.group || undefined, kind: gr.resource });
}

/** 409 `pods "x" already exists` */
export function alreadyExists(gr: GroupResource, name: string): Status {
  return status(409, 'AlreadyExists', `${grString(gr)} "${name}" already exists`, { name, group: gr.group || undefined, kind: gr.resource });
}

/** 409 `Operation cannot be fulfilled on pods "x": <detail>` */
export function conflict(gr: GroupResource, name: string, detail: string): Status {
  return status(409, 'Conflict', `Operation cannot be fulfilled on ${grString(gr)} "${name}": ${detail}`, {
    name,
    group: gr.group || undefined,
    kind: gr.resource,
  });
}

export const OPTIMISTIC_LOCK_MESSAGE = 'the object has been modified; please apply your changes to the latest version and try again';

/**
 * 403 `pods "x" is forbidden: User "bob" cannot get resource "pods" in API group "" in the namespace "default"`.
 * `reason` is the authorizer's sentence after the colon.
 */
export function forbidden(gr: GroupResource, name: string, reason: string): Status {
  const what = name ? `${grString(gr)} "${name}"` : grString(gr);
  return status(403, 'Forbidden', `${what} is forbidden: ${reason}`, { name: name || undefined, group: gr.group || undefined, kind: gr.resource });
}

/**
 * 422 `Pod "x" is invalid: spec.containers: Required value`; several errors print as `[a, b]`
 * (apimachinery api/errors NewInvalid: `%s %q is invalid: %v` over ErrorList.ToAggregate()). The kind
 * is group-qualified (`Deployment.apps "d" is invalid`). kubectl, not the server, adds `The ` in front
 * and re-prints several causes as `* a` lines (kubectl cmd/util/helpers.go StandardErrorMessage).
 */
export function invalid(kind: string, group: string, name: string, errs: FieldError[]): Status {
  const qualifiedKind = group ? `${kind}.${group}` : kind;
  const message = errs.length ? `${qualifiedKind} "${name}" is invalid: ${aggregateMessage(errs)}` : `${qualifiedKind} "${name}" is invalid`;
  return status(422, 'Invalid', message, {
    name,
    group: group || undefined,
    kind,
    causes: errs.map((e) => ({ reason: causeType(e.type), message: formatErrorBody(e), field: e.field })),
  });
}

/** 400 with a free-form message (strict decoding errors, bad selectors). */
export function badRequest(message: string): Status {
  return status(400, 'BadRequest', message);
}

/** 405 */
export function methodNotSupported(gr: GroupResource, verb: string): Status {
  return status(405, 'MethodNotAllowed', `${verb} is not supported on resources of kind "${grString(gr)}"`);
}

/** 401 */
export function unauthorized(): Status {
  return status(401, 'Unauthorized', 'Unauthorized');
}

/** 500 passing an internal error through, as the apiserver does with etcd's errors (empty reason). */
export function internalError(message: string): Status {
  return status(500, '', message);
}

/** 504 */
export function timeout(message: string): Status {
  return status(504, 'Timeout', message);
}

/** 410 for a watch from a compacted revision. */
export function gone(message: string): Status {
  return status(410, 'Expired', message);
}

/** apimachinery NewRequestEntityTooLargeError: 413 `Request entity too large: limit is 3145728`. */
export function requestEntityTooLarge(limit: number): Status {
  return statusFor(413, 'RequestEntityTooLarge', `Request entity too large: limit is ${limit}`);
}

/** 422-free 400 `the namespace of the provided object does not match the namespace sent on the request` and friends. */
export function statusFor(code: number, reason: string, message: string): Status {
  return status(code, reason, message);
}
