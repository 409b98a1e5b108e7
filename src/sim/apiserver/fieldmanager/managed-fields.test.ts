// The field manager (k8s.io/apimachinery/pkg/util/managedfields/internal and
// sigs.k8s.io/structured-merge-diff/v4 merge/update.go) on plain objects, with the examples of the
// kubernetes.io page "Server-Side Apply" (docs/reference/using-api/server-side-apply/): the
// ConfigMap applied by `kubectl`, a conflict on .spec.replicas with the client-side apply that
// created the Deployment, forcing it, sharing a field applied with the same value, and a field
// dropped from the configuration going when nobody else owns it.

import { describe, expect, it } from 'vitest';
import { applyDefaults } from '../../api/defaults';
import { resourceForPath } from '../../api/resources';
import type { KubeObject, Status } from '../../api/types';
import { DECODED_KEPT, decodedKept, recordApply, recordUpdate, type ManagedFieldsEntry } from './managed-fields';

const cm = resourceForPath('', 'v1', 'configmaps')!;
const deployments = resourceForPath('apps', 'v1', 'deployments')!;
const at = (manager: string, info = deployments, subresource = '') => ({ info, subresource, manager, now: 1_000 });
const entries = (o: KubeObject): ManagedFieldsEntry[] => o.metadata.managedFields as ManagedFieldsEntry[];

const CONFIG_MAP = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'test-cm', namespace: 'default', labels: { 'test-label': 'test' } }, data: { key: 'some value' } } as KubeObject;

function deployment(replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'nginx-deployment', labels: { app: 'nginx' } },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'nginx' } },
      template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:1.14.2', ports: [{ containerPort: 80 }] }] } },
    },
  } as KubeObject;
}

function applied(out: ReturnType<typeof recordApply>): KubeObject {
  if ('conflict' in out) throw new Error(out.conflict.message);
  return out.obj;
}

describe('server-side apply', () => {
  it('records the applier\'s fields as the page shows them for the ConfigMap example', () => {
    const obj = applied(recordApply(at('kubectl', cm), undefined, CONFIG_MAP, false));
    expect(entries(obj)).toEqual([
      {
        manager: 'kubectl',
        operation: 'Apply',
        apiVersion: 'v1',
        time: '2024-08-13T09:00:01Z',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:data': { 'f:key': {} }, 'f:metadata': { 'f:labels': { 'f:test-label': {} } } },
      },
    ]);
  });

  it('conflicts on a field another manager set to another value, and forcing takes it', () => {
    const created = recordUpdate(at('kubectl-client-side-apply'), undefined, applyDefaults(deployments, deployment(3), false));
    const out = recordApply(at('kubectl'), created, deployment(5), false);
    expect('conflict' in out && out.conflict).toEqual({
      apiVersion: 'v1',
      kind: 'Status',
      metadata: {},
      status: 'Failure',
      message: 'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas',
      reason: 'Conflict',
      details: { causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: '.spec.replicas' }] },
      code: 409,
    } satisfies Status);
    const forced = applied(recordApply(at('kubectl'), created, deployment(5), true));
    expect((forced.spec as { replicas: number }).replicas).toBe(5);
    const csa = entries(forced).find((e) => e.manager === 'kubectl-client-side-apply')!;
    expect((csa.fieldsV1['f:spec'] as Record<string, unknown>)['f:replicas']).toBeUndefined();
  });

  it('shares a field applied with the value it has, without a conflict', () => {
    const created = recordUpdate(at('kubectl-client-side-apply'), undefined, applyDefaults(deployments, deployment(3), false));
    const obj = applied(recordApply(at('kubectl'), created, deployment(3), false));
    const owners = entries(obj).filter((e) => 'f:replicas' in ((e.fieldsV1['f:spec'] as Record<string, unknown> | undefined) ?? {}));
    expect(owners.map((e) => `${e.manager}/${e.operation}`)).toEqual(['kubectl/Apply', 'kubectl-client-side-apply/Update']);
  });

  it('removes a field dropped from the configuration when no one else owns it', () => {
    const first = applied(recordApply(at('kubectl', cm), undefined, CONFIG_MAP, false));
    const withoutLabel = { ...CONFIG_MAP, metadata: { name: 'test-cm', namespace: 'default' } } as KubeObject;
    const second = applied(recordApply(at('kubectl', cm), first, withoutLabel, false));
    expect(second.metadata.labels).toBeUndefined();
    expect(second.data).toEqual({ key: 'some value' });
  });

  it('keeps a dropped field another manager also owns', () => {
    const first = applied(recordApply(at('kubectl', cm), undefined, CONFIG_MAP, false));
    const shared = applied(recordApply(at('other', cm), first, CONFIG_MAP, false));
    const withoutLabel = { ...CONFIG_MAP, metadata: { name: 'test-cm', namespace: 'default' } } as KubeObject;
    const second = applied(recordApply(at('kubectl', cm), shared, withoutLabel, false));
    expect(second.metadata.labels).toEqual({ 'test-label': 'test' });
  });

  it('merges containers by name and ports by containerPort and protocol', () => {
    const first = applied(recordApply(at('a'), undefined, deployment(1), false));
    const sidecar = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'nginx-deployment' },
      spec: { template: { spec: { containers: [{ name: 'log', image: 'busybox' }, { name: 'nginx', ports: [{ containerPort: 81 }] }] } } },
    } as KubeObject;
    const out = applied(recordApply(at('b'), first, sidecar, false));
    const containers = (out.spec as { template: { spec: { containers: { name: string; image?: string; ports?: unknown[] }[] } } }).template.spec.containers;
    expect(containers.map((c) => c.name)).toEqual(['nginx', 'log']);
    expect(containers[0]!.image).toBe('nginx:1.14.2');
    expect(containers[0]!.ports).toEqual([{ containerPort: 80 }, { containerPort: 81 }]);
  });
});

