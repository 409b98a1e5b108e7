// NodeResourcesFit (plugins/noderesources/fit.go): Filter checks the pod's requests against the
// node's allocatable minus what is already requested; Score uses the LeastAllocated strategy
// (least_allocated.go) over cpu and memory with weight 1 each, from non-zero requests.

import { MAX_NODE_SCORE, PluginNames, success, type Plugin, type Status } from '../../framework/types';
import { ALLOC_CPU, ALLOC_MEMORY, ALLOC_PODS, ALLOC_STORAGE, COLUMNS, NONZERO_CPU, NONZERO_MEMORY, REQ_CPU, REQ_MEMORY, REQ_PODS, REQ_STORAGE } from '../../framework/node-table';

export const NodeResourcesFit: Plugin = {
  name: PluginNames.NodeResourcesFit,
  weight: 1,
  filter(ctx, node, row): Status {
    const req = ctx.pod.requests;
    let pods: boolean, cpu: boolean, memory: boolean, storage: boolean;
    if (row !== undefined && ctx.table) {
      // The same comparisons over the node's row of the cycle's table (node-table.ts).
      const n = ctx.table.nums;
      const o = row * COLUMNS;
      pods = n[o + REQ_PODS]! + 1 > n[o + ALLOC_PODS]!;
      cpu = req.milliCPU > 0 && req.milliCPU > n[o + ALLOC_CPU]! - n[o + REQ_CPU]!;
      memory = req.memory > 0 && req.memory > n[o + ALLOC_MEMORY]! - n[o + REQ_MEMORY]!;
      storage = req.ephemeralStorage > 0 && req.ephemeralStorage > n[o + ALLOC_STORAGE]! - n[o + REQ_STORAGE]!;
    } else {
      const a = node.allocatable;
      const used = node.requested;
      pods = used.pods + 1 > a.pods;
      cpu = req.milliCPU > 0 && req.milliCPU > a.milliCPU - used.milliCPU;
      memory = req.memory > 0 && req.memory > a.memory - used.memory;
      storage = req.ephemeralStorage > 0 && req.ephemeralStorage > a.ephemeralStorage - used.ephemeralStorage;
    }
    // A node that fits allocates nothing: the reasons are listed only for a node that does not.
    if (!pods && !cpu && !memory && !storage) return success();
    const out: string[] = [];
    if (pods) out.push('Too many pods');
    if (cpu) out.push('Insufficient cpu');
    if (memory) out.push('Insufficient memory');
    if (storage) out.push('Insufficient ephemeral-storage');
    // v1.31 always answers Unschedulable, even when the request exceeds the node's whole
    // allocatable; preemption then reports "No preemption victims found for incoming pod".
    // Answering UnschedulableAndUnresolvable for that case came with kubernetes/kubernetes#131345 (v1.34).
    return { code: 'Unschedulable', reasons: out };
  },
  score(ctx, node, row) {
    if (row !== undefined && ctx.table) {
      const n = ctx.table.nums;
      const o = row * COLUMNS;
      const cpu = leastAllocated(n[o + NONZERO_CPU]! + ctx.pod.nonZeroRequests.milliCPU, n[o + ALLOC_CPU]!);
      const mem = leastAllocated(n[o + NONZERO_MEMORY]! + ctx.pod.nonZeroRequests.memory, n[o + ALLOC_MEMORY]!);
      return Math.trunc((cpu + mem) / 2);
    }
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
