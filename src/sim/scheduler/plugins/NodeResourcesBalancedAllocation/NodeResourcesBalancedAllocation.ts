// NodeResourcesBalancedAllocation (plugins/noderesources/balanced_allocation.go): favour nodes whose
// cpu and memory would be used in equal shares after placing the pod. The score is
// (1 - standard deviation of the fractions) * 100; with two resources the deviation is |a - b| / 2.

import { MAX_NODE_SCORE, PluginNames, type Plugin } from '../../framework/types';
import { ALLOC_CPU, ALLOC_MEMORY, COLUMNS, NONZERO_CPU, NONZERO_MEMORY } from '../../framework/node-table';

export const NodeResourcesBalancedAllocation: Plugin = {
  name: PluginNames.NodeResourcesBalancedAllocation,
  weight: 1,
  score(ctx, node, row) {
    // Runs for every feasible node of every pod: two numbers, no lists. A resource the node has
    // none of is left out, and with fewer than two fractions the deviation is 0. With the cycle's
    // table, the numbers come from the node's row (node-table.ts).
    const t = row !== undefined ? ctx.table : undefined;
    const o = (row ?? 0) * COLUMNS;
    const cpuCap = t ? t.nums[o + ALLOC_CPU]! : node.allocatable.milliCPU;
    const memCap = t ? t.nums[o + ALLOC_MEMORY]! : node.allocatable.memory;
    if (!(cpuCap > 0) || !(memCap > 0)) return Math.trunc(MAX_NODE_SCORE);
    const cpuUsed = t ? t.nums[o + NONZERO_CPU]! : node.nonZeroRequested.milliCPU;
    const memUsed = t ? t.nums[o + NONZERO_MEMORY]! : node.nonZeroRequested.memory;
    const cpu = Math.min((cpuUsed + ctx.pod.nonZeroRequests.milliCPU) / cpuCap, 1);
    const memory = Math.min((memUsed + ctx.pod.nonZeroRequests.memory) / memCap, 1);
    return Math.trunc((1 - Math.abs(cpu - memory) / 2) * MAX_NODE_SCORE);
  },
};
