// The commands that change one object with a PATCH after reading it, as kubectl's resource builder
// does: `scale` (cmd/scale; a merge patch `{"spec":{"replicas":N}}` of the scale subresource), `label` and `annotate`
// (cmd/label, cmd/annotate; a patch of metadata.labels / metadata.annotations), and `set image`
// (cmd/set/set_image.go; a strategic merge patch of the template's containers by name). Each GETs
// the object first, so a missing one is `Error from server (NotFound): deployments.apps "x" not found`.
// label and annotate also take a type with `-l SELECTOR` or `--all` (the builder's LabelSelectorParam
// and SelectAllParam: LIST, then patch each object), and all four take `--dry-run=client|server`.

import { fromEntries, hasOwn, ownValue, setOwn } from '../../../api/own-keys';
import type { KubeObject } from '../../../api/types';
import type { ResourceInfo } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { typeAndName } from '../apps-resources';
import { plain } from '../errors';
import { flagBool, flagInt, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { dryRunOf, dryRunQuery, dryRunSuffix, type DryRun } from './dry-run';
import { resolveTargets } from './get';
import { cachedIn } from '../discovery-cache';


export type PatchChange =
  | { t: 'scale'; replicas: number }
  | { t: 'meta'; field: 'labels' | 'annotations'; set: [string, string][]; remove: string[]; overwrite: boolean }
  | { t: 'image'; images: [string, string][] };

export interface PatchJob extends JobCommon {
  command: 'scale' | 'label' | 'annotate' | 'set';
  info: ResourceInfo;
  /** The objects to change, in order; `index` is the one being changed. */
  names: string[];
  index: number;
  /** The object being changed and its namespace. */
  name: string;
  objectNamespace: string;
  /** Objects a LIST found (`-l`, `--all`), changed without a GET each. */
  items?: KubeObject[];
  /** The LIST still to send, with its label selector and whether it spans all namespaces. */
  list?: { labelSelector?: string; allNamespaces: boolean };
  change: PatchChange;
  dryRun: DryRun;
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

/** cmdutil.GetResourcesAndPairs: the resources first, then the `key=value` and `key-` pairs. */
function resourcesAndPairs(args: string[], pairType: string): { resources: string[]; pairs: string[] } | string {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const a of args) {
    const pair = (a.includes('=') && a[0] !== '=') || (a.endsWith('-') && a !== '-');
    if (pair) pairs.push(a);
    else if (pairs.length > 0) return `error: all resources must be specified before ${pairType} changes: ${a}\n`;
    else resources.push(a);
  }
  return { resources, pairs };
}

type Targets = { info: ResourceInfo; names: string[]; rest: string[]; list?: PatchJob['list'] };

/** label and annotate (label.go, annotate.go Validate and the builder): names, or a type with -l / --all. */
function metaTargets(st: KubectlState, p: ParsedArgs, command: 'label' | 'annotate'): Targets | string | ReturnType<typeof plain> {
  const rp = resourcesAndPairs(p.args, command);
  if (typeof rp === 'string') return rp;
  const selector = flagString(p, 'selector');
  const all = flagBool(p, 'all');
  if (all && selector !== undefined) return 'error: cannot set --all and --selector at the same time\n';
  if (rp.resources.length === 0) return 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n';
  if (rp.pairs.length === 0) return `error: at least one ${command === 'label' ? 'label' : 'annotation'} update is required\n`;
  const resolved = resolveTargets(rp.resources, cachedIn(st));
  if ('t' in resolved) return resolved;
  const t = resolved.targets[0]!;
  if (t.names.length > 0) return { info: t.info, names: t.names, rest: rp.pairs };
  if (selector === undefined && !all) return plain('resource(s) were provided, but no name was specified');
  return { info: t.info, names: [], rest: rp.pairs, list: { labelSelector: selector, allNamespaces: flagBool(p, 'all-namespaces') } };
}

/** kubectl scale | label | annotate | set image: parse, then GET the object (or LIST the selected ones). */
export function startPatchCommand(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const command = p.command as PatchJob['command'];
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  let args = p.args;
  if (command === 'set') {
    if (args[0] !== 'image') return fail(st, common, ctx, `error: unknown command "${args[0] ?? ''}" for "kubectl set"\n`);
    args = args.slice(1);
  }
  if (command === 'scale' && flagInt(p, 'replicas') === undefined) return fail(st, common, ctx, 'error: required flag(s) "replicas" not set\n');
  let targets: Targets;
  if (command === 'label' || command === 'annotate') {
    const t = metaTargets(st, p, command);
    if (typeof t === 'string') return fail(st, common, ctx, t);
    if ('t' in t) return finishJob(st, common, ctx, t);
    targets = t;
  } else {
    const tn = typeAndName(args, cachedIn(st));
    if ('error' in tn) return finishJob(st, common, ctx, plain(tn.error));
    targets = { info: tn.info, names: [tn.name], rest: tn.rest };
  }
  const change = changeFor(p, command, targets.rest);
  if (typeof change === 'string') return fail(st, common, ctx, change);
  const job: PatchJob = {
    ...common,
    command,
    info: targets.info,
    names: targets.names,
    index: 0,
    name: targets.names[0] ?? '',
    objectNamespace: common.namespace,
    list: targets.list,
    change,
    dryRun,
  };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

/** The next object: LIST first when selecting, then each object by name (or as listed). */
function next(st: KubectlState, job: PatchJob, ctx: Effects): void {
  const i = job.info;
  if (job.list) {
    const namespace = i.namespaced && !job.list.allNamespaces ? job.namespace : undefined;
    const query: Record<string, string> = job.list.labelSelector !== undefined ? { labelSelector: job.list.labelSelector } : {};
    jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace }), query }, 'list');
    return;
  }
  if (job.index >= job.names.length) return finishJob(st, job, ctx);
  job.name = job.names[job.index]!;
  const item = job.items?.[job.index];
  if (item) {
    job.objectNamespace = item.metadata.namespace ?? job.namespace;
    return change(st, job, item, ctx);
  }
  jobRequest(st, job, ctx, { method: 'GET', path: objectPath(job) }, 'get', { object: objectRef(job) });
}

