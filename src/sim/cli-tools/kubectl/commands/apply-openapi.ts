// What `kubectl apply -f` asks before its first GET: the resource builder reads every document,
// and for each one validates it against the server's OpenAPI schema and then maps its kind
// (cli-runtime resource/builder.go with a schema from kubectl/pkg/cmd/util/factory_client_access.go
// Validator: openapi3 client over client-go openapi/cached). So the first object fetches
// GET /openapi/v3?timeout=32s (the root, which lists each group-version's document with its
// ?hash=), then its group-version's document, then GET /api and /apis when the discovery cache is
// cold or expired; a later object in another group-version fetches that document too. kubectl
// v1.31.9 -v=6 against `kubeplay serve`, fresh --cache-dir, a Deployment, a Service and a
// ConfigMap: /openapi/v3, /openapi/v3/apis/apps/v1?hash=..&timeout=32s, /api, /apis,
// /openapi/v3/api/v1?hash=..&timeout=32s, then GET and POST of each object. The documents are
// kept in memory only: the next command fetches them again (its -v=6 shows both GETs again).
// When the root cannot be fetched kubectl falls back to /openapi/v2?timeout=32s, and when that
// fails too it stops before any write: `error validating "pod.yaml": error validating data:
// failed to download openapi: <err>; if you choose to ignore these errors, turn validation off
// with --validate=false` (401: the discovery client's generic text, discovery-retry.ts).
// With --validate=false nothing is validated, so nothing is fetched here.
// Simplified: the validation itself is the apiserver's (fieldValidation); an unknown kind or a
// group-version the root does not list is left to the apiserver's answer.

import type { Effects } from '../../../kernel/component';
import { groupVersionPath } from '../../../apiserver/openapi';
import { DISCOVERY_TIMEOUT, discoveryExpired, onDiscoveryRefresh, refreshDiscovery, type DiscoveryRefresh } from '../discovery-cache';
import { discoveryError, discoveryFailureLines } from '../discovery-retry';
import { errorString, plain, type KubectlError } from '../errors';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import type { ManifestObject } from '../manifest';

export const OPENAPI_ROOT_STEP = 'openapi.root';
export const OPENAPI_V2_STEP = 'openapi.v2';
export const OPENAPI_DOC_STEP = 'openapi.doc';

/** The builder's pass over the documents before apply writes anything. */
export interface ApplyPrelude {
  /** The object being validated and mapped. */
  index: number;
  validate: boolean;
  /** The root's documents by group-version (`api/v1`), once fetched. */
  documents?: Record<string, string>;
  /** Group-versions whose document was fetched. */
  fetched: string[];
  /** Discovery was fetched (or found fresh) for this command. */
  mapped: boolean;
  /** The pass stops before this object (create and replace visit each object before the next: preludeUntil). */
  until?: number;
  /** Objects whose kind could not be mapped because discovery failed: the writers skip them. */
  unrecognized?: number[];
}

/** Whether the builder could not map object `index` (the writers skip it; its error is already in job.errors). */
export const unrecognized = (pre: ApplyPrelude | undefined, index: number): boolean => !!pre?.unrecognized?.includes(index);

/** One RESTMapping call per object: a failing discovery is asked once per object, without the shortcut line. */
const ONE_ATTEMPT = { attempts: 1, shortcutAfter: 0, goesOn: false };

export interface PreludeJob extends JobCommon, Partial<DiscoveryRefresh> {
  objects: ManifestObject[];
  prelude: ApplyPrelude;
}

export function newPrelude(validate: boolean): ApplyPrelude {
  return { index: 0, validate, fetched: [], mapped: false };
}

export const isPreludeStep = (step: string): boolean => step.startsWith('openapi.') || step.startsWith('discovery.');

/** A path with its query as the root lists it (`/openapi/v3/api/v1?hash=...`), plus client-go's timeout. */
export function openApiDocumentRequest(url: string): { path: string; query: Record<string, string> } {
  const q = url.indexOf('?');
  const query: Record<string, string> = {};
  for (const kv of q >= 0 ? url.slice(q + 1).split('&') : []) {
    const eq = kv.indexOf('=');
    if (eq > 0) query[kv.slice(0, eq)] = decodeURIComponent(kv.slice(eq + 1));
  }
  return { path: q >= 0 ? url.slice(0, q) : url, query: { ...query, ...DISCOVERY_TIMEOUT } };
}

/**
 * Send the next request the builder's pass needs, or return true when it needs none (every object
 * validated and mapped), so the caller goes on to the writes.
 */
export function continuePrelude(st: KubectlState, job: PreludeJob, ctx: Effects): boolean {
  const pre = job.prelude;
  for (; pre.index < Math.min(job.objects.length, pre.until ?? Infinity); pre.index++) {
    const o = job.objects[pre.index]!;
    if (pre.validate) {
      if (!pre.documents) {
        jobRequest(st, job, ctx, { method: 'GET', path: '/openapi/v3', query: DISCOVERY_TIMEOUT }, OPENAPI_ROOT_STEP);
        return false;
      }
      const gv = groupVersionPath(o.info);
      const url = Object.hasOwn(pre.documents, gv) ? pre.documents[gv] : undefined;
      if (url && !pre.fetched.includes(gv)) {
        pre.fetched.push(gv);
        jobRequest(st, job, ctx, { method: 'GET', ...openApiDocumentRequest(url) }, OPENAPI_DOC_STEP);
        return false;
      }
    }
    if (!pre.mapped) {
      pre.mapped = true;
      if (discoveryExpired(st, ctx.now)) {
        refreshDiscovery(st, job, ctx, false);
        return false;
      }
    }
  }
  return true;
}

