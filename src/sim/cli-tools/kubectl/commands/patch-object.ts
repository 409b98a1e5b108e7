// The commands that change one object with a PATCH after reading it, as kubectl's resource builder
// does: `scale` (cmd/scale; a merge patch `{"spec":{"replicas":N}}`), `label` and `annotate`
// (cmd/label, cmd/annotate; a patch of metadata.labels / metadata.annotations), and `set image`
// (cmd/set/set_image.go; a strategic merge patch of the template's containers by name). Each GETs
// the object first, so a missing one is `Error from server (NotFound): deployments.apps "x" not found`.

import { fromEntries, hasOwn, ownValue, setOwn } from '../../../api/own-keys';
import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { typeAndName } from '../apps-resources';
import { plain } from '../errors';
import { flagBool, flagInt, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';

export type PatchChange =
  | { t: 'scale'; replicas: number }
  | { t: 'meta'; field: 'labels' | 'annotations'; set: [string, string][]; remove: string[]; overwrite: boolean }
  | { t: 'image'; images: [string, string][] };

export interface PatchJob extends JobCommon {
  command: 'scale' | 'label' | 'annotate' | 'set';
  info: ResourceInfo;
  name: string;
  change: PatchChange;
  /** What the success line says: `scaled`, `labeled`, `annotated`, `image updated`. */
  verb?: string;
}

const STRATEGIC = 'application/strategic-merge-patch+json';
const MERGE = 'application/merge-patch+json';

function fail(st: KubectlState, common: JobCommon, ctx: Effects, text: string): void {
  common.stderr += text;
  finishJob(st, common, ctx, undefined, 1);
}

/** `key=value` and `key-` arguments (label.go parseLabels / annotate.go parseAnnotations). */
function parseKeyValues(args: string[], what: string): { set: [string, string][]; remove: string[] } | string {
  const set: [string, string][] = [];
  const remove: string[] = [];
  for (const a of args) {
    const eq = a.indexOf('=');
    if (eq > 0) set.push([a.slice(0, eq), a.slice(eq + 1)]);
    else if (a.endsWith('-') && a.length > 1) remove.push(a.slice(0, -1));
    else return `error: invalid ${what} format: ${a}\n`;
  }
  if (set.length === 0 && remove.length === 0) return `error: at least one ${what} update is required\n`;
  return { set, remove };
}

function changeFor(p: ParsedArgs, command: string, rest: string[]): PatchChange | string {
  if (command === 'scale') {
    const replicas = flagInt(p, 'replicas');
    if (replicas === undefined) return 'error: required flag(s) "replicas" not set\n';
    if (replicas < 0) return 'error: The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0\n';
    return { t: 'scale', replicas };
  }
  if (command === 'set') {
    const images: [string, string][] = [];
    for (const a of rest) {
      const eq = a.indexOf('=');
      if (eq <= 0) return `error: invalid image update format: ${a}\n`;
      images.push([a.slice(0, eq), a.slice(eq + 1)]);
    }
    if (images.length === 0) return 'error: at least one image update is required\n';
    return { t: 'image', images };
  }
  const field = command === 'label' ? 'labels' : 'annotations';
  const kv = parseKeyValues(rest, command === 'label' ? 'label' : 'annotation');
  if (typeof kv === 'string') return kv;
  return { t: 'meta', field, ...kv, overwrite: flagBool(p, 'overwrite') };
}

/** kubectl scale | label | annotate | set image: parse, then GET the object. */
export function startPatchCommand(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const command = p.command as PatchJob['command'];
  let args = p.args;
  if (command === 'set') {
    if (args[0] !== 'image') return fail(st, common, ctx, `error: unknown command "${args[0] ?? ''}" for "kubectl set"\n`);
    args = args.slice(1);
  }
  if (command === 'scale' && flagInt(p, 'replicas') === undefined) return fail(st, common, ctx, 'error: required flag(s) "replicas" not set\n');
  const tn = typeAndName(args);
  if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
  const change = changeFor(p, command, tn.rest);
  if (typeof change === 'string') return fail(st, common, ctx, change);
  const job: PatchJob = { ...common, command, info: tn.info, name: tn.name, change };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: objectPath(job) }, 'get', { object: objectRef(job) });
}

