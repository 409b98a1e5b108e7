// `kubectl attach (POD | TYPE/NAME) [-c CONTAINER] [-i] [-t] [-q]` (kubectl/pkg/cmd/attach/attach.go,
// v1.31): GET the pod (for TYPE/NAME or TYPE NAME the object, then its first pod by
// sort.Reverse(ActivePods), polymorphichelpers/attachablepodforobject.go), refuse a completed one (`cannot attach a container in a completed pod;
// current phase is Succeeded`), pick the container as exec does (`Defaulted container ...`), warn
// when -t asks for a tty the container did not allocate, print `If you don't see a command prompt,
// try pressing enter.` on stderr, then stream the main process's output until it ends (exit 0) or
// Ctrl-C. The stream is read as the simulated apiserver serves it (api/attach-stream.ts): a first
// GET pods/<pod>/attach that starts at now, then one read every POLL_MS of simulated time, each
// read's output flushed to the terminal at once.

import { isAttachStream } from '../../../api/attach-stream';
import type { WatchEventBody } from '../../../api/http';
import type { Pod } from '../../../api/types';
import { resourcePath } from '../../../client/apiclient';
import type { Effects, Timer } from '../../../kernel/component';
import type { TimerId } from '../../../kernel/units';
import type { CliOutput } from '../../protocol';
import { plain } from '../errors';
import { flagBool, flagString, type ParsedArgs } from '../flags';
import { asObject, finishJob, jobRequest, type JobCommon, type KubectlState, type RequestResult } from '../job';
import { defaultContainer } from './exec';
import { objectArg, podFromWatch, podRunningTimeout, podsForObject, POD_ATTACH_TIMEOUT_MS, requestOwner, type PodForObjectJob } from './pod-for-object';
import { byReverseActivePods } from './podutils';

export const ATTACH_POLL_TIMER = 'kubectl.attach-poll';
const POLL_MS = 1000;

/** `attach deploy/web`: `owner` is the object whose pod is attached to (pod-for-object.ts). */
export interface AttachJob extends PodForObjectJob {
  command: 'attach';
  pod: string;
  container?: string;
  stdin: boolean;
  tty: boolean;
  quiet: boolean;
  cursor?: string;
  timer?: TimerId;
}

function emit(job: AttachJob, ctx: Effects, stdout: string, stderr: string): void {
  if (stdout === '' && stderr === '') return;
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout, stderr, exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}

/** attach.go Complete: ResourceNames("pods", NAME-or-TYPE/NAME), or ResourceNames(TYPE, NAME) for two words. */
export function attachTypeName(args: readonly string[]): [string | undefined, string] {
  if (args.length === 2) return [args[0]!, args[1]!];
  const word = args[0] ?? '';
  return word.includes('/') ? [word.slice(0, word.indexOf('/')), word.slice(word.indexOf('/') + 1)] : [undefined, word];
}

export function startAttach(st: KubectlState, common: JobCommon, p: ParsedArgs, ctx: Effects): void {
  // Complete reads --pod-running-timeout before it looks at the arguments.
  const podTimeoutMs = podRunningTimeout(p, POD_ATTACH_TIMEOUT_MS);
  if (typeof podTimeoutMs !== 'number') {
    common.stderr += `error: ${podTimeoutMs.error}\nSee 'kubectl attach -h' for help and examples\n`;
    return finishJob(st, common, ctx, undefined, 1);
  }
  if (p.args.length === 0) return finishJob(st, common, ctx, plain('at least 1 argument is required for attach'));
  if (p.args.length > 2) return finishJob(st, common, ctx, plain(`expected POD, TYPE/NAME, or TYPE NAME, (at most 2 arguments) saw ${p.args.length}: [${p.args.join(' ')}]`));
  const [type, name] = attachTypeName(p.args);
  const arg = type === undefined ? { name } : objectArg(st, type, name);
  if ('error' in arg) return finishJob(st, common, ctx, plain(arg.error));
  const job: AttachJob = { ...common, command: 'attach', pod: name, owner: arg.owner, podTimeoutMs, container: flagString(p, 'container'), stdin: flagBool(p, 'stdin'), tty: flagBool(p, 'tty'), quiet: flagBool(p, 'quiet') };
  st.jobs.set(job.jobId, job as unknown as JobCommon & Record<string, unknown>);
  if (job.owner) return requestOwner(st, job, job.owner, name, ctx);
  jobRequest(st, job, ctx, { method: 'GET', path: resourcePath({ resource: 'pods', namespace: job.namespace, name }) }, 'pod', { object: { kind: 'Pod', name, namespace: job.namespace } });
}

