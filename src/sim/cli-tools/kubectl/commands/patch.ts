// `kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json]` (kubectl/pkg/cmd/patch/patch.go):
// the patch is YAML or JSON made JSON (yaml.ToJSON); the builder GETs the object, then kubectl
// PATCHes it with the patch type's content type and compares the answer with what it read:
// `deployment.apps/web patched`, or `deployment.apps/web patched (no change)` when the server
// changed nothing. `--dry-run=client` applies the patch locally and sends nothing;
// `--dry-run=server` sends `dryRun=All`; neither adds a suffix to the line (see printResult).

import { sortKeysDeep } from '../../../api/defaults';
import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { applyPatch, JSON_PATCH, MERGE_PATCH, STRATEGIC_MERGE_PATCH } from '../../../apiserver/patch';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { parseYamlChunk } from '../../common/yaml-docs';
import type { CliExec } from '../../protocol';
import { typeAndName } from '../apps-resources';
import { cachedIn } from '../discovery-cache';

import { plain } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { dryRunOf, dryRunQuery, type DryRun } from './dry-run';
import { NO_RESOURCES } from './delete';

/** patch.go patchTypes, by the --type value. */
const PATCH_TYPES: Record<string, string> = { json: JSON_PATCH, merge: MERGE_PATCH, strategic: STRATEGIC_MERGE_PATCH };

export interface PatchVerbJob extends JobCommon {
  command: 'patch';
  info: ResourceInfo;
  name: string;
  contentType: string;
  patch: unknown;
  dryRun: DryRun;
  output: string;
  /** The object as the builder read it. */
  before?: KubeObject;
}

function validate(p: ParsedArgs, exec: CliExec): { patch: string } | string {
  const patch = flagString(p, 'patch');
  const file = flagString(p, 'patch-file');
  if (patch && file) return 'cannot specify --patch and --patch-file together';
  if (!patch && !file) return 'must specify --patch or --patch-file containing the contents of the patch';
  const type = flagString(p, 'type');
  if (type && !(type.toLowerCase() in PATCH_TYPES)) return `--type must be one of [json merge strategic], not "${type}"`;
  if (file) {
    const text = exec.files?.[file];
    if (text === undefined) return `unable to read patch file: open ${file}: no such file or directory`;
    return { patch: text };
  }
  return { patch: patch! };
}

export function startPatch(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  const v = validate(p, exec);
  if (typeof v === 'string') return finishJob(st, common, ctx, plain(v));
  const parsed = parseYamlChunk(v.patch);
  if (!parsed.ok) return finishJob(st, common, ctx, plain(`unable to parse "${flagString(p, 'patch') ?? ''}": ${parsed.error}`));
  if (p.args.length === 0) return finishJob(st, common, ctx, plain(NO_RESOURCES));
  const tn = typeAndName(p.args, cachedIn(st));
  if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
  const job: PatchVerbJob = {
    ...common,
    command: 'patch',
    info: tn.info,
    name: tn.name,
    contentType: PATCH_TYPES[(flagString(p, 'type') ?? 'strategic').toLowerCase()]!,
    patch: parsed.value,
    dryRun,
    output: flagString(p, 'output') ?? '',
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: objectPath(job) }, 'get', { object: objectRef(job) });
}

function objectPath(job: PatchVerbJob): string {
  const i = job.info;
  return resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace: i.namespaced ? job.namespace : undefined, name: job.name });
}

function objectRef(job: PatchVerbJob): { kind: string; name: string; namespace?: string } {
  return { kind: job.info.kind, name: job.name, namespace: job.info.namespaced ? job.namespace : undefined };
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(sortKeysDeep(a)) === JSON.stringify(sortKeysDeep(b));

function printResult(st: KubectlState, job: PatchVerbJob, changed: boolean, ctx: Effects): void {
  const name = kindSlashName(job.info, job.name);
  if (job.output === 'name') job.stdout += `${name}\n`;
  // patch.go sets the printer's operation after PrintFlagsWithDryRunStrategy added the dry-run
  // suffix to it, so kubectl v1.31 prints `patched` for a dry run too (compared with the real one).
  else job.stdout += `${name} ${changed ? 'patched' : 'patched (no change)'}\n`;
  finishJob(st, job, ctx);
}

export function onPatchVerbResult(st: KubectlState, job: PatchVerbJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'get') {
    job.before = asObject(r);
    if (job.dryRun === 'client') {
      // getPatchedJSON: the patch applied to the object as read, on the client.
      const res = applyPatch(job.contentType, job.before, job.patch);
      if (!('result' in res)) return finishJob(st, job, ctx, plain('error' in res ? res.error : 'badRequest' in res ? res.badRequest : res.invalid));
      return printResult(st, job, !same(job.before, res.result), ctx);
    }
    const query = { fieldManager: 'kubectl-patch', ...dryRunQuery(job.dryRun) };
    jobRequest(st, job, ctx, { method: 'PATCH', path: objectPath(job), query, body: job.patch, contentType: job.contentType }, 'patch', {
      phase: 'persistence',
      object: objectRef(job),
    });
    return;
  }
  printResult(st, job, !same(job.before, asObject(r)), ctx);
}