describe('Update operations', () => {
  it('records a create against the empty object: `.` on new maps and list items, none on value structs', () => {
    const obj = recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false));
    const [e] = entries(obj);
    expect(e!.manager).toBe('kubectl-create');
    expect(e!.operation).toBe('Update');
    const spec = e!.fieldsV1['f:spec'] as Record<string, Record<string, unknown>>;
    expect(e!.fieldsV1['f:metadata']).toEqual({ 'f:labels': { '.': {}, 'f:app': {} } });
    expect(spec['f:strategy']).toEqual({ 'f:rollingUpdate': { '.': {}, 'f:maxSurge': {}, 'f:maxUnavailable': {} }, 'f:type': {} });
    expect(spec['f:selector']).toEqual({});
    expect(Object.keys((spec['f:template']!['f:spec'] as Record<string, Record<string, unknown>>)['f:containers']!)).toEqual(['k:{"name":"nginx"}']);
  });

  it('moves a changed field to the writer and leaves an unchanged object\'s entries alone', () => {
    const created = recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false));
    const scaled = recordUpdate({ ...at('kubectl-scale'), now: 5_000 }, created, { ...created, spec: { ...(created.spec as object), replicas: 4 } });
    const names = entries(scaled).map((e) => e.manager);
    expect(names).toEqual(['kubectl-create', 'kubectl-scale']);
    expect(entries(scaled)[1]!.fieldsV1).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(recordUpdate({ ...at('other'), now: 9_000 }, scaled, scaled).metadata.managedFields).toEqual(scaled.metadata.managedFields);
  });

  it('keeps a status write to status (subresource status)', () => {
    const created = recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false));
    const out = recordUpdate(at('kube-controller-manager', deployments, 'status'), created, { ...created, status: { replicas: 1 } });
    const e = entries(out).find((x) => x.manager === 'kube-controller-manager')!;
    expect(e).toMatchObject({ operation: 'Update', subresource: 'status', fieldsV1: { 'f:status': { 'f:replicas': {} } } });
  });

  it('starts the next write from the entries it left as from the same entries read afresh', () => {
    // The entries a write encodes are kept with the managers they came from, so the next write of
    // the stored object does not parse them again; what it records must be what parsing gives.
    const copy = (o: KubeObject): KubeObject => JSON.parse(JSON.stringify(o)) as KubeObject;
    const writes: [string, string, number, (o: KubeObject) => KubeObject][] = [
      ['kubectl-scale', '', 5_000, (o) => ({ ...o, spec: { ...(o.spec as object), replicas: 4 } })],
      ['kube-controller-manager', 'status', 6_000, (o) => ({ ...o, status: { replicas: 4 } })],
      ['kubectl-label', '', 7_000, (o) => ({ ...o, metadata: { ...o.metadata, labels: { tier: 'web' } } })],
      ['kubectl-scale', '', 8_000, (o) => ({ ...o, spec: { ...(o.spec as object), replicas: 2 } })],
    ];
    let kept = recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false));
    let read = copy(kept);
    for (const [manager, sub, now, change] of writes) {
      kept = recordUpdate({ ...at(manager, deployments, sub), now }, kept, change(kept));
      read = recordUpdate({ ...at(manager, deployments, sub), now }, read, change(read));
      expect(copy(kept)).toEqual(copy(read));
      read = copy(read);
    }
    const out = recordApply({ ...at('kubectl'), now: 9_000 }, kept, deployment(3), true);
    expect(copy(applied(out))).toEqual(copy(applied(recordApply({ ...at('kubectl'), now: 9_000 }, copy(kept), deployment(3), true))));
  });
});

