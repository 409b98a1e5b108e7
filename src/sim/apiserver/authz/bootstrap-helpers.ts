// Small builders for the bootstrap policy, in the spirit of rbacv1helpers.NewRule(...).Groups(...)
// .Resources(...). Every object carries the labels and annotations kube-apiserver puts on its
// defaults, so `kubectl get clusterrole cluster-admin -o yaml` looks like the real one.

import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './rbac-types';
import { RBAC_API_VERSION, RBAC_GROUP } from './rbac-types';

export const READ = ['get', 'list', 'watch'];
export const READ_WRITE = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** A resource rule; verbs, groups and resources are kept in the order the golden testdata prints them. */
export function rule(verbs: string[], apiGroups: string[], resources: string[], resourceNames?: string[]): PolicyRule {
  const r: PolicyRule = { apiGroups, resources, verbs };
  if (resourceNames) r.resourceNames = resourceNames;
  return r;
}

export function nonResourceRule(verbs: string[], urls: string[]): PolicyRule {
  return { nonResourceURLs: urls, verbs };
}

/** `events` in the core group and events.k8s.io: create, patch, update (eventsRule() in policy.go). */
export const EVENTS_RULE = rule(['create', 'patch', 'update'], ['', 'events.k8s.io'], ['events']);

function meta(name: string, namespace?: string, labels: Record<string, string> = {}) {
  const m: Role['metadata'] = {
    name,
    labels: { 'kubernetes.io/bootstrapping': 'rbac-defaults', ...labels },
    annotations: { 'rbac.authorization.kubernetes.io/autoupdate': 'true' },
  };
  if (namespace) m.namespace = namespace;
  return m;
}

export function clusterRole(name: string, rules: PolicyRule[], labels?: Record<string, string>): ClusterRole {
  return { apiVersion: RBAC_API_VERSION, kind: 'ClusterRole', metadata: meta(name, undefined, labels), rules };
}

export function role(namespace: string, name: string, rules: PolicyRule[]): Role {
  return { apiVersion: RBAC_API_VERSION, kind: 'Role', metadata: meta(name, namespace), rules };
}

export const user = (name: string): Subject => ({ apiGroup: RBAC_GROUP, kind: 'User', name });
export const group = (name: string): Subject => ({ apiGroup: RBAC_GROUP, kind: 'Group', name });
export const serviceAccount = (namespace: string, name: string): Subject => ({ kind: 'ServiceAccount', name, namespace });

const ref = (kind: RoleRef['kind'], name: string): RoleRef => ({ apiGroup: RBAC_GROUP, kind, name });

/** A ClusterRoleBinding named after its ClusterRole (NewClusterBinding), unless a name is given. */
export function clusterRoleBinding(roleName: string, subjects: Subject[], name = roleName): ClusterRoleBinding {
  const b: ClusterRoleBinding = { apiVersion: RBAC_API_VERSION, kind: 'ClusterRoleBinding', metadata: meta(name), roleRef: ref('ClusterRole', roleName) };
  if (subjects.length) b.subjects = subjects;
  return b;
}

export function roleBinding(namespace: string, roleName: string, subjects: Subject[], name = roleName): RoleBinding {
  return { apiVersion: RBAC_API_VERSION, kind: 'RoleBinding', metadata: meta(name, namespace), roleRef: ref('Role', roleName), subjects };
}
