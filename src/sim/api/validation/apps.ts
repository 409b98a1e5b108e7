// ValidateDeployment and ValidateReplicaSet (pkg/apis/apps/validation/validation.go), the parts
// learners meet: a missing selector, a selector that does not match the template's labels, negative
// replicas. The template's pod spec itself is not validated here (the pods it makes are).

import { labelSelectorMatches } from '../labels';
import { invalid, required, type FieldError } from '../field-error';
import type { KubeObject, LabelSelector } from '../types';
import { nameIsDNSSubdomain } from './names';
import { validateObjectMeta } from './object-meta';

interface WorkloadSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: { metadata?: { labels?: Record<string, string> } };
}

/** A map[string]string as Go's %#v prints it: keys sorted, `map[string]string(nil)` when absent. */
export function goStringMap(m: Record<string, string> | undefined): { goSyntax: string } {
  if (!m) return { goSyntax: 'map[string]string(nil)' };
  const body = Object.keys(m)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(m[k])}`)
    .join(', ');
  return { goSyntax: `map[string]string{${body}}` };
}

/** ValidateDeploymentSpec / ValidateReplicaSetSpec: selector, template labels, replicas. */
export function validateWorkloadSpec(spec: WorkloadSpec | undefined, kind: 'deployment' | 'replicaset'): FieldError[] {
  const errs: FieldError[] = [];
  const s = spec ?? {};
  if (s.replicas !== undefined && s.replicas < 0) errs.push(invalid('spec.replicas', s.replicas, 'must be greater than or equal to 0'));
  const sel = s.selector;
  if (!sel) errs.push(required('spec.selector'));
  else if (Object.keys(sel.matchLabels ?? {}).length + (sel.matchExpressions?.length ?? 0) === 0) {
    errs.push(invalid('spec.selector', { goSyntax: 'v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}' }, `empty selector is invalid for ${kind}`));
  }
  // A nil selector converts to labels.Nothing(), which matches no labels: the template check fires too.
  const labels = s.template?.metadata?.labels;
  const matches = sel ? labelSelectorMatches(sel, labels) : false;
  if (!matches) errs.push(invalid('spec.template.metadata.labels', goStringMap(labels), '`selector` does not match template `labels`'));
  return errs;
}

export function validateWorkload(obj: KubeObject, kind: 'deployment' | 'replicaset'): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateWorkloadSpec(obj.spec as WorkloadSpec | undefined, kind)];
}
