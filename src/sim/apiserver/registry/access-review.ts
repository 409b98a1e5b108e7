// SelfSubjectAccessReview and SelfSubjectRulesReview (authorization.k8s.io/v1, pkg/registry/authorization):
// "may I do this?". The apiserver runs its authorizers for the requesting user (after
// impersonation, so `kubectl auth can-i --as jane` asks for jane) against the attributes in the
// body, and answers 201 with the review and its status. Nothing is stored. `kubectl auth can-i`
// is built on it.

import { badRequest } from '../../api/errors';
import type { KubeObject } from '../../api/types';
import type { Effects } from '../../kernel/component';
import { authorize, type RequestAttributes } from '../authz';
import { rulesFor } from '../authz/rules-for';
import { cacheRbacSource } from '../rbac-bootstrap';
import { cacheNodeGraph } from '../node-graph-source';
import { respond } from '../respond';
import type { ApiserverState, RequestContext } from '../state';

export interface ResourceAttributes {
  namespace?: string;
  verb?: string;
  group?: string;
  version?: string;
  resource?: string;
  subresource?: string;
  name?: string;
}

export interface SelfSubjectAccessReview extends KubeObject {
  spec: { resourceAttributes?: ResourceAttributes; nonResourceAttributes?: { path?: string; verb?: string } };
  status?: { allowed: boolean; denied?: boolean; reason?: string; evaluationError?: string };
}

function attributesOf(review: SelfSubjectAccessReview, rc: RequestContext): RequestAttributes | string {
  const ra = review.spec?.resourceAttributes;
  const nra = review.spec?.nonResourceAttributes;
  if (ra && nra) return 'spec.resourceAttributes: Invalid value: "": cannot be specified in combination with nonResourceAttributes';
  if (nra) {
    return { user: rc.user, verb: nra.verb ?? '', resourceRequest: false, apiGroup: '', resource: '', subresource: '', namespace: '', name: '', path: nra.path ?? '' };
  }
  if (!ra) return 'spec.resourceAttributes: Required value: exactly one of nonResourceAttributes or resourceAttributes must be specified';
  return {
    user: rc.user,
    verb: ra.verb ?? '',
    resourceRequest: true,
    apiGroup: ra.group ?? '',
    resource: ra.resource ?? '',
    subresource: ra.subresource ?? '',
    namespace: ra.namespace ?? '',
    name: ra.name ?? '',
    path: '',
  };
}

export function createSelfSubjectAccessReview(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const review = rc.msg.body.body as SelfSubjectAccessReview | undefined;
  if (!review || typeof review !== 'object') {
    const st = badRequest('SelfSubjectAccessReview in version "v1" cannot be handled as a SelfSubjectAccessReview: empty body');
    return respond(ctx, rc, 400, st, 'Validation');
  }
  const attrs = attributesOf(review, rc);
  if (typeof attrs === 'string') {
    const st = { ...badRequest(''), code: 422, reason: 'Invalid', message: `SelfSubjectAccessReview.authorization.k8s.io "" is invalid: ${attrs}` };
    return respond(ctx, rc, 422, st, 'Validation');
  }
  const d = authorize(attrs, cacheRbacSource(s), cacheNodeGraph(s));
  // Only the RBAC authorizer gives a reason for an allow (`RBAC: allowed by ...`); the privileged
  // group and the Node authorizer allow without one. A denial here is "no opinion": no reason.
  const reason = d.allowed && d.decidedBy === 'RBAC' ? d.detail : undefined;
  const status: NonNullable<SelfSubjectAccessReview['status']> = { allowed: d.allowed };
  if (reason) status.reason = reason;
  const out: SelfSubjectAccessReview = {
    kind: 'SelfSubjectAccessReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: { creationTimestamp: null as unknown as string },
    spec: review.spec,
    status,
  };
  // Nothing is stored: the review is answered from the authorizers alone.
  respond(ctx, rc, 201, out, 'SelfSubjectAccessReview');
}

/**
 * SelfSubjectRulesReview (pkg/registry/authorization/selfsubjectrulesreview): the rules the user
 * holds in spec.namespace, split into resource and non-resource rules (`kubectl auth can-i --list`).
 */
export function createSelfSubjectRulesReview(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const review = rc.msg.body.body as { spec?: { namespace?: string } } | undefined;
  const namespace = review?.spec?.namespace ?? '';
  const r = rulesFor(rc.user, namespace, cacheRbacSource(s));
  const resourceRules = r.rules
    .filter((x) => !x.nonResourceURLs?.length)
    .map((x) => {
      const out: Record<string, string[]> = { verbs: x.verbs };
      if (x.apiGroups?.length) out.apiGroups = x.apiGroups;
      if (x.resources?.length) out.resources = x.resources;
      if (x.resourceNames?.length) out.resourceNames = x.resourceNames;
      return out;
    });
  const nonResourceRules = r.rules.filter((x) => x.nonResourceURLs?.length).map((x) => ({ verbs: x.verbs, nonResourceURLs: x.nonResourceURLs }));
  const status: Record<string, unknown> = { resourceRules, nonResourceRules, incomplete: r.incomplete };
  if (r.evaluationError) status.evaluationError = r.evaluationError;
  const out = {
    kind: 'SelfSubjectRulesReview',
    apiVersion: 'authorization.k8s.io/v1',
    metadata: { creationTimestamp: null },
    spec: { namespace },
    status,
  };
  respond(ctx, rc, 201, out, 'SelfSubjectRulesReview');
}
