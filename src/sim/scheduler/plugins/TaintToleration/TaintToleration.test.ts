import { describe, expect, it } from 'vitest';
import type { Toleration } from '../../../api/types';
import { makeNode, makePod } from '../../testing';
import { filterOne, nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { TaintToleration } from './TaintToleration';

// Source: plugins/tainttoleration/taint_toleration.go; docs "Taints and Tolerations".
describe('TaintToleration', () => {
  const cp = nodeInfoOf(makeNode('control-plane', { taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }));
  it.each<[string, Toleration[], string]>([
    ['rejects a pod without tolerations', [], 'UnschedulableAndUnresolvable'],
    ['admits a pod tolerating the key with Exists', [{ key: 'node-role.kubernetes.io/control-plane', operator: 'Exists', effect: 'NoSchedule' }], 'Success'],
    ['admits a pod tolerating everything', [{ operator: 'Exists' }], 'Success'],
  ])('%s', (_n, tolerations, code) => {
    expect(filterOne(TaintToleration, makePod('p', { spec: { tolerations } }), cp).code).toBe(code);
  });

  it('names the untolerated taint as {key: value}', () => {
    expect(filterOne(TaintToleration, makePod('p'), cp).reasons).toEqual(['node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }']);
  });

  it('ignores PreferNoSchedule in Filter and scores fewer such taints higher', () => {
    const soft = nodeInfoOf(makeNode('a', { taints: [{ key: 'x', effect: 'PreferNoSchedule' }] }));
    const clean = nodeInfoOf(makeNode('b'));
    expect(filterOne(TaintToleration, makePod('p'), soft).code).toBe('Success');
    expect(scoreAll(TaintToleration, makePod('p'), [soft, clean])).toEqual({ raw: [1, 0], normalized: [0, 100] });
  });
});
