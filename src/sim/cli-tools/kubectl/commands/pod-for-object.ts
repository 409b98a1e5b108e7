// The pod kubectl reads or enters for `TYPE/NAME` (kubectl v1.31 pkg/polymorphichelpers): the
// builder GETs the object (a TYPE the discovery cache does not map is `the server doesn't have a
// resource type`), a Pod is itself, any other object gives its pod selector (helpers.go
// SelectorsForObject: the workloads, a ReplicationController or a Service with a selector), then
// GetFirstPod lists the pods in the object's namespace by it and sorts them by the verb's order
// (ByLogging for logs, sort.Reverse(ActivePods) for exec and attach). The verb wraps the selector
// error in its own words: `cannot get the logs from %T: %v`, `cannot attach to %T: %v`.

import type { ResourceInfo } from '../../../api/resources';
import type { KubeList, Pod } from '../../../api/types';
import { selectorString } from '../../../apiserver/printers/apps-printers';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { mapResource } from '../discovery-cache';
import { noResourceType, plain } from '../errors';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export type PodOwner = Pick<ResourceInfo, 'group' | 'version' | 'resource' | 'kind' | 'namespaced'>;

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
export function podsForObject(st: KubectlState, job: JobCommon & { owner?: PodOwner }, step: string, r: RequestResult, ctx: Effects, wording: string, order: (a: Pod, b: Pod) => number): Pod[] | undefined {
  if (step === 'owner') {
    const sel = selectorsForObject(job.owner!, asObject(r));
    if (typeof sel !== 'string') finishJob(st, job, ctx, plain(`${wording} ${goType(job.owner!)}: ${sel.error}`));
    else jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'pods', namespace: job.namespace }), query: { labelSelector: sel } }, 'owner-pods');
    return undefined;
  }
  const pods = [...(((r as { body: KubeList }).body.items ?? []) as Pod[])].sort(order);
  // GetFirstPod waits up to --pod-running-timeout for a pod to appear; Kubeplay does not wait.
  if (pods.length > 0) return pods;
  finishJob(st, job, ctx, plain('timed out waiting for the condition'));
  return undefined;
}
