// SelfSubjectReview (authentication.k8s.io/v1, pkg/registry/authentication/selfsubjectreview/rest.go):
// "who am I?". The apiserver answers with the user it authenticated the request as (after
// impersonation, so `kubectl auth whoami --as jane` shows jane) and stores nothing. The status
// carries the UserInfo: username, uid, groups and extra (only service account tokens carry uid and extra).
// `kubectl auth whoami` is built on it.

import { rfc3339 } from '../../api/time';
import type { Effects } from '../../kernel/component';
import { respond } from '../respond';
import type { RequestContext } from '../state';

export interface SelfSubjectReview {
  kind: 'SelfSubjectReview';
  apiVersion: 'authentication.k8s.io/v1';
  metadata: { creationTimestamp: string };
  status: { userInfo: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> } };
}

/** The review of the requesting user; the request's body is not read (it has nothing to ask). */
export function selfSubjectReviewOf(user: { username: string; groups: string[]; uid?: string; extra?: Record<string, string[]> }, now: number): SelfSubjectReview {
  const userInfo: SelfSubjectReview['status']['userInfo'] = {};
  if (user.username) userInfo.username = user.username;
  if (user.uid) userInfo.uid = user.uid;
  if (user.groups.length) userInfo.groups = [...user.groups];
  if (user.extra && Object.keys(user.extra).length) userInfo.extra = user.extra;
  return {
    kind: 'SelfSubjectReview',
    apiVersion: 'authentication.k8s.io/v1',
    // rest.go sets the creation time to when the review was made.
    metadata: { creationTimestamp: rfc3339(now) },
    status: { userInfo },
  };
}

export function createSelfSubjectReview(ctx: Effects, rc: RequestContext): void {
  respond(ctx, rc, 201, selfSubjectReviewOf(rc.user, ctx.now), 'SelfSubjectReview');
}
