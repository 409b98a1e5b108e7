// The Job strategy's generateSelector (pkg/registry/batch/job/strategy.go, v1.31): unless
// spec.manualSelector is true, the apiserver gives a new Job the selector
// `batch.kubernetes.io/controller-uid=<uid>` and labels its pod template with the controller uid and
// the job name, in the new `batch.kubernetes.io/` form and the legacy unprefixed one. This is why
// `kubectl logs -l job-name=pi` finds a Job's pods.

import type { KubeObject } from '../../api/types';

export const JOB_CONTROLLER_UID = 'batch.kubernetes.io/controller-uid';
export const JOB_NAME = 'batch.kubernetes.io/job-name';
const LEGACY_CONTROLLER_UID = 'controller-uid';
const LEGACY_JOB_NAME = 'job-name';

interface JobShape {
  manualSelector?: boolean;
  selector?: { matchLabels?: Record<string, string> };
  template?: { metadata?: { labels?: Record<string, string> } };
}

export function generateJobSelector(job: KubeObject): KubeObject {
  const spec = { ...((job.spec as JobShape | undefined) ?? {}) };
  if (spec.manualSelector === true) return job;
  const uid = job.metadata.uid ?? '';
  const name = job.metadata.name ?? '';
  const labels = { ...(spec.template?.metadata?.labels ?? {}) };
  labels[JOB_CONTROLLER_UID] ??= uid;
  labels[JOB_NAME] ??= name;
  labels[LEGACY_CONTROLLER_UID] ??= uid;
  labels[LEGACY_JOB_NAME] ??= name;
  spec.template = { ...spec.template, metadata: { ...spec.template?.metadata, labels } };
  spec.selector ??= { matchLabels: { [JOB_CONTROLLER_UID]: uid } };
  return { ...job, spec };
}
