// Stage 1 of the seed's pipeline, Authentication ("who are you"): the request's credentials become
// a user, or the request ends with 401 Unauthorized. Impersonation (`kubectl --as`) is checked
// here too, as the apiserver's WithImpersonation filter runs right after authentication: the real
// user must be allowed to `impersonate` the named user, and the request then continues as them.

import { unauthorized } from '../../api/errors';
import type { Credentials } from '../../api/http';
import type { Status } from '../../api/types';
import { authenticate, type AuthnConfig, type UserInfo } from '../authn';
import type { RbacPolicy, RbacSource } from '../authz';
import { forbiddenStatus } from '../authz/forbidden';
import { authorizeImpersonation, impersonatedUser } from '../authz/impersonation';

export const AUTHENTICATION = 'Authentication';
export const IMPERSONATION = 'Impersonation';

export function runAuthentication(creds: Credentials, cfg: AuthnConfig): UserInfo | Status {
  const user = authenticate(creds, cfg);
  return user ?? unauthorized();
}

/**
 * The user the request acts as after impersonation (authz/impersonation.ts checks `impersonate` on
 * users, groups or service accounts for the real user), or the 403 for one who may not.
 */
export function runImpersonation(creds: Credentials, user: UserInfo, policy: RbacPolicy | RbacSource): UserInfo | Status {
  const target = creds.impersonateUser;
  if (!target) return user;
  const groups = creds.impersonateGroups ?? [];
  const d = authorizeImpersonation(user, target, groups, policy);
  if (!d.allowed) return forbiddenStatus(d.attributes!, d);
  return impersonatedUser(target, groups);
}
