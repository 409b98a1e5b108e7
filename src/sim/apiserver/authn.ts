// Stage 1 of the seed's pipeline, Authentication: "who are you?". kube-apiserver tries its
// authenticators in turn (k8s.io/apiserver/pkg/authentication/request/union): the client
// certificate (x509: CN is the user name, each O is a group), then bearer tokens (here the static
// --token-auth-file). A user any of them recognises also gets the group system:authenticated
// (group.AuthenticatedGroupAdder). A request with no credentials at all is system:anonymous in
// group system:unauthenticated; a request with a token nobody recognises is NOT anonymous: it is
// rejected with 401 Unauthorized (union.NewFailOnError in pkg/kubeapiserver/authenticator/config.go).

import type { Credentials } from '../api/http';

export interface UserInfo {
  username: string;
  groups: string[];
  /** The ServiceAccount's uid, for a service account token. */
  uid?: string;
  /** authentication.kubernetes.io/pod-name, credential-id, ... for a service account token. */
  extra?: Record<string, string[]>;
}

export interface AuthnConfig {
  /** Static bearer tokens (--token-auth-file): token -> user. */
  tokens: Record<string, UserInfo>;
  /**
   * The service account token authenticator (serviceaccount/claims.ts): a user, a refusal (401), or
   * undefined when the token is not one of its own.
   */
  serviceAccountToken?(token: string): { user: UserInfo } | { error: string } | undefined;
}

export const ANONYMOUS_USER = 'system:anonymous';
export const ALL_AUTHENTICATED_GROUP = 'system:authenticated';
export const ALL_UNAUTHENTICATED_GROUP = 'system:unauthenticated';

/** How the request was authenticated, for the trace (`x509`, `token`, `anonymous`). */
export type AuthnMethod = 'x509' | 'token' | 'anonymous';

/** AuthenticatedGroupAdder: append system:authenticated unless the user already names either all-group. */
function withAuthenticatedGroup(u: UserInfo): UserInfo {
  if (u.username === ANONYMOUS_USER) return { username: u.username, groups: [...u.groups] };
  const has = u.groups.includes(ALL_AUTHENTICATED_GROUP) || u.groups.includes(ALL_UNAUTHENTICATED_GROUP);
  const out: UserInfo = { username: u.username, groups: has ? [...u.groups] : [...u.groups, ALL_AUTHENTICATED_GROUP] };
  if (u.uid !== undefined) out.uid = u.uid;
  if (u.extra !== undefined) out.extra = u.extra;
  return out;
}

/** authenticate() plus which authenticator recognised the request; undefined means 401. */
export function authenticateWithMethod(creds: Credentials, cfg: AuthnConfig): { user: UserInfo; method: AuthnMethod } | undefined {
  const cert = creds.clientCertificate;
  if (cert) return { user: withAuthenticatedGroup({ username: cert.commonName, groups: [...cert.organizations] }), method: 'x509' };
  if (creds.bearerToken !== undefined) {
    // Own-property lookup only: a token such as "constructor" must not match Object.prototype.
    const known = Object.prototype.hasOwnProperty.call(cfg.tokens, creds.bearerToken) ? cfg.tokens[creds.bearerToken] : undefined;
    if (known) return { user: withAuthenticatedGroup(known), method: 'token' };
    const sa = cfg.serviceAccountToken?.(creds.bearerToken);
    return sa && 'user' in sa ? { user: withAuthenticatedGroup(sa.user), method: 'token' } : undefined;
  }
  // The x509 authenticator's error, with no other authenticator succeeding: 401, not anonymous.
  if (creds.untrustedClientCertificate) return undefined;
  return { user: { username: ANONYMOUS_USER, groups: [ALL_UNAUTHENTICATED_GROUP] }, method: 'anonymous' };
}

/**
 * Who is this? A client certificate gives CN -> username, O -> groups; a bearer token is looked up.
 * Every authenticated user also gets `system:authenticated`. Returns undefined for bad credentials
 * (the apiserver answers 401 Unauthorized). No credentials at all: system:anonymous.
 */
export function authenticate(creds: Credentials, cfg: AuthnConfig): UserInfo | undefined {
  return authenticateWithMethod(creds, cfg)?.user;
}
