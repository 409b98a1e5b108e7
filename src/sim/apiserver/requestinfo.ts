// RequestInfo: what a request is about, read from its method, path and query the way
// k8s.io/apiserver/pkg/endpoints/request/requestinfo.go (RequestInfoFactory) reads them:
// /api/v1/namespaces/{ns}/{resource}/{name}/{subresource} or /apis/{group}/{version}/... .

import type { HttpRequest } from '../api/http';
import { resourceForPath, type ResourceInfo } from '../api/resources';
import { statusFor } from '../api/errors';
import { parseFieldSelector } from '../api/fields';
import type { Status } from '../api/types';

export interface RequestInfo {
  /** get, list, watch, create, update, patch, delete, deletecollection */
  verb: string;
  info: ResourceInfo;
  namespace: string;
  name: string;
  subresource: string;
  /**
   * A list or watch whose fieldSelector requires `metadata.name=<x>` names that one object
   * (requestinfo.go: "if there's no name on the request and thus list or watch, but there's a
   * fieldSelector specifying metadata.name, set the name"). Kept apart from `name`, which routes
   * the request; the authorizers see it as the request's name (the kubelet's single-object watches).
   */
  selectorName?: string;
}

/** Namespace subresources stay on the namespace (`/api/v1/namespaces/x/status`). */
const NAMESPACE_SUBRESOURCES = ['status', 'finalize'];

/** The apiserver's NotFound handler body for a path it does not serve (genericapiserver's NotFoundHandler). */
export function pathNotFound(): Status {
  const s = statusFor(404, 'NotFound', 'the server could not find the requested resource');
  s.details = {};
  return s;
}

function verbOf(method: string, hasName: boolean, watch: boolean): string | undefined {
  switch (method) {
    case 'GET':
      if (watch) return 'watch';
      return hasName ? 'get' : 'list';
    case 'POST':
      return 'create';
    case 'PUT':
      return 'update';
    case 'PATCH':
      return 'patch';
    case 'DELETE':
      return hasName ? 'delete' : 'deletecollection';
    default:
      return undefined;
  }
}

/** Parse a request; a Status for paths and methods the apiserver does not serve. */
export function parseRequestInfo(req: Pick<HttpRequest, 'method' | 'path' | 'query'>): RequestInfo | Status {
  const parts = req.path.split('/').filter((p) => p !== '');
  let group = '';
  let version: string;
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 2) {
    version = parts[1]!;
    rest = parts.slice(2);
  } else if (parts[0] === 'apis' && parts.length >= 3) {
    group = parts[1]!;
    version = parts[2]!;
    rest = parts.slice(3);
  } else return pathNotFound();
  let namespace = '';
  if (rest[0] === 'namespaces' && rest.length > 1) {
    namespace = rest[1]!;
    if (rest.length > 2 && !NAMESPACE_SUBRESOURCES.includes(rest[2]!)) rest = rest.slice(2);
  }
  const [resource, name = '', subresource = '', ...extra] = rest;
  if (!resource || extra.length > 0) return pathNotFound();
  const info = resourceForPath(group, version, resource);
  if (!info) return pathNotFound();
  if (resource === 'namespaces') namespace = '';
  if (subresource && !info.subresources.includes(subresource)) return pathNotFound();
  const watch = req.query?.watch === 'true' || req.query?.watch === '1';
  const verb = verbOf(req.method, name !== '', watch);
  if (!verb) return statusFor(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);
  // A POST names its object in the body, except for subresources such as pods/x/binding.
  if (verb === 'create' && name && !subresource) {
    return statusFor(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
  if ((verb === 'update' || verb === 'patch') && !name) {
    return statusFor(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
  }
  const out: RequestInfo = { verb, info, namespace, name, subresource };
  if (!name && (verb === 'list' || verb === 'watch')) {
    const byName = exactNameSelector(req.query?.fieldSelector ?? '');
    if (byName !== undefined) out.selectorName = byName;
  }
  return out;
}

/**
 * fields.Selector.RequiresExactMatch("metadata.name"), kept only when the value is a valid path
 * segment name (path.IsValidPathSegmentName: not `.` or `..`, no `/` or `%`).
 */
function exactNameSelector(selector: string): string | undefined {
  const parsed = parseFieldSelector(selector);
  if (typeof parsed === 'string') return undefined;
  const term = parsed.find((r) => r.field === 'metadata.name' && r.op === '=');
  if (!term) return undefined;
  const v = term.value;
  if (v === '.' || v === '..' || v.includes('/') || v.includes('%')) return undefined;
  return v;
}

/** The verb an authorizer checks for a subresource request (`create` on pods/binding, `get` on pods/log). */
export function describe(ri: RequestInfo): string {
  const what = ri.subresource ? `${ri.info.resource}/${ri.subresource}` : ri.info.resource;
  return `${ri.verb} ${what}${ri.namespace ? ` -n ${ri.namespace}` : ''}${ri.name ? ` ${ri.name}` : ''}`;
}
