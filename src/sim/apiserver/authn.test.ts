// Source: k8s.io/apiserver/pkg/authentication (x509 CommonNameUserConversion, tokenfile,
// group.AuthenticatedGroupAdder, anonymous) and pkg/kubeapiserver/authenticator/config.go
// (union.NewFailOnError: a bad token is 401, never anonymous).
import { describe, expect, it } from 'vitest';
import type { Credentials } from '../api/http';
import { authenticate, authenticateWithMethod, type AuthnConfig, type UserInfo } from './authn';

const cfg: AuthnConfig = {
  tokens: {
    'bob-token': { username: 'bob', groups: ['dev'] },
    'sa-token': { username: 'system:serviceaccount:default:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:default'] },
  },
};

const cases: { name: string; creds: Credentials; want: UserInfo | undefined }[] = [
  {
    name: 'a client certificate maps CN to the user name and each O to a group, plus system:authenticated',
    creds: { clientCertificate: { commonName: 'admin', organizations: ['system:masters'] } },
    want: { username: 'admin', groups: ['system:masters', 'system:authenticated'] },
  },
  {
    name: 'a kubelet certificate authenticates as system:node:<name> in system:nodes',
    creds: { clientCertificate: { commonName: 'system:node:worker-1', organizations: ['system:nodes'] } },
    want: { username: 'system:node:worker-1', groups: ['system:nodes', 'system:authenticated'] },
  },
  {
    name: 'a certificate without organizations still gets system:authenticated',
    creds: { clientCertificate: { commonName: 'system:kube-scheduler', organizations: [] } },
    want: { username: 'system:kube-scheduler', groups: ['system:authenticated'] },
  },
  {
    // x509.go: the certificate fails verification (another CA), an error; union: no other authenticator succeeds, 401.
    name: 'a client certificate from another CA is 401, not anonymous',
    creds: { untrustedClientCertificate: true },
    want: undefined,
  },
  {
    // union.go: an authenticator's error does not stop the next one; a good token still authenticates.
    name: 'a client certificate from another CA with a good token is the token\'s user',
    creds: { untrustedClientCertificate: true, bearerToken: 'bob-token' },
    want: { username: 'bob', groups: ['dev', 'system:authenticated'] },
  },
  {
    name: 'a known static bearer token gives its user and groups',
    creds: { bearerToken: 'bob-token' },
    want: { username: 'bob', groups: ['dev', 'system:authenticated'] },
  },
  {
    name: 'a service account token keeps its service account groups',
    creds: { bearerToken: 'sa-token' },
    want: { username: 'system:serviceaccount:default:builder', groups: ['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated'] },
  },
  { name: 'an unknown bearer token is rejected (401), not treated as anonymous', creds: { bearerToken: 'nope' }, want: undefined },
  { name: 'a token named like an Object.prototype property is still unknown', creds: { bearerToken: 'constructor' }, want: undefined },
  {
    name: 'no credentials at all is system:anonymous in system:unauthenticated',
    creds: {},
    want: { username: 'system:anonymous', groups: ['system:unauthenticated'] },
  },
  {
    name: 'the certificate wins over a bearer token, as the x509 authenticator runs first',
    creds: { clientCertificate: { commonName: 'alice', organizations: [] }, bearerToken: 'nope' },
    want: { username: 'alice', groups: ['system:authenticated'] },
  },
];

describe('authenticate', () => {
  it.each(cases)('$name', ({ creds, want }) => {
    expect(authenticate(creds, cfg)).toEqual(want);
  });

  it('does not mutate the configured token user when adding system:authenticated', () => {
    authenticate({ bearerToken: 'bob-token' }, cfg);
    expect(cfg.tokens['bob-token']!.groups).toEqual(['dev']);
  });

  it('reports which authenticator recognised the request', () => {
    expect(authenticateWithMethod({ bearerToken: 'bob-token' }, cfg)?.method).toBe('token');
    expect(authenticateWithMethod({}, cfg)?.method).toBe('anonymous');
  });
});
