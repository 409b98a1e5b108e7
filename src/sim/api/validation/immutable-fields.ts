// The immutable fields the update strategies check (kube-apiserver v1.31), with the exact values
// field.Invalid prints:
// - Deployments, ReplicaSets, DaemonSets, StatefulSets (pkg/registry/apps/*/strategy.go ValidateUpdate
//   for apps/v1): apivalidation.ValidateImmutableField on spec.selector, printed as Go's %#v of
//   v1.LabelSelector, `field is immutable`;
// - Jobs (pkg/apis/batch/validation ValidateJobSpecUpdate): spec.selector and spec.template;
// - Services (pkg/apis/core/validation validateUpgradeDowngradeClusterIPs): the primary cluster IP,
//   `spec.clusterIPs[0]: Invalid value: []string{"10.96.0.99"}: may not change once set`.
//
// Simplified: the value of a changed Job template is Go's %#v of a whole core.PodTemplateSpec in the
// real message; Kubeplay prints `core.PodTemplateSpec{...}`.

import { invalid, type FieldError } from '../field-error';
import type { LabelSelector } from '../types';
import { FIELD_IMMUTABLE } from './object-meta';

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function goStringMapLiteral(m: Record<string, string> | undefined): string {
  if (!m) return 'map[string]string(nil)';
  return `map[string]string{${Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`)
    .join(', ')}}`;
}

/** A *metav1.LabelSelector as field.Invalid prints it (the pointer is followed). */
export function goLabelSelector(sel: LabelSelector | null | undefined): { goSyntax: string } {
  if (!sel) return { goSyntax: '(*v1.LabelSelector)(nil)' };
  const exprs = sel.matchExpressions?.length
    ? `[]v1.LabelSelectorRequirement{${sel.matchExpressions
        .map((e) => `v1.LabelSelectorRequirement{Key:${JSON.stringify(e.key)}, Operator:${JSON.stringify(e.operator)}, Values:${e.values ? `[]string{${e.values.map((v) => JSON.stringify(v)).join(', ')}}` : '[]string(nil)'}}`)
        .join(', ')}}`
    : '[]v1.LabelSelectorRequirement(nil)';
  return { goSyntax: `v1.LabelSelector{MatchLabels:${goStringMapLiteral(sel.matchLabels)}, MatchExpressions:${exprs}}` };
}

interface WithSelector {
  selector?: LabelSelector | null;
  template?: unknown;
}

/** ValidateImmutableField(newSpec.Selector, oldSpec.Selector, spec.selector). */
export function selectorImmutable(spec: WithSelector | undefined, old: WithSelector | undefined): FieldError[] {
  return same(spec?.selector, old?.selector) ? [] : [invalid('spec.selector', goLabelSelector(spec?.selector), FIELD_IMMUTABLE)];
}

/** ValidateJobSpecUpdate: the selector and the pod template may not change. */
export function jobSpecImmutable(spec: WithSelector | undefined, old: WithSelector | undefined): FieldError[] {
  const errs = selectorImmutable(spec, old);
  if (!same(spec?.template, old?.template)) errs.push(invalid('spec.template', { goSyntax: 'core.PodTemplateSpec{...}' }, FIELD_IMMUTABLE));
  return errs;
}

interface ServiceSpec {
  type?: string;
  clusterIPs?: string[];
}

/** validateUpgradeDowngradeClusterIPs: the primary cluster IP stays (ExternalName on either side is exempt). */
export function clusterIPImmutable(spec: ServiceSpec | undefined, old: ServiceSpec | undefined): FieldError[] {
  if (spec?.type === 'ExternalName' || old?.type === 'ExternalName') return [];
  const now = spec?.clusterIPs ?? [];
  const before = old?.clusterIPs ?? [];
  if (before.length === 0 || now.length === 0 || before[0] === now[0]) return [];
  return [invalid('spec.clusterIPs[0]', { goSyntax: `[]string{${now.map((ip) => JSON.stringify(ip)).join(', ')}}` }, 'may not change once set')];
}
