// kubectl drain NODE (kubectl/pkg/cmd/drain/drain.go RunDrain and kubectl/pkg/drain/drain.go, v1.31):
// cordon the node, list its pods (fieldSelector spec.nodeName), look up the DaemonSet of each
// daemon pod, filter (drain-filters.ts), and either fail with
// `error: unable to drain node "x" due to error:<errors>, continuing command...` or print the
// warnings and evict every remaining pod through pods/<name>/eviction (`evicting pod ns/name`),
// poll each one every second until it is gone (`pod/name evicted`) and print `node/x drained`.
//
// An eviction a PodDisruptionBudget refuses (429 TooManyRequests) is printed as
// `error when evicting pods/"x" -n "ns" (will retry after 5s): <message>` and tried again 5 s later,
// `evicting pod` printed again, until the budget allows it (drain.go evictPods).
//
// --timeout (0: no limit) is evictPods' global timeout, counted from the first eviction: an attempt
// that starts after it (still printing `evicting pod`) gives up with `error when evicting pods/"x" -n
// "ns": global timeout reached: 20s`, a pod still there when waitForDelete polls after it with
// `error when waiting for pod "x" in namespace "ns" to terminate: global timeout reached: 20s`. On such
// an error deleteOrEvictPodsSimple lists the node's pods again and prints `There are pending pods in
// node "n" when an error occurred: <err>` and `pod/<name>` for each pod still to delete.
//
// Before the first eviction DeleteOrEvictPods asks GET /api/v1 whether pods/eviction is served
// (pkg/drain/drain.go CheckEvictionSupport); kubectl v1.31.9 -v=6 against `kubeplay serve` sends it
// after the DaemonSet lookups and the warning, before the eviction's POST.
//
// Simplified: one node by name (no --selector), the eviction's group/version is not read from
// that answer (Kubeplay's apiserver always serves policy/v1 evictions), --skip-wait-for-delete-timeout
// is accepted but not enforced, and --timeout does not limit the wait of --disable-eviction's deletions.

