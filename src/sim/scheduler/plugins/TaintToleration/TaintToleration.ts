// TaintToleration (plugins/tainttoleration): Filter rejects a node with a NoSchedule or NoExecute
// taint the pod does not tolerate; Score counts untolerated PreferNoSchedule taints, normalised in
// reverse so that fewer such taints score higher.

import { findMatchingUntoleratedTaint, formatTaintForMessage, tolerationsTolerateTaint } from '../../../api/labels';
import { PluginNames, success, unresolvable, type CycleContext, type Plugin } from '../../framework/types';
import type { Taint, Toleration } from '../../../api/types';
import { defaultNormalizeScore } from '../../framework/normalize';
import { HAS_TAINTS } from '../../framework/node-table';

/** The cycle's table says the node has no taints (node-table.ts): nothing of the Node to read. */
const untainted = (ctx: CycleContext, row: number | undefined): boolean => row !== undefined && !!ctx.table && (ctx.table.flags[row]! & HAS_TAINTS) === 0;

const blocksScheduling = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
const PRE_SCORE_KEY = 'TaintToleration/tolerationsPreferNoSchedule';

/** getAllTolerationPreferNoSchedule: the pod's tolerations with an empty or PreferNoSchedule effect. */
function tolerationsPreferNoSchedule(ctx: CycleContext): Toleration[] {
  return (ctx.pod.pod.spec.tolerations ?? []).filter((t) => !t.effect || t.effect === 'PreferNoSchedule');
}

export const TaintToleration: Plugin = {
  name: PluginNames.TaintToleration,
  weight: 3,
  filter(ctx, node, row) {
    if (untainted(ctx, row)) return success();
    const taints = node.node.spec?.taints;
    if (!taints?.length) return success();
    const taint = findMatchingUntoleratedTaint(taints, ctx.pod.pod.spec.tolerations, blocksScheduling);
    if (!taint) return success();
    return unresolvable(`node(s) had untolerated taint ${formatTaintForMessage(taint)}`);
  },
  preScore(ctx) {
    // The pod's tolerations that count for the score, once per cycle (taint_toleration.go PreScore).
    ctx.state[PRE_SCORE_KEY] = tolerationsPreferNoSchedule(ctx);
    return success();
  },
  score(ctx, node, row) {
    // countIntolerableTaintsPreferNoSchedule: only tolerations with an empty or PreferNoSchedule effect count.
    if (untainted(ctx, row)) return 0;
    const taints = node.node.spec?.taints;
    if (!taints?.length) return 0;
    const tolerations = (ctx.state[PRE_SCORE_KEY] as Toleration[] | undefined) ?? tolerationsPreferNoSchedule(ctx);
    let n = 0;
    for (const t of taints) if (t.effect === 'PreferNoSchedule' && !tolerationsTolerateTaint(tolerations, t)) n++;
    return n;
  },
  normalizeScore(_ctx, scores) {
    defaultNormalizeScore(scores, true);
  },
};
