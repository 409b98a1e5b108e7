// `kubectl wait --for=delete|condition=NAME[=VALUE]|jsonpath='{...}'[=VALUE] TYPE/NAME... [--timeout=30s]`
// (kubectl/pkg/cmd/wait: wait.go, condition.go, delete.go, json.go). The builder reads each object
// (a missing one is NotFound, except for --for=delete, where it is already done); then kubectl
// waits until the condition holds and prints `pod/web condition met`, or gives up at the timeout
// with `error: timed out waiting for the condition on pods/web`. One deadline covers every object.
// Simplification: real kubectl lists and watches each object (watchtools.UntilWithSync); Kubeplay
// reads it again every half second, which sees the same states a moment later.

import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import { evalPath, JsonPathError, parsePath, relaxedJsonPath } from '../../common/jsonpath';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { resolveTargets } from './get';
import { cachedIn } from '../discovery-cache';

import { goDuration } from './rollout';

export const WAIT_POLL_TIMER = 'kubectl.wait-poll';
const POLL_MS = 500;
/** The --timeout default (WaitFlags: 30 seconds); a negative one means a week. */
const DEFAULT_TIMEOUT_MS = 30_000;
const WEEK_MS = 168 * 3_600_000;

export type WaitFor = { t: 'delete' } | { t: 'condition'; name: string; value: string } | { t: 'jsonpath'; path: string; value?: string };

interface WaitTarget {
  info: ResourceInfo;
  name: string;
  namespace?: string;
}

export interface WaitJob extends JobCommon {
  command: 'wait';
  forCond: WaitFor;
  targets: WaitTarget[];
  index: number;
  /** A LIST still to send (`-l`, `--all`). */
  list?: { info: ResourceInfo; query: Record<string, string>; namespace?: string };
  /** --timeout, in milliseconds (the job's own timeoutMs is each request's). */
  waitMs: number;
  deadline?: number;
  timer?: number;
  /** The current object was read before (the builder's read is the first). */
  seen?: boolean;
}

/** splitJSONPathInput: split on single `=`, keep `==`. */
function splitJsonPathInput(input: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=') {
      if (input[i + 1] === '=') {
        cur += '==';
        i++;
        continue;
      }
      out.push(cur);
      cur = '';
      continue;
    }
    cur += input[i];
  }
  return [...out, cur];
}

