import { describe, expect, it } from 'vitest';
import { makeNode, makePod } from '../../testing';
import { filterOne, nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { NodeResourcesFit } from './NodeResourcesFit';

// Source: plugins/noderesources/fit.go (fitsRequest) and least_allocated.go.
describe('NodeResourcesFit', () => {
  const node = nodeInfoOf(makeNode('w', { cpu: '2', memory: '4Gi', pods: '2' }), [makePod('a', { cpu: '1', memory: '1Gi', nodeName: 'w' })]);
  it.each([
    ['fits what is left', { cpu: '1', memory: '3Gi' }, 'Success', []],
    ['lacks cpu that others hold', { cpu: '1500m' }, 'Unschedulable', ['Insufficient cpu']],
    ['lacks both', { cpu: '1500m', memory: '3500Mi' }, 'Unschedulable', ['Insufficient cpu', 'Insufficient memory']],
    // v1.31: still Unschedulable (UnschedulableAndUnresolvable came with kubernetes/kubernetes#131345, v1.34).
    ['asks more memory than the node has at all', { memory: '8Gi' }, 'Unschedulable', ['Insufficient memory']],
  ] as const)('%s', (_n, req, code, reasons) => {
    expect(filterOne(NodeResourcesFit, makePod('p', req), node)).toEqual({ code, reasons: [...reasons] });
  });

  it('counts pods against the pods capacity', () => {
    const full = nodeInfoOf(makeNode('w', { pods: '1' }), [makePod('a', { nodeName: 'w' })]);
    expect(filterOne(NodeResourcesFit, makePod('p'), full).reasons).toEqual(['Too many pods']);
  });

  it('scores the emptier node higher (LeastAllocated, non-zero requests)', () => {
    const empty = nodeInfoOf(makeNode('e', { cpu: '2', memory: '4Gi' }));
    // cpu (2000-1100)*100/2000 = 45, memory (4096-1024-200)*100/4096 = 70 -> 57; empty: 95, 95 -> 95.
    expect(scoreAll(NodeResourcesFit, makePod('p'), [node, empty]).raw).toEqual([57, 95]);
  });
});
