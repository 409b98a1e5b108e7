// printLease (NAME HOLDER AGE) and printNamespace (NAME STATUS AGE) in kubernetes
// pkg/printers/internalversion/printers.go (leaseColumnDefinitions, namespaceColumnDefinitions).
import { describe, expect, it } from 'vitest';
import { resourceForName } from '../../../api/resources';
import { rfc3339, rfc3339Micro } from '../../../api/time';
import type { Lease, Namespace } from '../../../api/types';
import { renderTable } from './table-print';

const NOW = 600_000;
const OPTS = { now: NOW, wide: false, withNamespace: false, withKind: false, showLabels: false, noHeaders: false };

describe('lease and namespace tables', () => {
  it('prints leases with their holder', () => {
    const lease: Lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'kube-scheduler', namespace: 'kube-system', creationTimestamp: rfc3339(-10_000) },
      spec: { holderIdentity: 'control-plane_0f8e2c61-5b1a-4e0c-9a51-1c2d3e4f5a6b', leaseDurationSeconds: 15, renewTime: rfc3339Micro(NOW) },
    };
    expect(renderTable(resourceForName('leases')!, [lease], OPTS)).toBe(
      'NAME             HOLDER                                               AGE\nkube-scheduler   control-plane_0f8e2c61-5b1a-4e0c-9a51-1c2d3e4f5a6b   10m\n',
    );
  });

  it('prints a namespace being deleted as Terminating', () => {
    const ns = (name: string, phase: 'Active' | 'Terminating'): Namespace => ({
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, creationTimestamp: rfc3339(0) },
      spec: { finalizers: ['kubernetes'] },
      status: { phase },
    });
    expect(renderTable(resourceForName('ns')!, [ns('default', 'Active'), ns('dev', 'Terminating')], OPTS)).toBe(
      'NAME      STATUS        AGE\ndefault   Active        10m\ndev       Terminating   10m\n',
    );
  });
});
