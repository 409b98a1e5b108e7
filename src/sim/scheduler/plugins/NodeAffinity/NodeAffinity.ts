// NodeAffinity (plugins/nodeaffinity): PreFilter skips the plugin's Filter for a pod with neither
// spec.nodeSelector nor required node affinity, and names the only nodes worth filtering when every
// required term picks nodes by `metadata.name` (a DaemonSet pod's own node, so its cycle filters one
// node, not the whole cluster); Filter requires spec.nodeSelector and the required node affinity terms
// to match the node; Score sums the weights of the preferred terms that match, normalised by the
// highest sum.

import { nodeSelectorMatcher, nodeSelectorTermMatches } from '../../../api/labels';
import { fixedStatus, PluginNames, skip, success, unresolvable, type Plugin, type Status } from '../../framework/types';
import type { NodeSelectorTerm } from '../../../api/types';
import { defaultNormalizeScore } from '../../framework/normalize';

export const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector";
/** errReasonConflict: every term names nodes by `metadata.name` and no node is in all of them. */
export const ErrReasonConflict = 'pod affinity terms conflict';
const NOT_MATCHED = fixedStatus('UnschedulableAndUnresolvable', ErrReasonPod);

/**
 * The nodes the required terms name by `metadata.name` (matchFields, operator In): within a term
 * the requirements are ANDed (intersection), the terms ORed (union). Undefined when some term names
 * no node that way, since that term may match any node.
 */
export function requiredNodeNames(terms: readonly NodeSelectorTerm[]): Set<string> | undefined {
  let names: Set<string> | undefined;
  for (const term of terms) {
    let termNames: Set<string> | undefined;
    for (const r of term.matchFields ?? []) {
      if (r.key !== 'metadata.name' || r.operator !== 'In') continue;
      const values = new Set(r.values ?? []);
      termNames = termNames ? new Set([...termNames].filter((n) => values.has(n))) : values;
    }
    if (!termNames) return undefined;
    names = names ? new Set([...names, ...termNames]) : termNames;
  }
  return names;
}

function preFilter(spec: { nodeSelector?: Record<string, string>; affinity?: { nodeAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms?: NodeSelectorTerm[] } } } }): Status {
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  // NodeAffinity's Filter has nothing to check for this pod.
  if (!required && !spec.nodeSelector) return skip();
  const terms = required?.nodeSelectorTerms ?? [];
  if (terms.length === 0) return success();
  const names = requiredNodeNames(terms);
  if (names === undefined) return success();
  if (names.size === 0) return unresolvable(ErrReasonConflict);
  return { code: 'Success', reasons: [], nodeNames: names };
}

export const NodeAffinity: Plugin = {
  name: PluginNames.NodeAffinity,
  weight: 2,
  preFilter(ctx) {
    return preFilter(ctx.pod.pod.spec);
  },
  filter(ctx, node) {
    const spec = ctx.pod.pod.spec;
    const labels = node.node.metadata.labels ?? {};
    for (const [k, v] of Object.entries(spec.nodeSelector ?? {})) {
      if (labels[k] !== v) return NOT_MATCHED;
    }
    const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
    if (required) {
      // The pod's terms are parsed once per cycle, not once per node.
      const matches = (ctx.state['NodeAffinity/required'] ??= nodeSelectorMatcher(required.nodeSelectorTerms ?? [])) as (n: typeof node.node) => boolean;
      if (!matches(node.node)) return NOT_MATCHED;
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
