// NodeResourcesBalancedAllocation (plugins/noderesources/balanced_allocation.go): favour nodes whose
// cpu and memory would be used in equal shares after placing the pod. The score is
// (1 - standard deviation of the fractions) * 100; with two resources the deviation is |a - b| / 2.

import { MAX_NODE_SCORE, PluginNames, type Plugin } from '../../framework/types';

export const NodeResourcesBalancedAllocation: Plugin = {
  name: PluginNames.NodeResourcesBalancedAllocation,
  weight: 1,
  score(ctx, node) {
    const fractions: number[] = [];
    const pairs: [number, number][] = [
      [node.nonZeroRequested.milliCPU + ctx.pod.nonZeroRequests.milliCPU, node.allocatable.milliCPU],
      [node.nonZeroRequested.memory + ctx.pod.nonZeroRequests.memory, node.allocatable.memory],
    ];
    for (const [req, cap] of pairs) if (cap > 0) fractions.push(Math.min(req / cap, 1));
    let std = 0;
    if (fractions.length === 2) std = Math.abs(fractions[0]! - fractions[1]!) / 2;
    else if (fractions.length > 2) {
      const mean = fractions.reduce((a, b) => a + b, 0) / fractions.length;
      std = Math.sqrt(fractions.reduce((a, f) => a + (f - mean) ** 2, 0) / fractions.length);
    }
    return Math.trunc((1 - std) * MAX_NODE_SCORE);
  },
};