function objectPath(job: PatchJob): string {
  const i = job.info;
  return resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace: i.namespaced ? job.namespace : undefined, name: job.name });
}

function objectRef(job: PatchJob): { kind: string; name: string; namespace?: string } {
  return { kind: job.info.kind, name: job.name, namespace: job.info.namespaced ? job.namespace : undefined };
}

type Built = { body: unknown; contentType: string; verb: string } | { error: string } | { unchanged: string };

function metaPatch(obj: KubeObject, c: Extract<PatchChange, { t: 'meta' }>, verb: string): Built {
  const current = (obj.metadata[c.field] as Record<string, string> | undefined) ?? {};
  // Go map lookups: only keys the object has; the server judges the key itself (`__proto__` is invalid).
  const patch: Record<string, string | null> = {};
  for (const [k, v] of c.set) {
    const old = ownValue(current, k);
    if (!c.overwrite && old !== undefined && old !== v) {
      if (c.field === 'labels') return { error: `error: '${k}' already has a value (${old}), and --overwrite is false\n` };
      return { error: `error: --overwrite is false but found the following declared annotation(s): '${k}' already has a value (${old})\n` };
    }
    if (old !== v) setOwn<string | null>(patch, k, v);
  }
  for (const k of c.remove) if (hasOwn(current, k)) setOwn<string | null>(patch, k, null);
  // label.go prints "not labeled" when nothing changed; annotate always says "annotated".
  if (Object.keys(patch).length === 0 && c.field === 'labels') return { unchanged: 'not labeled' };
  return { body: { metadata: fromEntries([[c.field, patch]]) }, contentType: MERGE, verb };
}

function imagePatch(obj: KubeObject, c: Extract<PatchChange, { t: 'image' }>): Built {
  const podSpec = obj.kind === 'Pod' ? (obj.spec as { containers?: { name: string }[] }) : (obj.spec as { template?: { spec?: { containers?: { name: string }[] } } })?.template?.spec;
  const names = (podSpec?.containers ?? []).map((x) => x.name);
  const containers: { image: string; name: string }[] = [];
  for (const [name, image] of c.images) {
    const targets = name === '*' ? names : names.filter((n) => n === name);
    if (targets.length === 0) return { error: `error: unable to find container named "${name}"\n` };
    for (const n of targets) containers.push({ image, name: n });
  }
  const spec = obj.kind === 'Pod' ? { containers } : { template: { spec: { containers } } };
  return { body: { spec }, contentType: STRATEGIC, verb: 'image updated' };
}

function buildPatch(job: PatchJob, obj: KubeObject): Built {
  const c = job.change;
  if (c.t === 'scale') return { body: { spec: { replicas: c.replicas } }, contentType: MERGE, verb: 'scaled' };
  if (c.t === 'meta') return metaPatch(obj, c, c.field === 'labels' ? 'labeled' : 'annotated');
  return imagePatch(obj, c);
}

export function onPatchResult(st: KubectlState, job: PatchJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'get') {
    const built = buildPatch(job, asObject(r));
    if ('error' in built) return fail(st, job, ctx, built.error);
    if ('unchanged' in built) {
      job.stdout += `${kindSlashName(job.info, job.name)} ${built.unchanged}\n`;
      return finishJob(st, job, ctx);
    }
    job.verb = built.verb;
    const query = { fieldManager: job.command === 'set' ? 'kubectl-set' : `kubectl-${job.command}` };
    jobRequest(st, job, ctx, { method: 'PATCH', path: objectPath(job), query, body: built.body, contentType: built.contentType }, 'patch', {
      phase: 'persistence',
      object: objectRef(job),
    });
    return;
  }
  job.stdout += `${kindSlashName(job.info, job.name)} ${job.verb ?? ''}\n`;
  finishJob(st, job, ctx);
}
