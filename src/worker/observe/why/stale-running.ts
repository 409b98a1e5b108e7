// A pod's status is written only by the kubelet of its node (seed chapter 3: the kubelet "reports
// Running to the apiserver"). When that kubelet is stopped, its host is off or cut off, nobody is
// left to report otherwise: `kubectl get pods` keeps printing Running, however dead the containers.
// The status changes only when the node lifecycle controller marks the pod not Ready
// (MarkPodsNotReady, after NotReady) and the taint eviction controller deletes it.

import type { WhyCallout } from '../../../protocol/why';
import { objectDisplay } from '../objects';
import { podObjectId, silentNodes, storedPods, type WhyInput } from './facts';

export function staleRunningCallouts(input: WhyInput): WhyCallout[] {
  const silent = silentNodes(input.sim);
  // The usual case costs no walk over the pods.
  if (silent.size === 0) return [];
  const out: WhyCallout[] = [];
  storedPods(input.store, (pod) => {
    const node = pod.spec.nodeName;
    if (!node || pod.status?.phase !== 'Running' || pod.metadata.deletionTimestamp) return;
    const reason = silent.get(node);
    if (!reason) return;
    const id = podObjectId(pod);
    const status = objectDisplay('pods', pod as unknown as Record<string, unknown>)?.status ?? 'Running';
    out.push({ id: `stale-running:${id}`, target: { kind: 'object', id }, severity: 'warning', facts: { kind: 'stale-running', node, reason, status } });
  });
  return out;
}
