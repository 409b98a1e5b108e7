import { describe, expect, it } from 'vitest';
import type { PodSpec } from '../../../api/types';
import { makeNode, makePod } from '../../testing';
import { filterOne, nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { NodeAffinity } from './NodeAffinity';

// Source: plugins/nodeaffinity/node_affinity.go; docs "Assigning Pods to Nodes".
describe('NodeAffinity', () => {
  const ssd = nodeInfoOf(makeNode('a', { labels: { disktype: 'ssd' } }));
  const hdd = nodeInfoOf(makeNode('b', { labels: { disktype: 'hdd' } }));
  it.each<[string, Partial<PodSpec>, string, string]>([
    ['nodeSelector matches', { nodeSelector: { disktype: 'ssd' } }, 'a', 'Success'],
    ['nodeSelector does not match', { nodeSelector: { disktype: 'ssd' } }, 'b', 'UnschedulableAndUnresolvable'],
    [
      'required affinity In matches',
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disktype', operator: 'In', values: ['hdd'] }] }] } } } },
      'b',
      'Success',
    ],
    [
      'required affinity NotIn rejects',
      { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'disktype', operator: 'NotIn', values: ['hdd'] }] }] } } } },
      'b',
      'UnschedulableAndUnresolvable',
    ],
  ])('%s', (_n, spec, node, code) => {
    const r = filterOne(NodeAffinity, makePod('p', { spec }), node === 'a' ? ssd : hdd);
    expect(r.code).toBe(code);
    if (code !== 'Success') expect(r.reasons).toEqual(["node(s) didn't match Pod's node affinity/selector"]);
  });

  it('scores preferred terms by weight, normalised to 100', () => {
    const spec: Partial<PodSpec> = {
      affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, preference: { matchExpressions: [{ key: 'disktype', operator: 'In', values: ['ssd'] }] } }] } },
    };
    expect(scoreAll(NodeAffinity, makePod('p', { spec }), [ssd, hdd])).toEqual({ raw: [10, 0], normalized: [100, 0] });
  });
});
