// `kubectl describe <type> [name]` (kubectl/pkg/cmd/describe): GET the object (or LIST them all),
// then LIST the events that involve it, and print the describer's text. Several descriptions are
// separated by two blank lines.

import type { Event, KubeList, KubeObject, Lease, Node, Pod } from '../../../api/types';
import { resourceForName, type ResourceInfo } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { aggregate, errorString, noResourceType, plain } from '../errors';
import { mapResource } from '../discovery-cache';
import type { ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { describerFor, type Fetched } from '../describe/describers';
import { describeNode, type NodeExtras } from '../describe/node';

export interface DescribeJob extends JobCommon {
  command: 'describe';
  info: ResourceInfo;
  names: string[];
  objects: KubeObject[];
  /** What the describer lists besides events (a Deployment's ReplicaSets, a ReplicaSet's pods). */
  related: KubeObject[];
  /** describe node (and a per-object describer): which object is being completed, what was fetched for it, and its events. */
  nodeIndex?: number;
  nodeExtras?: NodeExtras;
  nodeEvents?: Event[];
  /** A per-object describer's answers so far, for the object at nodeIndex. */
  fetched?: Fetched[];
}

export function startDescribe(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  let [typed, ...names] = p.args;
  if (!typed) {
    return finishJob(st, common, ctx, plain('You must specify the type of resource to describe. Use "kubectl api-resources" for a complete list of supported resources.'));
  }
  if (typed.includes('/')) {
    names = [typed.slice(typed.indexOf('/') + 1), ...names];
    typed = typed.slice(0, typed.indexOf('/'));
  }
  const info = mapResource(st, typed);
  if (!info) return finishJob(st, common, ctx, plain(noResourceType(typed)));
  if (!describerFor(info.resource)) {
    return finishJob(st, common, ctx, plain(`describe of ${info.resource} is not supported in Kubeplay yet`));
  }
  const job: DescribeJob = { ...common, command: 'describe', info, names, objects: [], related: [] };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

function ns(job: DescribeJob): string | undefined {
  return job.info.namespaced ? job.namespace : undefined;
}

function next(st: KubectlState, job: DescribeJob, ctx: Effects): void {
  const info = job.info;
  if (job.names.length > 0) {
    const name = job.names[0]!;
    const path = resourcePath({ group: info.group, version: info.version, resource: info.resource, namespace: ns(job), name });
    jobRequest(st, job, ctx, { method: 'GET', path }, 'object', { object: { kind: info.kind, name, namespace: ns(job) } });
  } else if (job.objects.length === 0) {
    jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ group: info.group, version: info.version, resource: info.resource, namespace: ns(job) }) }, 'list');
  }
}

function afterObjects(st: KubectlState, job: DescribeJob, ctx: Effects): void {
  if (job.objects.length === 0) {
    if (job.errors.length === 0 && job.names.length === 0) {
      job.stderr += job.info.namespaced ? `No resources found in ${job.namespace} namespace.\n` : 'No resources found\n';
    }
    return finishJob(st, job, ctx, aggregate(job.errors));
  }
  if (job.info.resource === 'nodes') return nextNode(st, job, ctx, 0);
  if (describerFor(job.info.resource)?.perObject) return nextPerObject(st, job, ctx, 0, 0);
  const related = describerFor(job.info.resource)?.related;
  const rel = related ? resourceForName(related) : undefined;
  if (rel) {
    const path = resourcePath({ group: rel.group, version: rel.version, resource: rel.resource, namespace: job.namespace });
    jobRequest(st, job, ctx, { method: 'GET', path }, 'related');
    return;
  }
  listEvents(st, job, ctx);
}

function listEvents(st: KubectlState, job: DescribeJob, ctx: Effects): void {
  const query: Record<string, string> = {};
  if (job.objects.length === 1) {
    const o = job.objects[0]!;
    query.fieldSelector = `involvedObject.name=${o.metadata.name},involvedObject.namespace=${o.metadata.namespace ?? ''},involvedObject.uid=${o.metadata.uid ?? ''}`;
  }
  const path = resourcePath({ resource: 'events', namespace: job.info.namespaced ? job.namespace : undefined });
  jobRequest(st, job, ctx, { method: 'GET', path, query }, 'events');
}

// A describer with requests of its own per object (describe namespace: ResourceQuotas, then
// LimitRanges, in that namespace; describe ingress: each backend's EndpointSlices and Service):
// make them in turn, keep each answer or error for the describer, list the object's events if it
// prints them, print, go on to the next object.

function nextPerObject(st: KubectlState, job: DescribeJob, ctx: Effects, index: number, step: number): void {
  const describer = describerFor(job.info.resource)!;
  const o = job.objects[index];
  if (!o) return finishJob(st, job, ctx, aggregate(job.errors));
  job.nodeIndex = index;
  if (step === 0) job.fetched = [];
  const want = describer.perObject!(o)[step];
  if (want) {
    const info = resourceForName(want.resource)!;
    const path = resourcePath({ group: info.group, version: info.version, resource: info.resource, namespace: want.namespace, name: want.name });
    const query: Record<string, string> = want.labelSelector ? { labelSelector: want.labelSelector } : {};
    jobRequest(st, job, ctx, { method: 'GET', path, query }, `per-object-${step}`);
    return;
  }
  if (describer.perObjectEvents && step === describer.perObject!(o).length) {
    const kind = describer.eventsKind ? `involvedObject.kind=${describer.eventsKind},` : '';
    const fieldSelector = `involvedObject.name=${o.metadata.name},involvedObject.namespace=${o.metadata.namespace ?? ''},${kind}involvedObject.uid=${o.metadata.uid ?? ''}`;
    jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'events', namespace: o.metadata.namespace }), query: { fieldSelector } }, `per-object-${step}`);
    return;
  }
  const events = describer.perObjectEvents ? ((job.fetched!.pop() as { ok: true; body: { items?: Event[] } } | undefined)?.body?.items ?? []) : [];
  job.stdout += (index === 0 ? '' : '\n\n') + describer.print(o, events, [], ctx.now, job.fetched!);
  nextPerObject(st, job, ctx, index + 1, 0);
}

