// `kubectl create job NAME --image=IMAGE [-- COMMAND [ARGS...]]` (kubectl/pkg/cmd/create/create_job.go,
// v1.31): a batch/v1 Job whose template has one container named after the Job, the command after
// `--`, and restartPolicy Never. The apiserver adds the selector and the job-name labels.

import { resourceForKind } from '../../../api/resources';
import type { KubeObject } from '../../../api/types';
import { flagArray, flagString, type ParsedArgs } from '../flags';
import type { BuiltObject } from './create-rbac';

export function jobForCreate(p: ParsedArgs, namespace: string): BuiltObject | string {
  const names = p.args.slice(1);
  if (names.length !== 1) return `error: exactly one NAME is required, got ${names.length}\nSee 'kubectl create job -h' for help and examples\n`;
  const image = flagArray(p, 'image')[0];
  if (!image) return 'error: either --image or --from must be specified\n';
  if (flagString(p, 'from') !== undefined) return 'error: either --image or --from must be specified\n';
  const name = names[0]!;
  const container: Record<string, unknown> = { name, image, resources: {} };
  if (p.dashArgs.length) container.command = [...p.dashArgs];
  const obj: KubeObject = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name, namespace },
    spec: { template: { metadata: {}, spec: { containers: [container], restartPolicy: 'Never' } } },
    status: {},
  };
  return { obj, info: resourceForKind('batch/v1', 'Job')!, warnings: '' };
}
