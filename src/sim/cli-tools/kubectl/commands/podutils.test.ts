// The orders kubectl picks a workload's first pod by (kubectl v1.31 pkg/util/podutils/podutils.go):
// ByLogging for `logs TYPE/NAME` (polymorphichelpers/logsforobject.go), sort.Reverse(ActivePods) for
// `exec` and `attach` TYPE/NAME (polymorphichelpers/attachablepodforobject.go).
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../api/types';
import { byLogging, byReverseActivePods } from './podutils';

function pod(name: string, o: { node?: string; phase?: string; readySince?: string; restarts?: number; created?: string; deleting?: string }): Pod {
  const conditions = o.readySince ? [{ type: 'Ready', status: 'True', lastTransitionTime: o.readySince }] : [{ type: 'Ready', status: 'False' }];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, creationTimestamp: o.created ?? '2024-08-13T09:00:00Z', ...(o.deleting && { deletionTimestamp: o.deleting }) },
    spec: { containers: [{ name: 'c', image: 'x' }], ...(o.node !== undefined && { nodeName: o.node }) },
    status: { phase: o.phase ?? 'Running', conditions, containerStatuses: [{ name: 'c', restartCount: o.restarts ?? 0 }] },
  } as unknown as Pod;
}

describe('podutils.ByLogging', () => {
  const order = (...pods: Pod[]): string[] => [...pods].sort(byLogging).map((p) => p.metadata.name ?? '');

  it('assigned, then Running < Unknown < Pending, then ready', () => {
    expect(order(pod('unassigned', {}), pod('pending', { node: 'n', phase: 'Pending' }), pod('unknown', { node: 'n', phase: 'Unknown' }), pod('running', { node: 'n' }))).toEqual(['running', 'unknown', 'pending', 'unassigned']);
    expect(order(pod('notready', { node: 'n' }), pod('ready', { node: 'n', readySince: '2024-08-13T09:00:05Z' }))).toEqual(['ready', 'notready']);
  });

  it('ready longer before ready shorter, even when the shorter one restarted more or is older', () => {
    const longer = pod('longer', { node: 'n', readySince: '2024-08-13T09:00:05Z', created: '2024-08-13T09:00:03Z' });
    const shorter = pod('shorter', { node: 'n', readySince: '2024-08-13T09:01:00Z', restarts: 3, created: '2024-08-13T09:00:00Z' });
    expect(order(shorter, longer)).toEqual(['longer', 'shorter']);
  });

  it('then more restarts first, then older first', () => {
    expect(order(pod('few', { node: 'n' }), pod('many', { node: 'n', restarts: 2 }))).toEqual(['many', 'few']);
    expect(order(pod('newer', { node: 'n', created: '2024-08-13T09:00:09Z' }), pod('older', { node: 'n', created: '2024-08-13T09:00:01Z' }))).toEqual(['older', 'newer']);
  });
});

describe('sort.Reverse(podutils.ActivePods)', () => {
  const order = (...ps: Pod[]): string[] => [...ps].sort(byReverseActivePods).map((p) => p.metadata.name ?? '');
  const READY = '2024-08-13T09:00:05Z';

  it('assigned first, then Running before Unknown before Pending, then ready first', () => {
    expect(order(pod('unassigned', {}), pod('pending', { node: 'n', phase: 'Pending' }), pod('unknown', { node: 'n', phase: 'Unknown' }), pod('running', { node: 'n' }))).toEqual(['running', 'unknown', 'pending', 'unassigned']);
    expect(order(pod('notready', { node: 'n' }), pod('ready', { node: 'n', readySince: READY }))).toEqual(['ready', 'notready']);
  });

  it('not deleting before deleting, and the later deletion first among deleting pods', () => {
    expect(order(pod('deleting', { node: 'n', deleting: '2024-08-13T09:05:00Z' }), pod('staying', { node: 'n' }))).toEqual(['staying', 'deleting']);
    expect(order(pod('sooner', { node: 'n', deleting: '2024-08-13T09:05:00Z' }), pod('later', { node: 'n', deleting: '2024-08-13T09:06:00Z' }))).toEqual(['later', 'sooner']);
  });

  it('ready longer first, then fewer restarts first (unlike ByLogging), then older first', () => {
    expect(order(pod('shorter', { node: 'n', readySince: '2024-08-13T09:01:00Z' }), pod('longer', { node: 'n', readySince: READY }))).toEqual(['longer', 'shorter']);
    expect(order(pod('many', { node: 'n', restarts: 2 }), pod('few', { node: 'n' }))).toEqual(['few', 'many']);
    expect(order(pod('newer', { node: 'n', created: '2024-08-13T09:00:09Z' }), pod('older', { node: 'n', created: '2024-08-13T09:00:01Z' }))).toEqual(['older', 'newer']);
  });
});
