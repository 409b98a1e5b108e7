// InterPodAffinity (plugins/interpodaffinity): Filter enforces the pod's required affinity and
// anti-affinity terms and the required anti-affinity of pods already running; Score sums the
// weights of the pod's preferred terms (anti-affinity subtracts) and normalises by min and max.

import { labelSelectorMatches } from '../../../api/labels';
import type { Pod, PodAffinityTerm } from '../../../api/types';
import { MAX_NODE_SCORE, PluginNames, success, unresolvable, unschedulable, type NodeInfo, type Plugin } from '../../framework/types';

export const ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules";
export const ErrReasonAffinityRulesNotMatch = "node(s) didn't match pod affinity rules";
export const ErrReasonAntiAffinityRulesNotMatch = "node(s) didn't match pod anti-affinity rules";

/** Does `target` match the term written on a pod in namespace `ownerNs`? (namespaceSelector is not modelled.) */
function termMatches(term: PodAffinityTerm, ownerNs: string, target: Pod): boolean {
  const namespaces = term.namespaces?.length ? term.namespaces : [ownerNs];
  if (!namespaces.includes(target.metadata.namespace ?? 'default')) return false;
  return labelSelectorMatches(term.labelSelector ?? null, target.metadata.labels);
}

/** Nodes in the same topology domain as `node` for this key. */
function sameDomain(nodes: NodeInfo[], node: NodeInfo, key: string): NodeInfo[] {
  const v = node.node.metadata.labels?.[key];
  if (v === undefined) return [];
  return nodes.filter((n) => n.node.metadata.labels?.[key] === v);
}

function anyPodInDomain(nodes: NodeInfo[], node: NodeInfo, term: PodAffinityTerm, ns: string): boolean {
  return sameDomain(nodes, node, term.topologyKey).some((n) => n.pods.some((p) => termMatches(term, ns, p)));
}

interface ExistingAntiAffinity {
  nodeLabels: Record<string, string> | undefined;
  term: PodAffinityTerm;
  ns: string;
}

/**
 * The required anti-affinity terms of pods already placed, gathered once per cycle (the real
 * plugin's PreFilter does this from NodeInfo.PodsWithRequiredAntiAffinity), so the filter does not
 * walk every pod for every node.
 */
function existingAntiAffinity(ctx: Parameters<NonNullable<Plugin['filter']>>[0]): ExistingAntiAffinity[] {
  const key = 'InterPodAffinity/existingAntiAffinity';
  let out = ctx.state[key] as ExistingAntiAffinity[] | undefined;
  if (out) return out;
  out = [];
  for (const n of ctx.nodes) {
    for (const p of n.podsWithRequiredAntiAffinity) {
      for (const term of p.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []) {
        out.push({ nodeLabels: n.node.metadata.labels, term, ns: p.metadata.namespace ?? 'default' });
      }
    }
  }
  ctx.state[key] = out;
  return out;
}

export const InterPodAffinity: Plugin = {
  name: PluginNames.InterPodAffinity,
  weight: 2,
  filter(ctx, node) {
    const pod = ctx.pod.pod;
    const ns = pod.metadata.namespace ?? 'default';
    // Existing pods whose required anti-affinity the incoming pod would violate in this domain.
    for (const e of existingAntiAffinity(ctx)) {
      const v = node.node.metadata.labels?.[e.term.topologyKey];
      if (v !== undefined && e.nodeLabels?.[e.term.topologyKey] === v && termMatches(e.term, e.ns, pod)) {
        return unschedulable(ErrReasonExistingAntiAffinityRulesNotMatch);
      }
    }
    const affinity = pod.spec.affinity?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
    if (affinity.length) {
      const ok = affinity.every((t) => anyPodInDomain(ctx.nodes, node, t, ns));
      // The first pod of a group that selects itself may go anywhere its topology key exists.
      const noneAnywhere = affinity.every((t) => !ctx.nodes.some((n) => n.pods.some((p) => termMatches(t, ns, p))));
      const selfMatch = affinity.every((t) => termMatches(t, ns, pod) && node.node.metadata.labels?.[t.topologyKey] !== undefined);
      if (!ok && !(noneAnywhere && selfMatch)) return unresolvable(ErrReasonAffinityRulesNotMatch);
    }
    for (const t of pod.spec.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []) {
      if (anyPodInDomain(ctx.nodes, node, t, ns)) return unschedulable(ErrReasonAntiAffinityRulesNotMatch);
    }
    return success();
  },
  score(ctx, node) {
    const pod = ctx.pod.pod;
    const ns = pod.metadata.namespace ?? 'default';
    let score = 0;
    for (const w of pod.spec.affinity?.podAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      for (const n of sameDomain(ctx.nodes, node, w.podAffinityTerm.topologyKey)) score += w.weight * n.pods.filter((p) => termMatches(w.podAffinityTerm, ns, p)).length;
    }
    for (const w of pod.spec.affinity?.podAntiAffinity?.preferredDuringSchedulingIgnoredDuringExecution ?? []) {
      for (const n of sameDomain(ctx.nodes, node, w.podAffinityTerm.topologyKey)) score -= w.weight * n.pods.filter((p) => termMatches(w.podAffinityTerm, ns, p)).length;
    }
    return score;
  },
  normalizeScore(_ctx, scores) {
    let min = 0;
    let max = 0;
    for (const s of scores) {
      min = Math.min(min, s.score);
      max = Math.max(max, s.score);
    }
    const diff = max - min;
    for (const s of scores) s.score = diff > 0 ? Math.trunc((MAX_NODE_SCORE * (s.score - min)) / diff) : 0;
  },
};
