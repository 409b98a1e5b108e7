// kubectl taint nodes NODE key=value:Effect ... key:Effect- key- (kubectl/pkg/cmd/taint/taint.go and
// utils.go): parse the taint arguments, GET the node, refuse to replace a taint with the same key
// and effect unless --overwrite, drop the taints to remove (`taint "k:NoSchedule" not found` if one
// is missing), PATCH the node's taint list and print `node/<name> tainted` (only additions),
// `untainted` (only removals) or `modified` (both, or --overwrite).
//
// The real command sends a two-way strategic merge patch; spec.taints has no patch strategy, so it
// replaces the whole list. Kubeplay sends the same list as a JSON merge patch.

import type { Node, Taint } from '../../../api/types';
import type { Effects } from '../../../kernel/component';
import { lookupResource } from '../apps-resources';
import { plain } from '../errors';
import { flagBool, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { nodePath } from './cordon';

type Effect = Taint['effect'];

export interface TaintJob extends JobCommon {
  command: 'taint';
  node: string;
  add: Taint[];
  remove: { key: string; effect?: Effect }[];
  overwrite: boolean;
  operation?: string;
}

const EFFECTS: Effect[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];
const QUALIFIED_NAME = /^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*\/)?[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

/** parseTaint: `key`, `key:Effect` or `key=value:Effect`. */
export function parseTaint(spec: string): { key: string; value?: string; effect?: Effect } | string {
  const parts = spec.split(':');
  let key: string;
  let value: string | undefined;
  let effect: Effect | undefined;
  if (parts.length === 1) key = parts[0]!;
  else if (parts.length === 2) {
    if (!EFFECTS.includes(parts[1] as Effect)) return `invalid taint effect: ${parts[1]}, unsupported taint effect`;
    effect = parts[1] as Effect;
    const kv = parts[0]!.split('=');
    if (kv.length > 2) return `invalid taint spec: ${spec}`;
    key = kv[0]!;
    value = kv[1];
  } else return `invalid taint spec: ${spec}`;
  if (!QUALIFIED_NAME.test(key) || key.length > 316) return `invalid taint spec: ${spec}`;
  return { key, value, effect };
}

/** Taint.ToString: `key=value:Effect`, `key:Effect`, `key=value:` or `key`. */
export function taintString(t: { key: string; value?: string; effect?: string }): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** parseTaints: the taints to add (each needs an effect) and the ones to remove (a trailing `-`). */
export function parseTaints(specs: string[]): { add: Taint[]; remove: { key: string; effect?: Effect }[] } | string {
  const add: Taint[] = [];
  const remove: { key: string; effect?: Effect }[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      if (typeof t === 'string') return t;
      remove.push(t.effect ? { key: t.key, effect: t.effect } : { key: t.key });
      continue;
    }
    const t = parseTaint(spec);
    if (typeof t === 'string') return t;
    if (!t.effect) return `invalid taint spec: ${spec}`;
    // fmt's %v of the corev1.Taint struct: {Key Value Effect TimeAdded}.
    if (add.some((x) => x.key === t.key && x.effect === t.effect)) return `duplicated taints with the same key and effect: {${t.key} ${t.value ?? ''} ${t.effect} <nil>}`;
    add.push(t.value !== undefined ? { key: t.key, value: t.value, effect: t.effect } : { key: t.key, effect: t.effect });
  }
  return { add, remove };
}

/** reorganizeTaints: the new list and what happened to it, or the removals that found nothing. */
export function reorganizeTaints(old: Taint[], add: Taint[], remove: TaintJob['remove'], overwrite: boolean): { operation: string; taints: Taint[] } | { error: string } {
  const taints = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  let removed = false;
  const errors: string[] = [];
  let list = taints;
  for (const r of remove) {
    const kept = list.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    removed = kept.length !== list.length;
    if (!removed) errors.push(`taint "${taintString(r)}" not found`);
    list = kept;
  }
  if (errors.length === 1) return { error: errors[0]! };
  if (errors.length > 1) return { error: `[${errors.join(', ')}]` };
  const operation = (added && removed) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints: list };
}

function usage(st: KubectlState, common: JobCommon, ctx: Effects, msg: string): void {
  common.stderr += `error: ${msg}\nSee 'kubectl taint -h' for help and examples\n`;
  finishJob(st, common, ctx, undefined, 1);
}

export function startTaint(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const resources: string[] = [];
  const specs: string[] = [];
  for (const a of p.args) {
    const isTaint = a.includes('=') || a.includes(':') || a.endsWith('-');
    if (isTaint) specs.push(a);
    else if (specs.length > 0) return finishJob(st, common, ctx, plain(`all resources must be specified before taint changes: ${a}`));
    else resources.push(a);
  }
  if (resources.length < 1) return finishJob(st, common, ctx, plain('one or more resources must be specified as <resource> <name>'));
  if (specs.length < 1) return finishJob(st, common, ctx, plain('at least one taint update is required'));
  const parsed = parseTaints(specs);
  if (typeof parsed === 'string') return usage(st, common, ctx, parsed);
  const type = resources[0]!.toLowerCase();
  const info = lookupResource(type);
  if (!info) return finishJob(st, common, ctx, plain(`the server doesn't have a resource type "${type}"`));
  if (info.kind !== 'Node') return finishJob(st, common, ctx, plain(`invalid resource type ${type}, only node types are supported`));
  if (resources.length < 2) return finishJob(st, common, ctx, plain(`at least one resource name must be specified since 'all' parameter is not set`));
  const job: TaintJob = { ...common, command: 'taint', node: resources[1]!, ...parsed, overwrite: flagBool(p, 'overwrite') };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  jobRequest(st, job, ctx, { method: 'GET', path: nodePath(job.node) }, 'get', { object: { kind: 'Node', name: job.node } });
}

export function onTaintResult(st: KubectlState, job: TaintJob, step: string, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (step === 'get') {
    const node = asObject(r) as Node;
    const old = node.spec?.taints ?? [];
    if (!job.overwrite) {
      const exists = job.add.filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect)).map((t) => t.key);
      if (exists.length) return finishJob(st, job, ctx, plain(`node ${job.node} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`));
    }
    const res = reorganizeTaints(old, job.add, job.remove, job.overwrite);
    if ('error' in res) return finishJob(st, job, ctx, plain(res.error));
    job.operation = res.operation;
    const body = { spec: { taints: res.taints.length ? res.taints : null } };
    jobRequest(st, job, ctx, { method: 'PATCH', path: nodePath(job.node), body, contentType: 'application/merge-patch+json', query: { fieldManager: 'kubectl-taint' } }, 'patch', {
      phase: 'persistence',
      object: { kind: 'Node', name: job.node },
    });
    return;
  }
  job.stdout += `node/${job.node} ${job.operation ?? 'tainted'}\n`;
  finishJob(st, job, ctx);
}
