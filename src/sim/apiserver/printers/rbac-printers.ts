// `kubectl get` tables for RBAC objects and service accounts, as kubernetes pkg/printers/
// internalversion/printers.go builds them: printRole and printClusterRole (NAME, CREATED AT as
// RFC 3339 in UTC), printRoleBinding and printClusterRoleBinding (NAME, ROLE as Kind/name, AGE;
// -o wide adds USERS, GROUPS and SERVICEACCOUNTS from rbac.SubjectsStrings), and
// printServiceAccount (NAME, SECRETS as the number of secrets, AGE).

import type { KubeObject } from '../../api/types';
import { parseTime, rfc3339 } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';

function age(ts: string | null | undefined, now: number): string {
  return ts ? humanDuration(now - parseTime(ts)) : '<unknown>';
}

/** convertToHumanReadableDateTime: the creation time as RFC 3339 in UTC, `<unknown>` when unset. */
function createdAt(ts: string | null | undefined): string {
  return ts ? rfc3339(parseTime(ts)) : '<unknown>';
}

interface BindingShape {
  roleRef?: { kind?: string; name?: string };
  subjects?: { kind?: string; name?: string; namespace?: string }[];
}

/** rbac.SubjectsStrings: users, groups and `namespace/name` of service accounts, each joined with ", ". */
export function subjectsStrings(subjects: BindingShape['subjects']): [string, string, string] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of subjects ?? []) {
    if (s.kind === 'User') users.push(s.name ?? '');
    else if (s.kind === 'Group') groups.push(s.name ?? '');
    else if (s.kind === 'ServiceAccount') sas.push(s.namespace ? `${s.namespace}/${s.name ?? ''}` : (s.name ?? ''));
  }
  return [users.join(', '), groups.join(', '), sas.join(', ')];
}

export const rolePrinter: TablePrinter = {
  columns: ['Name', 'Created At'],
  wideColumns: [],
  row(obj) {
    return [obj.metadata.name ?? '', createdAt(obj.metadata.creationTimestamp)];
  },
};

export const roleBindingPrinter: TablePrinter = {
  columns: ['Name', 'Role', 'Age'],
  wideColumns: ['Users', 'Groups', 'ServiceAccounts'],
  row(obj: KubeObject, now, wide) {
    const b = obj as unknown as BindingShape;
    const cells = [obj.metadata.name ?? '', `${b.roleRef?.kind ?? ''}/${b.roleRef?.name ?? ''}`, age(obj.metadata.creationTimestamp, now)];
    if (wide) cells.push(...subjectsStrings(b.subjects));
    return cells;
  },
};

export const serviceAccountPrinter: TablePrinter = {
  columns: ['Name', 'Secrets', 'Age'],
  wideColumns: [],
  row(obj, now) {
    const secrets = (obj as unknown as { secrets?: unknown[] }).secrets ?? [];
    return [obj.metadata.name ?? '', String(secrets.length), age(obj.metadata.creationTimestamp, now)];
  },
};
