// Validation of rbac.authorization.k8s.io/v1 objects and core/v1 ServiceAccount (v1.31,
// pkg/apis/rbac/validation/validation.go and ValidateServiceAccount in pkg/apis/core/validation).
// RBAC names are path segments (ValidateRBACName), so `system:kube-scheduler` is a valid name.
// Defaults (SetDefaults_RoleBinding, SetDefaults_Subject) are applied here too, because the
// validators read the defaulted object: an empty roleRef.apiGroup becomes rbac.authorization.k8s.io,
// and a User or Group subject without apiGroup gets it as well.

import type { FieldError } from '../field-error';
import { invalid, notSupported, required } from '../field-error';
import type { KubeObject } from '../types';
import { nameIsDNSSubdomain, validatePathSegmentName } from './names';
import { validateObjectMeta } from './object-meta';

const RBAC_GROUP = 'rbac.authorization.k8s.io';

interface Rule {
  verbs?: string[];
  apiGroups?: string[];
  resources?: string[];
  resourceNames?: string[];
  nonResourceURLs?: string[];
}

interface SubjectShape {
  kind?: string;
  name?: string;
  namespace?: string;
  apiGroup?: string;
}

interface BindingShape extends KubeObject {
  roleRef?: { apiGroup?: string; kind?: string; name?: string };
  subjects?: SubjectShape[];
}

/** SetDefaults_RoleBinding / SetDefaults_ClusterRoleBinding / SetDefaults_Subject. */
export function defaultRbacBinding(obj: Record<string, unknown>): void {
  const b = obj as unknown as BindingShape;
  if (b.roleRef && !b.roleRef.apiGroup) b.roleRef.apiGroup = RBAC_GROUP;
  for (const s of b.subjects ?? []) {
    if (!s.apiGroup && (s.kind === 'User' || s.kind === 'Group')) s.apiGroup = RBAC_GROUP;
  }
}

/** A []string as Go's %#v prints it: `[]string{"/healthz"}`. */
function goStrings(v: string[]): { goSyntax: string } {
  return { goSyntax: `[]string{${v.map((x) => JSON.stringify(x)).join(', ')}}` };
}

/** ValidatePolicyRule. */
function validateRule(rule: Rule, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!rule.verbs?.length) errs.push(required(`${path}.verbs`, 'verbs must contain at least one value'));
  if (rule.nonResourceURLs?.length) {
    const urls = goStrings(rule.nonResourceURLs);
    if (namespaced) errs.push(invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (rule.apiGroups?.length || rule.resources?.length || rule.resourceNames?.length) {
      errs.push(invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errs;
  }
  if (!rule.apiGroups?.length) errs.push(required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (!rule.resources?.length) errs.push(required(`${path}.resources`, 'resource rules must supply at least one resource'));
  return errs;
}

/** ValidateRole / ValidateClusterRole. */
export function validateRbacRole(obj: KubeObject, namespaced: boolean): FieldError[] {
  const errs = validateObjectMeta(obj.metadata ?? {}, namespaced, validatePathSegmentName);
  ((obj as unknown as { rules?: Rule[] }).rules ?? []).forEach((r, i) => errs.push(...validateRule(r, namespaced, `rules[${i}]`)));
  return errs;
}

/** ValidateRoleBindingSubject. */
function validateSubject(s: SubjectShape, namespaced: boolean, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if (!s.name) errs.push(required(`${path}.name`));
  switch (s.kind) {
    case 'ServiceAccount':
      if (s.name) for (const msg of nameIsDNSSubdomain(s.name, false)) errs.push(invalid(`${path}.name`, s.name, msg));
      if (s.apiGroup) errs.push(notSupported(`${path}.apiGroup`, s.apiGroup, ['']));
      if (!namespaced && !s.namespace) errs.push(required(`${path}.namespace`));
      break;
    case 'User':
    case 'Group':
      if (s.apiGroup !== RBAC_GROUP) errs.push(notSupported(`${path}.apiGroup`, s.apiGroup ?? '', [RBAC_GROUP]));
      break;
    default:
      errs.push(notSupported(`${path}.kind`, s.kind ?? '', ['ServiceAccount', 'User', 'Group']));
  }
  return errs;
}

/** ValidateRoleBinding / ValidateClusterRoleBinding. */
export function validateRbacBinding(obj: KubeObject, namespaced: boolean): FieldError[] {
  const b = obj as BindingShape;
  const errs = validateObjectMeta(b.metadata ?? {}, namespaced, validatePathSegmentName);
  const ref = b.roleRef ?? {};
  if (ref.apiGroup !== RBAC_GROUP) errs.push(notSupported('roleRef.apiGroup', ref.apiGroup ?? '', [RBAC_GROUP]));
  const kinds = namespaced ? ['Role', 'ClusterRole'] : ['ClusterRole'];
  if (!kinds.includes(ref.kind ?? '')) errs.push(notSupported('roleRef.kind', ref.kind ?? '', kinds));
  if (!ref.name) errs.push(required('roleRef.name'));
  else for (const msg of validatePathSegmentName(ref.name, false)) errs.push(invalid('roleRef.name', ref.name, msg));
  (b.subjects ?? []).forEach((s, i) => errs.push(...validateSubject(s, namespaced, `subjects[${i}]`)));
  return errs;
}

/** ValidateRoleBindingUpdate: the roleRef of a binding never changes (delete and recreate it instead). */
export function validateRbacBindingUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  const a = (obj as BindingShape).roleRef ?? {};
  const b = (old as BindingShape).roleRef ?? {};
  if (a.apiGroup === b.apiGroup && a.kind === b.kind && a.name === b.name) return [];
  const goSyntax = `rbac.RoleRef{APIGroup:${JSON.stringify(a.apiGroup ?? '')}, Kind:${JSON.stringify(a.kind ?? '')}, Name:${JSON.stringify(a.name ?? '')}}`;
  return [invalid('roleRef', { goSyntax }, 'cannot change roleRef')];
}
