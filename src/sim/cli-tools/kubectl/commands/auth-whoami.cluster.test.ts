// `kubectl auth whoami` (kubectl/pkg/cmd/auth/whoami.go) on the SelfSubjectReview API
// (authentication.k8s.io/v1, pkg/registry/authentication/selfsubjectreview/rest.go). The expected
// texts are what kubectl v1.31 (/usr/lib/google-cloud-sdk/bin/kubectl.1.31) printed against
// `kubeplay serve`; src/serve/kubectl-compare.test.ts checks the same lines against it live.
import { describe, expect, it } from 'vitest';
import { buildCluster } from '../../../cluster';
import { whoamiTable } from './auth-whoami';

function cluster() {
  return buildCluster({ nodes: [{ name: 'worker-1' }], users: [{ name: 'jane', groups: ['developers'] }] }, { seed: 7 });
}

describe('kubectl auth whoami', () => {
  const c = cluster();
  const cases: { name: string; line: string; stdout?: string; stderr?: string; exitCode?: number }[] = [
    {
      name: "prints the admin's user and groups as the ATTRIBUTE VALUE table",
      line: 'auth whoami',
      stdout: 'ATTRIBUTE   VALUE\nUsername    kubernetes-admin\nGroups      [system:masters system:authenticated]\n',
    },
    {
      name: 'answers for the impersonated user with --as',
      line: 'auth whoami --as jane',
      stdout: 'ATTRIBUTE   VALUE\nUsername    jane\nGroups      [system:authenticated]\n',
    },
    {
      name: 'prints the review as the server returned it with -o yaml',
      line: 'auth whoami -o yaml',
      stdout:
        'apiVersion: authentication.k8s.io/v1\nkind: SelfSubjectReview\nmetadata:\n  creationTimestamp: "<ts>"\nstatus:\n  userInfo:\n    groups:\n    - system:masters\n    - system:authenticated\n    username: kubernetes-admin\n',
    },
    { name: 'has no name for -o name', line: 'auth whoami -o name', stdout: 'selfsubjectreview.authentication.k8s.io/<unknown>\n' },
    { name: 'evaluates -o jsonpath', line: "auth whoami -o jsonpath='{.status.userInfo.username}'", stdout: 'kubernetes-admin' },
    {
      name: 'refuses a table format such as wide',
      line: 'auth whoami -o wide',
      stderr: 'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
      exitCode: 1,
    },
    {
      name: 'turns the 403 of system:anonymous (not a system:basic-user) into whoami.go\'s forbidden error',
      line: 'auth whoami --as system:anonymous',
      stderr: 'error: the selfsubjectreviews API is not enabled in the cluster or you do not have permission to call it\n',
      exitCode: 1,
    },
  ];
  for (const t of cases) {
    it(t.name, () => {
      const out = c.run(`kubectl ${t.line}`);
      const stdout = out.stdout.replace(/"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"/, '"<ts>"');
      expect({ stdout, stderr: out.stderr, exitCode: out.exitCode }).toEqual({ stdout: t.stdout ?? '', stderr: t.stderr ?? '', exitCode: t.exitCode ?? 0 });
    });
  }
});

describe('whoamiTable (printTableSelfSubjectAccessReview)', () => {
  it('prints UID and each extra key, sorted, only when set', () => {
    expect(whoamiTable({ username: 'u', uid: '42', groups: ['g'], extra: { zeta: ['1'], alpha: ['a', 'b'] } })).toBe(
      'ATTRIBUTE      VALUE\nUsername       u\nUID            42\nGroups         [g]\nExtra: alpha   [a b]\nExtra: zeta    [1]\n',
    );
    expect(whoamiTable({})).toBe('ATTRIBUTE   VALUE\n');
  });
});
