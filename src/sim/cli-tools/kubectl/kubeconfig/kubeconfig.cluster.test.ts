// Issue 18 point 3, the seed's chapter 2 ("the first question the apiserver asks is: who are you?"):
// kubectl presents credentials from a kubeconfig file on the admin machine, and a learner can change
// them. Every expected text is what real kubectl v1.31.9 (/usr/lib/google-cloud-sdk/bin/kubectl.1.31)
// printed, offline for `kubectl config` (KUBECONFIG=/tmp/x kubectl config set-credentials ...) and
// against `kubeplay serve` for the requests (client-go/tools/clientcmd/client_config.go and
// validation.go hold the error texts).
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';

/**
 * A 401 on the first command that maps a type: the discovery cache is still empty, so GET /api is
 * what fails, five times for `get pods`, and the error is the discovery client's generic 401 text
 * (real kubectl v1.31.9 against kubeplay serve; discovery-retry.ts).
 */
const UNAUTHORIZED_DISCOVERY =
  /^(E\d{4} [\d:.]+ +\d+ memcache\.go:265\] "Unhandled Error" err="couldn't get current server API group list: the server has asked for the client to provide credentials"\n){5}error: You must be logged in to the server \(the server has asked for the client to provide credentials\)\n$/;

function cluster() {
  return buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane', groups: ['developers'] }] }, { seed: 7 });
}

describe('kubectl config over the admin machine kubeconfig files', () => {
  const c = cluster();
  const cases: { name: string; line: string; stdout?: string | RegExp; stderr?: string | RegExp; exitCode?: number }[] = [
    { name: 'answers set-credentials with User "x" set.', line: 'kubectl config set-credentials bad --token=not-a-token', stdout: 'User "bad" set.\n' },
    { name: 'creates a context', line: 'kubectl config set-context bad@kubeplay --cluster=kubeplay --user=bad', stdout: 'Context "bad@kubeplay" created.\n' },
    { name: 'modifies an existing context', line: 'kubectl config set-context bad@kubeplay --namespace=dev', stdout: 'Context "bad@kubeplay" modified.\n' },
    { name: 'sets a cluster', line: 'kubectl config set-cluster other --server=https://10.0.0.10:6443 --certificate-authority=/etc/kubernetes/pki/ca.crt', stdout: 'Cluster "other" set.\n' },
    {
      name: 'lists contexts with their namespace',
      line: 'kubectl config get-contexts',
      stdout:
        'CURRENT   NAME                        CLUSTER    AUTHINFO           NAMESPACE\n          bad@kubeplay                kubeplay   bad                dev\n          jane@kubeplay               kubeplay   jane               \n*         kubernetes-admin@kubeplay   kubeplay   kubernetes-admin   \n',
    },
    { name: 'redacts tokens in config view', line: 'kubectl config view --minify --context=bad@kubeplay', stdout: /users:\n- name: bad\n {2}user:\n {4}token: REDACTED\n$/ },
    { name: 'omits certificate data in config view', line: 'kubectl config view', stdout: /client-certificate-data: DATA\+OMITTED\n {4}client-key-data: DATA\+OMITTED\n$/ },
    { name: 'prints the token with --raw', line: 'kubectl config view --raw --minify --context=bad@kubeplay', stdout: /token: not-a-token\n$/ },
    { name: 'switches context', line: 'kubectl config use-context bad@kubeplay', stdout: 'Switched to context "bad@kubeplay".\n' },
    { name: 'names the current context', line: 'kubectl config current-context', stdout: 'bad@kubeplay\n' },
    { name: 'refuses an unknown context', line: 'kubectl config use-context nope', stderr: 'error: no context exists with the name: "nope"\n', exitCode: 1 },
    // The context's token is unknown to every authenticator: 401, not anonymous.
    { name: 'is Unauthorized with a token nobody issued', line: 'kubectl get pods', stderr: UNAUTHORIZED_DISCOVERY, exitCode: 1 },
    { name: 'deletes the active context with a warning', line: 'kubectl config delete-context bad@kubeplay', stdout: 'deleted context bad@kubeplay from /root/.kube/config\n', stderr: 'warning: this removed your active context, use "kubectl config use-context" to select a different one\n' },
    { name: 'cannot delete it twice', line: 'kubectl config delete-context bad@kubeplay', stderr: 'error: cannot delete context bad@kubeplay, not in /root/.kube/config\n', exitCode: 1 },
    { name: 'is back to the admin after use-context', line: 'kubectl config use-context kubernetes-admin@kubeplay', stdout: 'Switched to context "kubernetes-admin@kubeplay".\n' },
    { name: 'embeds a missing file with the stat error', line: 'kubectl config set-credentials x --client-certificate=/x --embed-certs', stderr: 'error: could not stat client-certificate file /x: stat /x: no such file or directory\n', exitCode: 1 },
    { name: 'needs a context name for set-context', line: 'kubectl config set-context', stderr: 'error: you must specify a non-empty context name or --current\n', exitCode: 1 },
  ];
  it.each(cases)('$name', ({ line, stdout, stderr, exitCode }) => {
    const out = c.run(line);
    if (typeof stdout === 'string') expect(out.stdout).toBe(stdout);
    else if (stdout) expect(out.stdout).toMatch(stdout);
    if (stderr instanceof RegExp) expect(out.stderr).toMatch(stderr);
    else expect(out.stderr).toBe(stderr ?? '');
    expect(out.exitCode).toBe(exitCode ?? 0);
  });
});

