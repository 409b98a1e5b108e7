// `kubectl delete <type> <name>... | -f file` (kubectl/pkg/cmd/delete): DELETE each object with
// propagationPolicy from --cascade (Background by default), print `pod "web" deleted`, then, as --wait=true is the default,
// wait until each deleted object is really gone: GET it, and while it still exists (a pod in its
// termination grace period) watch it by name until the DELETED event for its UID arrives.

import type { WatchEventBody } from '../../../api/http';
import { isStatus, type KubeObject } from '../../../api/types';
import { type ResourceInfo } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import type { CliExec } from '../../protocol';
import { addSourceToErr, aggregate, plain } from '../errors';
import { flagArray, flagBool, flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindQuotedName, kindSlashName, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { isPreludeStep, newPrelude, onPreludeResult, preludeUntil, unrecognized, type ApplyPrelude, type PreludeJob } from './apply-openapi';
import { dryRunOf, dryRunQuery, dryRunSuffix, type DryRun } from './dry-run';
import { resolveTargets } from './get';
import { cachedIn } from '../discovery-cache';


interface DeleteTarget {
  info: ResourceInfo;
  name: string;
  namespace?: string;
  source: string;
  /** Set once the DELETE answered with the object still present (graceful deletion). */
  uid?: string;
  resourceVersion?: string;
}

export interface DeleteJob extends JobCommon {
  command: 'delete';
  targets: DeleteTarget[];
  index: number;
  phase: 'delete' | 'wait';
  /** Targets to wait for, by index. */
  waitFor: number[];
  wait: boolean;
  gracePeriodSeconds?: number;
  /** --cascade as the apiserver's DeleteOptions.propagationPolicy. */
  propagationPolicy: 'Background' | 'Foreground' | 'Orphan';
  dryRun: DryRun;
  output: string;
  /** Types to list first (`-l`, `--all`): their matching objects become the targets. */
  lists: { info: ResourceInfo; query: Record<string, string>; namespace?: string }[];
  /** delete -f: the builder maps the file's objects, fetching discovery on a cold cache first (apply-openapi.ts, no validation). */
  objects?: ManifestObject[];
  prelude?: ApplyPrelude;
  refreshed?: string[];
}

export const NO_RESOURCES =
  'You must provide one or more resources by argument or filename.\nExample resource specifications include:\n' +
  "   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

type Lists = DeleteJob['lists'];

/**
 * Names, or with `-l`/`--all` the types to list (the builder's LabelSelectorParam and
 * SelectAllParam; `-A` lists every namespace).
 */
function targetsFromArgs(st: KubectlState, p: ParsedArgs, common: JobCommon): DeleteTarget[] | Lists | ReturnType<typeof plain> {
  const resolved = resolveTargets(p.args, cachedIn(st));
  if ('t' in resolved) return resolved;
  const selector = flagString(p, 'selector');
  const all = flagBool(p, 'all');
  // cli-runtime's resource builder (SelectAllParam), trailing space and all, compared with kubectl.1.31.
  if (all && selector) return plain("setting 'all' parameter but found a non empty selector. ");
  if ((all || selector !== undefined) && resolved.targets.some((t) => t.names.length > 0)) return plain('name cannot be provided when a selector is specified');
  if ((selector !== undefined || all) && resolved.targets.every((t) => t.names.length === 0)) {
    const allNs = flagBool(p, 'all-namespaces');
    return resolved.targets.map((t) => ({
      info: t.info,
      query: selector ? { labelSelector: selector } : ({} as Record<string, string>),
      namespace: t.info.namespaced && !allNs ? common.namespace : undefined,
    }));
  }
  const out: DeleteTarget[] = [];
  for (const t of resolved.targets) {
    if (t.names.length === 0) return plain('resource(s) were provided, but no name was specified');
    for (const name of t.names) out.push({ info: t.info, name, namespace: t.info.namespaced ? common.namespace : undefined, source: '' });
  }
  return out;
}

/**
 * GetCascadingStrategy (kubectl/pkg/cmd/util/helpers.go): background (the default), foreground,
 * orphan, and the deprecated booleans true (background) and false (orphan).
 */
function cascadePolicy(v: unknown): DeleteJob['propagationPolicy'] | ReturnType<typeof plain> {
  if (v === undefined || v === 'background' || v === 'true' || v === true) return 'Background';
  if (v === 'orphan' || v === 'false' || v === false) return 'Orphan';
  if (v === 'foreground') return 'Foreground';
  return plain(`invalid cascade value (${String(v)}). Must be "background", "foreground", or "orphan"`);
}

/** delete.go Validate: the warning printed for `--force --grace-period=0` (v1.31 capitalises it). */
export const FORCE_WARNING =
  'Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.';

/**
 * The grace period kubectl sends (delete.go Complete and Validate): -1 (unset) lets the server use
 * the pod's terminationGracePeriodSeconds; `--now` is 1; `--grace-period=0` without `--force` is
 * turned into 1 so nothing is lost by accident; `--force` alone means 0, and with a positive grace
 * period it is an error.
 */
function gracePeriod(p: ParsedArgs): number | ReturnType<typeof plain> {
  let grace = flagInt(p, 'grace-period') ?? -1;
  const force = flagBool(p, 'force');
  if (flagBool(p, 'now')) {
    if (grace !== -1) return plain('--now and --grace-period cannot be specified together');
    grace = 1;
  }
  if (grace === 0 && !force) grace = 1;
  if (force && grace < 0) grace = 0;
  if (force && grace > 0) return plain('--force and --grace-period greater than 0 cannot be specified together');
  return grace;
}

export function startDelete(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const filenames = flagArray(p, 'filename');
  let targets: DeleteTarget[] = [];
  let lists: Lists = [];
  let objects: ManifestObject[] | undefined;
  const errors = [];
  const output = flagString(p, 'output');
  if (output !== undefined && output !== '' && output !== 'name') return finishJob(st, common, ctx, plain(`unexpected -o output mode: ${output}. We only support '-o name'`));
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  if (filenames.length > 0) {
    const m = readManifestsFromFlags(filenames, p, exec, common);
    if (m.fatal) return finishJob(st, common, ctx, m.fatal);
    errors.push(...m.errors);
    objects = m.objects;
    targets = m.objects.map((o) => ({ info: o.info, name: o.obj.metadata.name ?? '', namespace: o.obj.metadata.namespace, source: o.source }));
  } else if (p.args.length > 0) {
    const t = targetsFromArgs(st, p, common);
    if (!Array.isArray(t)) return finishJob(st, common, ctx, t);
    if (t.length > 0 && 'query' in t[0]!) lists = t as Lists;
    else targets = t as DeleteTarget[];
  } else return finishJob(st, common, ctx, plain(NO_RESOURCES));
  const policy = cascadePolicy(p.flags.get('cascade'));
  if (typeof policy !== 'string') return finishJob(st, common, ctx, policy);
  const grace = gracePeriod(p);
  if (typeof grace !== 'number') return finishJob(st, common, ctx, grace);
  // Validate: a forced immediate deletion warns first, on stderr, before anything is sent.
  if (grace === 0) common.stderr += `${FORCE_WARNING}\n`;
  const job: DeleteJob = {
    ...common,
    command: 'delete',
    targets,
    index: 0,
    phase: 'delete',
    waitFor: [],
    wait: p.flags.get('wait') !== false,
    gracePeriodSeconds: grace >= 0 ? grace : undefined,
    propagationPolicy: policy,
    dryRun,
    lists,
    output: output ?? '',
  };
  job.errors.push(...errors);
  // kubectl v1.31.9 -v=6 delete -f pod.yaml, fresh --cache-dir: GET /api, GET /apis, DELETE, ...
  if (objects) Object.assign(job, { objects, prelude: newPrelude(false) });
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

function pathOf(t: DeleteTarget, withName = true): string {
  return resourcePath({
    group: t.info.group || undefined,
    version: t.info.version,
    resource: t.info.resource,
    namespace: t.namespace,
    name: withName ? t.name : undefined,
  });
}

function next(st: KubectlState, job: DeleteJob, ctx: Effects): void {
  const list = job.lists[0];
  if (list) {
    const path = resourcePath({ group: list.info.group || undefined, version: list.info.version, resource: list.info.resource, namespace: list.namespace });
    jobRequest(st, job, ctx, { method: 'GET', path, query: list.query }, 'list');
    return;
  }
  if (job.phase === 'delete') {
    const t = job.targets[job.index];
    if (t && job.prelude && !preludeUntil(st, job as DeleteJob & PreludeJob, job.index, ctx)) return;
    if (t && unrecognized(job.prelude, job.index)) {
      job.index++;
      return next(st, job, ctx);
    }
    if (t && job.dryRun === 'client') {
      // A client dry run prints what it would delete and sends nothing (DeleteResult).
      job.stdout += printed(job, t);
      job.index++;
      return next(st, job, ctx);
    }
    if (t) {
      const body: Record<string, unknown> = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: job.propagationPolicy };
      if (job.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = job.gracePeriodSeconds;
      const query = dryRunQuery(job.dryRun);
      jobRequest(st, job, ctx, { method: 'DELETE', path: pathOf(t), query, body, contentType: 'application/json' }, 'delete', {
        phase: 'persistence',
        object: { kind: t.info.kind, name: t.name, namespace: t.namespace },
      });
      return;
    }
    // DeleteResult: nothing matched; no wait after a dry run.
    if (job.targets.length === 0 && job.errors.length === 0) job.stdout += 'No resources found\n';
    if (job.dryRun !== 'none') return finishJob(st, job, ctx, aggregate(job.errors));
    job.phase = 'wait';
    job.index = 0;
  }
  const ti = job.waitFor[job.index];
  if (ti === undefined) return finishJob(st, job, ctx, aggregate(job.errors));
  const t = job.targets[ti]!;
  jobRequest(st, job, ctx, { method: 'GET', path: pathOf(t) }, 'wait-get', { object: { kind: t.info.kind, name: t.name, namespace: t.namespace } });
}

function startWatch(st: KubectlState, job: DeleteJob, t: DeleteTarget, ctx: Effects): void {
  const query = { fieldSelector: `metadata.name=${t.name}`, resourceVersion: t.resourceVersion ?? '0', watch: 'true' };
  jobRequest(st, job, ctx, { method: 'GET', path: pathOf(t, false), query }, 'wait-watch', {
    phase: 'watch',
    watch: true,
    object: { kind: t.info.kind, name: t.name, namespace: t.namespace },
  });
}

/** DeleteOptions.PrintObj: `pod "web" deleted`, with -o name `pod/web`. */
function printed(job: DeleteJob, t: DeleteTarget): string {
  if (job.output === 'name') return `${kindSlashName(t.info, t.name)}\n`;
  return `${kindQuotedName(t.info, t.name)} ${job.gracePeriodSeconds === 0 ? 'force deleted' : 'deleted'}${dryRunSuffix(job.dryRun)}\n`;
}

export function onDeleteResult(st: KubectlState, job: DeleteJob, step: string, r: RequestResult, ctx: Effects): void {
  if (isPreludeStep(step)) {
    if (onPreludeResult(st, job as DeleteJob & PreludeJob, step, r, ctx)) next(st, job, ctx);
    return;
  }
  if (!r.ok && r.err.t === 'url') return finishJob(st, job, ctx, r.err);
  if (step === 'list') {
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    const list = job.lists.shift()!;
    for (const item of (r.body as { items?: KubeObject[] }).items ?? []) {
      job.targets.push({ info: list.info, name: item.metadata.name ?? '', namespace: list.info.namespaced ? item.metadata.namespace : undefined, source: '' });
    }
    return next(st, job, ctx);
  }
  if (step === 'delete') {
    const t = job.targets[job.index]!;
    if (r.ok) {
      job.stdout += printed(job, t);
      const obj = r.body as KubeObject;
      if (job.wait && !isStatus(obj) && obj?.metadata?.uid) {
        t.uid = obj.metadata.uid;
        job.waitFor.push(job.index);
      }
    } else job.errors.push(addSourceToErr('deleting', t.source, r.err));
    job.index++;
    return next(st, job, ctx);
  }
  const t = job.targets[job.waitFor[job.index]!]!;
  if (step === 'wait-get') {
    const gone = isNotFound(r) || (r.ok && asObject(r).metadata.uid !== t.uid);
    if (gone || !r.ok) {
      job.index++;
      return next(st, job, ctx);
    }
    t.resourceVersion = asObject(r).metadata.resourceVersion;
    return startWatch(st, job, t, ctx);
  }
  // The watch ended or was refused: look again.
  next(st, job, ctx);
}

export function onDeleteWatchEvent(st: KubectlState, job: DeleteJob, body: WatchEventBody, ctx: Effects): void {
  if (job.phase !== 'wait' || body.watchId !== job.watchId) return;
  const t = job.targets[job.waitFor[job.index]!];
  const obj = body.event.object as KubeObject;
  if (!t) return;
  if (body.event.type === 'ERROR') {
    ctx.closeStream(body.watchId);
    st.client.pending.delete(body.watchId);
    job.watchId = undefined;
    return next(st, job, ctx);
  }
  if (body.event.type !== 'DELETED' || obj.metadata?.name !== t.name) return;
  if (t.uid && obj.metadata.uid && obj.metadata.uid !== t.uid) return;
  ctx.closeStream(body.watchId);
  st.client.pending.delete(body.watchId);
  job.watchId = undefined;
  job.index++;
  next(st, job, ctx);
}
