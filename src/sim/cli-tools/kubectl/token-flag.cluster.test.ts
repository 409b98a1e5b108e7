// `kubectl --token`: what real kubectl v1.31.9 sends and what kube-apiserver makes of it.
// - client-go tools/clientcmd/client_config.go (getUserIdentificationPartialConfig) keeps the
//   kubeconfig's client certificate next to a --token override: kubectl.1.31 --token=bogus, run
//   against a TLS server that asks for client certificates, presented the admin certificate AND
//   `Authorization: Bearer bogus` on every request (checked 2026-12-03).
// - kubernetes pkg/kubeapiserver/authenticator/config.go builds union.New(x509, bearer token, ...):
//   the x509 authenticator runs first and a verified certificate ends the union, so the token is
//   never looked at. With the default kubernetes-admin context a bogus token is therefore accepted.
// - A user whose kubeconfig entry carries only a token (no certificate) is authenticated by the
//   token alone: a bogus one is 401, which kubectl prints as
//   `error: You must be logged in to the server (Unauthorized)` (kubectl/pkg/cmd/util/helpers.go).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../cluster';

describe('kubectl --token', () => {
  const c = buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane' }] }, { seed: 3 });

  it('with the admin certificate in the kubeconfig the certificate wins and a bogus token is never checked', () => {
    expect(c.run('kubectl get pods --token=bogus')).toMatchObject({ stderr: 'No resources found in default namespace.\n', exitCode: 0 });
    expect(c.run('kubectl auth whoami --token=bogus').stdout).toBe('ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [system:masters system:authenticated]\n');
  });

  it('for a token-only user a bogus --token is 401 Unauthorized', () => {
    expect(c.run('kubectl get pods --user=jane --token=bogus')).toMatchObject({ stdout: '', stderr: 'error: You must be logged in to the server (Unauthorized)\n', exitCode: 1 });
  });

  it('a valid --token authenticates as its user: the static token and a service account token', () => {
    expect(c.run('kubectl auth whoami --user=jane --token=kubeplay.user.jane').stdout).toMatch(/^ATTRIBUTE {3}VALUE\nUsername {4}jane\n/);
    const token = c.run('kubectl create token default').stdout.trim();
    expect(c.run(`kubectl auth whoami --user=jane --token=${token}`).stdout).toMatch(/\nUsername +system:serviceaccount:default:default\n/);
  });
});