describe('kubectl credentials flags', () => {
  const c = cluster();
  const cases: { name: string; line: string; stdout?: RegExp; stderr?: string | RegExp; exitCode?: number }[] = [
    { name: 'a wrong --token on a token user is Unauthorized', line: 'kubectl get pods --user=jane --token=wrong', stderr: UNAUTHORIZED_DISCOVERY, exitCode: 1 },
    { name: "jane's own kubeconfig authenticates her", line: 'kubectl auth whoami --kubeconfig=/etc/kubernetes/jane.conf', stdout: /Username {4}jane\nGroups {6}\[developers system:authenticated\]/ },
    { name: 'admin.conf is the admin', line: 'kubectl auth whoami --kubeconfig=/etc/kubernetes/admin.conf', stdout: /Username {4}kubernetes-admin\nGroups {6}\[system:masters system:authenticated\]/ },
    { name: 'another --server is a host the network does not reach', line: 'kubectl get pods --server=https://10.0.0.99:6443', stderr: 'Unable to connect to the server: dial tcp 10.0.0.99:6443: i/o timeout\n', exitCode: 1 },
    { name: 'a missing --kubeconfig is a stat error', line: 'kubectl get pods --kubeconfig=/nonexist', stderr: 'error: stat /nonexist: no such file or directory\n', exitCode: 1 },
    { name: 'an unknown --context', line: 'kubectl get pods --context=nope', stderr: 'Error in configuration: context was not found for specified context: nope\n', exitCode: 1 },
    { name: 'an unknown --user', line: 'kubectl get pods --user=nope', stderr: 'error: auth info "nope" does not exist\n', exitCode: 1 },
    { name: 'a CA file and --insecure-skip-tls-verify together', line: 'kubectl get pods --certificate-authority=/etc/kubernetes/pki/ca.crt --insecure-skip-tls-verify', stderr: 'error: specifying a root certificates file with the insecure flag is not allowed\n', exitCode: 1 },
    { name: '--insecure-skip-tls-verify alone drops the file CA', line: 'kubectl get pods --insecure-skip-tls-verify', stderr: 'No resources found in default namespace.\n' },
    { name: 'the cluster CA file verifies the server', line: 'kubectl get pods --certificate-authority=/etc/kubernetes/pki/ca.crt', stderr: 'No resources found in default namespace.\n' },
    { name: 'a missing CA file', line: 'kubectl get pods --certificate-authority=/nonexist', stderr: 'error: unable to read certificate-authority /nonexist for kubeplay due to open /nonexist: no such file or directory\n', exitCode: 1 },
    { name: 'a CA file that is not PEM', line: 'kubectl get pods --certificate-authority=/root/.kube/config', stderr: 'error: unable to load root certificates: unable to parse bytes as PEM block\n', exitCode: 1 },
    { name: 'a client certificate without a key', line: 'kubectl get pods --user=jane --client-certificate=/etc/kubernetes/pki/ca.crt', stderr: 'error: client-key-data or client-key must be specified for jane to use the clientCert authentication method.\n', exitCode: 1 },
    { name: 'a client certificate file that is not PEM', line: 'kubectl get pods --user=jane --client-certificate=/root/.kube/config --client-key=/root/.kube/config', stderr: 'Unable to connect to the server: tls: failed to find any PEM data in certificate input\n', exitCode: 1 },
  ];
  it.each(cases)('$name', ({ line, stdout, stderr, exitCode }) => {
    const out = c.run(line);
    if (stdout) expect(out.stdout).toMatch(stdout);
    if (typeof stderr === 'string') expect(out.stderr).toBe(stderr);
    else if (stderr) expect(out.stderr).toMatch(stderr);
    else expect(out.stderr).toBe('');
    expect(out.exitCode).toBe(exitCode ?? 0);
  });

  it('a token from kubectl create token authenticates as the ServiceAccount, which RBAC then refuses', () => {
    const token = c.run('kubectl create token default').stdout.trim();
    const who = c.run(`kubectl auth whoami --user=jane --token=${token}`);
    expect(who.stdout).toMatch(/^ATTRIBUTE +VALUE\nUsername +system:serviceaccount:default:default\nUID /);
    expect(who.stdout).toMatch(/Groups +\[system:serviceaccounts system:serviceaccounts:default system:authenticated\]/);
    expect(c.run(`kubectl auth can-i list pods --user=jane --token=${token}`)).toMatchObject({ stdout: 'no\n', exitCode: 1 });
    expect(c.run(`kubectl get pods --user=jane --token=${token}`).stderr).toBe(
      'Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:default" cannot list resource "pods" in API group "" in the namespace "default"\n',
    );
  });

  it('refuses a --kubeconfig that is not one with clientcmd\'s load errors, and keeps working', () => {
    const files = { 'ca.pem': '-----BEGIN CERTIFICATE-----\nabc\n-----END CERTIFICATE-----\n', 'users.yaml': 'users: 5\n' };
    expect(c.run('kubectl get pods --kubeconfig=ca.pem', { files }).stderr).toBe(
      'error: error loading config file "ca.pem": couldn\'t get version/kind; json parse error: json: cannot unmarshal string into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }\n',
    );
    expect(c.run('kubectl get pods --kubeconfig=users.yaml', { files }).stderr).toBe('error: error loading config file "users.yaml": json: cannot unmarshal number into Go struct field Config.users of type []v1.NamedAuthInfo\n');
    expect(c.run('kubectl get pods').stderr).toBe('No resources found in default namespace.\n');
  });

  it('a ServiceAccount token past its expiry is Unauthorized, as a wrong one is', () => {
    const d = cluster();
    const token = d.run('kubectl create token default --duration=10m').stdout.trim();
    expect(d.run(`kubectl auth whoami --user=jane --token=${token} -o jsonpath={.status.userInfo.username}`).stdout).toBe('system:serviceaccount:default:default');
    d.sim.runUntil(d.sim.now + 10 * 60_000);
    expect(d.run(`kubectl get pods --user=jane --token=${token}`)).toMatchObject({ stdout: '', stderr: expect.stringMatching(UNAUTHORIZED_DISCOVERY), exitCode: 1 });
  });

  it('records the request as rejected at Authentication in the trace, the only stage it reached', () => {
    const before = c.sim.world.trace.length;
    c.run('kubectl get pods --user=jane --token=wrong');
    const answer = c.sim.world.trace.slice(before).find((r) => r.type === 'http.response');
    expect(answer?.summary).toBe('401 Unauthorized: Unauthorized');
    expect(answer?.steps).toEqual([{ stage: 'Authentication', result: 'failed', text: '401' }]);
  });
});