function onPerObjectResult(st: KubectlState, job: DescribeJob, step: string, r: RequestResult, ctx: Effects): void {
  const n = Number(step.slice('per-object-'.length));
  job.fetched!.push(r.ok ? { ok: true, body: r.body as KubeObject } : { ok: false, error: errorString(r.err) });
  nextPerObject(st, job, ctx, job.nodeIndex!, n + 1);
}

// describe node (NodeDescriber.Describe): per node, GET its Lease in kube-node-lease, LIST its
// non-terminated pods in every namespace, then LIST events twice, by the node's uid (the node
// controller's) and by its name (the kubelet's, which uses the name as uid), uid ones first.

function nextNode(st: KubectlState, job: DescribeJob, ctx: Effects, index: number): void {
  job.nodeIndex = index;
  if (index >= job.objects.length) return finishJob(st, job, ctx, aggregate(job.errors));
  job.nodeExtras = {};
  job.nodeEvents = [];
  const name = job.objects[index]!.metadata.name ?? '';
  const path = resourcePath({ group: 'coordination.k8s.io', version: 'v1', resource: 'leases', namespace: 'kube-node-lease', name });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'node-lease');
}

function nodeEvents(st: KubectlState, job: DescribeJob, ctx: Effects, uid: string, step: string): void {
  const name = job.objects[job.nodeIndex!]!.metadata.name ?? '';
  const fieldSelector = `involvedObject.kind=Node,involvedObject.name=${name},involvedObject.namespace=,involvedObject.uid=${uid}`;
  jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'events' }), query: { fieldSelector } }, step);
}

function onNodeResult(st: KubectlState, job: DescribeJob, step: string, r: RequestResult, ctx: Effects): void {
  const node = job.objects[job.nodeIndex!] as Node;
  const extras = job.nodeExtras!;
  if (step === 'node-lease') {
    if (r.ok) extras.lease = r.body as Lease;
    else extras.leaseError = errorString(r.err);
    const fieldSelector = `spec.nodeName=${node.metadata.name ?? ''},status.phase!=Succeeded,status.phase!=Failed`;
    jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'pods' }), query: { fieldSelector } }, 'node-pods');
    return;
  }
  if (step === 'node-pods') {
    if (r.ok) extras.pods = (r.body as KubeList<Pod>).items ?? [];
    else if (r.err.t !== 'status' || r.err.status.code !== 403) return finishJob(st, job, ctx, r.err);
    return nodeEvents(st, job, ctx, node.metadata.uid ?? '', 'node-events-uid');
  }
  if (r.ok) job.nodeEvents!.push(...((r.body as KubeList<Event>).items ?? []));
  if (step === 'node-events-uid') return nodeEvents(st, job, ctx, node.metadata.name ?? '', 'node-events-name');
  job.stdout += (job.nodeIndex === 0 ? '' : '\n\n') + describeNode(node, job.nodeEvents!, ctx.now, extras);
  nextNode(st, job, ctx, job.nodeIndex! + 1);
}

export function onDescribeResult(st: KubectlState, job: DescribeJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok && r.err.t === 'url') return finishJob(st, job, ctx, r.err);
  if (step.startsWith('node-')) return onNodeResult(st, job, step, r, ctx);
  if (step.startsWith('per-object-')) return onPerObjectResult(st, job, step, r, ctx);
  if (step === 'object') {
    job.names.shift();
    if (r.ok) job.objects.push(r.body as KubeObject);
    else job.errors.push(r.err);
    if (job.names.length > 0) return next(st, job, ctx);
    return afterObjects(st, job, ctx);
  }
  if (step === 'list') {
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    job.objects = (r.body as KubeList).items ?? [];
    return afterObjects(st, job, ctx);
  }
  if (step === 'related') {
    job.related = r.ok ? ((r.body as KubeList).items ?? []) : [];
    return listEvents(st, job, ctx);
  }
  const events = r.ok ? ((r.body as KubeList<Event>).items ?? []) : [];
  job.objects.forEach((o, i) => {
    const mine = events.filter(
      (e) => e.involvedObject?.name === o.metadata.name && (e.involvedObject?.kind ?? job.info.kind) === job.info.kind &&
        (!e.involvedObject?.uid || !o.metadata.uid || e.involvedObject.uid === o.metadata.uid),
    );
    const text = describerFor(job.info.resource)!.print(o, mine, job.related, ctx.now, []);
    job.stdout += (i === 0 ? '' : '\n\n') + text;
  });
  finishJob(st, job, ctx, aggregate(job.errors));
}
