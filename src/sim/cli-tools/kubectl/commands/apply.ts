// `kubectl apply -f` (client-side apply, kubectl/pkg/cmd/apply): read every object first (a bad
// document is an error, the good ones are still applied), then for each object GET it; if it is
// missing, POST it with the kubectl.kubernetes.io/last-applied-configuration annotation
// (`pod/web created`); otherwise compute the three-way patch against the live object and PATCH it
// (`pod/web configured`), or print `pod/web unchanged` when there is nothing to change.

import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import type { CliExec } from '../../protocol';
import { goMarshal } from '../../common/go-json';
import { addSourceToErr, aggregate, plain, type KubectlError } from '../errors';
import { flagArray, flagBool, flagString, validationDirective, type ParsedArgs } from '../flags';
import { onServerSideStep, sendServerSideApply, serverSideFlagError, SSA_FIELD_MANAGER } from './apply-server-side';
import { GoTemplateError } from '../../common/go-template';
import { JsonPathError } from '../../common/jsonpath';
import { goTemplateFailure, goTemplateOf, goTemplateParseError, printsObjects, printWrittenObjects, WRITE_OUTPUT_FORMATS } from '../printers/go-template-output';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { infoString, kindSlashName, manifestPath, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { dryRunOf, dryRunQuery, dryRunSuffix, type DryRun } from './dry-run';
import { threeWayMergePatch } from './three-way-patch';
import { continuePrelude, isPatchSchemaStep, isPreludeStep, newPrelude, onPatchSchemaResult, onPreludeResult, requestPatchSchema, unrecognized, type ApplyPrelude } from './apply-openapi';
import { groupVersionPath } from '../../../apiserver/openapi';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** The field manager of client-side apply's writes (apply.go fieldManagerClientSideApply). */
export const CSA_FIELD_MANAGER = 'kubectl-client-side-apply';

export interface ApplyJob extends JobCommon {
  command: 'apply';
  /** The fieldValidation query (`--validate`). */
  fieldValidation: string;
  objects: ManifestObject[];
  index: number;
  /** The patch last sent, as kubectl quotes it in a patch error. */
  lastPatch: string;
  /** A connection error on the first request becomes the validation error real kubectl prints. */
  touchedServer: boolean;
  /** --dry-run: client prints what would happen and writes nothing; server sends dryRun=All. */
  dryRun: DryRun;
  /** -o: with an object format the objects are printed at the end instead of `kind/name created`. */
  output: string;
  written: KubeObject[];
  /** --server-side (apply-server-side.ts) and its options. */
  serverSide: boolean;
  forceConflicts: boolean;
  /** --field-manager, or the default of the mode (`kubectl-client-side-apply`, `kubectl`). */
  fieldManager: string;
  /** The object a server-side apply last got back, while its migration steps run. */
  applied: { last?: KubeObject };
  /** The builder's pass before the writes: OpenAPI for validation, discovery (apply-openapi.ts). */
  prelude: ApplyPrelude;
  refreshed?: string[];
  /** The live object while its patch's OpenAPI schema is fetched (requestPatchSchema). */
  live?: KubeObject;
}

/** The annotation value: the configuration without the annotation itself, as JSON plus newline. */
export function lastAppliedFor(obj: KubeObject): string {
  const annotations = { ...(obj.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  const meta = { ...obj.metadata, annotations };
  // util.GetModifiedConfiguration sets the annotations back as a map, empty or not: `"annotations":{}`.
  return goMarshal({ ...obj, metadata: meta }) + '\n';
}

export function withLastApplied(obj: KubeObject): KubeObject {
  const value = lastAppliedFor(obj);
  return { ...obj, metadata: { ...obj.metadata, annotations: { ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: value } } };
}

export const MISSING_ANNOTATION_WARNING = (resource: string, name: string): string =>
  `Warning: resource ${resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. ` +
  'kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. ' +
  'The missing annotation will be patched automatically.\n';

export const NO_FILENAME = 'must specify one of -f and -k';

/** The error kubectl prints when it cannot reach the server to download the OpenAPI schema for validation. */
export function validationConnError(source: string, server: string, err: KubectlError): KubectlError {
  const cause = err.t === 'url' ? err.cause : 'EOF';
  return plain(
    `error validating "${source}": error validating data: failed to download openapi: Get "https://${server}/openapi/v2?timeout=32s": ${cause}; ` +
      'if you choose to ignore these errors, turn validation off with --validate=false',
  );
}

export function startApply(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  const serverSide = flagBool(p, 'server-side');
  const forceConflicts = flagBool(p, 'force-conflicts');
  const badFlags = serverSideFlagError(serverSide, forceConflicts, dryRun);
  if (badFlags) return finishJob(st, common, ctx, badFlags);
  const fieldManager = flagString(p, 'field-manager') || (serverSide ? SSA_FIELD_MANAGER : CSA_FIELD_MANAGER);
  const output = flagString(p, 'output') ?? '';
  if (output !== '' && output !== 'name' && !printsObjects(output)) return finishJob(st, common, ctx, plain(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${WRITE_OUTPUT_FORMATS}`));
  const badTemplate = goTemplateParseError(output);
  if (badTemplate) return finishJob(st, common, ctx, badTemplate);
  const filenames = flagArray(p, 'filename');
  if (filenames.length === 0) return finishJob(st, common, ctx, plain(NO_FILENAME));
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return finishJob(st, common, ctx, m.fatal);
  if (m.objects.length === 0 && m.errors.length === 0) return finishJob(st, common, ctx, plain('no objects passed to apply'));
  const job: ApplyJob = {
    ...common, command: 'apply', objects: m.objects, index: 0, lastPatch: '', touchedServer: false, fieldValidation: validationDirective(p), dryRun, output, written: [],
    serverSide, forceConflicts, fieldManager, applied: {}, prelude: newPrelude(validationDirective(p) !== 'Ignore'),
  };
  // Reading errors come first, as one entry: GetObjects returns them as one aggregate.
  if (m.errors.length) job.errors.push(aggregate(m.errors)!);
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  if (continuePrelude(st, job, ctx)) nextObject(st, job, ctx);
}


function objectRef(o: ManifestObject): { kind: string; name: string; namespace?: string } {
  return { kind: o.info.kind, name: o.obj.metadata.name ?? '', namespace: o.obj.metadata.namespace };
}

function nextObject(st: KubectlState, job: ApplyJob, ctx: Effects): void {
  const o = job.objects[job.index];
  if (!o) {
    if (job.written.length) {
      try {
        job.stdout += printWrittenObjects(job.output, job.written, job.showManagedFields);
      } catch (e) {
        if (e instanceof GoTemplateError) job.errors.push(goTemplateFailure(goTemplateOf(job.output)!, e));
        else if (e instanceof JsonPathError) job.errors.push(plain(e.message));
        else throw e;
      }
    }
    return finishJob(st, job, ctx, aggregate(job.errors));
  }
  if (unrecognized(job.prelude, job.index)) {
    job.index++;
    return nextObject(st, job, ctx);
  }
  if (job.serverSide) {
    job.applied = {};
    return void sendServerSideApply(st, job, o, ctx);
  }
  jobRequest(st, job, ctx, { method: 'GET', path: manifestPath(o) }, 'get', { object: objectRef(o) });
}

const writeQuery = (job: ApplyJob): Record<string, string> => ({
  fieldManager: job.fieldManager,
  fieldValidation: job.fieldValidation,
  ...dryRunQuery(job.dryRun),
});

/** One object's line (`pod/web created`), with the dry-run suffix; or, under -o json|yaml|..., the object kept to print at the end. */
function printed(job: ApplyJob, o: ManifestObject, operation: string, object: KubeObject): void {
  if (printsObjects(job.output)) {
    job.written.push(object);
    return;
  }
  // -o name: the NamePrinter's short output, no operation (cli-runtime printers/name.go).
  if (job.output === 'name') return void (job.stdout += `${kindSlashName(o.info, o.obj.metadata.name ?? '')}\n`);
  job.stdout += `${kindSlashName(o.info, o.obj.metadata.name ?? '')} ${operation}${dryRunSuffix(job.dryRun)}\n`;
}

function printAndNext(st: KubectlState, job: ApplyJob, o: ManifestObject, operation: string, object: KubeObject, ctx: Effects): void {
  printed(job, o, operation, object);
  job.index++;
  nextObject(st, job, ctx);
}

function afterGet(st: KubectlState, job: ApplyJob, o: ManifestObject, r: RequestResult, ctx: Effects): void {
  const name = o.obj.metadata.name ?? '';
  if (isNotFound(r)) {
    // A client dry run prints the object it would have sent, annotation and all.
    if (job.dryRun === 'client') return printAndNext(st, job, o, 'created', withLastApplied(o.obj), ctx);
    jobRequest(st, job, ctx, { method: 'POST', path: manifestPath(o, false), query: writeQuery(job), body: withLastApplied(o.obj), contentType: 'application/json' }, 'create', {
      object: objectRef(o),
      phase: 'persistence',
    });
    return;
  }
  if (!r.ok) {
    const what = `retrieving current configuration of:\n${infoString(o.info, name, o.obj.metadata.namespace ?? '')}\nfrom server for:`;
    job.errors.push(addSourceToErr(what, o.source, r.err));
    job.index++;
    return nextObject(st, job, ctx);
  }
  // applyOneObject: a client dry run computes no patch and says `configured (dry run)`, changed or not.
  const live = asObject(r);
  if (job.dryRun === 'client') return printAndNext(st, job, o, 'configured', live, ctx);
  if (live.metadata.annotations?.[LAST_APPLIED] === undefined) job.stderr += MISSING_ANNOTATION_WARNING(o.info.resource, name);
  job.live = live;
  if (!requestPatchSchema(st, job, groupVersionPath(o.info), ctx)) patchLive(st, job, o, live, ctx);
}

/** The three-way patch against the live object: PATCH it, or print `unchanged`. */
function patchLive(st: KubectlState, job: ApplyJob, o: ManifestObject, live: KubeObject, ctx: Effects): void {
  const patch = lastAppliedPatch(o.obj, live);
  if (Object.keys(patch).length === 0) return printAndNext(st, job, o, 'unchanged', live, ctx);
  job.lastPatch = goMarshal(patch);
  jobRequest(
    st,
    job,
    ctx,
    { method: 'PATCH', path: manifestPath(o), query: writeQuery(job), body: patch, contentType: 'application/strategic-merge-patch+json' },
    'patch',
    { object: objectRef(o), phase: 'persistence' },
  );
}

/** An Invalid answer's causes, with the document they came from (the YAML tab marks their lines). */
function noteFieldErrors(job: ApplyJob, o: ManifestObject, err: KubectlError): void {
  if (err.t !== 'status' || err.status.reason !== 'Invalid' || o.documentLine === undefined) return;
  for (const c of err.status.details?.causes ?? []) {
    if (!c.field) continue;
    (job.fieldErrors ??= []).push({ source: o.source, documentLine: o.documentLine, field: c.field, message: c.message ?? '' });
  }
}

export function onApplyResult(st: KubectlState, job: ApplyJob, step: string, r: RequestResult, ctx: Effects): void {
  if (isPreludeStep(step)) {
    if (onPreludeResult(st, job, step, r, ctx)) {
      job.touchedServer = true;
      nextObject(st, job, ctx);
    }
    return;
  }
  const o = job.objects[job.index]!;
  const name = o.obj.metadata.name ?? '';
  if (isPatchSchemaStep(step)) {
    onPatchSchemaResult(job, step, r);
    if (!requestPatchSchema(st, job, groupVersionPath(o.info), ctx)) patchLive(st, job, o, job.live!, ctx);
    return;
  }
  if (!r.ok && r.err.t === 'url' && !job.touchedServer) {
    // Real kubectl first downloads the OpenAPI schema to validate; that is what fails.
    return finishJob(st, job, ctx, validationConnError(o.source, st.config.server, r.err));
  }
  job.touchedServer = true;
  if (step.startsWith('ssa')) {
    const out = onServerSideStep(st, job, o, step, r, ctx, job.applied);
    if ('pending' in out) return;
    if ('error' in out) {
      if (!r.ok) noteFieldErrors(job, o, r.err);
      job.errors.push(out.error);
    } else printed(job, o, 'serverside-applied', out.done);
    job.index++;
    return nextObject(st, job, ctx);
  }
  if (step === 'get') return afterGet(st, job, o, r, ctx);
  if (!r.ok) noteFieldErrors(job, o, r.err);
  if (r.ok) printed(job, o, step === 'create' ? 'created' : 'configured', asObject(r));
  else if (step === 'create') job.errors.push(addSourceToErr('creating', o.source, r.err));
  else {
    const what = `applying patch:\n${job.lastPatch}\nto:\n${infoString(o.info, name, o.obj.metadata.namespace ?? '')}\nfor:`;
    job.errors.push(addSourceToErr(what, o.source, r.err));
  }
  job.index++;
  nextObject(st, job, ctx);
}

/**
 * Client-side apply's patch: the three-way strategic merge of the last-applied annotation (an empty
 * object when it is absent or unreadable), the manifest with its new annotation, and the live object.
 */
export function lastAppliedPatch(obj: KubeObject, live: KubeObject): ReturnType<typeof threeWayMergePatch> {
  const annotation = live.metadata.annotations?.[LAST_APPLIED];
  let original: unknown;
  try {
    original = annotation ? JSON.parse(annotation) : {};
  } catch {
    original = {};
  }
  return threeWayMergePatch(original as Parameters<typeof threeWayMergePatch>[0], withLastApplied(obj), live);
}
