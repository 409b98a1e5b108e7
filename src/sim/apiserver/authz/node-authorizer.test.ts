// Source: plugin/pkg/auth/authorizer/node/node_authorizer.go (v1.31: AuthorizeNodeWithSelectors off,
// so nodes and pods use the static node rules; leases are checked by name) and the union authorizer
// (k8s.io/apiserver/pkg/authorization/union: reasons joined into the Forbidden message).
import { describe, expect, it } from 'vitest';
import { authorize, bootstrapPolicy } from './index';
import { nodeIdentity } from './node-authorizer';
import { req } from './test-helpers';

const W1 = ['system:node:worker-1', ['system:nodes', 'system:authenticated']] as const;
const n1 = (verb: string, resource: string, opts: Parameters<typeof req>[4] = {}) => req(W1[0], [...W1[1]], verb, resource, opts);
const LEASES = { apiGroup: 'coordination.k8s.io', namespace: 'kube-node-lease' };

describe('nodeIdentity', () => {
  it.each([
    [{ username: 'system:node:worker-1', groups: ['system:nodes'] }, 'worker-1'],
    [{ username: 'system:node:worker-1', groups: [] }, undefined],
    [{ username: 'bob', groups: ['system:nodes'] }, undefined],
    [{ username: 'system:node:', groups: ['system:nodes'] }, ''],
  ])('identifies %j as %s', (user, want) => {
    expect(nodeIdentity(user)).toBe(want);
  });
});

describe('the Node authorizer', () => {
  const cases = [
    { name: 'a kubelet may register its Node', attrs: n1('create', 'nodes'), allowed: true },
    { name: 'a kubelet may read nodes', attrs: n1('get', 'nodes', { name: 'worker-2' }), allowed: true },
    { name: 'a kubelet may patch node status', attrs: n1('patch', 'nodes/status', { name: 'worker-1' }), allowed: true },
    { name: 'a kubelet may watch pods', attrs: n1('watch', 'pods'), allowed: true },
    { name: 'a kubelet may update pod status', attrs: n1('update', 'pods/status', { namespace: 'default', name: 'web' }), allowed: true },
    { name: 'a kubelet may delete pods it has terminated', attrs: n1('delete', 'pods', { namespace: 'default', name: 'web' }), allowed: true },
    { name: 'a kubelet may create events', attrs: n1('create', 'events', { namespace: 'default' }), allowed: true },
    { name: 'a kubelet may get its own lease', attrs: n1('get', 'leases', { ...LEASES, name: 'worker-1' }), allowed: true },
    { name: 'a kubelet may create a lease (the name is checked in admission)', attrs: n1('create', 'leases', LEASES), allowed: true },
    { name: 'a kubelet may update its own lease', attrs: n1('update', 'leases', { ...LEASES, name: 'worker-1' }), allowed: true },
    { name: 'a kubelet may not delete nodes', attrs: n1('delete', 'nodes', { name: 'worker-1' }), allowed: false },
    { name: 'a kubelet may not update a pod spec', attrs: n1('update', 'pods', { namespace: 'default', name: 'web' }), allowed: false },
    { name: 'a kubelet may not create deployments', attrs: n1('create', 'deployments', { apiGroup: 'apps', namespace: 'default' }), allowed: false },
  ];
  it.each(cases)('$name', ({ attrs, allowed }) => {
    const d = authorize(attrs, bootstrapPolicy());
    expect(d.allowed).toBe(allowed);
    if (allowed) expect(d.decidedBy).toBe('Node');
  });

  it("denies another node's lease with the Node authorizer's reason appended", () => {
    const d = authorize(n1('update', 'leases', { ...LEASES, name: 'worker-2' }), bootstrapPolicy());
    expect(d.allowed).toBe(false);
    expect(d.reason).toBe(
      'User "system:node:worker-1" cannot update resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node',
    );
  });

  it('denies leases outside kube-node-lease', () => {
    const d = authorize(n1('get', 'leases', { apiGroup: 'coordination.k8s.io', namespace: 'kube-system', name: 'worker-1' }), bootstrapPolicy());
    expect(d.reason).toMatch(/: can only access leases in the "kube-node-lease" system namespace$/);
  });

  it('denies reading a secret it has no relationship to', () => {
    const d = authorize(n1('get', 'secrets', { namespace: 'default', name: 'db' }), bootstrapPolicy());
    expect(d.allowed).toBe(false);
    expect(d.reason).toMatch(/: no relationship found between node 'worker-1' and this object$/);
  });

  it("lets a kubelet list and watch ConfigMaps and Secrets cluster-wide (Kubeplay's kubelet cache), but not in one namespace", () => {
    expect(authorize(n1('list', 'configmaps'), bootstrapPolicy()).allowed).toBe(true);
    expect(authorize(n1('watch', 'secrets'), bootstrapPolicy()).allowed).toBe(true);
    expect(authorize(n1('list', 'secrets', { namespace: 'default' }), bootstrapPolicy()).reason).toMatch(/: No Object name found$/);
  });

  it('has no opinion on users that are not nodes, leaving them to RBAC', () => {
    const d = authorize(req('bob', ['system:nodes'], 'list', 'pods'), bootstrapPolicy());
    expect(d).toEqual({ allowed: false, reason: 'User "bob" cannot list resource "pods" in API group "" at the cluster scope' });
  });
});
