// Who CoreDNS is to kube-apiserver: the kube-system/coredns ServiceAccount, which kubeadm's
// `system:coredns` ClusterRoleBinding allows to list and watch what the kubernetes plugin reads.
// A real pod presents the signed token of its projected volume; Kubeplay issues one fixed token
// and hands it to the apiserver's static-token authenticator (as controllers/tokens.ts does).

import type { Credentials } from '../../api/http';
import type { UserInfo } from '../../apiserver/authn';
import { serviceAccountUsername } from '../../controllers/tokens';

const COREDNS_TOKEN = 'kubeplay.serviceaccount.kube-system.coredns';

export const COREDNS_CREDENTIALS: Credentials = { bearerToken: COREDNS_TOKEN };

/** token -> user, for ApiserverConfig.tokens. */
export function corednsTokens(): Record<string, UserInfo> {
  return {
    [COREDNS_TOKEN]: {
      username: serviceAccountUsername('kube-system', 'coredns'),
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    },
  };
}
