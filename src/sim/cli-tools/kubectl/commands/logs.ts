// `kubectl logs <pod> [-c c] [--tail N] [-p]` (kubectl/pkg/cmd/logs): GET the pod to pick the
// container (the kubectl.kubernetes.io/default-container annotation or the first one, telling the
// user on stderr when there were several), then GET .../pods/<pod>/log, which the apiserver
// relays from the kubelet; the text goes to stdout as it is.

import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { flagBool, flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface LogsJob extends JobCommon {
  command: 'logs';
  pod: string;
  container?: string;
  tail?: number;
  previous: boolean;
  timestamps: boolean;
}

export const LOGS_USAGE =
  "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\n" +
  "See 'kubectl logs -h' for help and examples\n";

export function startLogs(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  let target = p.args[0];
  if (!target) {
    common.stderr += LOGS_USAGE;
    return finishJob(st, common, ctx, undefined, 1);
  }
  if (target.includes('/')) {
    const [type, name] = target.split('/', 2) as [string, string];
    if (!['pod', 'pods', 'po'].includes(type.toLowerCase())) return finishJob(st, common, ctx, plain(`cannot get the logs from ${type}`));
    target = name;
  }
  const job: LogsJob = {
    ...common,
    command: 'logs',
    pod: target,
    container: flagString(p, 'container') ?? p.args[1],
    tail: flagInt(p, 'tail'),
    previous: flagBool(p, 'previous'),
    timestamps: flagBool(p, 'timestamps'),
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'pod', { object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
}

function pickContainer(job: LogsJob, pod: Pod): string {
  if (job.container) return job.container;
  const names = pod.spec.containers.map((c) => c.name);
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  const chosen = annotated && names.includes(annotated) ? annotated : names[0] ?? '';
  // kubectl podcmd AllContainerNames: app containers, then ephemeral, then init containers.
  const all = [...names, ...(pod.spec.initContainers ?? []).map((c) => `${c.name} (init)`)];
  if (all.length > 1 && !annotated) job.stderr += `Defaulted container "${chosen}" out of: ${all.join(', ')}\n`;
  return chosen;
}

export function onLogsResult(st: KubectlState, job: LogsJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'pod') {
    const container = pickContainer(job, asObject(r) as Pod);
    const query: Record<string, string> = { container };
    if (job.tail !== undefined && job.tail >= 0) query.tailLines = String(job.tail);
    if (job.previous) query.previous = 'true';
    if (job.timestamps) query.timestamps = 'true';
    const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'log' });
    jobRequest(st, job, ctx, { method: 'GET', path, query }, 'log', { object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
    return;
  }
  job.stdout += typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  finishJob(st, job, ctx);
}