function read(st: KubectlState, job: AttachJob, ctx: Effects): void {
  const query: Record<string, string> = { container: job.container ?? '', stdout: 'true' };
  if (job.stdin) query.stdin = 'true';
  if (job.tty) query.tty = 'true';
  else query.stderr = 'true';
  if (job.cursor !== undefined) query.after = job.cursor;
  const path = resourcePath({ resource: 'pods', namespace: job.namespace, name: job.pod, subresource: 'attach' });
  jobRequest(st, job, ctx, { method: 'POST', path, query }, 'attach', { phase: 'execution', object: { kind: 'Pod', name: job.pod, namespace: job.namespace } });
}

export function onAttachResult(st: KubectlState, job: AttachJob, step: string, r: RequestResult, ctx: Effects): void {
  if (step === 'owner-watch') return void podsForObject(st, job, step, r, ctx, 'cannot attach to', byReverseActivePods);
  if (!r.ok) {
    const text = r.err.t === 'status' && !r.err.status.reason ? r.err.status.message ?? '' : undefined;
    // Attached, and the container (or the whole pod) is gone: the stream ends with Success.
    if (step === 'attach' && job.cursor !== undefined) return finishJob(st, job, ctx);
    if (text !== undefined) return finishJob(st, job, ctx, plain(`unable to upgrade connection: ${text}`));
    return finishJob(st, job, ctx, r.err);
  }
  if (step === 'owner' || step === 'owner-pods') {
    const first = podsForObject(st, job, step, r, ctx, 'cannot attach to', byReverseActivePods)?.[0];
    if (!first) return;
    job.pod = first.metadata.name ?? '';
    return onAttachResult(st, job, 'pod', { ok: true, status: 200, body: first }, ctx);
  }
  if (step === 'pod') {
    const pod = asObject(r) as Pod;
    const phase = pod.status?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') return finishJob(st, job, ctx, plain(`cannot attach a container in a completed pod; current phase is ${phase}`));
    const named = job.container ?? defaultContainer(job, pod);
    const spec = pod.spec.containers.find((c) => c.name === named) as { tty?: boolean } | undefined;
    if (job.container && !spec) return finishJob(st, job, ctx, plain(`cannot attach to the container: container ${job.container} not found in pod ${job.pod}`));
    job.container = named;
    if (job.tty && !spec?.tty) {
      job.tty = false;
      if (!job.quiet) job.stderr += `error: Unable to use a TTY - container ${named} did not allocate one\n`;
    } else if (!job.tty && spec?.tty) job.tty = true;
    if (!job.quiet) job.stderr += "If you don't see a command prompt, try pressing enter.\n";
    emit(job, ctx, '', job.stderr);
    job.stderr = '';
    return read(st, job, ctx);
  }
  if (!isAttachStream(r.body)) return finishJob(st, job, ctx, plain('unexpected answer to attach'));
  const s = r.body;
  job.cursor = s.cursor;
  emit(job, ctx, job.tty ? s.stdout + s.stderr : s.stdout, job.tty ? '' : s.stderr);
  job.timer = ctx.setTimer(POLL_MS, ATTACH_POLL_TIMER, { jobId: job.jobId });
}

export function onAttachTimer(st: KubectlState, timer: Timer, ctx: Effects): void {
  const job = st.jobs.get((timer.payload as { jobId: number }).jobId) as unknown as AttachJob | undefined;
  if (!job || job.timer !== timer.id) return;
  job.timer = undefined;
  read(st, job, ctx);
}

/** The first pod GetFirstPod's watch saw: attached to as a listed one would be. */
export function onAttachWatchEvent(st: KubectlState, job: AttachJob, body: WatchEventBody, ctx: Effects): void {
  const pod = podFromWatch(st, job, body, ctx);
  if (pod) onAttachResult(st, job, 'owner-pods', { ok: true, status: 200, body: { items: [pod] } }, ctx);
}
