// `kubectl auth can-i VERB [TYPE | TYPE/NAME | NONRESOURCEURL] [-n NS | -A] [--subresource S] [-q]`
// and `kubectl auth can-i --list` (auth-list.ts)
// (kubectl/pkg/cmd/auth/cani.go): POST a SelfSubjectAccessReview and print `yes`, or `no` (plus
// ` - <reason>` when the server gave one) and exit 1. With `--as jane` the apiserver answers for
// jane, because impersonation runs before the review is evaluated.
// `kubectl auth whoami` is auth-whoami.ts.

import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { mapResource } from '../discovery-cache';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { formatRulesReview, type RulesReviewStatus } from './auth-list';
import { onWhoAmIResult, startWhoAmI, type WhoAmIJob } from './auth-whoami';

export interface AuthJob extends JobCommon {
  command: 'auth';
  quiet: boolean;
  /** `--list`: a SelfSubjectRulesReview, printed as a table. */
  list?: { noHeaders: boolean };
}

/** isKnownResourceVerb / isKnownNonResourceVerb in cani.go. */
const RESOURCE_VERBS = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest'];
const NON_RESOURCE_VERBS = ['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*'];
/** Resources the RBAC rules know but discovery does not list (nonStandardResourceNames). */
const NON_STANDARD = ['users', 'groups'];

interface Target {
  group: string;
  resource: string;
  name: string;
  nonResourceURL: string;
  namespaced: boolean;
}

/** resourceFor: resolve TYPE through discovery; an unknown type warns and is sent as typed. */
function resolveTarget(st: KubectlState, arg: string, warn: (s: string) => void): Target {
  if (arg.startsWith('/')) return { group: '', resource: '', name: '', nonResourceURL: arg, namespaced: false };
  const slash = arg.indexOf('/');
  const typed = slash >= 0 ? arg.slice(0, slash) : arg;
  const name = slash >= 0 ? arg.slice(slash + 1) : '';
  if (typed === '*') return { group: '', resource: '*', name, nonResourceURL: '', namespaced: true };
  const info = mapResource(st, typed);
  if (info) return { group: info.group, resource: info.resource, name, nonResourceURL: '', namespaced: info.namespaced };
  const lower = typed.toLowerCase();
  const dot = lower.indexOf('.');
  const resource = dot >= 0 ? lower.slice(0, dot) : lower;
  const group = dot >= 0 ? lower.slice(dot + 1) : '';
  if (!NON_STANDARD.includes(lower)) {
    warn(group ? `the server doesn't have a resource type '${resource}' in group '${group}'` : `the server doesn't have a resource type '${resource}'`);
  }
  return { group: '', resource: typed, name, nonResourceURL: '', namespaced: true };
}

/** `kubectl auth` alone: the group's help on stderr and exit 1 (cmdutil.DefaultSubCommandRun; kubectl/pkg/cmd/auth/auth.go, v1.31). */
const AUTH_HELP = `Inspect authorization.

Available Commands:
  can-i         Check whether an action is allowed
  reconcile     Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects
  whoami        Experimental: Check self subject attributes

Usage:
  kubectl auth [flags] [options]

Use "kubectl auth <command> --help" for more information about a given command.
Use "kubectl options" for a list of global command-line options (applies to all commands).
`;

