// A LIST served from etcd (a consistent read: kubectl get without resourceVersion) turns each stored
// KeyValue into an object carrying its resourceVersion (etcd3/store.go GetList: decode, then
// versioner.UpdateObject with the key's ModRevision). The simulation makes that object once per
// stored version and reuses it (bench serve-list-3000), as watchers already share one object.
import { describe, expect, it } from 'vitest';
import type { KeyValue } from '../etcd/protocol';
import { listedObjectFromKv, objectFromKv } from './watchcache';

const kv = (rev: number): KeyValue => ({
  key: '/registry/pods/default/web',
  createRevision: 5,
  modRevision: rev,
  version: rev - 4,
  value: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'default' } },
  valueSize: 10,
});

describe('listedObjectFromKv', () => {
  it('is the stored object with its mod revision as resourceVersion, made once per stored version', () => {
    const v6 = kv(6);
    const first = listedObjectFromKv(v6);
    expect(first).toEqual(objectFromKv(v6));
    expect(first.metadata.resourceVersion).toBe('6');
    expect(listedObjectFromKv(v6)).toBe(first);
    const v7 = listedObjectFromKv(kv(7));
    expect(v7).not.toBe(first);
    expect(v7.metadata.resourceVersion).toBe('7');
    // The stored value itself is left without one (etcd's revision is the version).
    expect((v6.value as { metadata: Record<string, unknown> }).metadata.resourceVersion).toBeUndefined();
  });
});
