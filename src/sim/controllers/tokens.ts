// kubeadm runs kube-controller-manager with --use-service-account-credentials=true: each
// controller loop talks to the apiserver as its own service account, kube-system/<controller>,
// whose ClusterRole system:controller:<controller> comes from the bootstrap RBAC policy. Real
// controllers get signed service-account tokens; Kubeplay issues one fixed token per controller and
// hands the table to kube-apiserver as static tokens (the same authenticator answers: who is this).

import type { Credentials } from '../api/http';
import type { UserInfo } from '../apiserver/authn';
import { CONTROLLER_NAMES } from '../apiserver/authz';

export function serviceAccountUsername(namespace: string, name: string): string {
  return `system:serviceaccount:${namespace}:${name}`;
}

export function controllerToken(serviceAccount: string): string {
  return `kubeplay.serviceaccount.kube-system.${serviceAccount}`;
}

export function controllerCredentials(serviceAccount: string): Credentials {
  return { bearerToken: controllerToken(serviceAccount) };
}

/** token -> user for every controller service account, for ApiserverConfig.tokens. */
export function controllerManagerTokens(): Record<string, UserInfo> {
  const out: Record<string, UserInfo> = {};
  for (const name of CONTROLLER_NAMES) {
    out[controllerToken(name)] = {
      username: serviceAccountUsername('kube-system', name),
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    };
  }
  return out;
}
