// Shared helpers for the plugin tests: run one plugin's Filter or Score against nodes. Each runs the
// plugin twice, as a cycle does (with the node's row of the cycle's table, framework/node-table.ts)
// and as preemption does (the NodeInfo alone), and fails when the two answers differ.

import { makePodInfo, nodeInfoOf } from '../framework/nodeinfo';
import type { CycleContext, NodeInfo, Plugin } from '../framework/types';
import type { Pod } from '../../api/types';
import { nodeTableOf } from '../framework/node-table';
import { expect } from 'vitest';

export function ctxFor(pod: Pod, nodes: NodeInfo[]): CycleContext {
  return { pod: makePodInfo(pod), nodes, havePodsWithRequiredAntiAffinity: nodes.filter((n) => n.podsWithRequiredAntiAffinity.length > 0), state: {} };
}

export function filterOne(p: Plugin, pod: Pod, node: NodeInfo, all: NodeInfo[] = [node]) {
  const s = p.filter!(ctxFor(pod, all), node);
  const row = all.indexOf(node);
  const ctx = { ...ctxFor(pod, all), table: nodeTableOf(all) };
  const fromRow = p.filter!(ctx, node, row < 0 ? undefined : row);
  expect({ code: fromRow.code, reasons: fromRow.reasons }).toEqual({ code: s.code, reasons: s.reasons });
  return { code: s.code, reasons: s.reasons };
}

/** Raw and normalised scores of one plugin over nodes, in node order. */
export function scoreAll(p: Plugin, pod: Pod, nodes: NodeInfo[]): { raw: number[]; normalized: number[] } {
  const ctx = ctxFor(pod, nodes);
  p.preScore?.(ctx, nodes);
  const scores = nodes.map((n) => ({ name: n.name, score: p.score!(ctx, n) }));
  const raw = scores.map((s) => s.score);
  p.normalizeScore?.(ctx, scores);
  const withTable = { ...ctxFor(pod, nodes), table: nodeTableOf(nodes) };
  p.preScore?.(withTable, nodes);
  expect(nodes.map((n, row) => p.score!(withTable, n, row))).toEqual(raw);
  return { raw, normalized: scores.map((s) => s.score) };
}

export { nodeInfoOf };
