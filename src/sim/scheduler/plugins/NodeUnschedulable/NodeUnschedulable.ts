// NodeUnschedulable (plugins/nodeunschedulable): a cordoned node (spec.unschedulable) takes only
// pods that tolerate the node.kubernetes.io/unschedulable:NoSchedule taint.

import { tolerationsTolerateTaint } from '../../../api/labels';
import { UNSCHEDULABLE as UNSCHEDULABLE_FLAG } from '../../framework/node-table';
import { fixedStatus, PluginNames, success, type Plugin } from '../../framework/types';

export const ErrReasonUnschedulable = 'node(s) were unschedulable';
const UNSCHEDULABLE = fixedStatus('UnschedulableAndUnresolvable', ErrReasonUnschedulable);
const TAINT = Object.freeze({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' as const });

export const NodeUnschedulable: Plugin = {
  name: PluginNames.NodeUnschedulable,
  filter(ctx, node, row) {
    const cordoned = row !== undefined && ctx.table ? (ctx.table.flags[row]! & UNSCHEDULABLE_FLAG) !== 0 : !!node.node.spec?.unschedulable;
    if (!cordoned) return success();
    if (tolerationsTolerateTaint(ctx.pod.pod.spec.tolerations, TAINT)) return success();
    return UNSCHEDULABLE;
  },
};
