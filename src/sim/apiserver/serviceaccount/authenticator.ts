// The apiserver's authenticators as one config: the static token file plus the service account
// token authenticator, which reads ServiceAccounts and Pods from the watch cache (the real one uses
// informer-backed getters with a live lookup as fallback) and checks signatures with this
// apiserver's key.

import type { KubeObject } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { AuthnConfig } from '../authn';
import type { ApiserverState } from '../state';
import { authenticateServiceAccountToken } from './claims';

function cached(s: ApiserverState, resource: string, namespace: string, name: string): KubeObject | undefined {
  return s.cache.get(resource)?.objects.get(`${namespace}/${name}`)?.obj;
}

export function authnConfigOf(s: ApiserverState, ctx: Pick<Effects, 'now' | 'log'>): AuthnConfig {
  return {
    tokens: s.config.tokens,
    serviceAccountToken(token) {
      const out = authenticateServiceAccountToken(token, s.serviceAccountKey, ctx.now, {
        serviceAccount: (ns, name) => cached(s, 'serviceaccounts', ns, name),
        pod: (ns, name) => cached(s, 'pods', ns, name),
      });
      // The real authenticator logs why a token of its own was refused; the client only sees 401.
      if (out && 'error' in out) ctx.log(`"Unable to authenticate the request" err="[invalid bearer token, ${out.error}]"`);
      return out;
    },
  };
}
