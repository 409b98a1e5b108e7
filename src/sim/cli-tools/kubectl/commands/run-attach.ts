// `kubectl run NAME -i [-t] [--rm] ...` (kubectl/pkg/cmd/run/run.go, v1.31): the container is made
// with `stdin: true, stdinOnce: true` (and `tty: true` with -t), `pod/NAME created` is not printed,
// and kubectl waits for the pod to run (--pod-running-timeout, 1m). A pod that is running is
// attached as `kubectl attach` does (attach.ts: `If you don't see a command prompt, try pressing
// enter.` unless -q, then the main process's output until the container ends); a pod that already
// ended has its logs printed instead (run.go's handleAttachPod reads the logs of a completed pod).
// Then, with --rm, the pod is deleted and `pod "NAME" deleted` printed. The pod is read again every
// POLL_MS of simulated time while it is pending, as the attach stream is read (api/attach-stream.ts).
// What the user types is not sent: the simulated main processes read no stdin (a shell without a
// script reads end-of-file and exits), as through kubeplay serve.

import { isAttachStream } from '../../../api/attach-stream';
import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import type { CliOutput } from '../../protocol';
import { plain, type KubectlError } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { goDuration } from './rollout';
import { asObject, finishJob, isNotFound, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';

export const RUN_ATTACH_TIMER = 'kubectl.run-attach-poll';
const POLL_MS = 1000;
/** --pod-running-timeout's default (run.go: defaultPodAttachTimeout). */
const POD_RUNNING_TIMEOUT_MS = 60_000;

export interface RunAttach {
  tty: boolean;
  quiet: boolean;
  remove: boolean;
  /** --pod-running-timeout. */
  timeoutMs: number;
  /** Simulated time by which the pod must run. */
  deadline?: number;
  cursor?: string;
  timer?: TimerId;
  /** What the next timer does: read the pod again, or the attach stream. */
  polling?: 'pod' | 'attach';
}

export interface RunAttachJob extends JobCommon {
  pod: string;
  attach: RunAttach;
}

const seeHelp = "\nSee 'kubectl run -h' for help and examples\n";

/** The attach flags as run.go's Complete and Run check them; an error text (usage style), or the options. */
export function runAttachOptions(p: ParsedArgs, dryRun: string): RunAttach | string | undefined {
  const timeout = flagString(p, 'pod-running-timeout');
  const timeoutMs = timeout === undefined ? POD_RUNNING_TIMEOUT_MS : goDuration(timeout);
  // A flag value that is no duration is pflag's error, before anything else.
  if (timeoutMs === undefined) return `error: invalid argument "${timeout}" for "--pod-running-timeout" flag: time: invalid duration "${timeout}"\nSee 'kubectl run --help' for usage.\n`;
  const stdin = flagBool(p, 'stdin');
  const tty = flagBool(p, 'tty');
  const attach = flagBool(p, 'attach') || stdin;
  const remove = flagBool(p, 'rm');
  if (dryRun !== 'none' && (attach || stdin || tty)) return `error: --dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)${seeHelp}`;
  if (remove && !attach) return `error: --rm should only be used for attached containers${seeHelp}`;
  if (tty && !stdin) return `error: -i/--stdin is required for containers with -t/--tty=true${seeHelp}`;
  if (!attach) return undefined;
  if (timeoutMs <= 0) return `error: --pod-running-timeout must be higher than zero${seeHelp}`;
  return { tty, quiet: flagBool(p, 'quiet'), remove, timeoutMs };
}

/** The container of an attached run takes stdin once (and a tty with -t). */
export function withStdin<T extends object>(container: T, a: RunAttach | undefined): T {
  if (!a) return container;
  return { ...container, stdin: true, stdinOnce: true, ...(a.tty && { tty: true }) };
}

function emit(job: JobCommon, ctx: Effects, stdout: string, stderr: string): void {
  if (stdout === '' && stderr === '') return;
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout, stderr, exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}

const podRef = (job: RunAttachJob): { kind: string; name: string; namespace: string } => ({ kind: 'Pod', name: job.pod, namespace: job.namespace });

function getPod(st: KubectlState, job: RunAttachJob, ctx: Effects): void {
  jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod }) }, 'attach-pod', { object: podRef(job) });
}

