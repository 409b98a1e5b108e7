// The Node authorizer's graph (plugin/pkg/auth/authorizer/node/graph.go and graph_populator.go,
// v1.31): a pod bound to a node links that node to the ConfigMaps, Secrets, PersistentVolumeClaims
// and ServiceAccount the pod names, and a claim's PersistentVolume hangs off the claim. A kubelet
// may read an object of these kinds only when such a path leads from its node to the object
// (hasPathFrom). The real apiserver keeps the graph up to date from its own informers; Kubeplay
// walks the same edges on demand over the watch cache, from the pods bound to the node.

import { podClaimNames, podConfigMapNames, podSecretNames } from '../../api/pod-references';
import type { KubeObject, Pod } from '../../api/types';

/** The vertex types a kubelet's read can start from. */
export type GraphVertexType = 'configmaps' | 'secrets' | 'persistentvolumeclaims' | 'persistentvolumes' | 'serviceaccounts';

/** What the graph reads: the pods bound to a node, and one PersistentVolume by name. */
export interface NodeGraphSource {
  podsOnNode(node: string): Iterable<Pod>;
  persistentVolume(name: string): KubeObject | undefined;
}

function podReferences(pod: Pod, type: GraphVertexType, name: string): boolean {
  switch (type) {
    case 'configmaps':
      return podConfigMapNames(pod).includes(name);
    case 'secrets':
      return podSecretNames(pod).includes(name);
    case 'persistentvolumeclaims':
      return podClaimNames(pod).includes(name);
    case 'serviceaccounts':
      return ((pod.spec as { serviceAccountName?: string }).serviceAccountName ?? 'default') === name;
    default:
      return false;
  }
}

/** Is there a path from the node to the object (namespace '' for a PersistentVolume)? */
export function hasPathFrom(src: NodeGraphSource, node: string, type: GraphVertexType, namespace: string, name: string): boolean {
  if (type === 'persistentvolumes') {
    const claim = (src.persistentVolume(name)?.spec as { claimRef?: { namespace?: string; name?: string } } | undefined)?.claimRef;
    if (!claim?.name || !claim.namespace) return false;
    return hasPathFrom(src, node, 'persistentvolumeclaims', claim.namespace, claim.name);
  }
  for (const pod of src.podsOnNode(node)) {
    if (pod.metadata.namespace === namespace && podReferences(pod, type, name)) return true;
  }
  return false;
}