export function startAuth(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const sub = p.args[0];
  if (sub === 'whoami') return startWhoAmI(st, common, p, ctx);
  if (sub !== 'can-i') {
    const msg = sub === undefined ? AUTH_HELP : `error: unknown command "${sub}"\nSee 'kubectl auth -h' for help and examples\n`;
    common.stderr += msg;
    return finishJob(st, common, ctx, undefined, 1);
  }
  const args = p.args.slice(1);
  if (flagBool(p, 'list')) return startList(st, common, p, args, ctx);
  if (args.length !== 2) {
    return finishJob(st, common, ctx, plain("you must specify two arguments: verb resource or verb resource/resourceName.\nSee 'kubectl auth can-i -h' for help and examples."));
  }
  // cani.go's warning formats end in "\n" and the WarningPrinter adds one more (`Warning: %s\n`),
  // so kubectl v1.31 leaves a blank line after each of these warnings.
  const warn = (s: string): void => {
    common.stderr += `Warning: ${s}\n\n`;
  };
  const verb = args[0]!;
  const t = resolveTarget(st, args[1]!, warn);
  const subresource = flagString(p, 'subresource') ?? '';
  const all = flagBool(p, 'all-namespaces');
  const namespace = all ? '' : common.namespace;
  let spec: Record<string, unknown>;
  if (t.nonResourceURL) {
    if (subresource) return finishJob(st, common, ctx, plain('--subresource can not be used with NonResourceURL'));
    if (!NON_RESOURCE_VERBS.includes(verb)) warn(`verb '${verb}' is not a known verb`);
    spec = { nonResourceAttributes: { path: t.nonResourceURL, verb } };
  } else {
    if (!all && !t.namespaced) {
      warn(t.group ? `resource '${t.resource}' is not namespace scoped in group '${t.group}'` : `resource '${t.resource}' is not namespace scoped`);
    }
    if (!RESOURCE_VERBS.includes(verb)) warn(`verb '${verb}' is not a known verb`);
    const ra: Record<string, string> = { namespace, verb, group: t.group, resource: t.resource };
    if (subresource) ra.subresource = subresource;
    if (t.name) ra.name = t.name;
    spec = { resourceAttributes: ra };
  }
  const job: AuthJob = { ...common, command: 'auth', quiet: flagBool(p, 'quiet') };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const body = { kind: 'SelfSubjectAccessReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status: { allowed: false } };
  jobRequest(st, job, ctx, { method: 'POST', path: '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews', body, contentType: 'application/json' }, 'review', {
    phase: 'user',
  });
}

/** `kubectl auth can-i --list [-n ns | -A]`: POST a SelfSubjectRulesReview for the namespace. */
function startList(st: KubectlState, common: JobCommon, p: ParsedArgs, args: string[], ctx: Effects): void {
  if (args.length) return finishJob(st, common, ctx, plain('list option must be specified with no arguments'));
  const job: AuthJob = { ...common, command: 'auth', quiet: false, list: { noHeaders: flagBool(p, 'no-headers') } };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const namespace = flagBool(p, 'all-namespaces') ? '' : common.namespace;
  const body = { kind: 'SelfSubjectRulesReview', apiVersion: 'authorization.k8s.io/v1', metadata: { creationTimestamp: null }, spec: { namespace }, status: { resourceRules: null, nonResourceRules: null, incomplete: false } };
  jobRequest(st, job, ctx, { method: 'POST', path: '/apis/authorization.k8s.io/v1/selfsubjectrulesreviews', body, contentType: 'application/json' }, 'review', { phase: 'user' });
}

export function onAuthResult(st: KubectlState, job: AuthJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'whoami') return onWhoAmIResult(st, job as unknown as WhoAmIJob, r, ctx);
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  if (job.list) {
    const out = formatRulesReview((r.body as { status?: RulesReviewStatus }).status ?? {}, job.list.noHeaders);
    job.stdout += out.stdout;
    job.stderr += out.stderr;
    return finishJob(st, job, ctx);
  }
  const status = ((r.body as { status?: { allowed?: boolean; reason?: string; evaluationError?: string } }).status ?? {}) as {
    allowed?: boolean;
    reason?: string;
    evaluationError?: string;
  };
  if (!job.quiet) {
    if (status.allowed) job.stdout += 'yes\n';
    else {
      let line = 'no';
      if (status.reason) line += ` - ${status.reason}`;
      if (status.evaluationError) line += ` - ${status.evaluationError}`;
      job.stdout += `${line}\n`;
    }
  }
  finishJob(st, job, ctx, undefined, status.allowed ? 0 : 1);
}
