// `kubectl logs <pod> [-c c] [--tail N] [-p]` (kubectl/pkg/cmd/logs): GET the pod to pick the
// container (the kubectl.kubernetes.io/default-container annotation or the first one, telling the
// user on stderr when there were several), then GET .../pods/<pod>/log, which the apiserver
// relays from the kubelet; the text goes to stdout as it is. `kubectl logs -l SELECTOR` lists the
// pods and reads each in the list's order, the last 10 lines unless --tail says otherwise
// (logs.go selectorTail), as the Jobs task pages use it. --limit-bytes=N asks the kubelet for at
// most N bytes of each log, counted after --tail picked the lines.

import type { WatchEventBody } from '../../../api/http';
import type { KubeList, Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { plain, type KubectlError } from '../errors';
import { flagBool, flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { goDuration } from './rollout';
import { objectArg, podFromWatch, podRunningTimeout, podsForObject, POD_LOGS_TIMEOUT_MS, requestOwner, type PodForObjectJob, type PodOwner } from './pod-for-object';
import { byLogging } from './podutils';
import { DEFAULT_MAX_LOG_REQUESTS, onFollowResult, startFollow, type FollowState } from './logs-follow';

/** `owner`: for `logs job/x`, `deploy/x`, `svc/x`..., the object whose first pod is read. */
export interface LogsJob extends PodForObjectJob {
  command: 'logs';
  pod: string;
  container?: string;
  tail?: number;
  previous: boolean;
  timestamps: boolean;
  /** `logs -l`: the pods still to read, in the list's order. */
  selected?: Pod[];
  /** --since (whole seconds) or --since-time (RFC 3339). */
  sinceSeconds?: number;
  sinceTime?: string;
  /** --limit-bytes: at most this many bytes of each log (0: no limit). */
  limitBytes: number;
  /** --prefix: each line starts with `[pod/NAME/CONTAINER] `. */
  prefix: boolean;
  /** The container whose log is being read (for --prefix). */
  reading?: string;
  /** -f: the streams being followed (logs-follow.ts). */
  followRequested: boolean;
  maxLogRequests: number;
  /** --all-containers: every container of each pod, init containers first (logsforobject.go). */
  allContainers: boolean;
  /** The containers of the current pod still to read (--all-containers). */
  containersLeft?: string[];
  follow?: FollowState;
}

/** logs.go: with a selector and no --tail, the last 10 lines of each pod. */
const SELECTOR_TAIL = 10;

/** logsforobject.go: the first pod by ByLogging, and `Found N pods` when there are more. */
function onOwnerResult(st: KubectlState, job: LogsJob, step: string, r: RequestResult, ctx: Effects): void {
  const pods = podsForObject(st, job, step, r, ctx, 'cannot get the logs from', byLogging);
  const first = pods?.[0];
  if (!pods || !first) return;
  if (pods.length > 1) job.stderr += `Found ${pods.length} pods, using pod/${first.metadata.name}\n`;
  job.pod = first.metadata.name ?? '';
  onLogsResult(st, job, 'pod', { ok: true, status: 200, body: first }, ctx);
}

export const LOGS_USAGE =
  "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\n" +
  "See 'kubectl logs -h' for help and examples\n";

type LogsOptions = Pick<LogsJob, 'previous' | 'timestamps' | 'sinceSeconds' | 'sinceTime' | 'limitBytes' | 'prefix' | 'followRequested' | 'maxLogRequests' | 'allContainers'>;

/** The reading options every form of logs shares, or kubectl's error for a bad one (logs.go Complete/Validate). */
function logsOptions(p: ParsedArgs): LogsOptions | string {
  const since = flagString(p, 'since');
  const sinceTime = flagString(p, 'since-time');
  const o: LogsOptions = {
    previous: flagBool(p, 'previous'),
    timestamps: flagBool(p, 'timestamps'),
    prefix: flagBool(p, 'prefix'),
    followRequested: flagBool(p, 'follow'),
    maxLogRequests: flagInt(p, 'max-log-requests') ?? DEFAULT_MAX_LOG_REQUESTS,
    allContainers: flagBool(p, 'all-containers'),
    limitBytes: flagInt(p, 'limit-bytes') ?? 0,
  };
  const container = flagString(p, 'container');
  if (o.allContainers && container) return `--all-containers=true should not be specified with container name ${container}`;
  if (since !== undefined && sinceTime !== undefined) return 'at most one of `sinceTime` or `sinceSeconds` may be specified';
  if (o.limitBytes < 0) return '--limit-bytes must be greater than 0';
  if (since !== undefined) {
    // The flag parser checked Go's duration syntax; units below a millisecond round to nothing here.
    const ms = since.startsWith('-') ? -(goDuration(since.slice(1)) ?? 0) : goDuration(since.replace(/^\+/, '')) ?? 0;
    if (ms < 0) return '--since must be greater than 0';
    // Complete: SinceSeconds = int64(math.Ceil(duration.Seconds())).
    if (ms > 0) o.sinceSeconds = Math.ceil(ms / 1000);
  }
  if (sinceTime !== undefined) o.sinceTime = sinceTime;
  return o;
}

function startSelectedLogs(st: KubectlState, common: JobCommon, p: ParsedArgs, selector: string, podTimeoutMs: number, ctx: Effects): void {
  if (p.args.length > 0) {
    common.stderr += "error: only a selector (-l) or a POD name is allowed\nSee 'kubectl logs -h' for help and examples\n";
    return finishJob(st, common, ctx, undefined, 1);
  }
  const o = logsOptions(p);
  if (typeof o === 'string') return finishJob(st, common, ctx, plain(o));
  const job: LogsJob = { ...common, ...o, podTimeoutMs, command: 'logs', pod: '', container: flagString(p, 'container'), tail: flagInt(p, 'tail') ?? SELECTOR_TAIL };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ resource: 'pods', namespace: job.namespace });
  jobRequest(st, job, ctx, { method: 'GET', path, query: { labelSelector: selector } }, 'selected');
}

