// `kubectl diff -f FILE` (kubectl/pkg/cmd/diff/diff.go): for each object, read the live one and ask
// the server what applying the file would make of it (the client-side apply patch, or a create,
// sent with dryRun=All), write both as YAML without managedFields into two temporary directories
// and run `diff -u -N LIVE-dir MERGED-dir`. Exit code 1 when they differ, 0 when not.
// Deterministic names: the directories are /tmp/LIVE-<9 digits> and /tmp/MERGED-<9 digits> drawn
// from the simulation's seeded PRNG (real kubectl's os.MkdirTemp draws them at random); each file
// is named `<group>.<version>.<Kind>.<namespace>.<name>` as diff.go's Name() builds it, and both
// files' times are the simulated time of the command (the missing side of a new object shows the
// epoch, as GNU diff -N prints it).

import type { KubeObject } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { simEpochMs } from '../../../api/time';
import type { CliExec } from '../../protocol';
import { goYaml } from '../../common/go-yaml';
import { unifiedHunks } from '../../common/unified-diff';
import { aggregate, plain } from '../errors';
import { flagArray, type ParsedArgs } from '../flags';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { manifestPath, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { lastAppliedPatch, withLastApplied } from './apply';

export interface DiffJob extends JobCommon {
  command: 'diff';
  objects: ManifestObject[];
  index: number;
  live?: KubeObject;
  /** Each object's file name and its live and merged YAML ('' when absent). */
  files: { name: string; live?: string; merged: string }[];
  liveDir: string;
  mergedDir: string;
}

const tempDir = (prefix: string, ctx: Effects): string => `/tmp/${prefix}-${String(Math.floor(ctx.rand() * 1e9)).padStart(9, '0')}`;

export function startDiff(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const filenames = flagArray(p, 'filename');
  if (filenames.length === 0) return finishJob(st, common, ctx, plain('must specify one of -f and -k'));
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return finishJob(st, common, ctx, m.fatal);
  if (m.errors.length) return finishJob(st, common, ctx, aggregate(m.errors));
  const job: DiffJob = { ...common, command: 'diff', objects: m.objects, index: 0, files: [], liveDir: tempDir('LIVE', ctx), mergedDir: tempDir('MERGED', ctx) };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

/** diff.go InfoObject.Name: group.version.Kind.namespace.name (the group left out for the core group). */
function fileName(o: ManifestObject): string {
  const i = o.info;
  return [i.group, i.version, i.kind, o.obj.metadata.namespace ?? '', o.obj.metadata.name ?? ''].filter((x, k) => k !== 0 || x !== '').join('.');
}

/** The YAML diff writes: the object without metadata.managedFields. */
function yamlOf(obj: KubeObject): string {
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
  job.files.push({ name: fileName(o), live: job.live ? yamlOf(job.live) : undefined, merged: yamlOf(obj) });
  job.live = undefined;
  job.index++;
  next(st, job, ctx);
}

export function onDiffResult(st: KubectlState, job: DiffJob, step: string, r: RequestResult, ctx: Effects): void {
  const o = job.objects[job.index]!;
  const query = { fieldManager: 'kubectl-client-side-apply', fieldValidation: 'Strict', dryRun: 'All' };
  if (step === 'get') {
    if (isNotFound(r)) {
      jobRequest(st, job, ctx, { method: 'POST', path: manifestPath(o, false), query, body: withLastApplied(o.obj), contentType: 'application/json' }, 'merged');
      return;
    }
    if (!r.ok) return finishJob(st, job, ctx, r.err);
    const live = asObject(r);
    job.live = live;
    const patch = lastAppliedPatch(o.obj, live);
    if (Object.keys(patch).length === 0) return merged(st, job, o, live, ctx);
    jobRequest(st, job, ctx, { method: 'PATCH', path: manifestPath(o), query, body: patch, contentType: 'application/strategic-merge-patch+json' }, 'merged');
    return;
  }
  if (!r.ok) return finishJob(st, job, ctx, r.err);
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
    job.stdout += `diff -u -N ${from} ${to}\n--- ${from}\t${f.live === undefined ? fileTime(0) : now}\n+++ ${to}\t${now}\n${hunks}`;
  }
  finishJob(st, job, ctx, undefined, differ ? 1 : 0);
}
