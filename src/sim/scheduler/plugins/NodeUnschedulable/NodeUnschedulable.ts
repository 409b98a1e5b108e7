// NodeUnschedulable (plugins/nodeunschedulable): a cordoned node (spec.unschedulable) takes only
// pods that tolerate the node.kubernetes.io/unschedulable:NoSchedule taint.

import { tolerationsTolerateTaint } from '../../../api/labels';
import { fixedStatus, PluginNames, success, type Plugin } from '../../framework/types';

export const ErrReasonUnschedulable = 'node(s) were unschedulable';
const UNSCHEDULABLE = fixedStatus('UnschedulableAndUnresolvable', ErrReasonUnschedulable);
const TAINT = Object.freeze({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' as const });

export const NodeUnschedulable: Plugin = {
  name: PluginNames.NodeUnschedulable,
  filter(ctx, node) {
    if (!node.node.spec?.unschedulable) return success();
    if (tolerationsTolerateTaint(ctx.pod.pod.spec.tolerations, TAINT)) return success();
    return UNSCHEDULABLE;
  },
};
