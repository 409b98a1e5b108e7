import { describe, expect, it } from 'vitest';
import type { OwnerReference, TopologySpreadConstraint } from '../../../api/types';
import { makeNode, makePod } from '../../testing';
import { ctxFor, filterOne, nodeInfoOf, scoreAll } from '../pluginTestUtil';
import { PodTopologySpread } from './PodTopologySpread';

// Source: plugins/podtopologyspread (filtering.go, scoring.go); docs "Pod Topology Spread Constraints".
describe('PodTopologySpread', () => {
  const app = { app: 'web' };
  const a = nodeInfoOf(makeNode('a', { labels: { zone: 'z1' } }), [makePod('w1', { labels: app, nodeName: 'a' }), makePod('w2', { labels: app, nodeName: 'a' })]);
  const b = nodeInfoOf(makeNode('b', { labels: { zone: 'z2' } }));
  const hard: TopologySpreadConstraint = { maxSkew: 1, topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', labelSelector: { matchLabels: app } };

  it.each([
    ['rejects the crowded zone when skew would exceed maxSkew', a, "node(s) didn't match pod topology spread constraints"],
    ['admits the empty zone', b, undefined],
  ] as const)('%s', (_n, node, reason) => {
    const r = filterOne(PodTopologySpread, makePod('w3', { labels: app, spec: { topologySpreadConstraints: [hard] } }), node, [a, b]);
    expect(r.reasons[0]).toBe(reason);
  });

  it('applies the system default constraints to ReplicaSet pods and prefers the emptier node', () => {
    const owner: OwnerReference = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'rs-1', controller: true };
    const mk = (name: string, nodeName?: string) => {
      const p = makePod(name, { nodeName });
      p.metadata.ownerReferences = [owner];
      return p;
    };
    const n1 = nodeInfoOf(makeNode('n1'), [mk('r1', 'n1')]);
    const n2 = nodeInfoOf(makeNode('n2'));
    const { normalized } = scoreAll(PodTopologySpread, mk('r2'), [n1, n2]);
    expect(normalized[1]).toBeGreaterThan(normalized[0]!);
    expect(normalized[1]).toBe(100);
  });

  it('counts the DoNotSchedule domains once per cycle, not once per node (filtering.go PreFilter state)', () => {
    const ctx = ctxFor(makePod('w3', { labels: app, spec: { topologySpreadConstraints: [hard] } }), [a, b]);
    expect(PodTopologySpread.filter!(ctx, b).code).toBe('Success');
    // A pod placed in zone z2 after the cycle began is not seen by this cycle's later filters.
    b.pods.push(...['w9', 'w10', 'w11'].map((n) => makePod(n, { labels: app, nodeName: 'b' })));
    try {
      expect(PodTopologySpread.filter!(ctx, b).code).toBe('Success');
      expect(PodTopologySpread.filter!(ctxFor(ctx.pod.pod, [a, b]), b).code).toBe('Unschedulable');
    } finally {
      b.pods.length = 0;
    }
  });

  it('does not count hostname domains in PreScore: Score counts the node it scores (scoring.go)', () => {
    const owner: OwnerReference = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'rs-1', controller: true };
    const p = makePod('r9');
    p.metadata.ownerReferences = [owner];
    const h1 = nodeInfoOf(makeNode('h1', { labels: { 'kubernetes.io/hostname': 'h1', 'topology.kubernetes.io/zone': 'z1' } }), [p]);
    const ctx = ctxFor(p, [h1]);
    PodTopologySpread.preScore!(ctx, [h1]);
    const st = ctx.state['PodTopologySpread.preScore'] as { counts: Map<string, number>[] };
    expect(st.counts.map((m) => [...m])).toEqual([[], [['z1', 1]]]);
  });

  it('keeps a node count by owner on the NodeInfo, which a new NodeInfo (the node changed) does not share', () => {
    const owner: OwnerReference = { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'rs', uid: 'rs-2', controller: true };
    const mk = (name: string) => {
      const p = makePod(name, { nodeName: 'n1' });
      p.metadata.ownerReferences = [owner];
      return p;
    };
    const one = nodeInfoOf(makeNode('n1'), [mk('r1')]);
    const other = nodeInfoOf(makeNode('n2'));
    expect(scoreAll(PodTopologySpread, mk('r9'), [one, other]).raw[0]).toBe(3);
    expect(one.derived?.get('PodTopologySpread/owner/default/rs-2')).toBe(1);
    const two = nodeInfoOf(makeNode('n1'), [mk('r1'), mk('r2')]);
    expect(scoreAll(PodTopologySpread, mk('r9'), [two, other]).raw[0]).toBe(5);
  });
});
