// The verbs that only read discovery (GET /api, then GET /apis, aggregated):
// - `kubectl api-versions` (kubectl/pkg/cmd/apiresources/apiversions.go, v1.31): every served
//   group/version, sorted as strings, one per line.
// - `kubectl top node|pod` (kubectl/pkg/cmd/top/top_node.go, top_pod.go): kubectl first checks that
//   discovery lists metrics.k8s.io (SupportedMetricsAPIVersionAvailable); a kubeadm cluster has no
//   metrics-server, so it stops with `error: Metrics API not available`; with one installed and its
//   APIService Available, top.ts reads the Metrics API.

import { AGGREGATED_DISCOVERY_ACCEPT } from '../../../api/http';
import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { DISCOVERY_TIMEOUT, storeDiscovery } from '../discovery-cache';
import { startTopMetrics, onTopResult, topOptions, type TopState } from './top';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

interface DiscoveryList {
  items?: { metadata?: { name?: string }; versions?: { version: string }[] }[];
}

export interface DiscoveryVerbJob extends JobCommon {
  command: 'api-versions' | 'top';
  groupVersions: string[];
  top?: TopState;
}

const TOP_USAGE = `Display resource (CPU/memory) usage.

 The top command allows you to see the resource consumption for nodes or pods.

 This command requires Metrics Server to be correctly configured and working on the server.

Available Commands:
  node          Display resource (CPU/memory) usage of nodes
  pod           Display resource (CPU/memory) usage of pods

Usage:
  kubectl top [flags] [options]

Use "kubectl top <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

/**
 * top_node.go / top_pod.go Complete and Validate, before any request: more than one name is a
 * usage error naming the subcommand's Use line, --sort-by takes cpu or memory, and a name goes
 * without a selector (the two subcommands word that last error differently).
 */
function topValidate(what: 'node' | 'pod', p: ParsedArgs): string | undefined {
  if (p.args.length > 2) return `${what} [NAME | -l label]\nSee 'kubectl top ${what} -h' for help and examples`;
  const sortBy = flagString(p, 'sort-by');
  if (sortBy && sortBy !== 'cpu' && sortBy !== 'memory') return '--sort-by accepts only cpu or memory';
  if (p.args[1] && flagString(p, 'selector')) return what === 'node' ? 'only one of NAME or --selector can be provided' : 'only one of NAME or selector can be provided';
  return undefined;
}

export function startDiscoveryVerb(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const job: DiscoveryVerbJob = { ...common, command: common.command as DiscoveryVerbJob['command'], groupVersions: [] };
  if (job.command === 'top') {
    const sub = p.args[0];
    if (sub === undefined) {
      job.stderr = TOP_USAGE;
      return finishJob(st, job, ctx, undefined, 1);
    }
    if (!['node', 'nodes', 'no', 'pod', 'pods', 'po'].includes(sub)) {
      return finishJob(st, job, ctx, plain(`unknown command "${sub}"\nSee 'kubectl top -h' for help and examples`));
    }
    const invalid = topValidate(['pod', 'pods', 'po'].includes(sub) ? 'pod' : 'node', p);
    if (invalid) return finishJob(st, job, ctx, plain(invalid));
    job.top = { opts: topOptions(p) };
  }
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: '/api', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, 'api');
}

export function onDiscoveryVerbResult(st: KubectlState, job: DiscoveryVerbJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step !== 'api' && step !== 'apis') return onTopResult(st, job, step, r, ctx);
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  for (const g of (asObject(r) as unknown as DiscoveryList).items ?? []) {
    const group = g.metadata?.name ?? '';
    for (const v of g.versions ?? []) job.groupVersions.push(group ? `${group}/${v.version}` : v.version);
  }
  if (step === 'api') return void jobRequest(st, job, ctx, { method: 'GET', path: '/apis', query: DISCOVERY_TIMEOUT, accept: AGGREGATED_DISCOVERY_ACCEPT }, 'apis');
  if (job.command === 'top') {
    if (!job.groupVersions.some((gv) => gv.startsWith('metrics.k8s.io/'))) return finishJob(st, job, ctx, plain('Metrics API not available'));
    return startTopMetrics(st, job, ctx);
  }
  // api-versions invalidates kubectl's discovery cache first, so what it fetched is the cache now.
  storeDiscovery(st, job.groupVersions, ctx.now);
  job.stdout = [...job.groupVersions].sort().map((gv) => gv + '\n').join('');
  finishJob(st, job, ctx);
}
