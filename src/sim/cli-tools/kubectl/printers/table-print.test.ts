// kubectl's printing of a server-side Table (cli-runtime printers/tableprinter.go: decorateTable,
// printTable): what the client adds to the apiserver's cells, and what it leaves out.
import { describe, expect, it } from 'vitest';
import type { Table } from '../../../apiserver/table';
import { printTable } from './table-print';

function table(rows: Table['rows']): Table {
  return {
    kind: 'Table',
    apiVersion: 'meta.k8s.io/v1',
    metadata: { resourceVersion: '7' },
    columnDefinitions: [
      { name: 'Name', type: 'string', format: 'name', description: '', priority: 0 },
      { name: 'Message', type: 'string', format: '', description: '', priority: 0 },
      { name: 'Node', type: 'string', format: '', description: '', priority: 1 },
    ],
    rows,
  };
}

const meta = (name: string, labels?: Record<string, string>) => ({
  kind: 'PartialObjectMetadata',
  apiVersion: 'meta.k8s.io/v1',
  metadata: { name, namespace: 'dev', labels },
});

const BASE = { wide: false, withNamespace: false, showLabels: false, noHeaders: false };

describe('printing a server-side Table', () => {
  it('keeps the columns of priority 0 unless -o wide asks for all', () => {
    const t = table([{ cells: ['web', 'hi', 'worker-1'], object: meta('web') }]);
    expect(printTable(t, BASE)).toBe('NAME   MESSAGE\nweb    hi\n');
    expect(printTable(t, { ...BASE, wide: true })).toBe('NAME   MESSAGE   NODE\nweb    hi        worker-1\n');
  });

  it('takes NAMESPACE, -L columns and LABELS from the metadata each row carries', () => {
    const t = table([{ cells: ['web', 'hi', 'w'], object: meta('web', { app: 'web', 'example.com/tier': 'front' }) }]);
    expect(printTable(t, { ...BASE, withNamespace: true, labelColumns: ['example.com/tier', 'nope'], showLabels: true })).toBe(
      'NAMESPACE   NAME   MESSAGE   TIER    NOPE   LABELS\n' + 'dev         web    hi        front          app=web,example.com/tier=front\n',
    );
  });

  it('puts the kind before the cell of the column whose format is name', () => {
    const t = table([{ cells: ['web', 'hi', 'w'], object: meta('web') }]);
    expect(printTable(t, { ...BASE, kind: 'deployment.apps' })).toBe('NAME                  MESSAGE\ndeployment.apps/web   hi\n');
  });

  it('cuts a cell at its first line break and shows the escape character as ^[', () => {
    const t = table([{ cells: ['web', 'first line\nsecond', 'w'], object: meta('web') }, { cells: ['db', '\x1b[31mred', 'w'], object: meta('db') }]);
    expect(printTable(t, BASE)).toBe('NAME   MESSAGE\nweb    first line...\ndb     ^[[31mred\n');
  });

  it('prints nothing, not even the header, for a Table without rows', () => {
    expect(printTable(table([]), BASE)).toBe('');
  });

  it('leaves the label and namespace cells empty for a row without an object', () => {
    const t = table([{ cells: ['web', 'hi', 'w'], object: undefined }]);
    expect(printTable(t, { ...BASE, withNamespace: true, showLabels: true })).toBe('NAMESPACE   NAME   MESSAGE   LABELS\n            web    hi        \n');
  });
});
