// Source: plugin/pkg/admission/noderestriction/admission.go (admitNode, admitPod, admitPodStatus,
// admitLease, getForbiddenLabels) and admission.NewForbidden for the message shape.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { NodeRestriction, forbiddenNodeLabels } from './node-restriction';
import { attrs, cfg, lookups, nodeUser, pod } from './test-fixtures';

const W1 = nodeUser('worker-1');
const node = (name: string, extra: Partial<KubeObject> = {}): KubeObject => ({ apiVersion: 'v1', kind: 'Node', metadata: { name }, spec: {}, ...extra });
const bound = (name: string, nodeName: string) => pod(name, { nodeName });
const l = lookups({ pods: [bound('mine', 'worker-1'), bound('theirs', 'worker-2')] });
const run = (a: ReturnType<typeof attrs>) => NodeRestriction.admit!({ attrs: a, object: a.object, lookups: l, cfg }).error?.message;

describe('NodeRestriction', () => {
  const cases: { name: string; a: ReturnType<typeof attrs>; message?: string }[] = [
    { name: 'a kubelet may register its own Node', a: attrs({ user: W1, resource: 'nodes', namespace: '', object: node('worker-1') }) },
    {
      name: 'a kubelet may not create another Node',
      a: attrs({ user: W1, resource: 'nodes', namespace: '', object: node('worker-2') }),
      message: 'nodes "worker-2" is forbidden: node "worker-1" is not allowed to modify node "worker-2"',
    },
    {
      name: 'a kubelet may not update the status of another Node',
      a: attrs({ user: W1, resource: 'nodes', subresource: 'status', operation: 'UPDATE', namespace: '', name: 'worker-2', object: node('worker-2'), oldObject: node('worker-2') }),
      message: 'nodes "worker-2" is forbidden: node "worker-1" is not allowed to modify node "worker-2"',
    },
    {
      name: 'a kubelet may update its own Node status',
      a: attrs({ user: W1, resource: 'nodes', subresource: 'status', operation: 'UPDATE', namespace: '', name: 'worker-1', object: node('worker-1'), oldObject: node('worker-1') }),
    },
    {
      name: 'a kubelet may not remove its own taints',
      a: attrs({
        user: W1, resource: 'nodes', operation: 'UPDATE', namespace: '', name: 'worker-1',
        object: node('worker-1'), oldObject: node('worker-1', { spec: { taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }] } }),
      }),
      message: 'nodes "worker-1" is forbidden: node "worker-1" is not allowed to modify taints',
    },
    {
      name: 'a kubelet may not register with a node-role label',
      a: attrs({ user: W1, resource: 'nodes', namespace: '', object: node('worker-1', { metadata: { name: 'worker-1', labels: { 'node-role.kubernetes.io/control-plane': '' } } }) }),
      message: 'nodes "worker-1" is forbidden: node "worker-1" is not allowed to set the following labels: node-role.kubernetes.io/control-plane',
    },
    { name: 'a kubelet may update status of a pod bound to it', a: attrs({ user: W1, subresource: 'status', operation: 'UPDATE', name: 'mine', object: bound('mine', 'worker-1'), oldObject: bound('mine', 'worker-1') }) },
    {
      name: 'a kubelet may not update status of a pod bound elsewhere',
      a: attrs({ user: W1, subresource: 'status', operation: 'UPDATE', name: 'theirs', object: bound('theirs', 'worker-2'), oldObject: bound('theirs', 'worker-2') }),
      message: 'pods "theirs" is forbidden: node "worker-1" can only update pod status for pods with spec.nodeName set to itself',
    },
    { name: 'a kubelet may delete a pod bound to it', a: attrs({ user: W1, operation: 'DELETE', name: 'mine' }) },
    {
      name: 'a kubelet may not delete a pod bound elsewhere',
      a: attrs({ user: W1, operation: 'DELETE', name: 'theirs' }),
      message: 'pods "theirs" is forbidden: node "worker-1" can only delete pods with spec.nodeName set to itself',
    },
    { name: 'deleting a pod that does not exist is NotFound', a: attrs({ user: W1, operation: 'DELETE', name: 'ghost' }), message: 'pods "ghost" not found' },
    {
      name: 'a kubelet may only create mirror pods',
      a: attrs({ user: W1, name: 'p', object: bound('p', 'worker-1') }),
      message: 'pods "p" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "worker-1" can only create mirror pods',
    },
    {
      name: 'a kubelet may not bind pods',
      a: attrs({ user: W1, subresource: 'binding', name: 'p', object: { apiVersion: 'v1', kind: 'Binding', metadata: { name: 'p' } } }),
      message: `pods "p" is forbidden: unexpected pod subresource "binding", only 'status' and 'eviction' are allowed`,
    },
    { name: 'a kubelet may create its own lease', a: attrs({ user: W1, resource: 'leases', group: 'coordination.k8s.io', namespace: 'kube-node-lease', object: node('worker-1') }) },
    {
      name: "a kubelet may not create another node's lease",
      a: attrs({ user: W1, resource: 'leases', group: 'coordination.k8s.io', namespace: 'kube-node-lease', object: node('worker-2') }),
      message: 'leases.coordination.k8s.io "worker-2" is forbidden: can only access node lease with the same name as the requesting node',
    },
    { name: 'users that are not nodes are not restricted', a: attrs({ resource: 'nodes', namespace: '', object: node('worker-2') }) },
  ];
  it.each(cases)('$name', ({ a, message }) => {
    expect(run(a)).toBe(message);
  });

  it('lets kubelets set their own well-known labels but not other kubernetes.io ones', () => {
    expect(forbiddenNodeLabels({ 'kubernetes.io/hostname': 'w', 'topology.kubernetes.io/zone': 'a', 'node.kubernetes.io/x': '1', team: 'a' })).toEqual([]);
    expect(forbiddenNodeLabels({ 'node-restriction.kubernetes.io/pool': 'a', 'example.k8s.io/x': '1' })).toEqual(['example.k8s.io/x', 'node-restriction.kubernetes.io/pool']);
  });
});
