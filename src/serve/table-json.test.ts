// tableJson is wireJson of the Table (kube-apiserver's field order, src/sim/api/wire-json.ts), byte
// for byte, whatever the rows carry; an object listed
// again at the same resourceVersion is not encoded again (cacher/caching_object.go keeps an object's
// serialisation for every watcher and list).
import { describe, expect, it, vi } from 'vitest';
import { wireJson } from '../sim/api/wire-json';
import { tableJson } from './table-json';

const meta = (name: string, rv: string) => ({ apiVersion: 'meta.k8s.io/v1', kind: 'PartialObjectMetadata', metadata: { resourceVersion: rv, name, uid: `uid-${name}`, labels: { app: 'x"y' } } });
const table = (rows: unknown[]) => ({ apiVersion: 'meta.k8s.io/v1', kind: 'Table', metadata: { resourceVersion: '9' }, columnDefinitions: [{ name: 'Name', description: 'the "rows"' }], rows });

describe('tableJson', () => {
  it('is wireJson of the Table (kind first, ObjectMeta in struct order), for metadata rows, whole objects, rows without an object and extra keys', () => {
    const t = table([
      { cells: ['a', '1/1', '5m'], object: meta('a', '3') },
      { cells: ['b', 0, null], object: { apiVersion: 'v1', kind: 'Pod', metadata: { resourceVersion: '4', name: 'b', uid: 'u-b' }, spec: { containers: [] } } },
      { cells: ['c'], object: undefined },
      { cells: ['d'], object: { metadata: { name: 'd' } } },
      { cells: ['e'], object: meta('e', '5'), conditions: [{ type: 'Completed' }] },
      { cells: ['\u0000rows'], object: meta('f', '6') },
    ]);
    expect(tableJson(t)).toBe(wireJson(t));
    expect(tableJson(t)).toContain('{"kind":"Pod","apiVersion":"v1","metadata":{"name":"b","uid":"u-b","resourceVersion":"4"}');
    expect(tableJson(table([]))).toBe(wireJson(table([])));
  });

  it('encodes an object once per resourceVersion, and again once it changed', () => {
    const spy = vi.spyOn(JSON, 'stringify');
    const a3 = meta('cached', '3');
    tableJson(table([{ cells: ['a'], object: a3 }]));
    const objectEncodings = () => spy.mock.calls.filter((c) => c[0] !== null && typeof c[0] === 'object' && (c[0] as { kind?: string }).kind === 'PartialObjectMetadata').length;
    expect(objectEncodings()).toBe(1);
    tableJson(table([{ cells: ['a'], object: meta('cached', '3') }]));
    expect(objectEncodings()).toBe(1);
    const a4 = meta('cached', '4');
    a4.metadata.labels = { app: 'changed' };
    expect(tableJson(table([{ cells: ['a'], object: a4 }]))).toContain('"changed"');
    expect(objectEncodings()).toBe(2);
    spy.mockRestore();
  });
});
