// The RBAC authorizer (plugin/pkg/auth/authorizer/rbac/rbac.go and pkg/apis/rbac/v1/evaluation_helpers.go):
// walk every ClusterRoleBinding, then the RoleBindings of the request's namespace; for each binding
// whose subjects include the user, test each rule of the referenced role. The first rule that
// allows the request wins. RBAC never denies outright: without a match it has "no opinion", and
// the apiserver answers 403 because no authorizer allowed the request.

import type { UserInfo } from '../authn';
import type { ClusterRole, ClusterRoleBinding, PolicyRule, Role, RoleBinding, RoleRef, Subject } from './rbac-types';
import type { RbacPolicy, RequestAttributes } from './index';
import type { RbacSource } from './rbac-index';

/** What one authorizer in the chain says: allow, or no opinion with an optional reason. */
export interface AuthorizerVerdict {
  allowed: boolean;
  /** On allow: which binding allowed it (for the trace). On no-opinion: why, if anything went wrong. */
  reason: string;
}

export const SERVICE_ACCOUNT_PREFIX = 'system:serviceaccount:';

/** `system:serviceaccount:<namespace>:<name>` (k8s.io/apiserver/pkg/authentication/serviceaccount). */
export function serviceAccountUsername(namespace: string, name: string): string {
  return `${SERVICE_ACCOUNT_PREFIX}${namespace}:${name}`;
}

/** The groups every service account token carries. */
export function serviceAccountGroups(namespace: string): string[] {
  return ['system:serviceaccounts', `system:serviceaccounts:${namespace}`];
}

export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((v) => v === '*' || v === verb);
}

export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((g) => g === '*' || g === group);
}

/**
 * `*` matches everything, `pods/binding` matches exactly, and `*\/binding` matches the `binding`
 * subresource of any resource. A rule for `pods` does not cover `pods/status`.
 */
export function resourceMatches(rule: PolicyRule, combined: string, subresource: string): boolean {
  for (const r of rule.resources ?? []) {
    if (r === '*' || r === combined) return true;
    if (subresource && r === `*/${subresource}`) return true;
  }
  return false;
}

export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** `*` matches every path; a trailing `*` matches by prefix (`/healthz/*`). */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  for (const u of rule.nonResourceURLs ?? []) {
    if (u === '*' || u === path) return true;
    if (u.endsWith('*') && path.startsWith(u.replace(/\*+$/, ''))) return true;
  }
  return false;
}

/** RuleAllows from rbac.go. */
export function ruleAllows(attrs: RequestAttributes, rule: PolicyRule): boolean {
  if (!attrs.resourceRequest) return verbMatches(rule, attrs.verb) && nonResourceURLMatches(rule, attrs.path);
  const combined = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource;
  return (
    verbMatches(rule, attrs.verb) &&
    apiGroupMatches(rule, attrs.apiGroup) &&
    resourceMatches(rule, combined, attrs.subresource) &&
    resourceNameMatches(rule, attrs.name)
  );
}

export function rulesAllow(attrs: RequestAttributes, rules: readonly PolicyRule[]): boolean {
  return rules.some((r) => ruleAllows(attrs, r));
}

/** appliesToUser from pkg/registry/rbac/validation/rule.go. */
export function subjectApplies(user: UserInfo, subject: Subject, bindingNamespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.username === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      // A RoleBinding may name a service account of its own namespace without qualifying it.
      const ns = subject.namespace || bindingNamespace;
      return ns !== '' && user.username === serviceAccountUsername(ns, subject.name);
    }
    default:
      return false;
  }
}

function describeSubject(s: Subject, bindingNamespace: string): string {
  if (s.kind === 'ServiceAccount') return `${s.kind} "${s.name}/${s.namespace || bindingNamespace}"`;
  return `${s.kind} "${s.name}"`;
}

/** The rules a roleRef points at, or the NotFound text the listers give (`clusterrole.rbac.authorization.k8s.io "x" not found`). */
function roleRules(source: RbacSource, ref: RoleRef, bindingNamespace: string): PolicyRule[] | string {
  if (ref.kind === 'ClusterRole') {
    const role = source.clusterRole(ref.name);
    return role ? (role.rules ?? []) : `clusterrole.rbac.authorization.k8s.io "${ref.name}" not found`;
  }
  if (ref.kind === 'Role') {
    const role = source.role(bindingNamespace, ref.name);
    return role ? (role.rules ?? []) : `role.rbac.authorization.k8s.io "${ref.name}" not found`;
  }
  return `unsupported role reference kind: "${String((ref as { kind: unknown }).kind)}"`;
}

type Binding = ClusterRoleBinding | RoleBinding;

/** Plain arrays of RBAC objects (tests, the built-in bootstrap policy) seen as an RbacSource. */
export function arraySource(policy: RbacPolicy): RbacSource {
  return {
    clusterRole: (name) => policy.clusterRoles.find((r: ClusterRole) => r.metadata.name === name),
    role: (namespace, name) => policy.roles.find((r: Role) => r.metadata.name === name && r.metadata.namespace === namespace),
    bindingsFor: (_user, namespace) => {
      const namespaced = namespace ? policy.roleBindings.filter((b: RoleBinding) => b.metadata.namespace === namespace) : [];
      return [...policy.clusterRoleBindings, ...namespaced];
    },
  };
}

export function toSource(policy: RbacPolicy | RbacSource): RbacSource {
  return 'bindingsFor' in policy ? policy : arraySource(policy);
}

function describeBinding(b: Binding, subject: Subject): string {
  const ns = b.metadata.namespace ?? '';
  const name = b.kind === 'RoleBinding' ? `${b.metadata.name}/${ns}` : (b.metadata.name ?? '');
  return `${b.kind} "${name}" of ${b.roleRef.kind} "${b.roleRef.name}" to ${describeSubject(subject, ns)}`;
}

/**
 * RBACAuthorizer.Authorize. Errors met on the way (a binding to a role that does not exist) do not
 * stop the walk; when nothing allows the request they become the reason, `RBAC: <errors>`, which
 * the apiserver appends to the Forbidden message.
 */
export function rbacAuthorize(attrs: RequestAttributes, policy: RbacPolicy | RbacSource): AuthorizerVerdict {
  const errors: string[] = [];
  const source = toSource(policy);
  for (const binding of source.bindingsFor(attrs.user, attrs.namespace)) {
    const ns = binding.kind === 'RoleBinding' ? (binding.metadata.namespace ?? '') : '';
    const subject = (binding.subjects ?? []).find((s) => subjectApplies(attrs.user, s, ns));
    if (!subject) continue;
    const rules = roleRules(source, binding.roleRef, ns);
    if (typeof rules === 'string') {
      errors.push(rules);
      continue;
    }
    if (rulesAllow(attrs, rules)) return { allowed: true, reason: `RBAC: allowed by ${describeBinding(binding, subject)}` };
  }
  return { allowed: false, reason: errors.length ? `RBAC: ${aggregate(errors)}` : '' };
}

/** utilerrors.NewAggregate(...).Error(): one message bare, several deduplicated inside `[a, b]`. */
export function aggregate(messages: string[]): string {
  const unique = [...new Set(messages)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
