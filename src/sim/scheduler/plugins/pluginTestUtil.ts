// Shared helpers for the plugin tests: run one plugin's Filter or Score against nodes.

import { makePodInfo, nodeInfoOf } from '../framework/nodeinfo';
import type { CycleContext, NodeInfo, Plugin } from '../framework/types';
import type { Pod } from '../../api/types';

export function ctxFor(pod: Pod, nodes: NodeInfo[]): CycleContext {
  return { pod: makePodInfo(pod), nodes, havePodsWithRequiredAntiAffinity: nodes.filter((n) => n.podsWithRequiredAntiAffinity.length > 0), state: {} };
}

export function filterOne(p: Plugin, pod: Pod, node: NodeInfo, all: NodeInfo[] = [node]) {
  const s = p.filter!(ctxFor(pod, all), node);
  return { code: s.code, reasons: s.reasons };
}

/** Raw and normalised scores of one plugin over nodes, in node order. */
export function scoreAll(p: Plugin, pod: Pod, nodes: NodeInfo[]): { raw: number[]; normalized: number[] } {
  const ctx = ctxFor(pod, nodes);
  p.preScore?.(ctx, nodes);
  const scores = nodes.map((n) => ({ name: n.name, score: p.score!(ctx, n) }));
  const raw = scores.map((s) => s.score);
  p.normalizeScore?.(ctx, scores);
  return { raw, normalized: scores.map((s) => s.score) };
}

export { nodeInfoOf };
