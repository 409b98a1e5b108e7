// NodeAffinity (plugins/nodeaffinity): Filter requires spec.nodeSelector and the required node
// affinity terms to match the node; Score sums the weights of the preferred terms that match,
// normalised by the highest sum.

import { nodeSelectorMatcher, nodeSelectorTermMatches } from '../../../api/labels';
import { PluginNames, success, unresolvable, type Plugin } from '../../framework/types';
import { defaultNormalizeScore } from '../../framework/normalize';

export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";

export const NodeAffinity: Plugin = {
  name: PluginNames.NodeAffinity,
  weight: 2,
  filter(ctx, node) {
    const spec = ctx.pod.pod.spec;
    const labels = node.node.metadata.labels ?? {};
    for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) {
      if (labels[k] !== v) return unresolvable(ErrReasonPod);
    }
    const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if (required) {
      // The pod's terms are parsed once per cycle, not once per node.
      const matches = (ctx.state['NodeAffinity/required'] ??= nodeSelectorMatcher(required.nodeSelectorTerms ?? [])) as (n: typeof node.node) => boolean;
      if (!matches(node.node)) return unresolvable(ErrReasonPod);
    }
    return success();
  },
  score(ctx, node) {
    const preferred = ctx.pod.pod.spec.affinity?.nodeAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? [];
    let sum = 0;
    for (const p of preferred) if (p.weight && nodeSelectorTermMatches(p.preference, node.node)) sum += p.weight;
    return sum;
  },
  normalizeScore(_ctx, scores) {
    defaultNormalizeScore(scores, false);
  },
};
