// The pod kubectl reads or enters for `TYPE/NAME` (kubectl v1.31 pkg/polymorphichelpers): the
// builder GETs the object (a TYPE the discovery cache does not map is `the server doesn't have a
// resource type`), a Pod is itself, any other object gives its pod selector (helpers.go
// SelectorsForObject: the workloads, a ReplicationController or a Service with a selector), then
// GetFirstPod lists the pods in the object's namespace by it and sorts them by the verb's order
// (ByLogging for logs, sort.Reverse(ActivePods) for exec and attach). The verb wraps the selector
// error in its own words: `cannot get the logs from %T: %v`, `cannot attach to %T: %v`.
// With no pod yet, GetFirstPod watches the pods by the selector from the list's resourceVersion
// until the first ADDED or MODIFIED event (any pod, whatever its phase: it does not wait for
// Running) or until --pod-running-timeout (cmdutil.GetPodRunningTimeoutFlag; 1m0s for exec and
// attach, 20s for logs) passes: then watchtools.UntilWithoutRetry's wait.ErrWaitTimeout,
// `timed out waiting for the condition`. A watch that ends first is its ErrWatchClosed.

import type { ResourceInfo } from '../../../api/resources';
import type { KubeList, Pod } from '../../../api/types';
import { selectorString } from '../../../apiserver/printers/apps-printers';
import { resourcePath } from '../../../client/apiclient';
import type { WatchEventBody } from '../../../api/http';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import { mapResource } from '../discovery-cache';
import { noResourceType, plain } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { goDuration } from './rollout';

export type PodOwner = Pick<ResourceInfo, 'group' | 'version' | 'resource' | 'kind' | 'namespaced'>;

/** The fields a job finding the pod of TYPE/NAME keeps. */
export interface PodForObjectJob extends JobCommon {
  owner?: PodOwner;
  /** --pod-running-timeout: how long GetFirstPod watches for a pod. */
  podTimeoutMs: number;
  /** SelectorsForObject's selector, listed then watched. */
  podSelector?: string;
  /** The timer ending that watch. */
  podWaitTimer?: TimerId;
}

export const POD_WAIT_TIMER = 'kubectl.pod-running-timeout';
/** exec.go defaultPodExecTimeout, attach.go defaultPodAttachTimeout: 60s. */
export const POD_ATTACH_TIMEOUT_MS = 60_000;
/** logs.go defaultPodLogsTimeout: 20s. */
export const POD_LOGS_TIMEOUT_MS = 20_000;

/** cmdutil.GetPodRunningTimeoutFlag: the flag (Go's duration syntax checked by the flag parser), or its error. */
export function podRunningTimeout(p: ParsedArgs, defaultMs: number): number | { error: string } {
  const v = flagString(p, 'pod-running-timeout');
  const ms = v === undefined ? defaultMs : v.startsWith('-') ? -1 : goDuration(v) ?? 0;
  return ms > 0 ? ms : { error: '--pod-running-timeout must be higher than zero' };
}

/** The kinds SelectorsForObject knows. */
const WORKLOADS = ['jobs', 'deployments', 'replicasets', 'statefulsets', 'daemonsets', 'replicationcontrollers', 'services'];

/** The Go type kubectl names in its errors (`%T`): `*v1.ConfigMap`. */
const goType = (o: { version: string; kind: string }): string => `*${o.version}.${o.kind}`;

/** TYPE/NAME mapped through the discovery cache: a pod (no owner), another object, or kubectl's error. */
export function objectArg(st: KubectlState, type: string, name: string): { name: string; owner?: PodOwner } | { error: string } {
  const info = mapResource(st, type);
  if (!info) return { error: noResourceType(type) };
  return info.resource === 'pods' ? { name } : { name, owner: info };
}

