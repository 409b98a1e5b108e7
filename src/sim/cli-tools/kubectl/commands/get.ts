// `kubectl get`: resolve the resource types, LIST (or GET each name), then print one table per
// type, or YAML/JSON/names/a JSONPath template (kubectl/pkg/cmd/get/get.go). A named object that
// is missing is an error printed after the rest; nothing printed and no errors gives
// `No resources found in <ns> namespace.` on stderr.

import { onGetRawResult, onGetRawWatchEnded, RAW_STEP, RAW_WATCH_STEP, startGetRaw } from './get-raw';
import type { KubeList, KubeObject } from '../../../api/types';
import { apiVersionOf, resourcesInCategory, type ResourceInfo } from '../../../api/resources';
import { lookupResource } from '../apps-resources';
import { cachedIn } from '../discovery-cache';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import { goMarshalIndent } from '../../common/go-json';
import { goYaml } from '../../common/go-yaml';
import { goTemplateFailure, goTemplateOf, goTemplateParseError, omitManagedFields } from '../printers/go-template-output';
import { GoTemplateError, goTemplate } from '../../common/go-template';
import { jsonpathTemplate, JsonPathError } from '../../common/jsonpath';
import { aggregate, noResourceType, plain, type KubectlError } from '../errors';
import { flagArray, flagBool, flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName } from '../manifest';
import { parseCustomColumns, renderCustomColumns, type CustomColumn } from '../printers/custom-columns';
import { TABLE_ACCEPT } from '../printers/table-print';
import { printTables } from './get-table';
import { sortByPath } from './sort-by';
import type { Table } from '../../../apiserver/table';
import { beginWatch, onGetWatchEnded, type GetWatch } from './get-watch';

export interface GetTarget {
  info: ResourceInfo;
  /** Empty: list everything. */
  names: string[];
  /** The objects (-o name, json, yaml, jsonpath, custom-columns). */
  items: KubeObject[];
  /** The apiserver's Tables, one per request (default and -o wide output). */
  tables: Table[];
}

export interface GetJob extends JobCommon {
  command: 'get';
  targets: GetTarget[];
  /** Requests still to send: [target index, name or '' for a list]. */
  queue: [number, string][];
  output: string;
  selector?: string;
  /** --field-selector, passed to the apiserver as fieldSelector (it validates and filters). */
  fieldSelector?: string;
  allNamespaces: boolean;
  sortBy?: string;
  showLabels: boolean;
  noHeaders: boolean;
  /** -L / --label-columns. */
  labelColumns: string[];
  withKind: boolean;
  singleItem: boolean;
  /** -w / --watch-only: after printing, keep watching (get-watch.ts). */
  watchFlag: boolean;
  watchOnly: boolean;
  /** --output-watch-events: an EVENT column (ADDED, MODIFIED, DELETED) first. */
  outputWatchEvents: boolean;
  /** The first LIST's resourceVersion, where the watch starts. */
  listResourceVersion?: string;
  watch?: GetWatch;
}

export const OUTPUT_FORMATS_ERROR = (o: string): string =>
  `unable to match a printer suitable for the output format "${o}", allowed formats are: ` +
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

export const REQUIRED_RESOURCE =
  'You must specify the type of resource to get. Use "kubectl api-resources" for a complete list of supported resources.\n\n' +
  'error: Required resource not specified.\nUse "kubectl explain <resource>" for a detailed description of that resource (e.g. kubectl explain pods).\n' +
  "See 'kubectl get -h' for help and examples\n";

/** kubectl's human-readable printer (IsHumanReadablePrinter): the server prints, as a Table. */
export function printsTable(output: string): boolean {
  return output === '' || output === 'wide';
}

export function validOutput(o: string): boolean {
  return ['', 'wide', 'yaml', 'json', 'name'].includes(o) || o.startsWith('jsonpath=') || o.startsWith('jsonpath:') || o.startsWith('custom-columns=') || goTemplateOf(o) !== undefined;
}

/**
 * Resolve `pods`, `po,no`, `pod/web`, `pod web db` into targets; an unknown type is an error.
 * `known`: whether kubectl's discovery cache holds the type's group/version (discovery-cache.ts).
 */
