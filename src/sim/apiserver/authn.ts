// CONTRACT (owned by the authn/authz/admission helper): stage 1 of the seed's pipeline, Authentication.
// Signatures are fixed; bodies are placeholders until filled in.

import type { Credentials } from '../api/http';

export interface UserInfo {
  username: string;
  groups: string[];
}

export interface AuthnConfig {
  /** Static bearer tokens (--token-auth-file): token -> user. */
  tokens: Record<string, UserInfo>;
}

/**
 * Who is this? A client certificate gives CN -> username, O -> groups; a bearer token is looked up.
 * Every authenticated user also gets `system:authenticated`. Returns undefined for bad credentials
 * (the apiserver answers 401 Unauthorized). No credentials at all: system:anonymous.
 */
export function authenticate(creds: Credentials, cfg: AuthnConfig): UserInfo | undefined {
  void cfg;
  const cert = creds.clientCertificate;
  if (cert) return { username: cert.commonName, groups: [...cert.organizations, 'system:authenticated'] };
  return { username: 'system:anonymous', groups: ['system:unauthenticated'] };
}