// Issue 14 (memory per pod): the decoded sets are a cache for the next write of an object; every
// stored version keeping its own took 16-24 KB per pod at 50 x 1,000 (heap snapshot, bench/heap-snapshot.ts).
describe('decoded managedFields kept in memory', () => {
  const scale = (o: KubeObject, replicas: number, now: number) => recordUpdate({ ...at('kubectl-scale'), now }, o, { ...o, spec: { ...(o.spec as object), replicas } });

  it('keeps one decoded entry per object, not one per stored version', () => {
    let obj = scale(recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false)), 2, 2_000);
    const kept = decodedKept();
    for (let r = 3; r < 13; r++) obj = scale(obj, r, r * 1_000);
    expect(decodedKept()).toBe(kept);
  });

  it('keeps at most DECODED_KEPT, and a write that misses gives the entries a write that hit gives', () => {
    const created = scale(recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false)), 2, 2_000);
    const hit = scale(created, 5, 9_000);
    for (let i = 0; i <= DECODED_KEPT; i++) {
      const c = recordUpdate(at('kubectl-create', cm), undefined, { ...CONFIG_MAP, metadata: { ...CONFIG_MAP.metadata, name: `cm-${i}` } });
      recordUpdate(at('kubectl-edit', cm), c, { ...c, data: { key: `v${i}` } });
    }
    expect(decodedKept()).toBeLessThanOrEqual(DECODED_KEPT);
    const missed = scale(created, 5, 9_000);
    expect(entries(missed)).toEqual(entries(hit));
  });
});

// Issue 14 (memory per pod): an entry a write leaves as it was is the same frozen object in the new
// version, and equal entries of other objects (the pods of a ReplicaSet) are one object too; each
// version held its own (5.3 MB of etcd's history at 150 x 3,000, heap snapshot).
describe('managedFields entries shared', () => {
  const scale = (o: KubeObject, replicas: number, now: number) => recordUpdate({ ...at('kubectl-scale'), now }, o, { ...o, spec: { ...(o.spec as object), replicas } });

  it('keeps an unchanged manager\'s entry as the same frozen object in the next version', () => {
    const created = recordUpdate(at('kubectl-create'), undefined, applyDefaults(deployments, deployment(1), false));
    const v2 = scale(created, 2, 2_000);
    const v3 = scale(v2, 3, 3_000);
    const create = (o: KubeObject) => entries(o).find((e) => e.manager === 'kubectl-create')!;
    // (v2 took .spec.replicas from kubectl-create; from then on its entry stays as it is.)
    expect(create(v3)).toBe(create(v2));
    expect(Object.isFrozen(create(v3))).toBe(true);
    // The scaler's set did not change, so neither did its time (managedFieldsUpdater keeps it): one entry.
    const scaler = (o: KubeObject) => entries(o).find((e) => e.manager === 'kubectl-scale')!;
    expect(scaler(v3)).toBe(scaler(v2));
    expect(scaler(v3).time).toBe('2024-08-13T09:00:02Z');
  });

  it('gives two objects written alike by the same manager in the same second one entry', () => {
    const a = recordUpdate(at('kubectl-create', cm), undefined, { ...CONFIG_MAP, metadata: { ...CONFIG_MAP.metadata, name: 'a' } });
    const b = recordUpdate(at('kubectl-create', cm), undefined, { ...CONFIG_MAP, metadata: { ...CONFIG_MAP.metadata, name: 'b' } });
    expect(entries(a)[0]).toBe(entries(b)[0]);
    const later = recordUpdate({ ...at('kubectl-create', cm), now: 5_000 }, undefined, { ...CONFIG_MAP, metadata: { ...CONFIG_MAP.metadata, name: 'c' } });
    expect(entries(later)[0]).not.toBe(entries(a)[0]);
    expect(entries(later)[0]).toEqual({ ...entries(a)[0], time: '2024-08-13T09:00:05Z' });
  });
});