export function resolveTargets(args: string[], known: (info: ResourceInfo) => boolean): { targets: GetTarget[]; withKind: boolean } | KubectlError {
  const targets: GetTarget[] = [];
  const slash = args.some((a) => a.includes('/'));
  const add = (typed: string, name?: string): KubectlError | undefined => {
    const info = lookupResource(typed);
    if (!info || !known(info)) return plain(noResourceType(typed));
    let t = targets.find((x) => x.info === info);
    if (!t) targets.push((t = { info, names: [], items: [], tables: [] }));
    if (name !== undefined) t.names.push(name);
    return undefined;
  };
  if (slash) {
    for (const a of args) {
      const i = a.indexOf('/');
      if (i < 0) return plain(`there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`);
      const err = add(a.slice(0, i), a.slice(i + 1));
      if (err) return err;
    }
    // The kind is printed when the names are of more than one resource (`pod/a node/b`), not for
    // `pod/a` or `pods/a po/b`, as kubectl v1.31.9 prints them.
    return { targets, withKind: targets.length > 1 };
  }
  // A category (`all`) that names no resource stands for its resources, in discovery's order
  // (kubectl's discovery category expander, in the resource builder's replaceAliases).
  const named = args[0]!.split(',').filter((x) => x);
  const category = named.some((t) => !lookupResource(t) && resourcesInCategory(t).length > 0);
  const types = named.flatMap((t) => (lookupResource(t) || resourcesInCategory(t).length === 0 ? [t] : resourcesInCategory(t).filter(known).map((r) => `${r.resource}.${r.group}`)));
  for (const t of types) {
    const err = add(t);
    if (err) return err;
    // Each type asks for the names again (`get pod,pods web` prints web twice), a list only once.
    targets.find((x) => x.info === lookupResource(t))!.names.push(...args.slice(1));
  }
  // The kind is printed for a category or more than one resource, not for `pods,po`.
  return { targets, withKind: category || targets.length > 1 };
}

export function startGet(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  if (p.flags.has('raw')) return startGetRaw(st, common, p, ctx);
  const output = flagString(p, 'output') ?? '';
  if (!validOutput(output)) return finishJob(st, common, ctx, plain(OUTPUT_FORMATS_ERROR(output)));
  const badTemplate = goTemplateParseError(output);
  if (badTemplate) return finishJob(st, common, ctx, badTemplate);
  if (output.startsWith('custom-columns=')) {
    try {
      const cols = parseCustomColumns(output.slice('custom-columns='.length));
      if (typeof cols === 'string') return finishJob(st, common, ctx, plain(cols));
    } catch (e) {
      if (e instanceof JsonPathError) return finishJob(st, common, ctx, plain(e.message));
      throw e;
    }
  }
  if (p.args.length === 0) {
    common.stderr += REQUIRED_RESOURCE;
    return finishJob(st, common, ctx, undefined, 1);
  }
  // kubectl.ts startVerb fetched discovery again if the cache missed a type; a miss now is final.
  const resolved = resolveTargets(p.args, cachedIn(st));
  if ('t' in resolved) return finishJob(st, common, ctx, resolved);
  // kubectl passes -l to the apiserver opaquely (kubernetes PR #52971): the server parses it with
  // labels.Parse, answers a bad one with 400 BadRequest, and filters the list itself.
  const selector = flagString(p, 'selector');
  const job: GetJob = {
    ...common,
    command: 'get',
    targets: resolved.targets,
    queue: [],
    output,
    selector,
    fieldSelector: flagString(p, 'field-selector'),
    allNamespaces: flagBool(p, 'all-namespaces'),
    sortBy: flagString(p, 'sort-by'),
    showLabels: flagBool(p, 'show-labels'),
    noHeaders: flagBool(p, 'no-headers'),
    labelColumns: flagArray(p, 'label-columns').flatMap((l) => l.split(',')).filter((l) => l !== ''),
    withKind: resolved.withKind,
    singleItem: resolved.targets.length === 1 && resolved.targets[0]!.names.length === 1,
    watchFlag: flagBool(p, 'watch') || flagBool(p, 'watch-only'),
    watchOnly: flagBool(p, 'watch-only'),
    outputWatchEvents: flagBool(p, 'output-watch-events'),
  };
  resolved.targets.forEach((t, i) => {
    if (t.names.length === 0) job.queue.push([i, '']);
    else for (const n of t.names) job.queue.push([i, n]);
  });
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  sendNext(st, job, ctx);
}

function sendNext(st: KubectlState, job: GetJob, ctx: Effects): void {
  const next = job.queue[0];
  if (!next) return printGet(st, job, ctx);
  const [ti, name] = next;
  const info = job.targets[ti]!.info;
  const namespace = info.namespaced && !(job.allNamespaces && !name) ? job.namespace : undefined;
  const path = resourcePath({ group: info.group || undefined, version: info.version, resource: info.resource, namespace, name: name || undefined });
  const query: Record<string, string> = {};
  if (!name) {
    query.limit = '500';
    if (job.selector) query.labelSelector = job.selector;
    if (job.fieldSelector) query.fieldSelector = job.fieldSelector;
  }
  // kubectl asks the server to print (transformRequests); sorting needs each row's whole object.
  const table = printsTable(job.output);
  if (table && job.sortBy) query.includeObject = 'Object';
  jobRequest(st, job, ctx, { method: 'GET', path, query, accept: table ? TABLE_ACCEPT : undefined }, 'get', {
    object: name ? { kind: info.kind, name, namespace } : undefined,
  });
}

