// NodeRestriction (plugin/pkg/admission/noderestriction/admission.go), enabled by kubeadm. The Node
// authorizer lets every kubelet write nodes and pod status in general; this plugin narrows that to
// the kubelet's own Node object, the pods bound to it and its own lease, with the real messages:
// `nodes "worker-2" is forbidden: node "worker-1" is not allowed to modify node "worker-2"`.
// Not modelled: token requests, CSINode, PVC status and ResourceSlices (Kubeplay serves none).

import { notFound } from '../../api/errors';
import type { KubeObject, Node, Pod } from '../../api/types';
import { nodeIdentity } from '../authz/node-authorizer';
import type { AdmissionAttributes } from './index';
import type { AdmissionPlugin, AdmitOutcome, PluginInput } from './plugin';
import { admissionForbidden } from './plugin';

const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** kubeletapis.IsKubeletLabel: the kubernetes.io labels a kubelet may set on its own Node. */
const KUBELET_LABELS = new Set([
  'kubernetes.io/hostname', 'kubernetes.io/arch', 'kubernetes.io/os', 'beta.kubernetes.io/arch', 'beta.kubernetes.io/os',
  'beta.kubernetes.io/instance-type', 'node.kubernetes.io/instance-type', 'failure-domain.beta.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone', 'topology.kubernetes.io/region', 'topology.kubernetes.io/zone',
]);
const KUBELET_LABEL_NAMESPACES = ['kubelet.kubernetes.io', 'node.kubernetes.io'];

function labelNamespace(key: string): string {
  const i = key.indexOf('/');
  return i >= 0 ? key.slice(0, i) : '';
}

function isKubeletLabel(key: string): boolean {
  const ns = labelNamespace(key);
  return KUBELET_LABELS.has(key) || KUBELET_LABEL_NAMESPACES.some((p) => ns === p || ns.endsWith(`.${p}`));
}

/** Labels a kubelet may not add, change or remove: node-restriction.kubernetes.io/* and unknown kubernetes.io / k8s.io ones. */
export function forbiddenNodeLabels(a: Record<string, string> = {}, b: Record<string, string> = {}): string[] {
  const modified = new Set([...Object.keys(a).filter((k) => a[k] !== b[k]), ...Object.keys(b).filter((k) => a[k] !== b[k])]);
  return [...modified]
    .filter((k) => {
      const ns = labelNamespace(k);
      if (ns === 'node-restriction.kubernetes.io' || ns.endsWith('.node-restriction.kubernetes.io')) return true;
      const isK8s = ns === 'kubernetes.io' || ns.endsWith('.kubernetes.io') || ns === 'k8s.io' || ns.endsWith('.k8s.io');
      return isK8s && !isKubeletLabel(k);
    })
    .sort();
}

type Ctx = { attrs: AdmissionAttributes; object: KubeObject | undefined; node: string; existingPod: (name: string) => Pod | undefined };
const deny = (c: Ctx, message: string): AdmitOutcome => ({ error: admissionForbidden(c.attrs, c.object, message) });

function admitPodCreate(c: Ctx): AdmitOutcome {
  const pod = c.object as Pod;
  if (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] === undefined) {
    return deny(c, `pod does not have "${MIRROR_POD_ANNOTATION}" annotation, node "${c.node}" can only create mirror pods`);
  }
  if (pod.spec.nodeName !== c.node) return deny(c, `node "${c.node}" can only create pods with spec.nodeName set to itself`);
  return {};
}

/** Delete and evict act on the stored pod: it must exist and be bound to this node. */
function requireOwnPod(c: Ctx, podName: string, message: string): AdmitOutcome {
  const existing = c.existingPod(podName);
  if (!existing) return { error: notFound({ group: '', resource: 'pods' }, podName) };
  return existing.spec.nodeName === c.node ? {} : deny(c, message);
}

function admitPod(c: Ctx): AdmitOutcome {
  const { attrs, node } = c;
  switch (attrs.subresource) {
    case '':
      if (attrs.operation === 'CREATE') return admitPodCreate(c);
      if (attrs.operation === 'DELETE') return requireOwnPod(c, attrs.name, `node "${node}" can only delete pods with spec.nodeName set to itself`);
      return deny(c, `unexpected operation "${attrs.operation}", node "${node}" can only create and delete mirror pods`);
    case 'status': {
      if (attrs.operation !== 'UPDATE') return deny(c, `unexpected operation "${attrs.operation}"`);
      const old = (attrs.oldObject as Pod | undefined) ?? c.existingPod(attrs.name);
      if (old?.spec.nodeName !== node) return deny(c, `node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
      const labels = JSON.stringify(old.metadata.labels ?? {}) === JSON.stringify(c.object?.metadata.labels ?? {});
      return labels ? {} : deny(c, `node "${node}" cannot update labels through pod status`);
    }
    case 'eviction':
      if (attrs.operation !== 'CREATE') return deny(c, `unexpected operation ${attrs.operation}`);
      return requireOwnPod(c, attrs.name || c.object?.metadata.name || '', `node ${node} can only evict pods with spec.nodeName set to itself`);
    default:
      return deny(c, `unexpected pod subresource "${attrs.subresource}", only 'status' and 'eviction' are allowed`);
  }
}

function admitNode(c: Ctx): AdmitOutcome {
  const { attrs, node } = c;
  const requested = attrs.name || c.object?.metadata.name || '';
  if (requested !== node) return deny(c, `node "${node}" is not allowed to modify node "${requested}"`);
  const obj = c.object as Node | undefined;
  if (attrs.operation === 'CREATE' && obj) {
    const bad = forbiddenNodeLabels(obj.metadata.labels);
    if (bad.length) return deny(c, `node "${node}" is not allowed to set the following labels: ${bad.join(', ')}`);
  }
  const old = attrs.oldObject as Node | undefined;
  if (attrs.operation === 'UPDATE' && obj && old) {
    if (JSON.stringify(obj.spec?.taints ?? null) !== JSON.stringify(old.spec?.taints ?? null)) return deny(c, `node "${node}" is not allowed to modify taints`);
    const bad = forbiddenNodeLabels(obj.metadata.labels, old.metadata.labels);
    if (bad.length) return deny(c, `is not allowed to modify labels: ${bad.join(', ')}`);
  }
  return {};
}

function admitLease(c: Ctx): AdmitOutcome {
  if (c.attrs.namespace !== NODE_LEASE_NAMESPACE) return deny(c, `can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  const name = c.attrs.operation === 'CREATE' ? c.object?.metadata.name : c.attrs.name;
  return name === c.node ? {} : deny(c, 'can only access node lease with the same name as the requesting node');
}

function admit({ attrs, object, lookups }: PluginInput): AdmitOutcome {
  if (attrs.operation === 'CONNECT') return {};
  const node = nodeIdentity(attrs.user);
  if (node === undefined) return {};
  const c: Ctx = { attrs, object, node, existingPod: (name) => lookups.pod(attrs.namespace, name) as Pod | undefined };
  if (node === '') return deny(c, `could not determine node from user "${attrs.user.username}"`);
  const key = `${attrs.info.group}/${attrs.info.resource}`;
  if (key === '/pods') return admitPod(c);
  if (key === '/nodes') return admitNode(c);
  if (key === 'coordination.k8s.io/leases') return admitLease(c);
  return {};
}

export const NodeRestriction: AdmissionPlugin = { name: 'NodeRestriction', admit };