import type { Node, Pod } from '../../../api/types';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import { errorString } from '../errors';
import { goDuration } from './rollout';
import { goDurationString } from './top';
import { flagBool, flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { cordonResult, cordonStep, nodePath, usageError } from './cordon';
import { controllerOf, deleteErrors, deleteWarnings, filterPod, needsDaemonSetLookup, type DaemonSetLookup, type DrainOptions } from './drain-filters';

export const DRAIN_POLL_TIMER = 'kubectl.drain-poll';
/** waitForDelete polls every second (wait.PollUntilContextTimeout with interval 1s). */
const POLL_INTERVAL_MS = 1000;
/** evictPods sleeps 5 s after a 429 before it tries the eviction again. */
const EVICTION_RETRY_MS = 5000;

interface Target {
  namespace: string;
  name: string;
  uid: string;
  done: boolean;
  timer?: TimerId;
}

export interface DrainJob extends JobCommon {
  command: 'drain';
  node: string;
  options: DrainOptions;
  gracePeriod: number;
  podSelector?: string;
  disableEviction: boolean;
  pods: Pod[];
  lookups: (DaemonSetLookup | null)[];
  targets: Target[];
  failures: string[];
  /** --timeout in ms; 0 is no limit. */
  drainTimeoutMs: number;
  /** When evictPods' context ends (set when the evictions start). */
  deadline?: number;
}

/** time.Duration's String() for the timeout in `global timeout reached: 20s`. */
function durationText(ms: number): string {
  return ms > 0 && ms < 1000 ? `${ms}ms` : goDurationString(ms);
}

/** The aggregate's Error(): one message alone, several (deduplicated) in brackets. */
function aggregateText(errors: string[]): string {
  const unique = [...new Set(errors)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}

const timedOut = (job: DrainJob, ctx: Effects): boolean => job.deadline !== undefined && ctx.now >= job.deadline;

export function startDrain(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const node = p.args[0];
  if (node === undefined) {
    common.stderr += usageError('drain');
    return finishJob(st, common, ctx, undefined, 1);
  }
  const job: DrainJob = {
    ...common,
    command: 'drain',
    node,
    options: { force: flagBool(p, 'force'), ignoreDaemonSets: flagBool(p, 'ignore-daemonsets'), deleteEmptyDirData: flagBool(p, 'delete-emptydir-data') || flagBool(p, 'delete-local-data') },
    gracePeriod: flagInt(p, 'grace-period') ?? -1,
    podSelector: flagString(p, 'pod-selector'),
    disableEviction: flagBool(p, 'disable-eviction'),
    pods: [],
    lookups: [],
    targets: [],
    failures: [],
    drainTimeoutMs: goDuration(flagString(p, 'timeout') ?? '0') ?? 0,
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: nodePath(node) }, 'node', { object: { kind: 'Node', name: node } });
}

function listPods(st: KubectlState, job: DrainJob, ctx: Effects): void {
  const query: Record<string, string> = { fieldSelector: `spec.nodeName=${job.node}`, limit: '500' };
  if (job.podSelector) query.labelSelector = job.podSelector;
  jobRequest(st, job, ctx, { method: 'GET', path: '/api/v1/pods', query }, 'pods', { object: { kind: 'Node', name: job.node } });
}

/** The next DaemonSet a daemon pod needs looked up, or the decision once all are known. */
function nextLookup(st: KubectlState, job: DrainJob, ctx: Effects): void {
  const i = job.pods.findIndex((p, k) => job.lookups[k] === null && needsDaemonSetLookup(p));
  if (i < 0) return decide(st, job, ctx);
  const pod = job.pods[i]!;
  const ds = controllerOf(pod)!.name;
  const path = `/apis/apps/v1/namespaces/${pod.metadata.namespace}/daemonsets/${ds}`;
  jobRequest(st, job, ctx, { method: 'GET', path }, `ds:${i}`, { object: { kind: 'DaemonSet', name: ds, namespace: pod.metadata.namespace } });
}

function fail(st: KubectlState, job: DrainJob, ctx: Effects, errors: string[]): void {
  job.stderr += `error: unable to drain node "${job.node}" due to error: ${aggregateText(errors)}, continuing command...\n`;
  job.stderr += `There are pending nodes to be drained:\n ${job.node}\n`;
  // CheckErr of the aggregate: one line per error, without an `error: ` prefix.
  job.stderr += errors.map((e) => `${e}\n`).join('');
  finishJob(st, job, ctx, undefined, 1);
}

function decide(st: KubectlState, job: DrainJob, ctx: Effects): void {
  const items = job.pods.map((pod, i) => ({ pod, status: filterPod(pod, job.options, job.lookups[i] ?? undefined) }));
  const errors = deleteErrors(items);
  if (errors.length) return fail(st, job, ctx, errors);
  const warnings = deleteWarnings(items);
  if (warnings) job.stderr += `Warning: ${warnings}\n`;
  const doomed = items.filter((x) => x.status.delete).map((x) => x.pod);
  if (doomed.length === 0) return drained(st, job, ctx);
  job.targets = doomed.map((p) => ({ namespace: p.metadata.namespace ?? 'default', name: p.metadata.name ?? '', uid: p.metadata.uid ?? '', done: false }));
  if (job.disableEviction) return startTargets(st, job, ctx);
  // DeleteOrEvictPods: CheckEvictionSupport asks discovery for the v1 resources (GET /api/v1) to find pods/eviction.
  jobRequest(st, job, ctx, { method: 'GET', path: '/api/v1' }, 'support');
}

/** CheckEvictionSupport's answer: a failure is DeleteOrEvictPods' error (the pending pods are listed), else evictPods starts. */
function onEvictionSupport(st: KubectlState, job: DrainJob, ctx: Effects, r: RequestResult): void {
  if (!r.ok) {
    job.failures.push(errorString(r.err));
    return listPending(st, job, ctx);
  }
  // A negative --timeout is a context already done; 0 has none.
  if (job.drainTimeoutMs !== 0) job.deadline = ctx.now + Math.max(0, job.drainTimeoutMs);
  startTargets(st, job, ctx);
}

function startTargets(st: KubectlState, job: DrainJob, ctx: Effects): void {
  job.targets.forEach((_t, i) => evictTarget(st, job, ctx, i));
}

/** One attempt at a target: DELETE with --disable-eviction, else POST its Eviction. */
function evictTarget(st: KubectlState, job: DrainJob, ctx: Effects, i: number): void {
  const t = job.targets[i]!;
  const ref = { kind: 'Pod', name: t.name, namespace: t.namespace };
  const deleteOptions = job.gracePeriod >= 0 ? { gracePeriodSeconds: job.gracePeriod } : {};
  if (job.disableEviction) {
    jobRequest(st, job, ctx, { method: 'DELETE', path: `/api/v1/namespaces/${t.namespace}/pods/${t.name}`, body: deleteOptions }, `evict:${i}`, { object: ref });
    return;
  }
  job.stdout += `evicting pod ${t.namespace}/${t.name}\n`;
  if (timedOut(job, ctx)) return targetDone(st, job, ctx, i, `error when evicting pods/"${t.name}" -n "${t.namespace}": global timeout reached: ${durationText(job.drainTimeoutMs)}`);
  const body = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: t.name, namespace: t.namespace }, deleteOptions };
  jobRequest(st, job, ctx, { method: 'POST', path: `/api/v1/namespaces/${t.namespace}/pods/${t.name}/eviction`, body }, `evict:${i}`, { object: ref });
}