function objectPath(job: PatchJob): string {
  const i = job.info;
  return resourcePath({ group: i.group || undefined, version: i.version, resource: i.resource, namespace: i.namespaced ? job.objectNamespace : undefined, name: job.name });
}

function objectRef(job: PatchJob): { kind: string; name: string; namespace?: string } {
  return { kind: job.info.kind, name: job.name, namespace: job.info.namespaced ? job.objectNamespace : undefined };
}

type Built = ({ body: unknown; contentType: string; verb: string } | { error: string } | { unchanged: string }) & { notes?: string };

/** The JSON length of a metadata map field as Go marshals it (`"labels":{...},`), 0 when absent. */
function fieldSize(m: Record<string, string> | undefined): number {
  return m === undefined ? 0 : `"labels":${JSON.stringify(m)},`.length;
}

function metaPatch(obj: KubeObject, c: Extract<PatchChange, { t: 'meta' }>, verb: string): Built {
  const present = obj.metadata[c.field] as Record<string, string> | undefined;
  const current = present ?? {};
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
  // label.go prints `label "x" not found.` for each key to remove that the object does not have.
  let notes = '';
  for (const k of c.remove) {
    if (hasOwn(current, k)) setOwn<string | null>(patch, k, null);
    else if (c.field === 'labels') notes += `label "${k}" not found.\n`;
  }
  // labelFunc always sets the labels map, so an object without one gains `"labels":{}`.
  const changed = Object.keys(patch).length > 0 || present === undefined;
  // label.go prints "not labeled" when nothing changed; annotate always says "annotated".
  if (!changed && c.field === 'labels') return { unchanged: 'not labeled', notes };
  if (c.field === 'labels') {
    // updateDataChangeMsg: "unlabeled" when, without --overwrite, the object's JSON got shorter.
    const after = fromEntries(Object.entries({ ...current, ...patch }).filter(([, v]) => v !== null)) as Record<string, string>;
    if (!c.overwrite && fieldSize(after) < fieldSize(present)) verb = 'unlabeled';
  }
  return { body: { metadata: fromEntries([[c.field, patch]]) }, contentType: MERGE, verb, notes };
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

/** Change one object: print what happens, PATCH it unless nothing changes or it is a client dry run. */
function change(st: KubectlState, job: PatchJob, obj: KubeObject, ctx: Effects): void {
  const built = buildPatch(job, obj);
  if ('error' in built) return fail(st, job, ctx, built.error);
  const name = kindSlashName(job.info, job.name);
  if (job.dryRun !== 'client') job.stdout += built.notes ?? '';
  if ('unchanged' in built) {
    job.stdout += `${name} ${built.unchanged}${dryRunSuffix(job.dryRun)}\n`;
    return advance(st, job, ctx);
  }
  job.verb = built.verb;
  if (job.dryRun === 'client') {
    job.stdout += `${name} ${built.verb} (dry run)\n`;
    return advance(st, job, ctx);
  }
  // scale.go ScaleWithRetries: a merge patch of the scale subresource, with no field manager
  // (kubectl v1.31.9 -v=6: `PATCH .../deployments/d1/scale 200 OK`).
  const scale = job.command === 'scale';
  const query = { ...(!scale && { fieldManager: job.command === 'set' ? 'kubectl-set' : `kubectl-${job.command}` }), ...dryRunQuery(job.dryRun) };
  const path = scale ? `${objectPath(job)}/scale` : objectPath(job);
  jobRequest(st, job, ctx, { method: 'PATCH', path, query, body: built.body, contentType: built.contentType }, 'patch', {
    phase: 'persistence',
    object: objectRef(job),
  });
}

function advance(st: KubectlState, job: PatchJob, ctx: Effects): void {
  job.index++;
  next(st, job, ctx);
}

export function onPatchResult(st: KubectlState, job: PatchJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'list') {
    job.list = undefined;
    job.items = (r.body as { items?: KubeObject[] }).items ?? [];
    job.names = job.items.map((o) => o.metadata.name ?? '');
    return next(st, job, ctx);
  }
  if (step === 'get') return change(st, job, asObject(r), ctx);
  job.stdout += `${kindSlashName(job.info, job.name)} ${job.verb ?? ''}${dryRunSuffix(job.dryRun)}\n`;
  advance(st, job, ctx);
}
