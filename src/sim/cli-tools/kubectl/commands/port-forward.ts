// `kubectl port-forward TYPE/NAME [LOCAL:]REMOTE...` in the page (kubectl/pkg/cmd/portforward/
// portforward.go, v1.31). The checks kubectl makes before it forwards are made here as there: the
// usage error without a name and a port, the object fetched (its API errors as they come), a pod
// that is not running refused (`unable to forward port because pod is not running. Current
// status=Pending`). Then real kubectl would listen on a local port of the user's machine, which a
// web page cannot do: it says so, and where forwarding does work (kubeplay serve and the user's own
// kubectl, which forwards into this same simulation) or how to reach the port from inside.

import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { mapResource } from '../discovery-cache';
import { noResourceType, plain } from '../errors';
import type { ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export interface PortForwardJob extends JobCommon {
  command: 'port-forward';
  kind: string;
  name: string;
  remote: string[];
}

export const PORT_FORWARD_USAGE = "error: TYPE/NAME and list of ports are required for port-forward\nSee 'kubectl port-forward -h' for help and examples\n";

export function startPortForward(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  if (p.args.length < 2) {
    common.stderr += PORT_FORWARD_USAGE;
    return finishJob(st, common, ctx, undefined, 1);
  }
  const target = p.args[0]!;
  const slash = target.indexOf('/');
  const typed = slash >= 0 ? target.slice(0, slash) : 'pods';
  const name = slash >= 0 ? target.slice(slash + 1) : target;
  const info = mapResource(st, typed);
  if (!info) return finishJob(st, common, ctx, plain(noResourceType(typed)));
  const remote = p.args.slice(1).map((x) => x.split(':').at(-1) ?? x);
  const job: PortForwardJob = { ...common, command: 'port-forward', kind: info.kind, name, remote };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ group: info.group, version: info.version, resource: info.resource, namespace: info.namespaced ? job.namespace : undefined, name });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'get', { object: { kind: info.kind, name, namespace: job.namespace } });
}

export function onPortForwardResult(st: KubectlState, job: PortForwardJob, _step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (job.kind === 'Pod') {
    const phase = (asObject(r) as Pod).status?.phase;
    if (phase !== 'Running') return finishJob(st, job, ctx, plain(`unable to forward port because pod is not running. Current status=${phase ?? ''}`));
  }
  const port = job.remote[0] ?? '';
  const inside = job.kind === 'Pod' ? `localhost:${port}` : job.kind === 'Service' ? `${job.name}:${port}` : undefined;
  const hint = inside ? `\nFrom inside the cluster: kubectl exec <pod> -- wget -qO- ${inside}` : '';
  finishJob(
    st,
    job,
    ctx,
    plain(`a web page cannot listen on local ports, so port-forward runs with your own kubectl against \`npx kubeplay serve\` (README, "Use your own kubectl"), forwarding into this same simulation${hint}`),
  );
}
