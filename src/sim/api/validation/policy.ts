// PodDisruptionBudget validation as kube-apiserver v1.31 does it (pkg/apis/policy/validation/
// validation.go ValidatePodDisruptionBudget / ValidatePodDisruptionBudgetSpec, with
// ValidatePositiveIntOrPercent and IsNotMoreThan100Percent from pkg/apis/apps/validation and
// IsValidPercent from apimachinery util/validation).
//
// Simplified: the `spec` value of "minAvailable and maxUnavailable cannot be both set" is Go's %#v of
// the spec struct, whose pointers print as addresses; Kubeplay prints a fixed address.

import { invalid, notSupported, type FieldError } from '../field-error';
import type { KubeObject } from '../types';
import { nameIsDNSSubdomain, regexError } from './names';
import { validateObjectMeta, validateObjectMetaUpdate } from './object-meta';

export type IntOrString = number | string;

export interface PodDisruptionBudgetSpec {
  minAvailable?: IntOrString;
  maxUnavailable?: IntOrString;
  selector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] } | null;
  unhealthyPodEvictionPolicy?: string;
}

/** policy.UnhealthyPodEvictionPolicyType values (sets.List sorts them). */
export const UNHEALTHY_POD_EVICTION_POLICIES = ['AlwaysAllow', 'IfHealthyBudget'];

const PERCENT_FMT = '[0-9]+%';
const PERCENT_RE = new RegExp(`^${PERCENT_FMT}$`);

/** intstr.IntOrString as %#v prints it (Type 0 is Int, 1 is String). */
export function goIntOrString(v: IntOrString): { goSyntax: string } {
  return typeof v === 'number'
    ? { goSyntax: `intstr.IntOrString{Type:0, IntVal:${v}, StrVal:""}` }
    : { goSyntax: `intstr.IntOrString{Type:1, IntVal:0, StrVal:${JSON.stringify(v)}}` };
}

/** IsValidPercent: digits followed by `%`. */
export function isValidPercent(v: string): string[] {
  return PERCENT_RE.test(v) ? [] : [regexError("a valid percent string must be a numeric string followed by an ending '%'", PERCENT_FMT, '1%', '93%')];
}

/** ValidatePositiveIntOrPercent + IsNotMoreThan100Percent. */
export function validateIntOrPercent(v: IntOrString, field: string): FieldError[] {
  if (typeof v === 'number') return v < 0 ? [invalid(field, v, 'must be greater than or equal to 0')] : [];
  const errs = isValidPercent(v).map((m) => invalid(field, goIntOrString(v), m));
  if (errs.length === 0 && Number(v.slice(0, -1)) > 100) errs.push(invalid(field, goIntOrString(v), 'must not be greater than 100%'));
  return errs;
}

function goPointer(set: boolean, type: string): string {
  return set ? `(*${type})(0xc000a1c000)` : `(*${type})(nil)`;
}

export function validatePodDisruptionBudgetSpec(spec: PodDisruptionBudgetSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs: FieldError[] = [];
  if (s.minAvailable !== undefined && s.maxUnavailable !== undefined) {
    const goSyntax =
      `policy.PodDisruptionBudgetSpec{MinAvailable:${goPointer(true, 'intstr.IntOrString')}, Selector:${goPointer(!!s.selector, 'v1.LabelSelector')}, ` +
      `MaxUnavailable:${goPointer(true, 'intstr.IntOrString')}, UnhealthyPodEvictionPolicy:${goPointer(s.unhealthyPodEvictionPolicy !== undefined, 'policy.UnhealthyPodEvictionPolicyType')}}`;
    errs.push(invalid('spec', { goSyntax }, 'minAvailable and maxUnavailable cannot be both set'));
  }
  if (s.minAvailable !== undefined) errs.push(...validateIntOrPercent(s.minAvailable, 'spec.minAvailable'));
  if (s.maxUnavailable !== undefined) errs.push(...validateIntOrPercent(s.maxUnavailable, 'spec.maxUnavailable'));
  if (s.unhealthyPodEvictionPolicy !== undefined && !UNHEALTHY_POD_EVICTION_POLICIES.includes(s.unhealthyPodEvictionPolicy)) {
    errs.push(notSupported('spec.unhealthyPodEvictionPolicy', s.unhealthyPodEvictionPolicy, UNHEALTHY_POD_EVICTION_POLICIES));
  }
  return errs;
}

export function validatePodDisruptionBudget(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validatePodDisruptionBudgetSpec(obj.spec as PodDisruptionBudgetSpec | undefined)];
}

/** ValidatePodDisruptionBudget on update: since v1.15 the spec may change (the same rules apply). */
export function validatePodDisruptionBudgetUpdate(obj: KubeObject, old: KubeObject): FieldError[] {
  return [...validateObjectMetaUpdate(obj.metadata ?? {}, old.metadata ?? {}), ...validatePodDisruptionBudgetSpec(obj.spec as PodDisruptionBudgetSpec | undefined)];
}
