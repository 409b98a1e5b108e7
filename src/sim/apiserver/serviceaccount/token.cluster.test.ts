// Bound service account tokens end to end: `kubectl create token` asks the TokenRequest API
// (authentication.k8s.io/v1, pkg/registry/core/serviceaccount/storage/token.go) and prints a JWT; a
// client presenting it is `system:serviceaccount:NS:NAME` in the groups system:serviceaccounts and
// system:serviceaccounts:NS (pkg/serviceaccount/jwt.go, kubernetes.io "Managing Service Accounts",
// Bound service account tokens); an expired token, or one whose ServiceAccount was deleted, is 401.
// The validation errors of `kubectl create token` are what kubectl v1.31 printed.
import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';
import { decodePart } from './jwt';

function cluster(): Cluster {
  return buildCluster({ nodes: [{ name: 'worker-1' }] }, { seed: 12, gateway: true });
}

let nextId = 1;
/** A real client's request through the gateway, with a bearer token; the status and body it got. */
function asToken(c: Cluster, token: string, path: string, method: 'GET' | 'POST' = 'GET', body?: unknown): { status: number; body: unknown } {
  const id = nextId++;
  c.gatewayRequest({ id, method, path, body, contentType: body ? 'application/json' : undefined, credentials: { bearerToken: token }, userAgent: 'test', watch: false });
  const deadline = c.sim.now + 30_000;
  while (c.sim.now < deadline) {
    for (const e of c.drainOther()) {
      const r = e as unknown as { type: string; id: number; status: number; body: unknown };
      if (r.type === 'gateway.response' && r.id === id) return { status: r.status, body: r.body };
    }
    c.sim.step();
  }
  throw new Error('no answer');
}