export function onGetResult(st: KubectlState, job: GetJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'watch') return onGetWatchEnded(st, job, r, ctx);
  if (step === RAW_STEP) return onGetRawResult(st, job, r, ctx);
  if (step === RAW_WATCH_STEP) return onGetRawWatchEnded(st, job, r, ctx);
  const [ti, name] = job.queue.shift()!;
  const t = job.targets[ti]!;
  if (!r.ok) {
    if (r.err.t === 'url') return finishJob(st, job, ctx, r.err);
    job.errors.push(r.err);
  } else if (printsTable(job.output)) {
    const table = r.body as Table;
    if (!name) job.listResourceVersion = table.metadata?.resourceVersion;
    t.tables.push(table);
  } else if (name) t.items.push(r.body as KubeObject);
  else {
    const list = r.body as KubeList;
    job.listResourceVersion = list.metadata?.resourceVersion;
    for (const item of list.items ?? []) {
      t.items.push({ ...item, apiVersion: item.apiVersion ?? apiVersionOf(t.info), kind: item.kind ?? t.info.kind });
    }
  }
  sendNext(st, job, ctx);
}

/** Sort each target's objects (the generic printers; get-table.ts sorts Tables); an error ends the command. */
function sortTargets(job: GetJob): KubectlError | undefined {
  if (!job.sortBy) return undefined;
  for (const t of job.targets) {
    const sorted = sortByPath(t.items, (o) => o, job.sortBy);
    if (!Array.isArray(sorted)) return sorted;
    t.items = sorted;
  }
  return undefined;
}

function printStructured(job: GetJob, all: KubeObject[]): string {
  const value: unknown =
    job.singleItem && all.length === 1 ? all[0] : { apiVersion: 'v1', items: all, kind: 'List', metadata: { resourceVersion: '' } };
  if (job.output === 'json') return goMarshalIndent(omitManagedFields(value, job.showManagedFields)) + '\n';
  if (job.output === 'yaml') return goYaml(omitManagedFields(value, job.showManagedFields));
  const template = goTemplateOf(job.output);
  if (template !== undefined) return goTemplate(template, value);
  return jsonpathTemplate(job.output.slice('jsonpath='.length).replace(/^'(.*)'$/s, '$1'), value);
}

function printGet(st: KubectlState, job: GetJob, ctx: Effects): void {
  if (job.watchFlag) return beginWatch(st, job, ctx);
  try {
    const err = sortTargets(job);
    if (err) return finishJob(st, job, ctx, err);
  } catch (e) {
    if (e instanceof JsonPathError) return finishJob(st, job, ctx, plain(e.message));
    throw e;
  }
  const all = job.targets.flatMap((t) => t.items);
  if (job.output.startsWith('custom-columns=')) {
    try {
      job.stdout += renderCustomColumns(parseCustomColumns(job.output.slice('custom-columns='.length)) as CustomColumn[], all, job.noHeaders);
    } catch (e) {
      if (e instanceof JsonPathError) return finishJob(st, job, ctx, plain(e.message));
      throw e;
    }
  } else if (job.output === 'name') job.stdout += all.map((o) => kindSlashName(job.targets.find((t) => t.items.includes(o))!.info, o.metadata.name ?? '') + '\n').join('');
  else if (job.output === 'json' || job.output === 'yaml' || job.output.startsWith('jsonpath') || goTemplateOf(job.output) !== undefined) {
    try {
      job.stdout += printStructured(job, all);
    } catch (e) {
      if (e instanceof GoTemplateError) return finishJob(st, job, ctx, goTemplateFailure(goTemplateOf(job.output)!, e));
      if (e instanceof JsonPathError) return finishJob(st, job, ctx, plain(`error parsing jsonpath ${job.output.slice(9)}, ${e.message}`));
      throw e;
    }
  } else {
    const printed = printTables(job);
    if (typeof printed !== 'string') return finishJob(st, job, ctx, printed);
    job.stdout += printed;
  }
  // get.go says "No resources found" only from its human-readable path (nothing was written and
  // no error); the generic printers (json, yaml, name, jsonpath) print what they have, even "".
  const humanReadable = !(job.output === 'name' || job.output === 'json' || job.output === 'yaml' || job.output.startsWith('jsonpath') || goTemplateOf(job.output) !== undefined);
  if (humanReadable && job.stdout === '' && job.errors.length === 0) {
    const namespaced = !job.allNamespaces && job.targets.every((t) => t.info.namespaced);
    job.stderr += namespaced ? `No resources found in ${job.namespace} namespace.\n` : 'No resources found\n';
  }
  finishJob(st, job, ctx, aggregate(job.errors));
}