/** SelectorsForObject: the label selector of a workload, a Service or a ReplicationController, or its error. */
function selectorsForObject(owner: PodOwner, obj: Record<string, unknown>): string | { error: string } {
  const spec = (obj.spec ?? {}) as { selector?: unknown };
  const name = (obj.metadata as { name?: string } | undefined)?.name ?? '';
  if (!WORKLOADS.includes(owner.resource)) return { error: `selector for ${goType(owner)} not implemented` };
  if (owner.resource === 'services' || owner.resource === 'replicationcontrollers') {
    const set = (spec.selector ?? {}) as Record<string, string>;
    if (owner.resource === 'services' && Object.keys(set).length === 0) return { error: `invalid service '${name}': Service is defined without a selector` };
    // labels.SelectorFromSet: the keys sorted.
    return Object.keys(set).sort().map((k) => `${k}=${set[k]}`).join(',');
  }
  return selectorString(spec.selector as Parameters<typeof selectorString>[0]);
}

/** GET the object TYPE/NAME names (the job's step `owner`). */
export function requestOwner(st: KubectlState, job: JobCommon, owner: PodOwner, name: string, ctx: Effects): void {
  const path = resourcePath({ group: owner.group || undefined, version: owner.version, resource: owner.resource, namespace: owner.namespaced ? job.namespace : undefined, name });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'owner', { object: { kind: owner.kind, name, namespace: job.namespace } });
}

/**
 * The steps `owner` and `owner-pods`: after the object, list its pods; after the list, the pods in
 * `order`. Undefined when the job has moved on (the list asked for, or the job ended with
 * `<wording> %T: <SelectorsForObject's error>` or, with no pod, GetFirstPod's timeout).
 */
export function podsForObject(st: KubectlState, job: PodForObjectJob, step: string, r: RequestResult, ctx: Effects, wording: string, order: (a: Pod, b: Pod) => number): Pod[] | undefined {
  const path = resourcePath({ resource: 'pods', namespace: job.namespace });
  if (step === 'owner') {
    const sel = selectorsForObject(job.owner!, asObject(r));
    if (typeof sel !== 'string') finishJob(st, job, ctx, plain(`${wording} ${goType(job.owner!)}: ${sel.error}`));
    else {
      job.podSelector = sel;
      jobRequest(st, job, ctx, { method: 'GET', path, query: { labelSelector: sel } }, 'owner-pods');
    }
    return undefined;
  }
  if (step === 'owner-watch') {
    // The watch ended before a pod came (an answer that is an error is Watch's own error).
    finishJob(st, job, ctx, r.ok || r.ended ? plain('watch closed before UntilWithoutRetry timeout') : r.err);
    return undefined;
  }
  const list = (r as { body: KubeList }).body;
  const pods = [...((list.items ?? []) as Pod[])].sort(order);
  if (pods.length > 0) return pods;
  const query = { labelSelector: job.podSelector ?? '', resourceVersion: list.metadata?.resourceVersion ?? '0', watch: 'true' };
  jobRequest(st, job, ctx, { method: 'GET', path, query }, 'owner-watch', { phase: 'watch', watch: true });
  job.podWaitTimer = ctx.setTimer(job.podTimeoutMs, POD_WAIT_TIMER, { jobId: job.jobId });
  return undefined;
}

/** A pod event on GetFirstPod's watch: the pod it returns (the watch and its timer stopped), or undefined. */
export function podFromWatch(st: KubectlState, job: PodForObjectJob, body: WatchEventBody, ctx: Effects): Pod | undefined {
  if (body.watchId !== job.watchId || (body.event.type !== 'ADDED' && body.event.type !== 'MODIFIED')) return undefined;
  ctx.closeStream(body.watchId);
  st.client.pending.delete(body.watchId);
  job.watchId = undefined;
  if (job.podWaitTimer !== undefined) ctx.cancelTimer(job.podWaitTimer);
  job.podWaitTimer = undefined;
  return body.event.object as Pod;
}

/** --pod-running-timeout passed with no pod: UntilWithoutRetry's wait.ErrWaitTimeout. */
export function onPodWaitTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as PodForObjectJob | undefined;
  if (!job || job.podWaitTimer !== timer.id) return;
  job.podWaitTimer = undefined;
  finishJob(st, job, ctx, plain('timed out waiting for the condition'));
}
