// Cases follow printRole, printClusterRole, printRoleBinding, printClusterRoleBinding and
// printServiceAccount in kubernetes pkg/printers/internalversion/printers.go, and
// rbac.SubjectsStrings (pkg/apis/rbac/helpers.go).
import { describe, expect, it } from 'vitest';
import type { KubeObject } from '../../api/types';
import { columnsFor, printerFor } from './tables';

const NOW = 60_000;
const created = '2024-08-13T09:00:00Z';

describe('kubectl get for RBAC objects and service accounts', () => {
  it('prints roles and clusterroles as NAME and CREATED AT (RFC 3339)', () => {
    const p = printerFor('clusterroles');
    expect(columnsFor(p, 'clusterroles', false)).toEqual(['Name', 'Created At']);
    expect(p.row({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'view', creationTimestamp: created } }, NOW, false)).toEqual(['view', created]);
  });

  it('prints bindings as NAME, ROLE (Kind/name), AGE, and with -o wide USERS, GROUPS, SERVICEACCOUNTS', () => {
    const b = {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'b', namespace: 'dev', creationTimestamp: created },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'pod-creator' },
      subjects: [
        { kind: 'User', name: 'jane' },
        { kind: 'User', name: 'bob' },
        { kind: 'ServiceAccount', name: 'ci', namespace: 'dev' },
      ],
    } as unknown as KubeObject;
    const p = printerFor('rolebindings');
    expect(columnsFor(p, 'rolebindings', true)).toEqual(['Name', 'Role', 'Age', 'Users', 'Groups', 'ServiceAccounts']);
    expect(p.row(b, NOW, false)).toEqual(['b', 'Role/pod-creator', '60s']);
    expect(p.row(b, NOW, true)).toEqual(['b', 'Role/pod-creator', '60s', 'jane, bob', '', 'dev/ci']);
  });

  it('prints service accounts as NAME, SECRETS (a count), AGE', () => {
    const sa = { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: 'dev', creationTimestamp: created } } as KubeObject;
    expect(columnsFor(printerFor('serviceaccounts'), 'serviceaccounts', false)).toEqual(['Name', 'Secrets', 'Age']);
    expect(printerFor('serviceaccounts').row(sa, NOW, false)).toEqual(['default', '0', '60s']);
  });
});
