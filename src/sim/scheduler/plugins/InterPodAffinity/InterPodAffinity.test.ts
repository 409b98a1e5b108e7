import { describe, expect, it } from 'vitest';
import type { Affinity, PodAffinityTerm } from '../../../api/types';
import { makeNode, makePod } from '../../testing';
import { filterOne, nodeInfoOf } from '../pluginTestUtil';
import { InterPodAffinity } from './InterPodAffinity';

// Source: plugins/interpodaffinity/filtering.go; docs "Assigning Pods to Nodes" (inter-pod affinity).
describe('InterPodAffinity', () => {
  const term: PodAffinityTerm = { labelSelector: { matchLabels: { app: 'db' } }, topologyKey: 'kubernetes.io/hostname' };
  const withDb = nodeInfoOf(makeNode('a'), [makePod('db', { labels: { app: 'db' }, nodeName: 'a' })]);
  const empty = nodeInfoOf(makeNode('b'));
  const all = [withDb, empty];
  it.each([
    ['affinity admits the node with a matching pod', { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } }, withDb, []],
    ['affinity rejects a node without one', { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } }, empty, ["node(s) didn't match pod affinity rules"]],
    ['anti-affinity rejects the node with a matching pod', { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term] } }, withDb, ["node(s) didn't match pod anti-affinity rules"]],
  ] as const)('%s', (_n, affinity, node, reasons) => {
    expect(filterOne(InterPodAffinity, makePod('web', { spec: { affinity: affinity as unknown as Affinity } }), node, all).reasons).toEqual([...reasons]);
  });

  it('lists on the NodeInfo only the pods with required anti-affinity (NodeInfo.PodsWithRequiredAntiAffinity)', () => {
    const away = { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } };
    const n = nodeInfoOf(makeNode('a'), [makePod('plain', { nodeName: 'a' }), makePod('shy', { nodeName: 'a', spec: { affinity: away } })]);
    expect(n.podsWithRequiredAntiAffinity.map((p) => p.metadata.name)).toEqual(['shy']);
  });

  it("honours existing pods' anti-affinity", () => {
    const guard = makePod('guard', { nodeName: 'a', spec: { affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' }] } } } });
    const a = nodeInfoOf(makeNode('a'), [guard]);
    expect(filterOne(InterPodAffinity, makePod('web', { labels: { app: 'web' } }), a, [a]).reasons).toEqual(["node(s) didn't satisfy existing pods anti-affinity rules"]);
  });
});