const whoami = (c: Cluster, token: string) =>
  asToken(c, token, '/apis/authentication.k8s.io/v1/selfsubjectreviews', 'POST', { kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1' });

describe('kubectl create token and the service account token authenticator', () => {
  const c = cluster();
  c.sim.runUntil(c.sim.now + 5_000);

  it('prints a JWT whose claims name the ServiceAccount, the issuer and a 1 h expiry by default', () => {
    const out = c.run('kubectl create token default');
    expect(out.stderr).toBe('');
    const token = out.stdout.trim();
    expect(token.split('.')).toHaveLength(3);
    const claims = decodePart(token.split('.')[1]!)!;
    expect(Object.keys(claims)).toEqual(['aud', 'exp', 'iat', 'iss', 'jti', 'kubernetes.io', 'nbf', 'sub']);
    expect(claims.sub).toBe('system:serviceaccount:default:default');
    expect(claims.iss).toBe('https://kubernetes.default.svc.cluster.local');
    expect(claims.aud).toEqual(['https://kubernetes.default.svc.cluster.local']);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(decodePart(token.split('.')[0]!)).toMatchObject({ alg: 'HS256' });
  });

  it('authenticates a client that presents it as the ServiceAccount, with its groups', () => {
    const token = c.run('kubectl create token default --duration=20m').stdout.trim();
    const r = whoami(c, token);
    expect(r.status).toBe(201);
    const ui = (r.body as { status: { userInfo: { username: string; groups: string[]; uid?: string; extra?: Record<string, string[]> } } }).status.userInfo;
    expect(ui.username).toBe('system:serviceaccount:default:default');
    expect(ui.groups).toEqual(['system:serviceaccounts', 'system:serviceaccounts:default', 'system:authenticated']);
    expect(ui.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(Object.keys(ui.extra ?? {})).toEqual(['authentication.kubernetes.io/credential-id']);
  });

  it('is authorized by RBAC as the ServiceAccount: the default one may not list pods', () => {
    const token = c.run('kubectl create token default').stdout.trim();
    const r = asToken(c, token, '/api/v1/namespaces/default/pods');
    expect(r.status).toBe(403);
    expect((r.body as { message: string }).message).toBe(
      'pods is forbidden: User "system:serviceaccount:default:default" cannot list resource "pods" in API group "" in the namespace "default"',
    );
  });

  it('refuses a token with a changed byte, and one that has expired, with 401', () => {
    const token = c.run('kubectl create token default --duration=10m').stdout.trim();
    const tampered = token.slice(0, -2) + (token.endsWith('A') ? 'BB' : 'AA');
    expect(whoami(c, tampered).status).toBe(401);
    expect(whoami(c, token).status).toBe(201);
    c.sim.runUntil(c.sim.now + 10 * 60_000);
    expect(whoami(c, token)).toEqual({ status: 401, body: expect.objectContaining({ message: 'Unauthorized' }) });
  });

  it("refuses the token of a ServiceAccount deleted since (and the same name made again: another uid)", () => {
    expect(c.run('kubectl create serviceaccount robot').stdout).toBe('serviceaccount/robot created\n');
    const token = c.run('kubectl create token robot').stdout.trim();
    expect(whoami(c, token).status).toBe(201);
    c.run('kubectl delete serviceaccount robot');
    expect(whoami(c, token).status).toBe(401);
    c.run('kubectl create serviceaccount robot');
    expect(whoami(c, token).status).toBe(401);
  });

  const errors: { name: string; line: string; stderr: string }[] = [
    { name: 'a missing ServiceAccount is the server\'s 404, wrapped', line: 'create token nobody', stderr: 'error: failed to create token: serviceaccounts "nobody" not found\n' },
    {
      name: 'a duration under 10 minutes is refused by validation',
      line: 'create token default --duration=5m',
      stderr: 'error: failed to create token: TokenRequest.authentication.k8s.io "" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes\n',
    },
    { name: 'no NAME', line: 'create token', stderr: "error: exactly one NAME is required, got 0\nSee 'kubectl create token -h' for help and examples\n" },
    { name: 'a negative duration', line: 'create token x --duration=-1s', stderr: 'error: --duration must be greater than or equal to 0\n' },
    { name: 'a duration under a second', line: 'create token x --duration=1ms', stderr: 'error: --duration cannot be expressed in units less than seconds\n' },
    {
      name: 'a duration that does not parse',
      line: 'create token x --duration=abc',
      stderr: 'error: invalid argument "abc" for "--duration" flag: time: invalid duration "abc"\nSee \'kubectl create token --help\' for usage.\n',
    },
    { name: 'an unknown bound object kind', line: 'create token x --bound-object-kind=Foo', stderr: 'error: supported --bound-object-kind values are Node, Pod, Secret\n' },
    { name: 'a bound object name without a kind', line: 'create token x --bound-object-name=a', stderr: 'error: --bound-object-name can only be set if --bound-object-kind is provided\n' },
    { name: 'a bound object kind without a name', line: 'create token x --bound-object-kind=Pod', stderr: 'error: --bound-object-name is required if --bound-object-kind is provided\n' },
  ];
  for (const t of errors) {
    it(`refuses ${t.name}`, () => {
      const out = c.run(`kubectl ${t.line}`);
      expect({ stdout: out.stdout, stderr: out.stderr, exitCode: out.exitCode }).toEqual({ stdout: '', stderr: t.stderr, exitCode: 1 });
    });
  }
});

// The kubelet's token manager (pkg/kubelet/token/token_manager.go) fills the `token` file of every
// pod's kube-api-access-xxxxx projected volume (kubernetes.io "Configure Service Accounts for Pods":
// /var/run/secrets/kubernetes.io/serviceaccount holds ca.crt, namespace and token) with a token bound
// to the pod, asks for 3607 s (serviceaccount.WarnOnlyBoundTokenExpirationSeconds) and refreshes it
// after 80 % of that; the token dies with the pod.
describe('the projected service account token in a pod', () => {
  const c = cluster();
  c.run('kubectl run web --image=nginx');
  c.sim.runUntil(c.sim.now + 30_000);
  const DIR = '/var/run/secrets/kubernetes.io/serviceaccount';
  const token = c.run(`kubectl exec web -- cat ${DIR}/token`).stdout;

  it('sits beside ca.crt and namespace', () => {
    expect(c.run(`kubectl exec web -- ls ${DIR}`).stdout).toBe('ca.crt\nnamespace\ntoken\n');
  });

  it('is bound to the pod and its node, lasts a year and warns after 3607 s', () => {
    const claims = decodePart(token.split('.')[1]!)!;
    const k8s = claims['kubernetes.io'] as Record<string, { name?: string } | number | string>;
    expect(Object.keys(k8s)).toEqual(['namespace', 'node', 'pod', 'serviceaccount', 'warnafter']);
    expect(k8s.pod).toMatchObject({ name: 'web' });
    expect(k8s.node).toMatchObject({ name: 'worker-1' });
    expect((k8s.warnafter as number) - (claims.iat as number)).toBe(3607);
    expect((claims.exp as number) - (claims.iat as number)).toBe(365 * 24 * 3600);
  });

  it('authenticates as the pod\'s ServiceAccount, with the pod in the extra fields', () => {
    const r = whoami(c, token);
    expect(r.status).toBe(201);
    const ui = (r.body as { status: { userInfo: { username: string; extra: Record<string, string[]> } } }).status.userInfo;
    expect(ui.username).toBe('system:serviceaccount:default:default');
    expect(ui.extra['authentication.kubernetes.io/pod-name']).toEqual(['web']);
    expect(ui.extra['authentication.kubernetes.io/node-name']).toEqual(['worker-1']);
  });

  it('is replaced in the volume once 80 % of its 3607 s have passed, not before', () => {
    c.sim.runUntil(c.sim.now + 40 * 60_000);
    expect(c.run(`kubectl exec web -- cat ${DIR}/token`).stdout).toBe(token);
    c.sim.runUntil(c.sim.now + 10 * 60_000);
    const fresh = c.run(`kubectl exec web -- cat ${DIR}/token`).stdout;
    expect(fresh).not.toBe(token);
    expect(whoami(c, fresh).status).toBe(201);
  });

  it('stops authenticating once its pod is gone', () => {
    const current = c.run(`kubectl exec web -- cat ${DIR}/token`).stdout;
    c.run('kubectl delete pod web');
    c.sim.runUntil(c.sim.now + 5_000);
    expect(c.run('kubectl get pod web').stderr).toBe('Error from server (NotFound): pods "web" not found\n');
    expect(whoami(c, current).status).toBe(401);
  });
});
