// `kubectl diff -f FILE` (kubectl/pkg/cmd/diff/diff.go): for each object, read the live one and ask
// the server what applying the file would make of it, with dryRun=All: with --server-side the
// object whole as an apply patch (fieldManager `kubectl`, force=--force-conflicts), otherwise
// client-side apply's three-way strategic patch of the manifest without the last-applied
// annotation (fieldManager `kubectl-client-side-apply`, the live resourceVersion in the patch), or
// a create when there is no live object. Both sides are written as YAML without managedFields
// (unless --show-managed-fields; a Secret's data masked, diff-mask.ts) into two temporary
// directories and `diff -u -N LIVE-dir MERGED-dir` prints them. Exit code 1 when they differ, 0
// when not, 2 for an error (cmdutil.CheckDiffErr). A 409 Conflict is retried from the GET, four
// attempts in all (diff.go maxRetries), the last without the resourceVersion.
// Deterministic names: the directories are /tmp/LIVE-<uint32> and /tmp/MERGED-<uint32> drawn
// from the simulation's seeded PRNG (real kubectl's os.MkdirTemp draws them at random); each file
// is named `<group>.<version>.<Kind>.<namespace>.<name>` as diff.go's Name() builds it. diff.go
// creates both files before printing into them, so both carry the simulated time of the command,
// the live one too when it stays empty. Before the last attempt kubectl logs (klog, on stderr)
// that the object "keeps changing"; the pid in that line is drawn like the directories' names.

