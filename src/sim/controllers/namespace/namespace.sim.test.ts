// Deleting a namespace in a whole simulated cluster (pkg/controller/namespace; the apiserver's
// namespace REST Delete and /finalize; NamespaceLifecycle admission). The docs page "Namespaces"
// (kubernetes.io/docs/concepts/overview/working-with-objects/namespaces) and `kubectl delete ns`.

import { describe, expect, it } from 'vitest';
import { buildCluster, type Cluster } from '../../cluster';

const MANIFEST = `apiVersion: v1
kind: Namespace
metadata:
  name: dev
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: dev
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: nginx
          image: nginx:1.25
`;

function setup(): Cluster {
  const c = buildCluster({}, { seed: 41 });
  expect(c.run('kubectl apply -f -', { stdin: MANIFEST }).exitCode).toBe(0);
  c.sim.runUntil(40_000);
  return c;
}

describe('deleting a namespace', () => {
  it('marks it Terminating, empties it through the API, then removes it', () => {
    const c = setup();
    expect(c.run('kubectl get pods -n dev').stdout).toMatch(/Running/);
    const job = c.exec('kubectl delete namespace dev');
    c.sim.runUntil(c.sim.now + 1_000);
    expect(c.run('kubectl get namespace dev').stdout).toMatch(/^dev\s+Terminating\s+/m);
    c.sim.runUntil(c.sim.now + 60_000);
    const out = c.output(job);
    expect(out?.stdout).toBe('namespace "dev" deleted\n');
    expect(out?.exitCode).toBe(0);
    expect(c.run('kubectl get namespace dev').stderr).toBe('Error from server (NotFound): namespaces "dev" not found\n');
    expect(c.run('kubectl get pods -n dev').stderr).toBe('No resources found in dev namespace.\n');
    // Every deletion was a request of the namespace controller's, and the last one the finalize.
    const trace = c.sim.world.trace;
    const fromKcm = trace.filter((r) => r.kind === 'message' && r.from === 'kube-controller-manager');
    expect(fromKcm.some((r) => /^DELETE pod dev\/web-/.test(r.summary))).toBe(true);
    expect(fromKcm.some((r) => r.summary === 'PUT /api/v1/namespaces/dev/finalize')).toBe(true);
  });

  it('refuses new content while the namespace is terminating, with the real message', () => {
    const c = setup();
    c.exec('kubectl delete namespace dev');
    c.sim.runUntil(c.sim.now + 500);
    const r = c.run('kubectl run extra --image=nginx:1.25 -n dev');
    expect(r.stderr).toBe('Error from server (Forbidden): pods "extra" is forbidden: unable to create new content in namespace dev because it is being terminated\n');
  });

  it('keeps the kubernetes finalizer in spec.finalizers from creation', () => {
    const c = setup();
    expect(c.run('kubectl get namespace dev -o jsonpath={.spec.finalizers}').stdout).toBe('["kubernetes"]');
  });
});
