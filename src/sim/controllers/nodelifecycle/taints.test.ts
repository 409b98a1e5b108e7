// doNoScheduleTaintingPass (pkg/controller/nodelifecycle/node_lifecycle_controller.go,
// nodeConditionToTaintKeyStatusMap) and the NoExecute swap of taint-based evictions
// (kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions).
import { describe, expect, it } from 'vitest';
import type { Condition, Taint } from '../../api/types';
import { testNode } from '../testing';
import { applyTaintChange, desiredNoScheduleTaints, noExecuteTaintChange, noScheduleTaintChange } from './taints';

const NS = (key: string): Taint => ({ key: `node.kubernetes.io/${key}`, effect: 'NoSchedule' });
const NE = (key: string): Taint => ({ key: `node.kubernetes.io/${key}`, effect: 'NoExecute' });

describe('NoSchedule taints from node conditions', () => {
  it.each<[string, Partial<Record<string, Condition['status']>>, boolean, string[]]>([
    ['a Ready node gets none', { Ready: 'True' }, false, []],
    ['Ready=False gives not-ready', { Ready: 'False' }, false, ['not-ready']],
    ['Ready=Unknown gives unreachable', { Ready: 'Unknown' }, false, ['unreachable']],
    ['MemoryPressure=True gives memory-pressure', { Ready: 'True', MemoryPressure: 'True' }, false, ['memory-pressure']],
    ['DiskPressure=True gives disk-pressure', { Ready: 'True', DiskPressure: 'True' }, false, ['disk-pressure']],
    ['PIDPressure=True gives pid-pressure', { Ready: 'True', PIDPressure: 'True' }, false, ['pid-pressure']],
    ['NetworkUnavailable=True gives network-unavailable', { Ready: 'True', NetworkUnavailable: 'True' }, false, ['network-unavailable']],
    ['pressure conditions that are False or Unknown give none', { Ready: 'True', MemoryPressure: 'Unknown', DiskPressure: 'False' }, false, []],
    ['spec.unschedulable gives unschedulable, after the condition taints', { Ready: 'False' }, true, ['not-ready', 'unschedulable']],
  ])('%s', (_name, conditions, unschedulable, keys) => {
    const node = testNode('worker-1', { conditions, unschedulable });
    expect(desiredNoScheduleTaints(node)).toEqual(keys.map(NS));
  });

  it('removes the not-ready taint TaintNodesByCondition put on a new node once it is Ready', () => {
    const node = testNode('worker-1', { taints: [NS('not-ready')] });
    expect(noScheduleTaintChange(node)).toEqual({ add: [], remove: [NS('not-ready')] });
    expect(applyTaintChange(node, [noScheduleTaintChange(node)], 5000)).toEqual([]);
  });

  it('swaps not-ready for unreachable when Ready goes from False to Unknown', () => {
    const node = testNode('worker-1', { conditions: { Ready: 'Unknown' }, taints: [NS('not-ready')] });
    expect(noScheduleTaintChange(node)).toEqual({ add: [NS('unreachable')], remove: [NS('not-ready')] });
  });

  it('leaves taints it does not manage alone (a user taint, the control-plane taint)', () => {
    const mine = { key: 'dedicated', value: 'db', effect: 'NoSchedule' as const };
    const cp = { key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' as const };
    const node = testNode('worker-1', { conditions: { Ready: 'False' }, taints: [mine, cp] });
    expect(applyTaintChange(node, [noScheduleTaintChange(node)], 70_000)).toEqual([mine, cp, { ...NS('not-ready'), timeAdded: '2024-08-13T09:01:10Z' }]);
  });

  it('asks for no change when the taints are already right', () => {
    const node = testNode('worker-1', { conditions: { Ready: 'False' }, taints: [NS('not-ready')] });
    expect(applyTaintChange(node, [noScheduleTaintChange(node), noExecuteTaintChange(node, undefined)], 0)).toBeUndefined();
  });
});

describe('NoExecute taints of taint-based eviction', () => {
  it('adds unreachable:NoExecute with timeAdded for an unreachable node', () => {
    const node = testNode('worker-1', { conditions: { Ready: 'Unknown' }, taints: [NS('unreachable')] });
    expect(applyTaintChange(node, [noExecuteTaintChange(node, 'unreachable')], 75_000)).toEqual([
      NS('unreachable'),
      { ...NE('unreachable'), timeAdded: '2024-08-13T09:01:15Z' },
    ]);
  });

  it('swaps unreachable for not-ready in one update', () => {
    const node = testNode('worker-1', { taints: [{ ...NE('unreachable'), timeAdded: 'x' }] });
    expect(noExecuteTaintChange(node, 'not-ready')).toEqual({ add: [NE('not-ready')], remove: [{ ...NE('unreachable'), timeAdded: 'x' }] });
  });

  it('keeps an existing NoExecute taint and its timeAdded', () => {
    const node = testNode('worker-1', { taints: [{ ...NE('unreachable'), timeAdded: 'then' }] });
    expect(noExecuteTaintChange(node, 'unreachable')).toEqual({ add: [], remove: [] });
  });

  it('removes both NoExecute taints when the node is reachable again', () => {
    const node = testNode('worker-1', { taints: [NE('unreachable'), NE('not-ready')] });
    expect(applyTaintChange(node, [noExecuteTaintChange(node, 'reachable')], 0)).toEqual([]);
  });
});
