// kubectl v1.31 as a simulated client on the laptop host. It takes `cli.exec` messages, runs each
// command as a plain-data job that talks to kube-apiserver only through HTTP messages (reads in
// phase `user`, writes in phase `persistence`), and emits one `cli.output` per command with the
// stdout, stderr and exit code real kubectl would give. Several commands may run at once.

import type { WatchEventBody } from '../../api/http';
import { clientOnMessage, clientOnTimer, createClient, type ClientEvent } from '../../client/apiclient';
import type { ComponentType, Effects, Message } from '../../kernel/component';
import type { CliCancel, CliExec } from '../protocol';
import { onApplyResult, startApply, type ApplyJob } from './commands/apply';
import { onAuthResult, startAuth, type AuthJob } from './commands/auth';
import { onCreateResult, startCreate, startRun, type CreateJob } from './commands/create';
import { onDeleteResult, onDeleteWatchEvent, startDelete, type DeleteJob } from './commands/delete';
import { onDescribeResult, startDescribe, type DescribeJob } from './commands/describe';
import { onGetResult, startGet, type GetJob } from './commands/get';
import { onGetWatchEvent } from './commands/get-watch';
import { onLogsResult, startLogs, type LogsJob } from './commands/logs';
import { onPatchResult, startPatchCommand, type PatchJob } from './commands/patch-object';
import { onRolloutResult, onRolloutTimer, ROLLOUT_POLL_TIMER, startRollout, type RolloutJob } from './commands/rollout';
import { onApiResourcesResult, startApiResources, type ApiResourcesJob } from './commands/api-resources';
import { onCordonResult, startCordon, type CordonJob } from './commands/cordon';
import { DRAIN_POLL_TIMER, onDrainResult, onDrainTimer, startDrain, type DrainJob } from './commands/drain';
import { onTaintResult, startTaint, type TaintJob } from './commands/taint';
import { unknownCommand } from './commands/unknown';
import { onVersionResult, startVersion, type VersionJob } from './commands/version';
import { plain } from './errors';
import { flagArray, flagString, parseArgs, type ParsedArgs } from './flags';
import {
  connectionError,
  DIAL_TIMEOUT_MS,
  finishJob,
  INTERRUPTED_EXIT,
  PURPOSE,
  resultOf,
  type CallData,
  type JobCommon,
  type KubectlConfig,
  type KubectlState,
  type RequestResult,
} from './job';

export type { KubectlConfig, KubectlState } from './job';

/** Go duration strings as --request-timeout takes them: `5s`, `1m`, `500ms`, or a bare number of seconds. */
export function parseRequestTimeout(s: string): number | undefined {
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/g;
  let total = 0;
  let consumed = '';
  for (const m of s.matchAll(re)) {
    const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 'ms' | 's' | 'm' | 'h'];
    total += Number(m[1]) * unit;
    consumed += m[0];
  }
  return consumed === s && s !== '' ? total : undefined;
}

function commonFor(st: KubectlState, exec: CliExec, p: ParsedArgs, ctx: Effects): JobCommon | string {
  const ns = flagString(p, 'namespace');
  const rt = flagString(p, 'request-timeout');
  let timeoutMs = DIAL_TIMEOUT_MS;
  if (rt !== undefined) {
    const parsed = parseRequestTimeout(rt);
    if (parsed === undefined) {
      return 'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n';
    }
    if (parsed > 0) timeoutMs = parsed;
  }
  const kubeconfigUser = flagString(p, 'user');
  const users = st.config.users ?? {};
  if (kubeconfigUser !== undefined && !Object.prototype.hasOwnProperty.call(users, kubeconfigUser)) return `error: auth info "${kubeconfigUser}" does not exist\n`;
  const credentials = { ...(kubeconfigUser !== undefined ? users[kubeconfigUser]! : st.config.credentials) };
  const as = flagString(p, 'as');
  const groups = flagArray(p, 'as-group');
  if (as !== undefined) credentials.impersonateUser = as;
  if (groups.length) credentials.impersonateGroups = groups;
  return {
    jobId: exec.jobId,
    command: p.command ?? '',
    namespace: ns || 'default',
    namespaceExplicit: !!ns,
    credentials,
    timeoutMs,
    requestTimeoutSet: rt !== undefined && timeoutMs !== DIAL_TIMEOUT_MS,
    stdout: '',
    stderr: '',
    errors: [],
    cause: ctx.cause(),
  };
}