/** The next selected pod's log, or the end. */
function nextSelected(st: KubectlState, job: LogsJob, ctx: Effects): void {
  const pod = job.selected?.shift();
  if (!pod) return finishJob(st, job, ctx);
  job.pod = pod.metadata.name ?? '';
  onLogsResult(st, job, 'pod', { ok: true, status: 200, body: pod }, ctx);
}

export function startLogs(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const selector = flagString(p, 'selector');
  let target = p.args[0];
  if (!target && selector === undefined) {
    common.stderr += LOGS_USAGE;
    return finishJob(st, common, ctx, undefined, 1);
  }
  // Complete reads --pod-running-timeout after the arguments, before it looks the object up.
  const podTimeoutMs = podRunningTimeout(p, POD_LOGS_TIMEOUT_MS);
  if (typeof podTimeoutMs !== 'number') return finishJob(st, common, ctx, plain(podTimeoutMs.error));
  if (selector !== undefined || target === undefined) return startSelectedLogs(st, common, p, selector ?? '', podTimeoutMs, ctx);
  let owner: PodOwner | undefined;
  if (target.includes('/')) {
    const [type, name] = target.split('/', 2) as [string, string];
    const arg = objectArg(st, type, name);
    if ('error' in arg) return finishJob(st, common, ctx, plain(arg.error));
    owner = arg.owner;
    target = name;
  }
  const o = logsOptions(p);
  if (typeof o === 'string') return finishJob(st, common, ctx, plain(o));
  const job: LogsJob = { ...common, ...o, podTimeoutMs, command: 'logs', pod: target, container: flagString(p, 'container') ?? p.args[1], tail: flagInt(p, 'tail') };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  if (owner) {
    job.owner = owner;
    return requestOwner(st, job, owner, target, ctx);
  }
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'pod', { object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
}

/**
 * A -c that names no container of the pod: kubectl finds it itself before asking for the log
 * (polymorphichelpers/logsforobject.go: podcmd.FindContainerByName, then `container %s is not
 * valid for pod %s`), so it prints `error: ...`, not the apiserver's BadRequest.
 */
function unknownContainer(job: LogsJob, pod: Pod): string | undefined {
  if (!job.container || job.allContainers) return undefined;
  const spec = pod.spec as Pod['spec'] & { ephemeralContainers?: { name: string }[] };
  const names = [...spec.containers, ...(spec.initContainers ?? []), ...(spec.ephemeralContainers ?? [])].map((c) => c.name);
  return names.includes(job.container) ? undefined : `container ${job.container} is not valid for pod ${pod.metadata.name ?? ''}`;
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

/**
 * logs.go Complete: the builder's NotFound for the POD or TYPE/NAME is wrapped as
 * `error from server (NotFound): <message> in namespace "<ns>"` (the namespace even for a cluster-scoped kind).
 */
function wrapNotFound(job: LogsJob, step: string, err: KubectlError): KubectlError {
  if ((step !== 'pod' && step !== 'owner') || err.t !== 'status' || err.status.reason !== 'NotFound') return err;
  return plain(`error from server (NotFound): ${err.status.message ?? ''} in namespace ${JSON.stringify(job.namespace)}`);
}

export function onLogsResult(st: KubectlState, job: LogsJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'owner-watch') return void podsForObject(st, job, step, r, ctx, 'cannot get the logs from', byLogging);
  if (!r.ok) return finishJob(st, job, ctx, wrapNotFound(job, step, r.err));
  if (step.startsWith('follow-')) return onFollowResult(st, job, step, r, ctx);
  if (step === 'owner' || step === 'owner-pods') return onOwnerResult(st, job, step, r, ctx);
  if (step === 'selected') {
    const pods = [...(((r as { body: KubeList }).body.items ?? []) as Pod[])];
    if (pods.length === 0) job.stderr += `No resources found in ${job.namespace} namespace.\n`;
    if (job.followRequested) return startFollow(st, job, pods.flatMap((pod) => containersOf(job, pod).map((container) => ({ pod, container }))), job.prefix, job.maxLogRequests, ctx);
    job.selected = pods;
    return nextSelected(st, job, ctx);
  }
  if (step === 'pod') {
    const pod = asObject(r) as Pod;
    const missing = unknownContainer(job, pod);
    if (missing) return finishJob(st, job, ctx, plain(missing));
    const containers = containersOf(job, pod);
    if (job.followRequested) return startFollow(st, job, containers.map((container) => ({ pod, container })), job.prefix, job.maxLogRequests, ctx);
    job.containersLeft = containers;
    return readNextContainer(st, job, ctx);
  }
  const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  const prefix = job.prefix ? `[pod/${job.pod}/${job.reading ?? ''}] ` : '';
  job.stdout += prefix ? text.replace(/^(?=.)/gm, prefix) : text;
  if (job.containersLeft?.length) return readNextContainer(st, job, ctx);
  if (job.selected) return nextSelected(st, job, ctx);
  finishJob(st, job, ctx);
}

/** The first pod GetFirstPod's watch saw: read as a listed one would be (one pod: no `Found N pods`). */
export function onLogsWatchEvent(st: KubectlState, job: LogsJob, body: WatchEventBody, ctx: Effects): void {
  const pod = podFromWatch(st, job, body, ctx);
  if (pod) onOwnerResult(st, job, 'owner-pods', { ok: true, status: 200, body: { items: [pod] } }, ctx);
}

/** The containers read from a pod: all of them (init containers first) with --all-containers, else the one picked. */
function containersOf(job: LogsJob, pod: Pod): string[] {
  if (!job.allContainers) return [pickContainer(job, pod)];
  return [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => c.name);
}

/** GET the log of the current pod's next container. */
function readNextContainer(st: KubectlState, job: LogsJob, ctx: Effects): void {
  const container = job.containersLeft!.shift()!;
  job.reading = container;
  const query: Record<string, string> = { container };
  if (job.tail !== undefined && job.tail >= 0) query.tailLines = String(job.tail);
  if (job.previous) query.previous = 'true';
  if (job.timestamps) query.timestamps = 'true';
  if (job.sinceSeconds !== undefined) query.sinceSeconds = String(job.sinceSeconds);
  if (job.sinceTime !== undefined) query.sinceTime = job.sinceTime;
  if (job.limitBytes !== 0) query.limitBytes = String(job.limitBytes);
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'log' });
  jobRequest(st, job, ctx, { method: 'GET', path, query }, 'log', { object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
}
