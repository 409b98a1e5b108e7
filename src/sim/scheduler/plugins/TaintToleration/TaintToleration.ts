// TaintToleration (plugins/tainttoleration): Filter rejects a node with a NoSchedule or NoExecute
// taint the pod does not tolerate; Score counts untolerated PreferNoSchedule taints, normalised in
// reverse so that fewer such taints score higher.

import { findMatchingUntoleratedTaint, formatTaintForMessage, tolerationsTolerateTaint } from '../../../api/labels';
import { PluginNames, success, unresolvable, type Plugin } from '../../framework/types';
import { defaultNormalizeScore } from '../../framework/normalize';

export const TaintToleration: Plugin = {
  name: PluginNames.TaintToleration,
  weight: 3,
  filter(ctx, node) {
    const taint = findMatchingUntoleratedTaint(node.node.spec?.taints, ctx.pod.pod.spec.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute');
    if (!taint) return success();
    return unresolvable(`node(s) had untolerated taint ${formatTaintForMessage(taint)}`);
  },
  score(ctx, node) {
    // Only tolerations with an empty or PreferNoSchedule effect count here.
    const tolerations = (ctx.pod.pod.spec.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
    return (node.node.spec?.taints ?? []).filter((t) => t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t)).length;
  },
  normalizeScore(_ctx, scores) {
    defaultNormalizeScore(scores, true);
  },
};