function drained(st: KubectlState, job: DrainJob, ctx: Effects): void {
  job.stdout += `node/${job.node} drained\n`;
  finishJob(st, job, ctx);
}

function poll(st: KubectlState, job: DrainJob, ctx: Effects, i: number): void {
  const t = job.targets[i]!;
  jobRequest(st, job, ctx, { method: 'GET', path: `/api/v1/namespaces/${t.namespace}/pods/${t.name}` }, `wait:${i}`, { object: { kind: 'Pod', name: t.name, namespace: t.namespace } });
}

function targetDone(st: KubectlState, job: DrainJob, ctx: Effects, i: number, failure?: string): void {
  job.targets[i]!.done = true;
  if (failure) job.failures.push(failure);
  if (job.targets.some((t) => !t.done)) return;
  if (job.failures.length) return listPending(st, job, ctx);
  drained(st, job, ctx);
}

/** deleteOrEvictPodsSimple after a failed DeleteOrEvictPods: GetPodsForDeletion again. */
function listPending(st: KubectlState, job: DrainJob, ctx: Effects): void {
  const query: Record<string, string> = { fieldSelector: `spec.nodeName=${job.node}`, limit: '500' };
  if (job.podSelector) query.labelSelector = job.podSelector;
  jobRequest(st, job, ctx, { method: 'GET', path: '/api/v1/pods', query }, 'pending', { object: { kind: 'Node', name: job.node } });
}

function onPending(st: KubectlState, job: DrainJob, ctx: Effects, r: RequestResult): void {
  if (r.ok) {
    // The DaemonSets were looked up already: reuse what was found for the same pod.
    const known = new Map(job.pods.map((p, k) => [p.metadata.uid ?? '', job.lookups[k] ?? undefined]));
    const pods = (asObject(r) as unknown as { items?: Pod[] }).items ?? [];
    const pending = pods.filter((pod) => filterPod(pod, job.options, known.get(pod.metadata.uid ?? '') ?? { t: 'found' }).delete);
    if (pending.length) {
      job.stderr += `There are pending pods in node "${job.node}" when an error occurred: ${aggregateText(job.failures)}\n`;
      job.stderr += pending.map((p) => `pod/${p.metadata.name ?? ''}\n`).join('');
    }
  }
  fail(st, job, ctx, job.failures);
}

