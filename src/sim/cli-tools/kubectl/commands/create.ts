// `kubectl create -f` (POST every object read from the files, kubectl/pkg/cmd/create; each object's
// OpenAPI document and, on a cold cache, discovery just before its POST: apply-openapi.ts) and
// `kubectl run` (build one Pod from flags and POST it, kubectl/pkg/cmd/run). Both print
// `pod/web created`; a duplicate is `Error from server (AlreadyExists): ...`, with
// `error when creating "web.yaml": ` when the object came from a file.

import type { Container, KubeObject, Pod } from '../../../api/types';
import { resourceForKind } from '../../../api/resources';
import { resourcePath } from '../../../client/apiclient';
import type { Effects } from '../../../kernel/component';
import type { CliExec } from '../../protocol';
import { addSourceToErr, aggregate, errorString, noResourceType, plain, type KubectlError } from '../errors';
import { mapResource } from '../discovery-cache';
import { onAttachedRunResult, runAttachOptions, startAttachedRun, withStdin, type RunAttach, type RunAttachJob } from './run-attach';
import { dryRunOf, dryRunQuery, type DryRun } from './dry-run';
import { flagArray, flagBool, flagString, validationDirective, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { kindSlashName, readManifestsFromFlags, type ManifestObject } from '../manifest';
import { appsResource } from '../apps-resources';
import { NO_FILENAME, validationConnError } from './apply';
import { isPreludeStep, newPrelude, onPreludeResult, preludeUntil, unrecognized, type ApplyPrelude, type PreludeJob } from './apply-openapi';
import { deploymentForCreate } from './create-deployment';
import { onCreateTokenResult, startCreateToken, type CreateTokenJob } from './create-token';
import { jobForCreate } from './create-job';
import { cronJobForCreate, jobFromCronJob } from './create-cronjob';
import { isQuotaSubcommand, quotaForCreate } from './create-quota';
import { ingressForCreate, isIngressSubcommand } from './create-ingress';
import { isServiceSubcommand, serviceForCreate } from './create-service';
import { createOutputError, printCreated, type CreatePrint } from './create-output';
import { isConfigCreateSubcommand, objectForConfigCreate } from './create-config';
import { isRbacCreateSubcommand, objectForCreateSubcommand, type BuiltObject } from './create-rbac';

export interface CreateJob extends JobCommon {
  command: 'create' | 'run';
  /** The fieldValidation query (`--validate`). */
  fieldValidation?: string;
  objects: ManifestObject[];
  index: number;
  touchedServer: boolean;
  /** `failed to create secret `: how create configmap|secret wrap the server's error (fmt.Errorf). */
  failurePrefix?: string;
  /** create job --from: the Job's name. */
  fromName?: string;
  dryRun?: DryRun;
  output?: string;
  /** Objects printed so far (create-output.ts: YAML's `---` between them). */
  printed?: number;
  /** run -i/--attach (run-attach.ts): wait for the pod, attach or read its logs, --rm. */
  attach?: RunAttach;
  pod?: string;
  /** create -f: each object's OpenAPI document and discovery before its POST (apply-openapi.ts). */
  prelude?: ApplyPrelude;
  refreshed?: string[];
}

/** --dry-run and -o as the job carries them; every create subcommand and run take both. */
function dryRunFields(p: ParsedArgs): Pick<CreateJob, 'dryRun' | 'output'> {
  const d = dryRunOf(p);
  return { dryRun: typeof d === 'string' ? d : 'none', output: flagString(p, 'output') ?? '' };
}

export function startCreate(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  Object.assign(common, dryRunFields(p));
  const badOutput = createOutputError(flagString(p, 'output') ?? '');
  if (badOutput) return finishJob(st, common, ctx, badOutput);
  const filenames = flagArray(p, 'filename');
  if (filenames.length === 0) {
    if (p.args[0] === 'deployment' || p.args[0] === 'deploy') return startCreateDeployment(st, common, p, ctx);
    if (p.args[0] === 'token') return startCreateToken(st, common, p, ctx);
    if (isRbacCreateSubcommand(p.args[0])) return startCreateBuilt(st, common, objectForCreateSubcommand(p, common.namespace), ctx);
    if (p.args[0] === 'job' && flagString(p, 'from') !== undefined && flagArray(p, 'image').length === 0) return startCreateJobFrom(st, common, p, ctx);
    // create_job.go and create_cronjob.go wrap the server's error: `failed to create job: %v`.
    if (p.args[0] === 'job') return startCreateBuilt(st, common, jobForCreate(p, common.namespace), ctx, 'failed to create job: ');
    if (p.args[0] === 'cronjob' || p.args[0] === 'cj') return startCreateBuilt(st, common, cronJobForCreate(p, common.namespace), ctx, 'failed to create cronjob: ');
    if (isQuotaSubcommand(p.args[0])) return startCreateBuilt(st, common, quotaForCreate(p, common.namespace), ctx, 'failed to create quota: ');
    if (isServiceSubcommand(p.args[0])) return startCreateBuilt(st, common, serviceForCreate(p, common.namespace), ctx);
    if (isIngressSubcommand(p.args[0])) return startCreateBuilt(st, common, ingressForCreate(p, common.namespaceExplicit ? common.namespace : undefined), ctx, 'failed to create ingress: ');
    if (isConfigCreateSubcommand(p.args[0])) return startCreateConfig(st, common, p, exec, ctx);
    if (p.args.length > 0) return finishJob(st, common, ctx, plain(`unknown command "${p.args[0]}" for "kubectl create"`));
    return finishJob(st, common, ctx, plain(NO_FILENAME));
  }
  const m = readManifestsFromFlags(filenames, p, exec, common);
  if (m.fatal) return finishJob(st, common, ctx, m.fatal);
  const fieldValidation = validationDirective(p);
  const job: CreateJob = { ...common, command: 'create', objects: m.objects, index: 0, touchedServer: false, fieldValidation, prelude: newPrelude(fieldValidation !== 'Ignore') };
  job.errors.push(...m.errors);
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

function startCreateDeployment(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const obj = deploymentForCreate(p, common.namespace, common.namespaceExplicit);
  if (typeof obj === 'string') {
    common.stderr += obj;
    return finishJob(st, common, ctx, undefined, 1);
  }
  // The POST goes to the namespace from -n or the default one even when metadata has none.
  const sent = { obj: { ...obj, metadata: { ...obj.metadata, namespace: common.namespace } }, source: '', info: appsResource('Deployment') };
  const job: CreateJob = { ...common, command: 'create', objects: [sent], index: 0, touchedServer: true };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

/**
 * `kubectl create configmap|secret` (create-config.ts builds the object). `--dry-run=client` prints
 * the object kubectl would send (`-o yaml|json|name`, or `configmap/x created (dry run)`) and sends
 * nothing; Kubeplay's apiserver has no server-side dry run yet, so `--dry-run=server` says so.
 */
function startCreateConfig(st: KubectlState, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const dryRun = flagString(p, 'dry-run') ?? 'none';
  if (!['none', 'server', 'client'].includes(dryRun)) {
    return finishJob(st, common, ctx, plain(`Invalid dry-run value (${dryRun}). Must be "none", "server", or "client".`));
  }
  const b = objectForConfigCreate(p, common.namespace, common.namespaceExplicit, exec.files ?? {});
  if (typeof b === 'object' && 'help' in b) {
    common.stdout += b.help;
    return finishJob(st, common, ctx);
  }
  if (typeof b === 'string' || dryRun !== 'client') {
    const sent = typeof b === 'string' ? b : { ...b, obj: { ...b.obj, metadata: { ...b.obj.metadata, namespace: common.namespace } } };
    return startCreateBuilt(st, common, sent, ctx, p.args[0] === 'secret' ? 'failed to create secret ' : 'failed to create configmap: ');
  }
  const out = printCreated({ output: flagString(p, 'output') ?? '', dryRun: 'client', printed: 0 }, kindSlashName(b.info, b.obj.metadata.name ?? ''), b.obj, true);
  if ('err' in out) return finishJob(st, common, ctx, out.err);
  common.stdout += out.text;
  finishJob(st, common, ctx);
}

/** `kubectl create namespace|serviceaccount|role|clusterrole|rolebinding|clusterrolebinding NAME` (create-rbac.ts builds the object). */
function startCreateBuilt(st: KubectlState, common: JobCommon, built: BuiltObject | string, ctx: Effects, failurePrefix?: string): void {
  if (typeof built === 'string') {
    common.stderr += built;
    return finishJob(st, common, ctx, undefined, 1);
  }
  common.stderr += built.warnings;
  const job: CreateJob = { ...common, command: 'create', objects: [{ obj: built.obj, source: '', info: built.info }], index: 0, touchedServer: true, failurePrefix };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

function parseLabels(s: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const kv of s.split(',')) {
    const i = kv.indexOf('=');
    if (i <= 0) return undefined;
    out[kv.slice(0, i)] = kv.slice(i + 1);
  }
  return out;
}

/** The Pod `kubectl run` builds (kubectl run --dry-run=client -o yaml shows the same object). */
export function podForRun(p: ParsedArgs, namespace: string): Pod | string {
  const image = flagString(p, 'image');
  if (image === undefined) return 'error: required flag(s) "image" not set\n';
  const name = p.args[0];
  if (!name) return "error: NAME is required for run\nSee 'kubectl run -h' for help and examples\n";
  const restart = flagString(p, 'restart') ?? 'Always';
  if (!['Always', 'OnFailure', 'Never'].includes(restart)) return `error: invalid restart policy: ${restart}\n`;
  const labelsFlag = flagString(p, 'labels');
  const labels = labelsFlag ? parseLabels(labelsFlag) : { run: name };
  if (!labels) return `error: invalid label spec: ${labelsFlag}\n`;
  const container: Container = { name, image, resources: {} };
  const port = flagString(p, 'port');
  if (port) {
    if (!/^\d+$/.test(port)) return `error: strconv.Atoi: parsing "${port}": invalid syntax\n`;
    container.ports = [{ containerPort: Number(port) }];
  }
  const env = flagArray(p, 'env');
  if (env.length) container.env = env.map((e) => ({ name: e.split('=')[0]!, value: e.slice(e.indexOf('=') + 1) }));
  const pullPolicy = flagString(p, 'image-pull-policy');
  if (pullPolicy) container.imagePullPolicy = pullPolicy as Container['imagePullPolicy'];
  const extra = [...p.args.slice(1), ...p.dashArgs];
  if (flagBool(p, 'command')) {
    if (extra.length) container.command = extra;
  } else if (extra.length) container.args = extra;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { labels, name, namespace },
    spec: { containers: [container], dnsPolicy: 'ClusterFirst', restartPolicy: restart as 'Always' },
    status: {},
  };
}

export function startRun(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const dryRun = dryRunOf(p);
  if (typeof dryRun !== 'string') return finishJob(st, common, ctx, dryRun);
  Object.assign(common, dryRunFields(p));
  const badOutput = createOutputError(flagString(p, 'output') ?? '');
  if (badOutput) return finishJob(st, common, ctx, badOutput);
  const pod = podForRun(p, common.namespace);
  const attach = typeof pod === 'string' ? undefined : runAttachOptions(p, dryRun);
  const bad = typeof pod === 'string' ? pod : typeof attach === 'string' ? attach : undefined;
  if (bad !== undefined || typeof pod === 'string' || typeof attach === 'string') {
    common.stderr += bad ?? '';
    return finishJob(st, common, ctx, undefined, 1);
  }
  if (attach) pod.spec.containers = pod.spec.containers.map((c) => withStdin(c, attach));
  const info = resourceForKind('v1', 'Pod')!;
  const job: CreateJob = { ...common, command: 'run', objects: [{ obj: pod, source: '', info }], index: 0, touchedServer: true, attach, pod: pod.metadata.name };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  next(st, job, ctx);
}

/**
 * A client dry run prints the object kubectl built and sends nothing (`pod/web created (dry run)`;
 * -o yaml and -o json print it with `creationTimestamp: null`, as the zero metav1.Time marshals).
 */
function printClientDryRun(job: CreateJob, o: ManifestObject): KubectlError | undefined {
  const obj = { ...o.obj, metadata: { ...o.obj.metadata, creationTimestamp: o.obj.metadata.creationTimestamp ?? (null as unknown as string) } };
  return printObject(job, o, obj, true);
}

/** One created object's text, by -o (create-output.ts). */
function printObject(job: CreateJob, o: ManifestObject, obj: KubeObject, clientDryRun: boolean): KubectlError | undefined {
  const p: CreatePrint = { output: job.output ?? '', dryRun: job.dryRun ?? 'none', printed: job.printed ?? 0 };
  const out = printCreated(p, kindSlashName(o.info, o.obj.metadata.name ?? ''), obj, clientDryRun);
  job.printed = p.printed;
  if ('err' in out) return out.err;
  job.stdout += out.text;
  return undefined;
}

function next(st: KubectlState, job: CreateJob, ctx: Effects): void {
  const o = job.objects[job.index];
  if (!o) return finishJob(st, job, ctx, aggregate(job.errors));
  if (job.prelude && !preludeUntil(st, job as CreateJob & PreludeJob, job.index, ctx)) return;
  if (unrecognized(job.prelude, job.index)) {
    job.index++;
    return next(st, job, ctx);
  }
  if (job.dryRun === 'client') {
    const err = printClientDryRun(job, o);
    if (err) return finishJob(st, job, ctx, err);
    job.index++;
    return next(st, job, ctx);
  }
  const path = resourcePath({
    group: o.info.group || undefined,
    version: o.info.version,
    resource: o.info.resource,
    // A generator that writes no namespace (create ingress without -n) posts to kubectl's own.
    namespace: o.info.namespaced ? (o.obj.metadata.namespace ?? job.namespace) : undefined,
  });
  // run.go createGeneratedObject sends no validation directive (kubectl v1.31.9 -v=6: `POST
  // .../pods?fieldManager=kubectl-run`); create sends --validate's (default Strict).
  const query = {
    ...(job.command === 'run' ? { fieldManager: 'kubectl-run' } : { fieldManager: 'kubectl-create', fieldValidation: job.fieldValidation ?? 'Strict' }),
    ...dryRunQuery(job.dryRun ?? 'none'),
  };
  jobRequest(st, job, ctx, { method: 'POST', path, query, body: o.obj, contentType: 'application/json' }, 'create', {
    phase: 'persistence',
    object: { kind: o.info.kind, name: o.obj.metadata.name ?? '', namespace: o.obj.metadata.namespace },
  });
}

/**
 * `kubectl create job NAME --from=cronjob/CJ`: GET the CronJob, then POST the Job its template makes
 * (create_job.go). Only cronjobs may be named; a command after `--` is refused with --from.
 */
function startCreateJobFrom(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const names = p.args.slice(1);
  if (names.length !== 1) return finishJob(st, common, ctx, plain(`exactly one NAME is required, got ${names.length}\nSee 'kubectl create job -h' for help and examples`));
  if (p.dashArgs.length) return finishJob(st, common, ctx, plain('cannot specify --from and command'));
  const from = flagString(p, 'from') ?? '';
  const slash = from.indexOf('/');
  const info = slash > 0 ? mapResource(st, from.slice(0, slash)) : undefined;
  if (slash <= 0) return finishJob(st, common, ctx, plain(`there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'`));
  if (!info) return finishJob(st, common, ctx, plain(noResourceType(from.slice(0, slash))));
  const source = from.slice(slash + 1);
  const job: CreateJob = { ...common, command: 'create', objects: [], index: 0, touchedServer: true, fromName: names[0]! };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  const path = resourcePath({ group: info.group || undefined, version: info.version, resource: info.resource, namespace: info.namespaced ? common.namespace : undefined, name: source });
  jobRequest(st, job, ctx, { method: 'GET', path }, 'from', { object: { kind: info.kind, name: source, namespace: common.namespace } });
}

function onFromResult(st: KubectlState, job: CreateJob, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  const src = asObject(r);
  if (src.kind !== 'CronJob') return finishJob(st, job, ctx, plain(`unknown object type *v1.${src.kind}`));
  job.objects = [{ obj: jobFromCronJob(src, job.fromName ?? '', job.namespace), source: '', info: resourceForKind('batch/v1', 'Job')! }];
  next(st, job, ctx);
}

export function onCreateResult(st: KubectlState, job: CreateJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'from') return onFromResult(st, job, r, ctx);
  if (step === 'token') return onCreateTokenResult(st, job as unknown as CreateTokenJob, r, ctx);
  if (isPreludeStep(step)) {
    if (onPreludeResult(st, job as CreateJob & PreludeJob, step, r, ctx)) next(st, job, ctx);
    return;
  }
  if (job.attach && onAttachedRunResult(st, job as RunAttachJob, step, r, ctx)) return;
  const o = job.objects[job.index]!;
  // An attached run prints no `created`: it waits for the pod instead.
  if (job.attach && r.ok) return startAttachedRun(st, job as RunAttachJob, ctx);
  if (!r.ok && job.failurePrefix) return finishJob(st, job, ctx, plain(job.failurePrefix + errorString(r.err)));
  if (!r.ok && r.err.t === 'url') {
    if (!job.touchedServer) return finishJob(st, job, ctx, validationConnError(o.source, st.config.server, r.err));
    return finishJob(st, job, ctx, r.err);
  }
  job.touchedServer = true;
  if (r.ok) {
    const err = printObject(job, o, asObject(r), false);
    if (err) job.errors.push(err);
  } else job.errors.push(addSourceToErr('creating', o.source, r.err));
  job.index++;
  next(st, job, ctx);
}
