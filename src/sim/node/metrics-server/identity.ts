// Who metrics-server is to kube-apiserver: the kube-system/metrics-server ServiceAccount of its
// components.yaml, whose `system:metrics-server` ClusterRoleBinding lets it list and watch nodes and
// pods. As for CoreDNS (node/coredns/identity.ts), Kubeplay issues one fixed token for it and hands it
// to the apiserver's static-token authenticator instead of a projected token; RBAC still decides,
// so before the manifest's bindings exist its lists are refused.

import type { Credentials } from '../../api/http';
import type { UserInfo } from '../../apiserver/authn';
import { serviceAccountUsername } from '../../controllers/tokens';

const METRICS_SERVER_TOKEN = 'kubeplay.serviceaccount.kube-system.metrics-server';

export const METRICS_SERVER_CREDENTIALS: Credentials = { bearerToken: METRICS_SERVER_TOKEN };

/** token -> user, for ApiserverConfig.tokens. */
export function metricsServerTokens(): Record<string, UserInfo> {
  return {
    [METRICS_SERVER_TOKEN]: {
      username: serviceAccountUsername('kube-system', 'metrics-server'),
      groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'],
    },
  };
}