import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { simEpochMs } from '../../../api/time';
import { klogLine } from '../../../client/klog';
import type { CliExec } from '../../protocol';
import { goYaml } from '../../common/go-yaml';
import { unifiedHunks } from '../../common/unified-diff';
import { aggregate, plain, type KubectlError } from '../errors';
import { flagArray, flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { manifestPath, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { CSA_FIELD_MANAGER, LAST_APPLIED } from './apply';
import { SSA_FIELD_MANAGER } from './apply-server-side';
import { isSecret, maskSecretData } from './diff-mask';
import { threeWayMergePatch } from './three-way-patch';

export interface DiffJob extends JobCommon {
  command: 'diff';
  objects: ManifestObject[];
  index: number;
  /** The attempt at the current object, 1 to MAX_RETRIES. */
  attempt: number;
  live?: KubeObject;
  serverSide: boolean;
  forceConflicts: boolean;
  fieldManager: string;
  /** Each object's file name and its live and merged YAML (live `undefined`: an empty file). */
  files: { name: string; live?: string; merged: string }[];
  liveDir: string;
  mergedDir: string;
}

/** diff.go's maxRetries: attempts at one object while the server answers Conflict. */
const MAX_RETRIES = 4;
/** cmdutil.CheckDiffErr: an error exits 2, since 1 means "they differ". */
const DIFF_ERROR_EXIT = 2;

/** os.MkdirTemp's suffix: a random uint32 in decimal, unpadded. */
const tempDir = (prefix: string, ctx: Effects): string => `/tmp/${prefix}-${Math.floor(ctx.rand() * 2 ** 32)}`;

const fail = (st: KubectlState, job: JobCommon, ctx: Effects, err: KubectlError | undefined): void => finishJob(st, job, ctx, err, DIFF_ERROR_EXIT);

export function startDiff(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const serverSide = flagBool(p, 'server-side');
  const forceConflicts = flagBool(p, 'force-conflicts');
  if (forceConflicts && !serverSide) return fail(st, common, ctx, plain('--force-conflicts only works with --server-side'));
  const filenames = flagArray(p, 'filename');
  if (filenames.length === 0) return fail(st, common, ctx, plain('must specify one of -f and -k'));
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return fail(st, common, ctx, m.fatal);
  if (m.errors.length) return fail(st, common, ctx, aggregate(m.errors));
  const job: DiffJob = {
    ...common, command: 'diff', objects: m.objects, index: 0, attempt: 1, files: [], liveDir: tempDir('LIVE', ctx), mergedDir: tempDir('MERGED', ctx),
    serverSide, forceConflicts, fieldManager: flagString(p, 'field-manager') || (serverSide ? SSA_FIELD_MANAGER : CSA_FIELD_MANAGER),
    showManagedFields: flagBool(p, 'show-managed-fields'),
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

/** diff.go InfoObject.Name: group.version.Kind.namespace.name (the group left out for the core group). */
function fileName(o: ManifestObject): string {
  const i = o.info;
  return [i.group, i.version, i.kind, o.obj.metadata.namespace ?? '', o.obj.metadata.name ?? ''].filter((x, k) => k !== 0 || x !== '').join('.');
}

/** The YAML diff writes: the object without metadata.managedFields unless asked; `null` for the nil object the Secret masker hands on. */
function yamlOf(obj: KubeObject | null, showManagedFields: boolean | undefined): string {
  if (obj === null) return 'null\n';
  if (showManagedFields) return goYaml(obj);
  const meta = { ...obj.metadata };
  delete (meta as { managedFields?: unknown }).managedFields;
  return goYaml({ ...obj, metadata: meta });
}

function next(st: KubectlState, job: DiffJob, ctx: Effects): void {
  const o = job.objects[job.index];
  if (!o) return finish(st, job, ctx);
  jobRequest(st, job, ctx, { method: 'GET', path: manifestPath(o) }, 'get');
}

function merged(st: KubectlState, job: DiffJob, o: ManifestObject, obj: KubeObject, ctx: Effects): void {
  const secret = isSecret(obj) ? maskSecretData(job.live, obj) : undefined;
  const live = secret ? secret.from : job.live;
  job.files.push({ name: fileName(o), live: live === undefined ? undefined : yamlOf(live, job.showManagedFields), merged: yamlOf(secret ? secret.to : obj, job.showManagedFields) });
  job.live = undefined;
  job.index++;
  job.attempt = 1;
  next(st, job, ctx);
}

/**
 * util.GetModifiedConfiguration(obj, annotate=false): the manifest with its annotations set back as a
 * map (empty or not) and without the last-applied annotation.
 */
function modifiedConfiguration(obj: KubeObject): KubeObject {
  const annotations = { ...(obj.metadata.annotations ?? {}) };
  delete annotations[LAST_APPLIED];
  return { ...obj, metadata: { ...obj.metadata, annotations } };
}

function originalConfiguration(live: KubeObject): Parameters<typeof threeWayMergePatch>[0] {
  const annotation = live.metadata.annotations?.[LAST_APPLIED];
  try {
    return annotation ? JSON.parse(annotation) : {};
  } catch {
    return {};
  }
}

/** InfoObject.Merged: what the server makes of the manifest, without storing it. */
function askMerged(st: KubectlState, job: DiffJob, o: ManifestObject, ctx: Effects): void {
  const query = { dryRun: 'All', fieldManager: job.fieldManager };
  if (job.serverSide) {
    const q = { ...query, force: String(job.forceConflicts) };
    return void jobRequest(st, job, ctx, { method: 'PATCH', path: manifestPath(o), query: q, body: o.obj, contentType: 'application/apply-patch+yaml' }, 'merged');
  }
  const live = job.live;
  if (!live) return void jobRequest(st, job, ctx, { method: 'POST', path: manifestPath(o, false), query, body: o.obj, contentType: 'application/json' }, 'merged');
  const patch = threeWayMergePatch(originalConfiguration(live), modifiedConfiguration(o.obj), live);
  // apply.Patcher returns the live object for an empty patch without asking the server.
  if (Object.keys(patch).length === 0) return merged(st, job, o, live, ctx);
  // Until the last attempt the patch carries the live resourceVersion, so a change meanwhile is a Conflict.
  const body = job.attempt < MAX_RETRIES ? { ...patch, metadata: { ...(patch.metadata as object | undefined), resourceVersion: live.metadata.resourceVersion } } : patch;
  jobRequest(st, job, ctx, { method: 'PATCH', path: manifestPath(o), query, body, contentType: 'application/strategic-merge-patch+json' }, 'merged');
}

/** diff.go's warning before the last attempt, with the GroupVersionKind as Go prints it (`/v1, Kind=ConfigMap`). */
function keepsChanging(o: ManifestObject, ctx: Effects): string {
  const pid = 1000 + Math.floor(ctx.rand() * 30_000);
  const gvk = `${o.info.group}/${o.info.version}, Kind=${o.info.kind}`;
  return klogLine(ctx.now, pid, 'W', 'diff.go:723', `Object (${gvk}: ${o.obj.metadata.name ?? ''}) keeps changing, diffing without lock`) + '\n';
}

const isConflict = (r: RequestResult): boolean => !r.ok && r.err.t === 'status' && r.err.status.code === 409;

export function onDiffResult(st: KubectlState, job: DiffJob, step: string, r: RequestResult, ctx: Effects): void {
  const o = job.objects[job.index]!;
  if (step === 'get') {
    if (!r.ok && !isNotFound(r)) return fail(st, job, ctx, r.err);
    job.live = r.ok ? asObject(r) : undefined;
    if (job.attempt === MAX_RETRIES) job.stderr += keepsChanging(o, ctx);
    return askMerged(st, job, o, ctx);
  }
  if (isConflict(r) && job.attempt < MAX_RETRIES) {
    job.attempt++;
    job.live = undefined;
    return next(st, job, ctx);
  }
  if (!r.ok) return fail(st, job, ctx, r.err);
  merged(st, job, o, asObject(r), ctx);
}

/** GNU diff's file time: `2024-08-13 09:00:05.000000000 +0000`. */
function fileTime(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').replace(/\.(\d{3})Z$/, '.$1000000 +0000');
}

function finish(st: KubectlState, job: DiffJob, ctx: Effects): void {
  const now = fileTime(simEpochMs() + ctx.now);
  let differ = false;
  // diff walks each directory's entries in name order.
  for (const f of [...job.files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const hunks = unifiedHunks(f.live ?? '', f.merged);
    if (!hunks) continue;
    differ = true;
    const from = `${job.liveDir}/${f.name}`;
    const to = `${job.mergedDir}/${f.name}`;
    job.stdout += `diff -u -N ${from} ${to}\n--- ${from}\t${now}\n+++ ${to}\t${now}\n${hunks}`;
  }
  finishJob(st, job, ctx, undefined, differ ? 1 : 0);
}
