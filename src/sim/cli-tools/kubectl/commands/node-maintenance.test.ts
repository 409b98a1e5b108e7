// The pure parts of kubectl drain and taint. Sources: kubectl/pkg/drain/filters.go (v1.31: filter
// order, the fatal and warning texts, grouping by message) and kubectl/pkg/cmd/taint/utils.go
// (parseTaint, reorganizeTaints: tainted, untainted, modified, `taint "k:E" not found`).
import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../api/types';
import { deleteErrors, deleteWarnings, filterPod, type DrainOptions } from './drain-filters';
import { parseTaints, reorganizeTaints } from './taint';

function pod(name: string, owner?: string, extra: Partial<Pod['spec']> = {}): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: 'default', ownerReferences: owner ? [{ apiVersion: 'apps/v1', kind: owner, name: 'x', uid: 'u', controller: true }] : undefined },
    spec: { containers: [{ name: 'c' }], ...extra },
    status: { phase: 'Running' },
  };
}

const NONE: DrainOptions = { force: false, ignoreDaemonSets: false, deleteEmptyDirData: false };

describe('kubectl drain filters', () => {
  it.each([
    ['a ReplicaSet pod is evicted', pod('a', 'ReplicaSet'), NONE, { delete: true, reason: 'Okay' }],
    ['a DaemonSet pod stops the drain', pod('a', 'DaemonSet'), NONE, { delete: false, reason: 'Error', message: 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)' }],
    ['a DaemonSet pod is skipped with a warning under --ignore-daemonsets', pod('a', 'DaemonSet'), { ...NONE, ignoreDaemonSets: true }, { delete: false, reason: 'Warning', message: 'ignoring DaemonSet-managed Pods' }],
    ['a bare pod stops the drain', pod('a'), NONE, { delete: false, reason: 'Error', message: 'Pods declare no controller (use --force to override)' }],
    ['a bare pod is deleted with a warning under --force', pod('a'), { ...NONE, force: true }, { delete: true, reason: 'Warning', message: 'deleting Pods that declare no controller' }],
    ['an emptyDir pod stops the drain', pod('a', 'ReplicaSet', { volumes: [{ name: 'v', emptyDir: {} }] }), NONE, { delete: false, reason: 'Error', message: 'Pods with local storage (use --delete-emptydir-data to override)' }],
  ])('%s', (_name, p, o, want) => {
    expect(filterPod(p, o, { t: 'found' })).toEqual(want);
  });

  it('groups errors and warnings by message in the order they first appear', () => {
    const items = [
      { pod: pod('a'), status: filterPod(pod('a'), NONE, undefined) },
      { pod: pod('ds-1', 'DaemonSet'), status: filterPod(pod('ds-1', 'DaemonSet'), NONE, { t: 'found' }) },
      { pod: pod('b'), status: filterPod(pod('b'), NONE, undefined) },
    ];
    expect(deleteErrors(items)).toEqual([
      'cannot delete Pods declare no controller (use --force to override): default/a, default/b',
      'cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): default/ds-1',
    ]);
    const o = { force: true, ignoreDaemonSets: true, deleteEmptyDirData: false };
    const warned = items.map((x) => ({ pod: x.pod, status: filterPod(x.pod, o, { t: 'found' }) }));
    expect(deleteWarnings(warned)).toBe('deleting Pods that declare no controller: default/a, default/b; ignoring DaemonSet-managed Pods: default/ds-1');
  });
});

describe('kubectl taint parsing and reorganizing', () => {
  it('parses additions and removals', () => {
    expect(parseTaints(['dedicated=db:NoSchedule', 'gpu:NoExecute', 'old-', 'x:PreferNoSchedule-'])).toEqual({
      add: [{ key: 'dedicated', value: 'db', effect: 'NoSchedule' }, { key: 'gpu', effect: 'NoExecute' }],
      remove: [{ key: 'old' }, { key: 'x', effect: 'PreferNoSchedule' }],
    });
    expect(parseTaints(['a=b:Sometimes'])).toBe('invalid taint effect: Sometimes, unsupported taint effect');
    expect(parseTaints(['a=b'])).toBe('invalid taint spec: a=b');
    expect(parseTaints(['a=b:NoSchedule', 'a=c:NoSchedule'])).toBe('duplicated taints with the same key and effect: {a c NoSchedule <nil>}');
  });

  it.each([
    ['an addition taints', [], [{ key: 'a', effect: 'NoSchedule' as const }], [], false, 'tainted'],
    ['a removal untaints', [{ key: 'a', effect: 'NoSchedule' as const }], [], [{ key: 'a' }], false, 'untainted'],
    ['both modify', [{ key: 'a', effect: 'NoSchedule' as const }], [{ key: 'b', effect: 'NoSchedule' as const }], [{ key: 'a' }], false, 'modified'],
    ['--overwrite modifies', [{ key: 'a', value: '1', effect: 'NoSchedule' as const }], [{ key: 'a', value: '2', effect: 'NoSchedule' as const }], [], true, 'modified'],
  ])('reports that %s', (_name, old, add, remove, overwrite, op) => {
    const r = reorganizeTaints(old, add, remove, overwrite);
    expect('operation' in r && r.operation).toBe(op);
  });

  it('fails a removal that finds nothing', () => {
    expect(reorganizeTaints([], [], [{ key: 'a', effect: 'NoSchedule' }], false)).toEqual({ error: 'taint "a:NoSchedule" not found' });
  });
});