function onExec(st: KubectlState, exec: CliExec, ctx: Effects): void {
  const argv = exec.argv[0] === 'kubectl' ? exec.argv.slice(1) : exec.argv;
  const parsed = parseArgs(argv);
  const emitOnly = (stderr: string, code = 1): void => {
    ctx.emit({ type: 'cli.output', jobId: exec.jobId, stdout: '', stderr, exitCode: code });
  };
  if (!parsed.ok) return emitOnly(parsed.error);
  const p = parsed.parsed;
  const common = commonFor(st, exec, p, ctx);
  if (typeof common === 'string') return emitOnly(common);
  if (p.flags.has('as-group') && !p.flags.has('as')) {
    return finishJob(st, common, ctx, plain('requesting uid, groups or user-extra for test without impersonating a user'));
  }
  switch (p.command) {
    case 'get':
      return startGet(st, common, p, ctx);
    case 'apply':
      return startApply(st, common, p, exec, ctx);
    case 'create':
      return startCreate(st, common, p, exec, ctx);
    case 'run':
      return startRun(st, common, p, ctx);
    case 'delete':
      return startDelete(st, common, p, exec, ctx);
    case 'logs':
      return startLogs(st, common, p, ctx);
    case 'describe':
      return startDescribe(st, common, p, ctx);
    case 'scale':
    case 'label':
    case 'annotate':
    case 'set':
      return startPatchCommand(st, common, p, ctx);
    case 'rollout':
      return startRollout(st, common, p, ctx);
    case 'cordon':
    case 'uncordon':
      return startCordon(st, common, p, ctx);
    case 'taint':
      return startTaint(st, common, p, ctx);
    case 'drain':
      return startDrain(st, common, p, ctx);
    case 'api-resources':
      return startApiResources(st, common, p, ctx);
    case 'auth':
      return startAuth(st, common, p, ctx);
    case 'version':
      return startVersion(st, common, p, ctx);
    case undefined:
      return emitOnly('kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/\n', 0);
    default:
      return emitOnly(unknownCommand(p.command));
  }
}

function route(st: KubectlState, ev: ClientEvent, ctx: Effects): void {
  if (ev.call.purpose !== PURPOSE) return;
  const data = ev.call.data as CallData;
  const job = st.jobs.get(data.jobId);
  if (!job) return;
  if (ev.kind === 'response' && ev.call.watch && ev.response.status < 400) {
    // The first answer on a watch says the stream is open; events follow on it.
    st.client.pending.set(ev.call.id, ev.call);
    return;
  }
  // A watch the server ended is reported as the stream's end (EOF), as before the end had a kind of its own.
  // client-go's warning handler: each Warning header on stderr as it arrives (`Warning: unknown field "spec.foo"`).
  if (ev.kind === 'response') for (const w of ev.response.warnings ?? []) job.stderr += `Warning: ${w}\n`;
  const r: RequestResult = ev.kind === 'response' ? resultOf(ev.response) : { ok: false, err: connectionError(st, job, data, ev.kind === 'error' ? ev.error : 'closed') };
  if (ev.call.watch && job.watchId === ev.call.id) job.watchId = undefined;
  dispatch(st, job, data.step, r, ctx);
}