function onEvicted(st: KubectlState, job: DrainJob, ctx: Effects, i: number, r: RequestResult): void {
  const t = job.targets[i]!;
  if (r.ok) return poll(st, job, ctx, i);
  if (r.err.t === 'status' && r.err.status.code === 404) return targetDone(st, job, ctx, i);
  if (!job.disableEviction && r.err.t === 'status' && r.err.status.code === 429) {
    job.stderr += `error when evicting pods/"${t.name}" -n "${t.namespace}" (will retry after 5s): ${errorString(r.err)}\n`;
    t.timer = ctx.setTimer(EVICTION_RETRY_MS, DRAIN_POLL_TIMER, { jobId: job.jobId, target: i, evict: true });
    return;
  }
  const what = job.disableEviction ? `${errorString(r.err)}` : `error when evicting pods/"${t.name}" -n "${t.namespace}": ${errorString(r.err)}`;
  targetDone(st, job, ctx, i, what);
}

function onWaited(st: KubectlState, job: DrainJob, ctx: Effects, i: number, r: RequestResult): void {
  const t = job.targets[i]!;
  const gone = (!r.ok && r.err.t === 'status' && r.err.status.code === 404) || (r.ok && (asObject(r) as Pod).metadata.uid !== t.uid);
  if (gone) {
    job.stdout += `pod/${t.name} ${job.disableEviction ? 'deleted' : 'evicted'}\n`;
    return targetDone(st, job, ctx, i);
  }
  if (!r.ok) return targetDone(st, job, ctx, i, `error when waiting for pod "${t.name}" in namespace "${t.namespace}" to terminate: ${errorString(r.err)}`);
  if (timedOut(job, ctx)) return targetDone(st, job, ctx, i, `error when waiting for pod "${t.name}" in namespace "${t.namespace}" to terminate: global timeout reached: ${durationText(job.drainTimeoutMs)}`);
  t.timer = ctx.setTimer(POLL_INTERVAL_MS, DRAIN_POLL_TIMER, { jobId: job.jobId, target: i });
}

export function onDrainTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const { jobId, target, evict } = timer.payload as { jobId: number; target: number; evict?: boolean };
  const job = st.jobs.get(jobId) as unknown as DrainJob | undefined;
  const t = job?.targets[target];
  if (!job || !t || t.timer !== timer.id) return;
  t.timer = undefined;
  if (evict) return evictTarget(st, job, ctx, target);
  poll(st, job, ctx, target);
}

export function onDrainResult(st: KubectlState, job: DrainJob, step: string, r: RequestResult, ctx: Effects): void {
  const [kind, index] = step.split(':') as [string, string | undefined];
  const i = Number(index);
  switch (kind) {
    case 'node':
      if (!r.ok) return finishJob(st, job, ctx, r.err);
      if (!cordonStep(st, job, ctx, asObject(r) as Node, true, 'cordon')) listPods(st, job, ctx);
      return;
    case 'cordon':
      cordonResult(job, job.node, true, r);
      return listPods(st, job, ctx);
    case 'pods':
      if (!r.ok) return finishJob(st, job, ctx, r.err);
      job.pods = ((asObject(r) as unknown as { items?: Pod[] }).items ?? []).map((p) => p);
      job.lookups = job.pods.map(() => null);
      return nextLookup(st, job, ctx);
    case 'ds': {
      const notFound = !r.ok && r.err.t === 'status' && r.err.status.code === 404;
      job.lookups[i] = r.ok ? { t: 'found' } : { t: notFound ? 'notFound' : 'error', message: errorString(r.err) };
      return nextLookup(st, job, ctx);
    }
    case 'support':
      return onEvictionSupport(st, job, ctx, r);
    case 'evict':
      return onEvicted(st, job, ctx, i, r);
    case 'wait':
      return onWaited(st, job, ctx, i, r);
    case 'pending':
      return onPending(st, job, ctx, r);
  }
}
