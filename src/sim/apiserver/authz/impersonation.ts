// Impersonation (`kubectl --as=alice --as-group=dev`), as k8s.io/apiserver/pkg/endpoints/filters/
// impersonation.go checks it: the REAL user must be allowed the verb `impersonate` on `users`
// (named after the impersonated user), on `groups` (one check per group), or, for a service account
// user name, on `serviceaccounts` in its namespace. The first check that fails stops the request
// with `users "alice" is forbidden: User "bob" cannot impersonate resource "users" in API group ""
// at the cluster scope`.

import type { UserInfo } from '../authn';
import { ALL_AUTHENTICATED, ALL_UNAUTHENTICATED } from './bootstrap-policy';
import { SERVICE_ACCOUNT_PREFIX, serviceAccountGroups } from './rbac';
import type { Decision, RbacPolicy, RequestAttributes } from './index';
import { authorize } from './index';
import type { RbacSource } from './rbac-index';

const ANONYMOUS = 'system:anonymous';

function parseServiceAccount(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(SERVICE_ACCOUNT_PREFIX)) return undefined;
  const [namespace, name, ...rest] = username.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
  if (!namespace || !name || rest.length) return undefined;
  return { namespace, name };
}

function impersonateCheck(user: UserInfo, resource: string, name: string, namespace = ''): RequestAttributes {
  return { user, verb: 'impersonate', resourceRequest: true, apiGroup: '', resource, subresource: '', namespace, name, path: '' };
}

/** One attributes record per thing impersonated, in the filter's order: the user first, then each group. */
function checks(user: UserInfo, impersonateUser: string, impersonateGroups: string[]): RequestAttributes[] {
  const sa = parseServiceAccount(impersonateUser);
  const first = sa ? impersonateCheck(user, 'serviceaccounts', sa.name, sa.namespace) : impersonateCheck(user, 'users', impersonateUser);
  return [first, ...impersonateGroups.map((g) => impersonateCheck(user, 'groups', g))];
}

/**
 * May `user` act as `impersonateUser` with `impersonateGroups`? On denial, `attributes` is the check
 * that failed: pass it with the decision to forbiddenStatus() to get the apiserver's 403 body.
 */
export function authorizeImpersonation(
  user: UserInfo,
  impersonateUser: string,
  impersonateGroups: string[],
  policy: RbacPolicy | RbacSource,
): Decision & { attributes?: RequestAttributes } {
  for (const attrs of checks(user, impersonateUser, impersonateGroups)) {
    const d = authorize(attrs, policy);
    if (!d.allowed) return { ...d, attributes: attrs };
  }
  return { allowed: true, reason: '', detail: `impersonating "${impersonateUser}"` };
}

/**
 * The user the request continues as. A service account keeps its fixed groups when none are given;
 * everyone but system:anonymous also gets system:authenticated unless system:(un)authenticated was
 * asked for explicitly.
 */
export function impersonatedUser(impersonateUser: string, impersonateGroups: string[]): UserInfo {
  const sa = parseServiceAccount(impersonateUser);
  const groups = sa && impersonateGroups.length === 0 ? serviceAccountGroups(sa.namespace) : [...impersonateGroups];
  if (impersonateUser === ANONYMOUS) {
    if (!groups.includes(ALL_UNAUTHENTICATED)) groups.push(ALL_UNAUTHENTICATED);
  } else if (!groups.includes(ALL_AUTHENTICATED) && !groups.includes(ALL_UNAUTHENTICATED)) {
    groups.push(ALL_AUTHENTICATED);
  }
  return { username: impersonateUser, groups };
}
