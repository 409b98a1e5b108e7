// `kubectl create cronjob NAME --image=IMAGE --schedule='0/5 * * * ?' [--restart=OnFailure|Never]
// [-- COMMAND [ARGS...]]` (kubectl/pkg/cmd/create/create_cronjob.go, v1.31): a batch/v1 CronJob
// whose job template is named after it and runs one container named after it, restartPolicy
// OnFailure unless --restart says Never. --image and --schedule are required flags.

import { resourceForKind } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { flagArray, flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

export function cronJobForCreate(p: ParsedArgs, namespace: string): BuiltObject | string {
  const image = flagArray(p, 'image')[0];
  const schedule = flagString(p, 'schedule');
  const missing = [image === undefined ? '"image"' : '', schedule === undefined ? '"schedule"' : ''].filter((x) => x);
  if (missing.length) return `error: required flag(s) ${missing.join(', ')} not set\n`;
  const names = p.args.slice(1);
  if (names.length !== 1) return `error: exactly one NAME is required, got ${names.length}\nSee 'kubectl create cronjob -h' for help and examples\n`;
  const name = names[0]!;
  const container: Record<string, unknown> = { name, image, resources: {} };
  if (p.dashArgs.length) container.command = [...p.dashArgs];
  const obj: KubeObject = {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name, namespace },
    spec: {
      schedule,
      jobTemplate: {
        metadata: { name },
        spec: { template: { metadata: {}, spec: { containers: [container], restartPolicy: flagString(p, 'restart') ?? 'OnFailure' } } },
      },
    },
    status: {},
  };
  return { obj, info: resourceForKind('batch/v1', 'CronJob')!, warnings: '' };
}

/**
 * createJobFromCronJob (create_job.go): the Job `kubectl create job NAME --from=cronjob/CJ` makes of
 * the CronJob's template, annotated `cronjob.kubernetes.io/instantiate: manual` and owned by the
 * CronJob (controller, without blockOwnerDeletion).
 */
export function jobFromCronJob(cj: KubeObject, name: string, namespace: string): KubeObject {
  const jt = (cj.spec as { jobTemplate?: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: unknown } } | undefined)?.jobTemplate ?? {};
  const metadata: KubeObject['metadata'] = {
    name,
    namespace,
    annotations: { 'cronjob.kubernetes.io/instantiate': 'manual', ...(jt.metadata?.annotations ?? {}) },
    ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: cj.metadata.name ?? '', uid: cj.metadata.uid ?? '', controller: true }],
  };
  if (jt.metadata?.labels) metadata.labels = { ...jt.metadata.labels };
  return { apiVersion: 'batch/v1', kind: 'Job', metadata, spec: structuredClone(jt.spec ?? {}), status: {} };
}
