// nodeSelectorMatcher parses a pod's required node affinity once per scheduling cycle; it must answer
// exactly as nodeSelectorTermsMatch (k8s.io/component-helpers/scheduling/corev1/nodeaffinity:
// terms ORed, expressions and fields ANDed, an empty term matches nothing, matchFields only on
// metadata.name, an invalid requirement never matches).

import { describe, expect, it } from 'vitest';
import { nodeSelectorMatcher, nodeSelectorTermsMatch } from './labels';
import type { Node, NodeSelectorTerm } from './types';

const node = (name: string, labels: Record<string, string>): Node => ({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels } }) as Node;
const nodes = [node('a', { zone: 'x', gpu: 'yes', size: '8' }), node('b', { zone: 'y', size: '2' }), node('c', {})];

const cases: [string, NodeSelectorTerm[]][] = [
  ['In on a label', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['x'] }] }]],
  ['NotIn', [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['x'] }] }]],
  ['Exists and DoesNotExist', [{ matchExpressions: [{ key: 'gpu', operator: 'Exists' }, { key: 'zone', operator: 'Exists' }] }, { matchExpressions: [{ key: 'zone', operator: 'DoesNotExist' }] }]],
  ['Gt', [{ matchExpressions: [{ key: 'size', operator: 'Gt', values: ['4'] }] }]],
  ['matchFields metadata.name (a DaemonSet pod)', [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['b'] }] }]],
  ['fields and labels ANDed', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['y'] }], matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a'] }] }]],
  ['an empty term matches nothing', [{}]],
  ['an unknown operator never matches', [{ matchExpressions: [{ key: 'zone', operator: 'Near' as 'In', values: ['x'] }] }]],
  ['In without values never matches', [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [] }] }]],
  ['a field other than metadata.name never matches', [{ matchFields: [{ key: 'spec.unschedulable', operator: 'In', values: ['false'] }] }]],
];

describe('nodeSelectorMatcher', () => {
  it.each(cases)('%s: same answers as nodeSelectorTermsMatch', (_name, terms) => {
    const m = nodeSelectorMatcher(terms);
    expect(nodes.map((n) => m(n))).toEqual(nodes.map((n) => nodeSelectorTermsMatch(terms, n)));
  });

  it('selects a DaemonSet pod\'s node and no other', () => {
    const m = nodeSelectorMatcher(cases[4]![1]);
    expect(nodes.map((n) => m(n))).toEqual([false, true, false]);
  });
});
