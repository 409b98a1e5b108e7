// ValidateJob (pkg/apis/batch/validation/validation.go, v1.31), the parts a learner's Job meets:
// counts that may not be negative, the pod template (ValidatePodTemplateSpec), and a restart policy
// of OnFailure or Never. SetDefaults_PodSpec gives a template without one `Always`, so a Job that
// names none fails with `spec.template.spec.restartPolicy: Required value: valid values:
// "OnFailure", "Never"`. The selector is the one the Job strategy generated (registry/job.ts).

import { labelSelectorMatches } from '../labels';
import { invalid, notSupported, required, type FieldError } from '../field-error';
import type { KubeObject, LabelSelector } from '../types';
import { goStringMap, validatePodTemplateSpec, type PodTemplate } from './apps';
import { nameIsDNSSubdomain } from './names';
import { IS_NEGATIVE, immutableField, validateObjectMeta } from './object-meta';

interface JobSpec {
  parallelism?: number;
  completions?: number;
  activeDeadlineSeconds?: number;
  backoffLimit?: number;
  selector?: LabelSelector | null;
  template?: PodTemplate;
}

const JOB_RESTART_POLICIES = ['OnFailure', 'Never'];

function nonNegative(v: number | undefined, field: string): FieldError[] {
  return v !== undefined && v < 0 ? [invalid(field, v, IS_NEGATIVE)] : [];
}

/** validateJobSpec: the counts and the pod template, at `path` (`spec`, or a CronJob's `spec.jobTemplate.spec`). */
export function validateJobSpecAt(spec: JobSpec | undefined, path: string): FieldError[] {
  const s = spec ?? {};
  const errs = [
    ...nonNegative(s.parallelism, `${path}.parallelism`),
    ...nonNegative(s.completions, `${path}.completions`),
    ...nonNegative(s.activeDeadlineSeconds, `${path}.activeDeadlineSeconds`),
    ...nonNegative(s.backoffLimit, `${path}.backoffLimit`),
    ...validatePodTemplateSpec(s.template, `${path}.template`),
  ];
  const rp = s.template?.spec?.restartPolicy ?? '';
  if (rp === 'Always' || rp === '') errs.push(required(`${path}.template.spec.restartPolicy`, `valid values: ${JOB_RESTART_POLICIES.map((p) => JSON.stringify(p)).join(', ')}`));
  else if (!JOB_RESTART_POLICIES.includes(rp)) errs.push(notSupported(`${path}.template.spec.restartPolicy`, rp, JOB_RESTART_POLICIES));
  return errs;
}

/** validateJobSpec then ValidateJobSpec's selector checks. */
export function validateJobSpec(spec: JobSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs = validateJobSpecAt(spec, 'spec');
  if (!s.selector) errs.push(required('spec.selector'));
  else if (!labelSelectorMatches(s.selector, s.template?.metadata?.labels)) {
    errs.push(invalid('spec.template.metadata.labels', goStringMap(s.template?.metadata?.labels), '`selector` does not match template `labels`'));
  }
  return errs;
}

/**
 * ValidateJobSpecUpdate: the selector, completions (of a NonIndexed Job) and the pod template may
 * not change once the Job exists (`spec.template: Invalid value: ...: field is immutable`). The
 * exceptions for suspended Jobs that never started (scheduling directives) are not modelled.
 */
export function validateJobSpecUpdate(spec: JobSpec | undefined, old: JobSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const o = old ?? {};
  return [
    ...validateJobSpec(spec),
    ...immutableField(s.completions, o.completions, 'spec.completions'),
    ...immutableField(s.selector, o.selector, 'spec.selector'),
    ...immutableField(s.template, o.template, 'spec.template'),
  ];
}

export function validateJob(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateJobSpec(obj.spec as JobSpec | undefined)];
}
