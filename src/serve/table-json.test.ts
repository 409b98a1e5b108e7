// tableJson is JSON.stringify of the Table, byte for byte, whatever the rows carry; an object listed
// again at the same resourceVersion is not encoded again (cacher/caching_object.go keeps an object's
// serialisation for every watcher and list).
import { describe, expect, it, vi } from 'vitest';
import { tableJson } from './table-json';

const meta = (name: string, rv: string) => ({ kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: { name, uid: `uid-${name}`, resourceVersion: rv, labels: { app: 'x"y' } } });
const table = (rows: unknown[]) => ({ kind: 'Table', apiVersion: 'meta.k8s.io/v1', metadata: { resourceVersion: '9' }, columnDefinitions: [{ name: 'Name', description: 'the "rows"' }], rows });

describe('tableJson', () => {
  it('is JSON.stringify of the Table, for metadata rows, whole objects, rows without an object and extra keys', () => {
    const t = table([
      { cells: ['a', '1/1', '5m'], object: meta('a', '3') },
      { cells: ['b', 0, null], object: { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'b', uid: 'u-b', resourceVersion: '4' }, spec: { containers: [] } } },
      { cells: ['c'], object: undefined },
      { cells: ['d'], object: { metadata: { name: 'd' } } },
      { cells: ['e'], object: meta('e', '5'), conditions: [{ type: 'Completed' }] },
      { cells: ['\u0000rows'], object: meta('f', '6') },
    ]);
    expect(tableJson(t)).toBe(JSON.stringify(t));
    expect(tableJson(table([]))).toBe(JSON.stringify(table([])));
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
