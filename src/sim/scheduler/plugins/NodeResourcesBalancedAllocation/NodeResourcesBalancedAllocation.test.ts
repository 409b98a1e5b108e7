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

  it('leaves out a resource the node has none of (one fraction: no deviation, 100)', () => {
    const node = nodeInfoOf(makeNode('w', { cpu: '2', memory: '0' }));
    expect(scoreAll(NodeResourcesBalancedAllocation, makePod('p', { cpu: '1', memory: '1Gi' }), [node]).raw).toEqual([100]);
  });

  it('counts a fraction past the node as full (min 1): cpu 150 % and memory 25 % score 62', () => {
    const node = nodeInfoOf(makeNode('w', { cpu: '2', memory: '4Gi' }));
    expect(scoreAll(NodeResourcesBalancedAllocation, makePod('p', { cpu: '3', memory: '1Gi' }), [node]).raw).toEqual([62]);
  });
});
