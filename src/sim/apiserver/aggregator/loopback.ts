// kube-apiserver's loopback client identity: the requests it makes to itself (the aggregator's
// status controllers) authenticate with a token only it knows, as `system:apiserver` in
// `system:masters` (genericapiserver's authenticatedLoopback / loopback token).

import type { Credentials } from '../../api/http';
import type { UserInfo } from '../authn';

const LOOPBACK_TOKEN = 'kubeplay.loopback.kube-apiserver';

export const LOOPBACK_CREDENTIALS: Credentials = { bearerToken: LOOPBACK_TOKEN };

export function loopbackTokens(): Record<string, UserInfo> {
  return { [LOOPBACK_TOKEN]: { username: 'system:apiserver', groups: ['system:masters', 'system:authenticated'] } };
}