/**
 * create and replace: the builder streams, so each object is validated and mapped just before its
 * own write (kubectl v1.31.9 create -f of a Deployment, a Service and a ConfigMap: /openapi/v3, the
 * apps/v1 document, /api, /apis, POST deployment, the api/v1 document, POST service, POST configmap).
 * True when object `index` needs nothing more (the caller writes it now).
 */
export function preludeUntil(st: KubectlState, job: PreludeJob, index: number, ctx: Effects): boolean {
  if (job.prelude.index > index) return true;
  job.prelude.until = index + 1;
  return continuePrelude(st, job, ctx);
}

/** `error validating "SOURCE": error validating data: failed to download openapi: ...`. */
function downloadError(source: string, err: KubectlError): KubectlError {
  return plain(
    `error validating "${source}": error validating data: failed to download openapi: ${errorString(discoveryError(err))}; ` +
      'if you choose to ignore these errors, turn validation off with --validate=false',
  );
}

/**
 * One answer of the pass. Returns true when the pass is over and the writes may start; false while
 * it goes on or after it ended the job with an error.
 */
export function onPreludeResult(st: KubectlState, job: PreludeJob, step: string, r: RequestResult, ctx: Effects): boolean {
  const pre = job.prelude;
  const source = job.objects[pre.index]?.source ?? '';
  if (step === OPENAPI_ROOT_STEP) {
    if (!r.ok) {
      jobRequest(st, job, ctx, { method: 'GET', path: '/openapi/v2', query: DISCOVERY_TIMEOUT }, OPENAPI_V2_STEP);
      return false;
    }
    const paths = (r.body as { paths?: Record<string, { serverRelativeURL?: string }> }).paths ?? {};
    pre.documents = Object.fromEntries(Object.entries(paths).map(([gv, p]) => [gv, p.serverRelativeURL ?? '']));
  } else if (step === OPENAPI_V2_STEP || step === OPENAPI_DOC_STEP) {
    if (!r.ok) {
      finishJob(st, job, ctx, downloadError(source, r.err));
      return false;
    }
    // A server with only v2 validates against it: nothing more to fetch for validation.
    if (step === OPENAPI_V2_STEP) pre.validate = false;
  } else {
    const out = onDiscoveryRefresh(st, job as PreludeJob & DiscoveryRefresh, step, r, ctx);
    if (out === 'more') return false;
    if (out !== 'done') {
      if (out.ok) {
        finishJob(st, job, ctx);
        return false;
      }
      // The builder's mapping error for this object (ContinueOnError): kubectl v1.31.9 with a wrong
      // token, delete -f of three objects: three memcache.go:265 lines, then three
      // `unable to recognize "multi.yaml": the server has asked for the client to provide credentials`.
      const err = discoveryError(out.err);
      job.stderr += discoveryFailureLines(job.verbosity ?? 0, ctx.now, job.jobId, err, 1, ONE_ATTEMPT);
      job.errors.push(plain(`unable to recognize "${source}": ${errorString(err)}`));
      (pre.unrecognized ??= []).push(pre.index);
      pre.mapped = false;
      pre.index++;
    }
  }
  return continuePrelude(st, job, ctx);
}

export const PATCH_ROOT_STEP = 'patch-schema.root';
export const PATCH_DOC_STEP = 'patch-schema.doc';
export const isPatchSchemaStep = (step: string): boolean => step.startsWith('patch-schema.');

/**
 * apply's patcher, for an object that exists: the strategic merge patch is computed with the
 * OpenAPI v3 schema of the object's group-version (kubectl/pkg/cmd/apply/patcher.go with
 * OpenAPIV3Root), which the command fetches once if validation did not (kubectl v1.31.9 -v=6 apply
 * --validate=false, objects that exist: GET deployment, /openapi/v3, the apps/v1 document, PATCH;
 * GET service, the api/v1 document, PATCH; GET configmap, PATCH). Sends the next request and
 * returns true, or returns false when the schema is at hand.
 * Simplified: a failed fetch is not retried and the patch is computed as before.
 */
export function requestPatchSchema(st: KubectlState, job: PreludeJob, gv: string, ctx: Effects): boolean {
  const pre = job.prelude;
  if (!pre.documents) {
    jobRequest(st, job, ctx, { method: 'GET', path: '/openapi/v3', query: DISCOVERY_TIMEOUT }, PATCH_ROOT_STEP);
    return true;
  }
  const url = Object.hasOwn(pre.documents, gv) ? pre.documents[gv] : undefined;
  if (!url || pre.fetched.includes(gv)) return false;
  pre.fetched.push(gv);
  jobRequest(st, job, ctx, { method: 'GET', ...openApiDocumentRequest(url) }, PATCH_DOC_STEP);
  return true;
}

/** The answer of one of requestPatchSchema's requests: keep the root's documents (none when it failed). */
export function onPatchSchemaResult(job: PreludeJob, step: string, r: RequestResult): void {
  if (step !== PATCH_ROOT_STEP) return;
  const paths = r.ok ? ((r.body as { paths?: Record<string, { serverRelativeURL?: string }> }).paths ?? {}) : {};
  job.prelude.documents = Object.fromEntries(Object.entries(paths).map(([gv, p]) => [gv, p.serverRelativeURL ?? '']));
}