function readAttached(st: KubectlState, job: RunAttachJob, ctx: Effects): void {
  const query: Record<string, string> = { container: job.pod, stdin: 'true', stdout: 'true' };
  if (job.attach.tty) query.tty = 'true';
  else query.stderr = 'true';
  if (job.attach.cursor !== undefined) query.after = job.attach.cursor;
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'attach' });
  jobRequest(st, job, ctx, { method: 'POST', path, query }, 'attach-read', { phase: 'execution', object: podRef(job) });
}

function later(job: RunAttachJob, ctx: Effects, what: 'pod' | 'attach'): void {
  job.attach.polling = what;
  job.attach.timer = ctx.setTimer(POLL_MS, RUN_ATTACH_TIMER, { jobId: job.jobId });
}

/** The pod was created: wait for it to run. */
export function startAttachedRun(st: KubectlState, job: RunAttachJob, ctx: Effects): void {
  job.attach.deadline = ctx.now + job.attach.timeoutMs;
  getPod(st, job, ctx);
}

function remove(st: KubectlState, job: RunAttachJob, ctx: Effects, err?: KubectlError): void {
  if (!job.attach.remove) return finishJob(st, job, ctx, err);
  job.attach.remove = false;
  if (err) job.errors.push(err);
  jobRequest(st, job, ctx, { method: 'DELETE', path: resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod }) }, 'attach-delete', { object: podRef(job) });
}

/** The steps of an attached run after its create; false for a step that is not one of them. */
export function onAttachedRunResult(st: KubectlState, job: RunAttachJob, step: string, r: RequestResult, ctx: Effects): boolean {
  if (step === 'attach-delete') {
    if (r.ok) job.stdout += `pod "${job.pod}" deleted\n`;
    // run.go deletes with IgnoreNotFound: a pod someone else removed is no error.
    finishJob(st, job, ctx, job.errors[0] ?? (r.ok || isNotFound(r) ? undefined : r.err));
    return true;
  }
  if (step === 'attach-pod') {
    if (!r.ok) return remove(st, job, ctx, r.err), true;
    const phase = (asObject(r) as Pod).status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') {
      const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'log' });
      jobRequest(st, job, ctx, { method: 'GET', path, query: { container: job.pod } }, 'attach-logs', { object: podRef(job) });
      return true;
    }
    if (phase !== 'Running') {
      if (ctx.now >= (job.attach.deadline ?? 0)) return remove(st, job, ctx, plain('timed out waiting for the condition')), true;
      return later(job, ctx, 'pod'), true;
    }
    if (!job.attach.quiet) emit(job, ctx, '', "If you don't see a command prompt, try pressing enter.\n");
    readAttached(st, job, ctx);
    return true;
  }
  if (step === 'attach-logs') {
    if (r.ok) job.stdout += typeof r.body === 'string' ? r.body : '';
    remove(st, job, ctx, r.ok ? undefined : r.err);
    return true;
  }
  if (step === 'attach-read') {
    // Attached, and the container is gone: the stream ended.
    if (!r.ok) return remove(st, job, ctx, job.attach.cursor === undefined ? r.err : undefined), true;
    if (!isAttachStream(r.body)) return remove(st, job, ctx, plain('unexpected answer to attach')), true;
    job.attach.cursor = r.body.cursor;
    emit(job, ctx, job.attach.tty ? r.body.stdout + r.body.stderr : r.body.stdout, job.attach.tty ? '' : r.body.stderr);
    later(job, ctx, 'attach');
    return true;
  }
  return false;
}

export function onRunAttachTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as RunAttachJob | undefined;
  if (!job?.attach || job.attach.timer !== timer.id) return;
  job.attach.timer = undefined;
  if (job.attach.polling === 'pod') getPod(st, job, ctx);
  else readAttached(st, job, ctx);
}

