import { describe, expect, it } from 'vitest';
import type { SchedulingCycleRecord } from '../../sim/scheduler/scheduler';
import { cycleView, podKey } from './cycles';

describe('podKey', () => {
  it.each([
    ['pods/default/web', 'default/web'],
    ['pods/kube-system/dns', 'kube-system/dns'],
    ['default/web', 'default/web'],
    ['web', 'default/web'],
  ])('reads %s as %s', (input, key) => expect(podKey(input)).toBe(key));
});

describe('cycleView', () => {
  it('turns per-node filter verdicts and scores into one row per node and one column per plugin', () => {
    const rec: SchedulingCycleRecord = {
      cycle: 3,
      pod: 'default/web',
      time: 1200,
      numAllNodes: 3,
      numFeasibleToFind: 3,
      chosen: 'worker-2',
      scored: [{ plugin: 'NodeResourcesFit', weight: 1, raw: 90, normalized: Int16Array.of(90) }],
      nodeNames: ['control-plane', 'worker-2'],
      filterRuns: [
        { filters: [{ plugin: 'TaintToleration', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }"] }], nodes: 1 },
        { filters: [{ plugin: 'TaintToleration', code: 'Success', reasons: [] }], nodes: 1 },
      ],
    };
    expect(cycleView(rec)).toEqual({
      pod: 'default/web',
      time: 1200,
      node: 'worker-2',
      plugins: ['TaintToleration', 'NodeResourcesFit'],
      nodes: [
        { name: 'control-plane', feasible: false, results: { TaintToleration: { filter: 'node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }' } } },
        { name: 'worker-2', feasible: true, total: 90, results: { TaintToleration: { filter: 'pass' }, NodeResourcesFit: { raw: 90, normalized: 90, weighted: 90 } } },
      ],
    });
  });

  it('explains a pod PreFilter rejected before any node was looked at', () => {
    const rec: SchedulingCycleRecord = {
      cycle: 1, pod: 'default/big', time: 0, numAllNodes: 3, numFeasibleToFind: 3, nodeNames: [], filterRuns: [],
      preFilter: { plugin: 'NodeAffinity', code: 'UnschedulableAndUnresolvable', reasons: ["node(s) didn't match Pod's node affinity/selector"] },
    };
    expect(cycleView(rec)).toMatchObject({ plugins: ['NodeAffinity'], nodes: [], message: "NodeAffinity: node(s) didn't match Pod's node affinity/selector" });
  });

  it("says how many nodes a PreFilterResult left to filter (NodeAffinity, a DaemonSet pod's own node)", () => {
    const rec: SchedulingCycleRecord = {
      cycle: 2, pod: 'kube-system/kube-proxy-x', time: 0, numAllNodes: 5, numFeasibleToFind: 1, chosen: 'worker-3',
      narrowed: { plugins: ['NodeAffinity'], nodes: 1 },
      nodeNames: ['worker-3'],
      filterRuns: [{ filters: [{ plugin: 'TaintToleration', code: 'Success', reasons: [] }], nodes: 1 }],
    };
    expect(cycleView(rec).narrowed).toEqual({ plugins: ['NodeAffinity'], nodes: 1, of: 5 });
  });
});
