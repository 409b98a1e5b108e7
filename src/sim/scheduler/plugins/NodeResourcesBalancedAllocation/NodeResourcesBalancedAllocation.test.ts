import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing';
import { nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { NodeResourcesBalancedAllocation } from './NodeResourcesBalancedAllocation';

// Source: plugins/noderesources/balanced_allocation.go (1 - std of the requested fractions).
describe('NodeResourcesBalancedAllocation', () => {
  it.each([
    ['equal shares score 100', '1', '2Gi', 100],
    ['cpu 50 % and memory 25 % score 87', '1', '1Gi', 87],
  ])('%s', (_n, cpu, memory, want) => {
    const node = nodeInfoOf(makeNode('w', { cpu: '2', memory: '4Gi' }));
    expect(scoreAll(NodeResourcesBalancedAllocation, makePod('p', { cpu, memory }), [node]).raw).toEqual([want]);
  });
});
