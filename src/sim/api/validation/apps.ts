// ValidateDeployment, ValidateReplicaSet, ValidateDaemonSet and ValidateStatefulSet
// (pkg/apis/apps/validation/validation.go), the parts learners meet: a missing selector, a selector
// that does not match the template's labels, negative replicas, and the pod template itself
// (ValidatePodTemplateSpec: its labels, annotations and pod spec, and `restartPolicy: Always`).
// A workload whose template has no containers never reaches a controller, as in Kubernetes.

import { labelSelectorMatches } from '../labels';
import { forbidden, invalid, notSupported, required, type FieldError } from '../field-error';
import type { KubeObject, LabelSelector, PodSpec } from '../types';
import { nameIsDNSSubdomain } from './names';
import { validateAnnotations, validateLabels, validateObjectMeta } from './object-meta';
import { validatePodSpec } from './pod';

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: PodSpec;
}

interface WorkloadSpec {
  replicas?: number;
  selector?: LabelSelector | null;
  template?: PodTemplate;
}

export type WorkloadKind = 'deployment' | 'replicaset' | 'daemonset' | 'statefulset';

/**
 * ValidatePodTemplateSpec (core validation): the template's labels and annotations (Go embeds its
 * ObjectMeta, so the paths are `spec.template.labels`), then its pod spec.
 */
export function validatePodTemplateSpec(t: PodTemplate | undefined, path: string): FieldError[] {
  const spec: PodSpec = t?.spec ?? ({ containers: [] } as unknown as PodSpec);
  const errs = [
    ...validateLabels(t?.metadata?.labels, `${path}.labels`),
    ...validateAnnotations(t?.metadata?.annotations, `${path}.annotations`),
    ...validatePodSpec(spec, `${path}.spec`),
  ];
  if (Array.isArray(spec.ephemeralContainers) && spec.ephemeralContainers.length > 0) {
    errs.push(forbidden(`${path}.spec.ephemeralContainers`, 'ephemeral containers not allowed in pod template'));
  }
  return errs;
}

/** What the workload controllers add: pods that restart (Always) and run without a deadline. */
function alwaysRestarting(t: PodTemplate | undefined, kind: WorkloadKind): FieldError[] {
  const errs: FieldError[] = [];
  const rp = t?.spec?.restartPolicy;
  if (rp !== 'Always') errs.push(notSupported('spec.template.spec.restartPolicy', rp ?? '', ['Always']));
  if (t?.spec?.activeDeadlineSeconds !== undefined) {
    const label = kind === 'statefulset' ? undefined : kind === 'daemonset' ? 'DaemonSet' : 'ReplicaSet';
    errs.push(
      label
        ? forbidden('spec.template.spec.activeDeadlineSeconds', `activeDeadlineSeconds in ${label} is not Supported`)
        : invalid('spec.template.spec.activeDeadlineSeconds', t.spec.activeDeadlineSeconds, 'must not be specified'),
    );
  }
  return errs;
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

/** ValidateDeploymentSpec / ValidateReplicaSetSpec / ValidateDaemonSetSpec / ValidateStatefulSetSpec. */
export function validateWorkloadSpec(spec: WorkloadSpec | undefined, kind: WorkloadKind): FieldError[] {
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
  errs.push(...validatePodTemplateSpec(s.template, 'spec.template'));
  errs.push(...alwaysRestarting(s.template, kind));
  return errs;
}

export function validateWorkload(obj: KubeObject, kind: WorkloadKind): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateWorkloadSpec(obj.spec as WorkloadSpec | undefined, kind)];
}
