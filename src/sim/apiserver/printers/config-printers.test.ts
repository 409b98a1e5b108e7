// Source: printConfigMap and printSecret in kubernetes pkg/printers/internalversion/printers.go
// (v1.31): ConfigMap DATA counts data and binaryData keys; Secret DATA counts data keys.
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { columnsFor, printerFor } from './tables';

const NOW = 60_000;
const meta = { name: 'x', namespace: 'default', creationTimestamp: '2024-08-13T09:00:00Z' };

describe('kubectl get for ConfigMaps and Secrets', () => {
  it('prints a ConfigMap as NAME, DATA (data plus binaryData keys), AGE', () => {
    const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta, data: { a: '1', b: '2' }, binaryData: { c: 'eA==' } } as KubeObject;
    expect(columnsFor(printerFor('configmaps'), 'configmaps', false)).toEqual(['Name', 'Data', 'Age']);
    expect(printerFor('configmaps').row(cm, NOW, false)).toEqual(['x', '3', '60s']);
  });

  it('prints a Secret as NAME, TYPE, DATA, AGE', () => {
    const s = { apiVersion: 'v1', kind: 'Secret', metadata: meta, type: 'kubernetes.io/tls', data: { 'tls.crt': '', 'tls.key': '' } } as KubeObject;
    expect(columnsFor(printerFor('secrets'), 'secrets', false)).toEqual(['Name', 'Type', 'Data', 'Age']);
    expect(printerFor('secrets').row(s, NOW, false)).toEqual(['x', 'kubernetes.io/tls', '2', '60s']);
  });
});