/** conditionFuncFor: the --for value, or the error kubectl gives for it. */
export function parseFor(condition: string): WaitFor | string {
  if (condition.toLowerCase() === 'delete') return { t: 'delete' };
  if (condition.startsWith('condition=')) {
    const rest = condition.slice('condition='.length);
    const eq = rest.indexOf('=');
    return eq >= 0 ? { t: 'condition', name: rest.slice(0, eq), value: rest.slice(eq + 1) } : { t: 'condition', name: rest, value: 'true' };
  }
  if (condition.startsWith('jsonpath=')) {
    const parts = splitJsonPathInput(condition.slice('jsonpath='.length));
    if (parts.length > 2) return "jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'";
    let path: string;
    try {
      path = relaxedJsonPath(parts[0]!.replace(/^'(.*)'$/, '$1'));
    } catch (e) {
      if (e instanceof JsonPathError) return e.message;
      throw e;
    }
    if (parts.length === 1) return { t: 'jsonpath', path };
    const value = parts[1]!.replace(/^['"]+|['"]+$/g, '');
    if (value === '') return "jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3";
    return { t: 'jsonpath', path, value };
  }
  return `unrecognized condition: "${condition}"`;
}

/** Go's %v of a JSON scalar, as compareResults formats what the path found. */
const goValue = (v: unknown): string => (v === null ? '<nil>' : String(v));

/** Does the object meet the condition (ConditionalWait.checkCondition, JSONPathWait.checkCondition)? */
export function conditionMet(f: WaitFor, obj: KubeObject): boolean | string {
  if (f.t === 'condition') {
    const status = obj.status as { conditions?: { type?: string; status?: string; observedGeneration?: number }[] } | undefined;
    const generation = obj.metadata.generation;
    for (const c of status?.conditions ?? []) {
      if (typeof c.type !== 'string' || c.type.toLowerCase() !== f.name.toLowerCase() || typeof c.status !== 'string') continue;
      if (generation !== undefined && c.observedGeneration !== undefined && c.observedGeneration < generation) return false;
      return c.status.toLowerCase() === f.value.toLowerCase();
    }
    return false;
  }
  if (f.t === 'jsonpath') {
    const found = evalPath(parsePath(f.path.slice(1, -1)), obj);
    if (found.length === 0) return false;
    if (found.length > 1) return 'given jsonpath expression matches more than one value';
    if (f.value === undefined) return true;
    const v = found[0];
    if (typeof v === 'object' && v !== null) return 'jsonpath leads to a nested object or list which is not supported';
    return goValue(v).trim() === f.value.trim();
  }
  return false;
}

export function startWait(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const forCond = parseFor(flagString(p, 'for') ?? '');
  if (typeof forCond === 'string') return finishJob(st, common, ctx, plain(forCond));
  const timeoutFlag = flagString(p, 'timeout');
  const parsedTimeout = timeoutFlag === undefined ? DEFAULT_TIMEOUT_MS : timeoutFlag.startsWith('-') ? -1 : goDuration(timeoutFlag);
  if (parsedTimeout === undefined) return finishJob(st, common, ctx, plain(`invalid argument "${timeoutFlag}" for "--timeout" flag: time: invalid duration "${timeoutFlag}"`));
  if (p.args.length === 0) {
    return finishJob(st, common, ctx, plain("You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'"));
  }
  const resolved = resolveTargets(p.args, cachedIn(st));
  if ('t' in resolved) return finishJob(st, common, ctx, resolved);
  const job: WaitJob = { ...common, command: 'wait', forCond, targets: [], index: 0, waitMs: parsedTimeout < 0 ? WEEK_MS : parsedTimeout };
  const t = resolved.targets[0]!;
  const selector = flagString(p, 'selector');
  if (t.names.length === 0) {
    if (selector === undefined && !flagBool(p, 'all')) return finishJob(st, common, ctx, plain('resource(s) were provided, but no name was specified'));
    const namespace = t.info.namespaced && !flagBool(p, 'all-namespaces') ? common.namespace : undefined;
    job.list = { info: t.info, query: selector !== undefined ? { labelSelector: selector } : {}, namespace };
  }
  for (const tt of resolved.targets) for (const name of tt.names) job.targets.push({ info: tt.info, name, namespace: tt.info.namespaced ? common.namespace : undefined });
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  job.deadline = ctx.now + job.waitMs;
  next(st, job, ctx);
}

function pathOf(t: WaitTarget): string {
  return resourcePath({ group: t.info.group || undefined, version: t.info.version, resource: t.info.resource, namespace: t.namespace, name: t.name });
}

function next(st: KubectlState, job: WaitJob, ctx: Effects): void {
  if (job.list) {
    const l = job.list;
    const path = resourcePath({ group: l.info.group || undefined, version: l.info.version, resource: l.info.resource, namespace: l.namespace });
    return void jobRequest(st, job, ctx, { method: 'GET', path, query: l.query }, 'list');
  }
  const t = job.targets[job.index];
  if (!t) {
    // RunWait: nothing visited is an error, except when waiting for deletion.
    if (job.targets.length === 0 && job.forCond.t !== 'delete') return finishJob(st, job, ctx, plain('no matching resources found'));
    return finishJob(st, job, ctx);
  }
  jobRequest(st, job, ctx, { method: 'GET', path: pathOf(t) }, 'get', { object: { kind: t.info.kind, name: t.name, namespace: t.namespace } });
}

export function onWaitTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as WaitJob | undefined;
  if (!job || job.timer !== timer.id) return;
  job.timer = undefined;
  next(st, job, ctx);
}

function met(st: KubectlState, job: WaitJob, t: WaitTarget, ctx: Effects, print = true): void {
  if (print) job.stdout += `${kindSlashName(t.info, t.name)} condition met\n`;
  job.index++;
  job.seen = false;
  next(st, job, ctx);
}

export function onWaitResult(st: KubectlState, job: WaitJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'list') {
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    const info = job.list!.info;
    job.list = undefined;
    for (const o of (r.body as { items?: KubeObject[] }).items ?? []) {
      job.targets.push({ info, name: o.metadata.name ?? '', namespace: info.namespaced ? o.metadata.namespace : undefined });
    }
    return next(st, job, ctx);
  }
  const t = job.targets[job.index]!;
  // Already gone when the builder reads it: RunWait ignores the NotFound and prints nothing.
  if (job.forCond.t === 'delete' && isNotFound(r)) return met(st, job, t, ctx, job.seen === true);
  job.seen = true;
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (job.forCond.t !== 'delete') {
    const ok = conditionMet(job.forCond, asObject(r));
    if (typeof ok === 'string') return finishJob(st, job, ctx, plain(ok));
    if (ok) return met(st, job, t, ctx);
  }
  if (job.waitMs === 0) return finishJob(st, job, ctx, plain(`condition not met for ${t.info.resource}/${t.name}`));
  if (ctx.now >= job.deadline!) return finishJob(st, job, ctx, plain(`timed out waiting for the condition on ${t.info.resource}/${t.name}`));
  job.timer = ctx.setTimer(Math.min(POLL_MS, job.deadline! - ctx.now), WAIT_POLL_TIMER, { jobId: job.jobId });
}
