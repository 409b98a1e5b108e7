// NodeUnschedulable (plugins/nodeunschedulable): a cordoned node (spec.unschedulable) takes only
// pods that tolerate the node.kubernetes.io/unschedulable:NoSchedule taint.

import { tolerationsTolerateTaint } from '../../../api/labels';
import { PluginNames, success, unresolvable, type Plugin } from '../../framework/types';

export const ErrReasonUnschedulable = 'node(s) were unschedulable';

export const NodeUnschedulable: Plugin = {
  name: PluginNames.NodeUnschedulable,
  filter(ctx, node) {
    if (!node.node.spec?.unschedulable) return success();
    const taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' as const };
    if (tolerationsTolerateTaint(ctx.pod.pod.spec.tolerations, taint)) return success();
    return unresolvable(ErrReasonUnschedulable);
  },
};
