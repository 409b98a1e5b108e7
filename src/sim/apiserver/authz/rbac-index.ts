// Where the RBAC authorizer finds roles and bindings inside kube-apiserver: the watch cache holds
// the stored Role, ClusterRole, RoleBinding and ClusterRoleBinding objects (as the real authorizer
// reads them from shared informers over the apiserver's own storage), and this index maps each
// subject to the bindings that name it. A request then looks only at the bindings of its user,
// its groups and (for a service account) its own account: authorization costs what the user has
// been granted, not how many bindings the cluster holds, which keeps a 2,000-pod run fast.
// The index is plain data (Maps of Sets), rebuilt when the cache is re-listed and kept current by
// every watch event on the two binding resources.

import type { KubeObject } from '../../api/types';
import type { UserInfo } from '../authn';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding, Subject } from './rbac-types';
import { SERVICE_ACCOUNT_PREFIX } from './rbac';

export interface RbacIndex {
  /** Subject key (`User:jane`, `Group:ops`, `ServiceAccount:dev:ci`) -> ClusterRoleBinding names. */
  clusterBindings: Map<string, Set<string>>;
  /** Namespace -> subject key -> RoleBinding names in that namespace. */
  roleBindings: Map<string, Map<string, Set<string>>>;
}

/** How the authorizer reads RBAC objects: from arrays in tests, from the watch cache in kube-apiserver. */
export interface RbacSource {
  clusterRole(name: string): ClusterRole | undefined;
  role(namespace: string, name: string): Role | undefined;
  /** The ClusterRoleBindings, then the RoleBindings of `namespace`, that may name this user. */
  bindingsFor(user: UserInfo, namespace: string): (ClusterRoleBinding | RoleBinding)[];
}

export function createRbacIndex(): RbacIndex {
  return { clusterBindings: new Map(), roleBindings: new Map() };
}

/** The key a subject is indexed under; a RoleBinding's unqualified service account is in its own namespace. */
export function subjectKey(s: Subject, bindingNamespace: string): string | undefined {
  switch (s.kind) {
    case 'User':
      return `User:${s.name}`;
    case 'Group':
      return `Group:${s.name}`;
    case 'ServiceAccount': {
      const ns = s.namespace || bindingNamespace;
      return ns ? `ServiceAccount:${ns}:${s.name}` : undefined;
    }
    default:
      return undefined;
  }
}

/** Every key a user may be bound under: the user name, each group and, for a service account, the account. */
export function userKeys(user: UserInfo): string[] {
  const keys = [`User:${user.username}`, ...user.groups.map((g) => `Group:${g}`)];
  if (user.username.startsWith(SERVICE_ACCOUNT_PREFIX)) {
    const [ns, name, ...rest] = user.username.slice(SERVICE_ACCOUNT_PREFIX.length).split(':');
    if (ns && name && rest.length === 0) keys.push(`ServiceAccount:${ns}:${name}`);
  }
  return keys;
}

function keysOf(b: KubeObject): string[] {
  const ns = b.metadata.namespace ?? '';
  const out: string[] = [];
  for (const s of ((b as ClusterRoleBinding).subjects ?? []) as Subject[]) {
    const k = subjectKey(s, ns);
    if (k && !out.includes(k)) out.push(k);
  }
  return out;
}

function add(m: Map<string, Set<string>>, key: string, name: string): void {
  let set = m.get(key);
  if (!set) m.set(key, (set = new Set()));
  set.add(name);
}

function remove(m: Map<string, Set<string>>, key: string, name: string): void {
  const set = m.get(key);
  if (!set) return;
  set.delete(name);
  if (set.size === 0) m.delete(key);
}

function bucket(idx: RbacIndex, resource: string, namespace: string): Map<string, Set<string>> {
  if (resource === 'clusterrolebindings') return idx.clusterBindings;
  let m = idx.roleBindings.get(namespace);
  if (!m) idx.roleBindings.set(namespace, (m = new Map()));
  return m;
}

/** Keep the index true for one cache change of a binding (prev = the object before, obj = after; either may be absent). */
export function indexBindingChange(idx: RbacIndex, resource: string, prev: KubeObject | undefined, obj: KubeObject | undefined): void {
  if (resource !== 'clusterrolebindings' && resource !== 'rolebindings') return;
  const any = obj ?? prev;
  if (!any) return;
  const name = any.metadata.name ?? '';
  const m = bucket(idx, resource, any.metadata.namespace ?? '');
  if (prev) for (const k of keysOf(prev)) remove(m, k, name);
  if (obj) for (const k of keysOf(obj)) add(m, k, name);
}

/** Rebuild from every binding in the cache (after the cache was listed again). */
export function rebuildRbacIndex(idx: RbacIndex, clusterBindings: Iterable<KubeObject>, roleBindings: Iterable<KubeObject>): void {
  idx.clusterBindings = new Map();
  idx.roleBindings = new Map();
  for (const b of clusterBindings) indexBindingChange(idx, 'clusterrolebindings', undefined, b);
  for (const b of roleBindings) indexBindingChange(idx, 'rolebindings', undefined, b);
}

/** The binding names (ClusterRoleBindings, and RoleBindings of the namespace) that may apply to the user, without duplicates. */
export function candidateBindings(idx: RbacIndex, user: UserInfo, namespace: string): { cluster: string[]; namespaced: string[] } {
  const cluster = new Set<string>();
  const namespaced = new Set<string>();
  const nsMap = namespace ? idx.roleBindings.get(namespace) : undefined;
  for (const k of userKeys(user)) {
    for (const n of idx.clusterBindings.get(k) ?? []) cluster.add(n);
    for (const n of nsMap?.get(k) ?? []) namespaced.add(n);
  }
  return { cluster: [...cluster], namespaced: [...namespaced] };
}
