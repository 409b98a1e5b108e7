// Source: plugin/pkg/auth/authorizer/node/node_authorizer.go (v1.31: AuthorizeNodeWithSelectors off,
// so nodes and pods use the static node rules; leases are checked by name) and the union authorizer
// (k8s.io/apiserver/pkg/authorization/union: reasons joined into the Forbidden message).
import { describe, expect, it } from 'vitest';
import { authorize, bootstrapPolicy } from './index';
import { nodeIdentity } from './node-authorizer';
import type { NodeGraphSource } from './node-graph';
import { req } from './test-helpers';
import type { KubeObject, Pod } from '../../api/types';

const W1 = ['system:node:worker-1', ['system:nodes', 'system:authenticated']] as const;
const n1 = (verb: string, resource: string, opts: Parameters<typeof req>[4] = {}) => req(W1[0], [...W1[1]], verb, resource, opts);
function pod(name: string, node: string, spec: Record<string, unknown>): Pod {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: node, containers: [], ...spec } } as unknown as Pod;
}
const PODS = [
  pod('web', 'worker-1', {
    serviceAccountName: 'web-sa',
    containers: [{ name: 'web', env: [{ name: 'G', valueFrom: { configMapKeyRef: { name: 'game', key: 'k' } } }] }],
    volumes: [
      { name: 'pass', secret: { secretName: 'db-pass' } },
      { name: 'data', persistentVolumeClaim: { claimName: 'data' } },
      { name: 'kube-api-access-abcde', projected: { sources: [{ configMap: { name: 'kube-root-ca.crt' } }] } },
    ],
  }),
  pod('far', 'worker-2', { volumes: [{ name: 's', secret: { secretName: 'other' } }] }),
];
const PVS: Record<string, KubeObject> = {
  'pv-1': { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-1' }, spec: { claimRef: { namespace: 'default', name: 'data' } } } as KubeObject,
  'pv-2': { apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name: 'pv-2' }, spec: { claimRef: { namespace: 'default', name: 'elsewhere' } } } as KubeObject,
};
const GRAPH: NodeGraphSource = {
  podsOnNode: (node) => PODS.filter((p) => (p.spec as { nodeName?: string }).nodeName === node),
  persistentVolume: (name) => PVS[name],
};
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

  it('refuses a kubelet the cluster-wide list of Secrets, with the real Forbidden text', () => {
    expect(authorize(n1('list', 'secrets'), bootstrapPolicy(), GRAPH)).toEqual({
      allowed: false,
      reason: 'User "system:node:worker-1" cannot list resource "secrets" in API group "" at the cluster scope: can only read namespaced object of this type',
    });
    expect(authorize(n1('watch', 'configmaps'), bootstrapPolicy(), GRAPH).allowed).toBe(false);
    expect(authorize(n1('list', 'secrets', { namespace: 'default' }), bootstrapPolicy(), GRAPH).reason).toMatch(/: No Object name found$/);
  });

  // graph.go: node <- pod <- configmap | secret | pvc <- pv, node <- pod <- serviceaccount.
  const graphCases = [
    { name: 'may get a Secret a pod on its node mounts', attrs: n1('get', 'secrets', { namespace: 'default', name: 'db-pass' }), allowed: true },
    { name: 'may list (one object by name) a ConfigMap a pod on its node reads in env', attrs: n1('list', 'configmaps', { namespace: 'default', name: 'game' }), allowed: true },
    { name: 'may watch the kube-root-ca.crt a pod projects', attrs: n1('watch', 'configmaps', { namespace: 'default', name: 'kube-root-ca.crt' }), allowed: true },
    { name: "may not get a Secret only another node's pod mounts", attrs: n1('get', 'secrets', { namespace: 'default', name: 'other' }), allowed: false },
    { name: 'may not get a same-named Secret in another namespace', attrs: n1('get', 'secrets', { namespace: 'prod', name: 'db-pass' }), allowed: false },
    { name: 'may not update a Secret its pod mounts', attrs: n1('update', 'secrets', { namespace: 'default', name: 'db-pass' }), allowed: false },
    { name: "may get its pod's claim", attrs: n1('get', 'persistentvolumeclaims', { namespace: 'default', name: 'data' }), allowed: true },
    { name: "may get the volume bound to its pod's claim", attrs: n1('get', 'persistentvolumes', { name: 'pv-1' }), allowed: true },
    { name: 'may not get another volume', attrs: n1('get', 'persistentvolumes', { name: 'pv-2' }), allowed: false },
    { name: "may create a token for its pod's service account", attrs: n1('create', 'serviceaccounts/token', { namespace: 'default', name: 'web-sa' }), allowed: true },
    { name: 'may not create a token for another service account', attrs: n1('create', 'serviceaccounts/token', { namespace: 'default', name: 'admin' }), allowed: false },
  ];
  it.each(graphCases)('$name', ({ attrs, allowed }) => {
    expect(authorize(attrs, bootstrapPolicy(), GRAPH).allowed).toBe(allowed);
  });

  it("names the object a kubelet may not read: no relationship found between node 'worker-1' and this object", () => {
    expect(authorize(n1('get', 'secrets', { namespace: 'default', name: 'other' }), bootstrapPolicy(), GRAPH).reason).toBe(
      'User "system:node:worker-1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node \'worker-1\' and this object',
    );
  });

  it('has no opinion on users that are not nodes, leaving them to RBAC', () => {
    const d = authorize(req('bob', ['system:nodes'], 'list', 'pods'), bootstrapPolicy());
    expect(d).toEqual({ allowed: false, reason: 'User "bob" cannot list resource "pods" in API group "" at the cluster scope' });
  });
});