function dispatch(st: KubectlState, job: JobCommon, step: string, r: RequestResult, ctx: Effects): void {
  switch (job.command) {
    case 'get':
      return onGetResult(st, job as unknown as GetJob, step, r, ctx);
    case 'apply':
      return onApplyResult(st, job as unknown as ApplyJob, step, r, ctx);
    case 'create':
    case 'run':
      return onCreateResult(st, job as unknown as CreateJob, step, r, ctx);
    case 'delete':
      return onDeleteResult(st, job as unknown as DeleteJob, step, r, ctx);
    case 'logs':
      return onLogsResult(st, job as unknown as LogsJob, step, r, ctx);
    case 'describe':
      return onDescribeResult(st, job as unknown as DescribeJob, step, r, ctx);
    case 'scale':
    case 'label':
    case 'annotate':
    case 'set':
      return onPatchResult(st, job as unknown as PatchJob, step, r, ctx);
    case 'rollout':
      return onRolloutResult(st, job as unknown as RolloutJob, step, r, ctx);
    case 'cordon':
    case 'uncordon':
      return onCordonResult(st, job as unknown as CordonJob, step, r, ctx);
    case 'taint':
      return onTaintResult(st, job as unknown as TaintJob, step, r, ctx);
    case 'drain':
      return onDrainResult(st, job as unknown as DrainJob, step, r, ctx);
    case 'api-resources':
      return onApiResourcesResult(st, job as unknown as ApiResourcesJob, step, r, ctx);
    case 'auth':
      return onAuthResult(st, job as unknown as AuthJob, step, r, ctx);
    case 'version':
      return onVersionResult(st, job as unknown as VersionJob, step, r, ctx);
  }
}

function onWatchEvent(st: KubectlState, body: WatchEventBody, ctx: Effects): void {
  const call = st.client.pending.get(body.watchId);
  if (!call || call.purpose !== PURPOSE) return;
  const job = st.jobs.get((call.data as CallData).jobId);
  if (job?.command === 'delete') onDeleteWatchEvent(st, job as unknown as DeleteJob, body, ctx);
  if (job?.command === 'get') onGetWatchEvent(st, job as unknown as GetJob, body, ctx);
}

/**
 * Ctrl-C: kubectl dies of SIGINT (`get -w` handles it only to stop the watch, then exits the same
 * way), so the shell reports 128 + 2. Open watches and pending calls are dropped by finishJob; what
 * the job printed so far is its output. A finished job is no longer in the table and ignores it.
 */
function onCancel(st: KubectlState, body: CliCancel, ctx: Effects): void {
  const job = st.jobs.get(body.jobId);
  if (job) finishJob(st, job, ctx, undefined, INTERRUPTED_EXIT);
}

export const kubectl: ComponentType<KubectlState, KubectlConfig> = {
  kind: 'kubectl',
  start(_ctx, input) {
    return {
      config: input.config,
      client: createClient({
        apiserver: input.config.apiserver,
        credentials: input.config.credentials,
        userAgent: 'kubectl/v1.31.0 (linux/amd64) kubernetes/9edcffc',
        timeoutMs: DIAL_TIMEOUT_MS,
      }),
      jobs: new Map(),
    };
  },
  onMessage(st, msg: Message, ctx) {
    const type = msg.body.type;
    if (type === 'cli.exec') return onExec(st, msg.body as unknown as CliExec, ctx);
    if (type === 'cli.cancel') return onCancel(st, msg.body as unknown as CliCancel, ctx);
    if (type === 'watch.event') return onWatchEvent(st, msg.body as WatchEventBody, ctx);
    const ev = clientOnMessage(st.client, msg, ctx);
    if (ev) route(st, ev, ctx);
  },
  onTimer(st, timer, ctx) {
    if (timer.name === ROLLOUT_POLL_TIMER) return onRolloutTimer(st, timer, ctx);
    if (timer.name === DRAIN_POLL_TIMER) return onDrainTimer(st, timer, ctx);
    for (const ev of clientOnTimer(st.client, timer, ctx) ?? []) route(st, ev, ctx);
  },
};
