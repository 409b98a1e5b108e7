// NodeResourcesBalancedAllocation (plugins/noderesources/balanced_allocation.go): favour nodes whose
// cpu and memory would be used in equal shares after placing the pod. The score is
// (1 - standard deviation of the fractions) * 100; with two resources the deviation is |a - b| / 2.

import { MAX_NODE_SCORE, PluginNames, type Plugin } from '../../framework/types';

export const NodeResourcesBalancedAllocation: Plugin = {
  name: PluginNames.NodeResourcesBalancedAllocation,
  weight: 1,
  score(ctx, node) {
    // Runs for every feasible node of every pod: two numbers, no lists. A resource the node has
    // none of is left out, and with fewer than two fractions the deviation is 0.
    const cpuCap = node.allocatable.milliCPU;
    const memCap = node.allocatable.memory;
    if (!(cpuCap > 0) || !(memCap > 0)) return Math.trunc(MAX_NODE_SCORE);
    const cpu = Math.min((node.nonZeroRequested.milliCPU + ctx.pod.nonZeroRequests.milliCPU) / cpuCap, 1);
    const memory = Math.min((node.nonZeroRequested.memory + ctx.pod.nonZeroRequests.memory) / memCap, 1);
    return Math.trunc((1 - Math.abs(cpu - memory) / 2) * MAX_NODE_SCORE);
  },
};
