// The cap on Update managers (k8s.io/apimachinery/pkg/util/managedfields/internal/capmanagers.go,
// DefaultMaxUpdateManagers = 10, manager name "ancient-changes"; capmanagers_test.go's cases:
// the oldest updates are merged into one entry per apiVersion, Apply entries are left alone).

import { describe, expect, it } from 'vitest';
import { resourceForPath } from '../../api/resources';
import type { KubeObject } from '../../api/types';
import { recordApply, recordUpdate, type ManagedFieldsEntry } from './managed-fields';

const cm = resourceForPath('', 'v1', 'configmaps')!;
const entries = (o: KubeObject): ManagedFieldsEntry[] => o.metadata.managedFields as ManagedFieldsEntry[];

/** Manager mNN sets data key kNN at second NN (times in whole seconds, as the cap compares them). */
function updatedBy(count: number, start: KubeObject): KubeObject {
  let obj = start;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(2, '0');
    const next = { ...obj, data: { ...(obj.data as Record<string, string>), [`k${n}`]: n } } as KubeObject;
    obj = recordUpdate({ info: cm, subresource: '', manager: `m${n}`, now: i * 1_000 }, obj, next);
  }
  return obj;
}

const base = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' } } as KubeObject;

describe('capUpdateManagers (capmanagers.go)', () => {
  it('keeps ten Update entries as they are', () => {
    const obj = updatedBy(10, base);
    expect(entries(obj).map((e) => e.manager)).toEqual(['m01', 'm02', 'm03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10']);
  });

  it('merges the two oldest into ancient-changes at the eleventh, with the later time and both sets', () => {
    const obj = updatedBy(11, base);
    const list = entries(obj);
    expect(list).toHaveLength(10);
    expect(list[0]).toEqual({
      manager: 'ancient-changes',
      operation: 'Update',
      apiVersion: 'v1',
      time: '2024-08-13T09:00:02Z',
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:data': { '.': {}, 'f:k01': {}, 'f:k02': {} } },
    });
    expect(list.slice(1).map((e) => e.manager)).toEqual(['m03', 'm04', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11']);
  });

  it('merges the next oldest into the bucket that is there already', () => {
    const list = entries(updatedBy(13, base));
    expect(list.map((e) => e.manager)).toEqual(['ancient-changes', 'm05', 'm06', 'm07', 'm08', 'm09', 'm10', 'm11', 'm12', 'm13']);
    expect(list[0]!.time).toBe('2024-08-13T09:00:04Z');
    expect(Object.keys(list[0]!.fieldsV1['f:data'] as object)).toEqual(['.', 'f:k01', 'f:k02', 'f:k03', 'f:k04']);
  });

  it('neither counts nor merges Apply entries', () => {
    const applied = recordApply({ info: cm, subresource: '', manager: 'applier', now: 0 }, base, { ...base, data: { a: 'x' } } as KubeObject, false);
    if ('conflict' in applied) throw new Error(applied.conflict.message);
    const list = entries(updatedBy(11, applied.obj));
    expect(list.map((e) => `${e.manager}/${e.operation}`)).toEqual(['applier/Apply', 'ancient-changes/Update', 'm03/Update', 'm04/Update', 'm05/Update', 'm06/Update', 'm07/Update', 'm08/Update', 'm09/Update', 'm10/Update', 'm11/Update']);
  });
});
