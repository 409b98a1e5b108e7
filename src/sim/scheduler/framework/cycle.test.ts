import { describe, expect, it } from 'vitest';
import { nodeScores, numFeasibleNodesToFind, recordNodes, runSchedulingCycle, selectHost } from './cycle';
import { fitErrorMessage } from './fit-error';
import { makePodInfo, nodeInfoOf } from './nodeinfo';
import type { Status } from './types';
import type { PodSpec } from '../../api/types';
import { DEFAULT_PROFILE } from '../plugins/registry';
import { makeNode, makePod } from '../testing';
import { pointsArray } from './cycle-record';

// Source: pkg/scheduler/schedule_one.go numFeasibleNodesToFind.
describe('numFeasibleNodesToFind', () => {
  it.each([
    [3, 3],
    [99, 99],
    [100, 100],
    [1000, 420],
    [5000, 500],
    [6000, 300],
  ])('with %d nodes looks for %d feasible nodes', (n, want) => {
    expect(numFeasibleNodesToFind(n)).toBe(want);
  });
});

// Source: pkg/scheduler/framework/types.go FitError.Error; reference note 1.
describe('fitErrorMessage', () => {
  it('sorts the reason histogram with sort.Strings and joins it with ", "', () => {
    const st = new Map<string, Status>([
      ['worker-1', { code: 'UnschedulableAndUnresolvable', reasons: ['Insufficient memory'] }],
      ['worker-2', { code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {gpu: true}'] }],
      ['worker-3', { code: 'UnschedulableAndUnresolvable', reasons: ['node(s) had untolerated taint {gpu: true}'] }],
    ]);
    expect(fitErrorMessage(3, st)).toBe('0/3 nodes are available: 1 Insufficient memory, 2 node(s) had untolerated taint {gpu: true}.');
  });
});

describe('runSchedulingCycle', () => {
  it('reports the v1.31 FailedScheduling message with the preemption suffix (kubernetes/kubernetes#123301: two periods)', () => {
    const nodes = [
      nodeInfoOf(makeNode('worker-1', { memory: '4Gi' })),
      nodeInfoOf(makeNode('worker-2', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] })),
      nodeInfoOf(makeNode('worker-3', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] })),
    ];
    const r = runSchedulingCycle({ pod: makePodInfo(makePod('web', { memory: '8Gi' })), nodes, plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
    expect(r.chosen).toBeUndefined();
    expect(r.fitError).toBe(
      '0/3 nodes are available: 1 Insufficient memory, 2 node(s) had untolerated taint {gpu: true}. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling..',
    );
  });

  it('says no victims were found on nodes where only a lower-priority pod could help', () => {
    const nodes = [nodeInfoOf(makeNode('worker-1', { memory: '4Gi' }), [makePod('big', { memory: '3Gi', nodeName: 'worker-1' })])];
    const r = runSchedulingCycle({ pod: makePodInfo(makePod('web', { memory: '2Gi' })), nodes, plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
    expect(r.fitError).toBe('0/1 nodes are available: 1 Insufficient memory. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..');
  });

  it('records filters, raw, normalized and weighted scores per node and plugin', () => {
    const nodes = [nodeInfoOf(makeNode('worker-1'), [makePod('a', { cpu: '1', memory: '1Gi', nodeName: 'worker-1' })]), nodeInfoOf(makeNode('worker-2'))];
    const r = runSchedulingCycle({ pod: makePodInfo(makePod('web', { cpu: '100m', memory: '128Mi' })), nodes, plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
    expect(r.chosen).toBe('worker-2');
    const w2 = recordNodes(r.record).find((n) => n.node === 'worker-2')!;
    // NodeAffinity's PreFilter returns Skip for a pod with no nodeSelector and no required node
    // affinity, so its Filter does not run (plugins/nodeaffinity/node_affinity.go PreFilter).
    expect(w2.filters.map((f) => f.plugin)).toEqual(['NodeUnschedulable', 'NodeName', 'TaintToleration', 'NodePorts', 'NodeResourcesFit', 'PodTopologySpread', 'InterPodAffinity']);
    const scores = nodeScores(r.record, w2);
    const fit = scores.find((s) => s.plugin === 'NodeResourcesFit')!;
    expect(fit.weight).toBe(1);
    expect(scores.find((s) => s.plugin === 'TaintToleration')).toMatchObject({ weight: 3, normalized: 100, weighted: 300 });
    expect(w2.total).toBe(scores.reduce((a, s) => a + s.weighted, 0));
  });

  it('keeps the scores as one list of numbers per cycle beside its plugin list (memory per pod, issue 14)', () => {
    const nodes = ['worker-1', 'worker-2', 'worker-3'].map((n) => nodeInfoOf(makeNode(n)));
    const r = runSchedulingCycle({ pod: makePodInfo(makePod('web', { cpu: '100m', memory: '128Mi' })), nodes, plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
    const plugins = r.record.scored!.map((c) => c.plugin);
    expect(plugins).toContain('NodeResourcesFit');
    expect(r.record.points).toHaveLength(2 * plugins.length * 3);
    expect(r.record.points!.every((x) => typeof x === 'number')).toBe(true);
    recordNodes(r.record).forEach((n, i) => {
      expect(n.row).toBe(i);
      expect(nodeScores(r.record, n).map((s) => s.plugin)).toEqual(plugins);
      expect(nodeScores(r.record, n).reduce((a, s) => a + s.weighted, 0)).toBe(n.total);
    });
  });

  // Issue 14 (memory per pod): at 5,000 nodes a cycle filters and scores 500 nodes and the scheduler
  // keeps the records of every pod it tracks, so a record holds columns, not an object per node.
  it('keeps a cycle as columns: the snapshot names read round robin, one small number per node, the scores in one typed array', () => {
    const nodes = ['worker-1', 'worker-2', 'worker-3', 'worker-4'].map((n) => nodeInfoOf(makeNode(n, n === 'worker-2' ? { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] } : {})));
    const nodeNames = Object.freeze(nodes.map((n) => n.name));
    const r = runSchedulingCycle({ pod: makePodInfo(makePod('web', { cpu: '100m' })), nodes, nodeNames, plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 1, rand: () => 0.5 });
    expect(r.record.looked).toEqual({ names: nodeNames, start: 1, count: 4 });
    expect(r.record.looked.names).toBe(nodeNames);
    expect(r.record.verdicts).toBeInstanceOf(Uint8Array);
    expect(r.record.verdictLists).toHaveLength(2);
    expect(r.record.points).toBeInstanceOf(Int32Array);
    expect(r.record.points).toHaveLength(2 * r.record.scored!.length * 3);
    const view = recordNodes(r.record);
    expect(view.map((n) => [n.node, n.feasible, n.row])).toEqual([
      ['worker-2', false, undefined],
      ['worker-3', true, 0],
      ['worker-4', true, 1],
      ['worker-1', true, 2],
    ]);
    expect(view[0]!.filters.at(-1)).toMatchObject({ plugin: 'TaintToleration', reasons: ['node(s) had untolerated taint {gpu: true}'] });
    // Every feasible node of every cycle with the same Filter plugins shares one list of passes.
    const again = runSchedulingCycle({ pod: makePodInfo(makePod('api', { cpu: '100m' })), nodes, plugins: DEFAULT_PROFILE, cycle: 2, time: 0, startIndex: 0, rand: () => 0.5 });
    expect(recordNodes(again.record)[0]!.filters).toBe(view[1]!.filters);
  });

  it('breaks ties with the PRNG (reservoir sampling)', () => {
    const scores = [{ name: 'a', score: 5 }, { name: 'b', score: 5 }];
    expect(selectHost(scores, () => 0.9)).toBe('a');
    expect(selectHost(scores, () => 0.1)).toBe('b');
  });

  // Source: plugins/nodeaffinity/node_affinity.go PreFilter (a PreFilterResult naming the nodes of
  // matchFields metadata.name In), schedule_one.go findNodesThatFitPod (only those nodes are filtered;
  // the round robin moves on by the nodes looked at) and kubernetes#125197 (nodes left out count as
  // UnschedulableAndUnresolvable: "Preemption is not helpful" in the preemption message).
  describe('NodeAffinity PreFilterResult (a DaemonSet pod, pinned to its node by matchFields)', () => {
    const pinned = (node: string): Partial<PodSpec> => ({
      affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [node] }] }] } } },
    });
    const cluster = () => [
      nodeInfoOf(makeNode('worker-1')),
      nodeInfoOf(makeNode('worker-2', { taints: [{ key: 'gpu', value: 'true', effect: 'NoSchedule' }] })),
      nodeInfoOf(makeNode('worker-3')),
      nodeInfoOf(makeNode('worker-4')),
    ];

    it('filters only the node it names, and the next cycle starts one node further on', () => {
      const r = runSchedulingCycle({ pod: makePodInfo(makePod('kube-proxy-x', { spec: pinned('worker-3') })), nodes: cluster(), plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 1, rand: () => 0.5 });
      expect(r.chosen).toBe('worker-3');
      expect(recordNodes(r.record).map((n) => n.node)).toEqual(['worker-3']);
      expect(r.record.narrowed).toEqual({ plugins: ['NodeAffinity'], nodes: 1 });
      expect(r.record.numAllNodes).toBe(4);
      expect(r.nextStartNodeIndex).toBe(2);
    });

    it("counts only its node in FailedScheduling; the others are 'not helpful' to preemption", () => {
      const r = runSchedulingCycle({ pod: makePodInfo(makePod('kube-proxy-y', { spec: pinned('worker-2') })), nodes: cluster(), plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
      expect(r.fitError).toBe(
        "0/4 nodes are available: 1 node(s) had untolerated taint {gpu: true}. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..",
      );
      expect(r.nextStartNodeIndex).toBe(1);
    });

    it('rejects terms that name no node in common before any node is filtered', () => {
      const spec: Partial<PodSpec> = {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }, { key: 'metadata.name', operator: 'In', values: ['worker-3'] }] }],
            },
          },
        },
      };
      const r = runSchedulingCycle({ pod: makePodInfo(makePod('odd', { spec })), nodes: cluster(), plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
      expect(recordNodes(r.record)).toEqual([]);
      expect(r.fitError).toBe('0/4 nodes are available: pod affinity terms conflict. preemption: 0/4 nodes are available: 4 Preemption is not helpful for scheduling..');
    });

    it('leaves every node to filter when one term does not pick nodes by name', () => {
      const spec: Partial<PodSpec> = {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['worker-1'] }] }, { matchExpressions: [{ key: 'kubernetes.io/os', operator: 'In', values: ['linux'] }] }],
            },
          },
        },
      };
      const r = runSchedulingCycle({ pod: makePodInfo(makePod('either', { spec })), nodes: cluster(), plugins: DEFAULT_PROFILE, cycle: 1, time: 0, startIndex: 0, rand: () => 0.5 });
      expect(r.record.narrowed).toBeUndefined();
      expect(recordNodes(r.record)).toHaveLength(4);
    });
  });
});

// The record's scores (cycle-record.ts pointsArray): the framework's scores are int64 (framework
// interface.go NodeScore.Score), so they are kept as 32-bit integers, and any value that is not one
// keeps the whole array in doubles, -0 included, so the inspector shows what the plugin returned.
describe('pointsArray', () => {
  it('keeps integer scores as an Int32Array, value for value', () => {
    const a = pointsArray(new Float64Array([0, 100, 37, -3]));
    expect(a).toBeInstanceOf(Int32Array);
    expect([...a]).toEqual([0, 100, 37, -3]);
  });
  it('keeps a fraction or -0 exactly, in a Float64Array', () => {
    const a = pointsArray([1, 2.5, 3]);
    expect(a).toBeInstanceOf(Float64Array);
    expect([...a]).toEqual([1, 2.5, 3]);
    const z = pointsArray([4, -0]);
    expect(z).toBeInstanceOf(Float64Array);
    expect(Object.is(z[1], -0)).toBe(true);
  });
});
