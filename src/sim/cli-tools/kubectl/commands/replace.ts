// `kubectl replace -f FILE [--force] [--dry-run=client|server]` (kubectl/pkg/cmd/replace/replace.go):
// PUT each object from the files as it is, with the live object's resourceVersion when the file
// has none (resource.Helper.Replace with overwrite), and print `configmap/x replaced`. A missing
// object is `Error from server (NotFound): error when replacing "x.yaml": configmaps "x" not found`.
// `--force` deletes every object (`configmap "x" deleted`), waits until each is gone (checked every
// second, as forceReplace's PollImmediate), then creates them again (`configmap/x replaced`).
// Before each object's first request the builder validates it against its OpenAPI document and
// maps it, fetching discovery on a cold cache (apply-openapi.ts preludeUntil); --force's delete pass
// only maps. kubectl v1.31.9 -v=6, fresh --cache-dir: replace -f pod.yaml sends /openapi/v3, the
// api/v1 document, /api, /apis, GET, PUT; replace --force -f cm.yaml sends /api, /apis, DELETE,
// GET 404, /openapi/v3, the api/v1 document, POST.

import type { KubeObject } from '../../../api/types';
import type { Effects, Timer } from '../../../kernel/component';
import type { CliExec } from '../../protocol';
import { addSourceToErr, aggregate, plain } from '../errors';
import { flagArray, flagBool, validationDirective, type ParsedArgs } from '../flags';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindQuotedName, kindSlashName, manifestPath, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { dryRunOf, dryRunQuery, dryRunSuffix, type DryRun } from './dry-run';
import { isPreludeStep, newPrelude, onPreludeResult, preludeUntil, unrecognized, type ApplyPrelude } from './apply-openapi';

export const REPLACE_POLL_TIMER = 'kubectl.replace-poll';

export interface ReplaceJob extends JobCommon {
  command: 'replace';
  objects: ManifestObject[];
  index: number;
  /** --force: delete all, wait until gone, create all. */
  phase: 'replace' | 'delete' | 'gone' | 'create';
  dryRun: DryRun;
  fieldValidation: string;
  timer?: number;
  /** Each object's OpenAPI document and, on a cold cache, discovery before its first request (apply-openapi.ts). */
  prelude: ApplyPrelude;
  refreshed?: string[];
}

export function startReplace(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  const force = flagBool(p, 'force');
  if (p.flags.has('grace-period') && !force) return finishJob(st, common, ctx, plain('--grace-period must have --force specified'));
  if (p.flags.has('timeout') && !force) return finishJob(st, common, ctx, plain('--timeout must have --force specified'));
  if (force && dryRun !== 'none') return finishJob(st, common, ctx, plain('--dry-run can not be used when --force is set'));
  const filenames = flagArray(p, 'filename');
  if (filenames.length === 0) return finishJob(st, common, ctx, plain('must specify --filename to replace'));
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return finishJob(st, common, ctx, m.fatal);
  const job: ReplaceJob = {
    ...common,
    command: 'replace',
    objects: m.objects,
    index: 0,
    phase: force ? 'delete' : 'replace',
    dryRun,
    fieldValidation: validationDirective(p),
    // --force's first pass only deletes: its builder maps the objects but validates none.
    prelude: newPrelude(!force && validationDirective(p) !== 'Ignore'),
  };
  job.errors.push(...m.errors);
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}


const refOf = (o: ManifestObject): { kind: string; name: string; namespace?: string } => ({ kind: o.info.kind, name: o.obj.metadata.name ?? '', namespace: o.obj.metadata.namespace });

function writeQuery(job: ReplaceJob): Record<string, string> {
  return { fieldManager: 'kubectl-replace', fieldValidation: job.fieldValidation, ...dryRunQuery(job.dryRun) };
}

function put(st: KubectlState, job: ReplaceJob, o: ManifestObject, obj: KubeObject, ctx: Effects): void {
  jobRequest(st, job, ctx, { method: 'PUT', path: manifestPath(o), query: writeQuery(job), body: obj, contentType: 'application/json' }, 'put', {
    phase: 'persistence',
    object: refOf(o),
  });
}

