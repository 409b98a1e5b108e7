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
import { IS_NEGATIVE, validateObjectMeta } from './object-meta';

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

/** validateJobSpec then ValidateJobSpec's selector checks. */
export function validateJobSpec(spec: JobSpec | undefined): FieldError[] {
  const s = spec ?? {};
  const errs = [
    ...nonNegative(s.parallelism, 'spec.parallelism'),
    ...nonNegative(s.completions, 'spec.completions'),
    ...nonNegative(s.activeDeadlineSeconds, 'spec.activeDeadlineSeconds'),
    ...nonNegative(s.backoffLimit, 'spec.backoffLimit'),
    ...validatePodTemplateSpec(s.template, 'spec.template'),
  ];
  const rp = s.template?.spec?.restartPolicy ?? '';
  if (rp === 'Always' || rp === '') errs.push(required('spec.template.spec.restartPolicy', `valid values: ${JOB_RESTART_POLICIES.map((p) => JSON.stringify(p)).join(', ')}`));
  else if (!JOB_RESTART_POLICIES.includes(rp)) errs.push(notSupported('spec.template.spec.restartPolicy', rp, JOB_RESTART_POLICIES));
  if (!s.selector) errs.push(required('spec.selector'));
  else if (!labelSelectorMatches(s.selector, s.template?.metadata?.labels)) {
    errs.push(invalid('spec.template.metadata.labels', goStringMap(s.template?.metadata?.labels), '`selector` does not match template `labels`'));
  }
  return errs;
}

export function validateJob(obj: KubeObject): FieldError[] {
  return [...validateObjectMeta(obj.metadata ?? {}, true, nameIsDNSSubdomain), ...validateJobSpec(obj.spec as JobSpec | undefined)];
}
