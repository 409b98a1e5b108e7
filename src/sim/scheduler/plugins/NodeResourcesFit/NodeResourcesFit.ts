// NodeResourcesFit (plugins/noderesources/fit.go): Filter checks the pod's requests against the
// node's allocatable minus what is already requested; Score uses the LeastAllocated strategy
// (least_allocated.go) over cpu and memory with weight 1 each, from non-zero requests.

import { MAX_NODE_SCORE, PluginNames, success, type Plugin, type Status } from '../../framework/types';

interface Insufficient {
  reason: string;
  /** The request is larger than the whole allocatable: evicting pods cannot help. */
  unresolvable: boolean;
}

export const NodeResourcesFit: Plugin = {
  name: PluginNames.NodeResourcesFit,
  weight: 1,
  filter(ctx, node): Status {
    const req = ctx.pod.requests;
    const a = node.allocatable;
    const used = node.requested;
    const out: Insufficient[] = [];
    if (used.pods + 1 > a.pods) out.push({ reason: 'Too many pods', unresolvable: false });
    if (req.milliCPU > 0 && req.milliCPU > a.milliCPU - used.milliCPU) {
      out.push({ reason: 'Insufficient cpu', unresolvable: req.milliCPU > a.milliCPU });
    }
    if (req.memory > 0 && req.memory > a.memory - used.memory) {
      out.push({ reason: 'Insufficient memory', unresolvable: req.memory > a.memory });
    }
    if (req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - used.ephemeralStorage) {
      out.push({ reason: 'Insufficient ephemeral-storage', unresolvable: req.ephemeralStorage > a.ephemeralStorage });
    }
    if (out.length === 0) return success();
    // v1.31 always answers Unschedulable, even when the request exceeds the node's whole
    // allocatable; preemption then reports "No preemption victims found for incoming pod".
    // Answering UnschedulableAndUnresolvable for that case came with kubernetes/kubernetes#131345 (v1.34).
    void out.some((i) => i.unresolvable);
    return { code: 'Unschedulable', reasons: out.map((i) => i.reason) };
  },
  score(ctx, node) {
    const cpu = leastAllocated(node.nonZeroRequested.milliCPU + ctx.pod.nonZeroRequests.milliCPU, node.allocatable.milliCPU);
    const mem = leastAllocated(node.nonZeroRequested.memory + ctx.pod.nonZeroRequests.memory, node.allocatable.memory);
    return Math.trunc((cpu + mem) / 2);
  },
};

/** leastRequestedScore: the free share of a resource, 0..100, integer division as in Go. */
export function leastAllocated(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.trunc(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}
