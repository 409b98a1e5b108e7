// The people a scenario adds to the cluster (`spec.users`). kube-apiserver learns them as static
// bearer tokens (--token-auth-file: token, user, groups), and kubectl's kubeconfig gets a `users`
// entry with the same token, so `kubectl --user jane` authenticates as jane with her groups, while
// `kubectl --as jane` keeps the admin's credentials and impersonates her.

import type { Credentials } from '../api/http';
import type { UserInfo } from '../apiserver/authn';

export interface ClusterUser {
  name: string;
  groups?: string[];
}

export function userToken(name: string): string {
  return `kubeplay.user.${name}`;
}

/** token -> user, for ApiserverConfig.tokens. */
export function userTokens(users: readonly ClusterUser[]): Record<string, UserInfo> {
  const out: Record<string, UserInfo> = {};
  for (const u of users) out[userToken(u.name)] = { username: u.name, groups: [...(u.groups ?? [])] };
  return out;
}

/** kubeconfig user name -> credentials, for KubectlConfig.users. */
export function userCredentials(users: readonly ClusterUser[]): Record<string, Credentials> {
  const out: Record<string, Credentials> = {};
  for (const u of users) out[u.name] = { bearerToken: userToken(u.name) };
  return out;
}