function next(st: KubectlState, job: ReplaceJob, ctx: Effects): void {
  const o = job.objects[job.index];
  if (!o) {
    if (job.phase === 'replace' || job.phase === 'create') return finishJob(st, job, ctx, aggregate(job.errors));
    if (job.errors.length > 0) return finishJob(st, job, ctx, aggregate(job.errors));
    job.phase = job.phase === 'delete' ? 'gone' : 'create';
    job.index = 0;
    // forceReplace's second builder, the one that creates, validates with the schema.
    if (job.phase === 'create') job.prelude = { ...newPrelude(job.fieldValidation !== 'Ignore'), mapped: true };
    return next(st, job, ctx);
  }
  if (job.phase !== 'gone' && !preludeUntil(st, job, job.index, ctx)) return;
  if (unrecognized(job.prelude, job.index)) {
    job.index++;
    return next(st, job, ctx);
  }
  if (job.phase === 'replace') {
    if (job.dryRun === 'client') {
      job.stdout += `${kindSlashName(o.info, o.obj.metadata.name ?? '')} replaced (dry run)\n`;
      job.index++;
      return next(st, job, ctx);
    }
    if (o.obj.metadata.resourceVersion) return put(st, job, o, o.obj, ctx);
    return void jobRequest(st, job, ctx, { method: 'GET', path: manifestPath(o) }, 'get', { object: refOf(o) });
  }
  if (job.phase === 'delete') {
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' };
    return void jobRequest(st, job, ctx, { method: 'DELETE', path: manifestPath(o), body, contentType: 'application/json' }, 'delete', { phase: 'persistence', object: refOf(o) });
  }
  if (job.phase === 'gone') return void jobRequest(st, job, ctx, { method: 'GET', path: manifestPath(o) }, 'gone', { object: refOf(o) });
  const query = { fieldManager: 'kubectl-replace', fieldValidation: job.fieldValidation };
  jobRequest(st, job, ctx, { method: 'POST', path: manifestPath(o, false), query, body: o.obj, contentType: 'application/json' }, 'create', {
    phase: 'persistence',
    object: refOf(o),
  });
}

export function onReplaceTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as ReplaceJob | undefined;
  if (!job || job.timer !== timer.id) return;
  job.timer = undefined;
  next(st, job, ctx);
}

export function onReplaceResult(st: KubectlState, job: ReplaceJob, step: string, r: RequestResult, ctx: Effects): void {
  if (isPreludeStep(step)) {
    if (onPreludeResult(st, job, step, r, ctx)) next(st, job, ctx);
    return;
  }
  const o = job.objects[job.index]!;
  const name = o.obj.metadata.name ?? '';
  if (step === 'gone') {
    if (isNotFound(r)) {
      job.index++;
      return next(st, job, ctx);
    }
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    job.timer = ctx.setTimer(1000, REPLACE_POLL_TIMER, { jobId: job.jobId });
    return;
  }
  if (!r.ok) {
    // create in forceReplace returns the error as it is; the others add the file's name.
    const verb = step === 'delete' ? 'deleting' : 'replacing';
    if (step === 'create') return finishJob(st, job, ctx, r.err);
    job.errors.push(addSourceToErr(verb, o.source, r.err));
    job.index++;
    return next(st, job, ctx);
  }
  if (step === 'get') {
    const live = asObject(r);
    return put(st, job, o, { ...o.obj, metadata: { ...o.obj.metadata, resourceVersion: live.metadata.resourceVersion } }, ctx);
  }
  if (step === 'delete') job.stdout += `${kindQuotedName(o.info, name)} deleted\n`;
  else job.stdout += `${kindSlashName(o.info, name)} replaced${step === 'put' ? dryRunSuffix(job.dryRun) : ''}\n`;
  job.index++;
  next(st, job, ctx);
}
