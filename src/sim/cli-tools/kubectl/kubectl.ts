// kubectl v1.31 as a simulated client on the laptop host. It takes `cli.exec` messages, runs each
// command as a plain-data job that talks to kube-apiserver only through HTTP messages (reads in
// phase `user`, writes in phase `persistence`), and emits one `cli.output` per command with the
// stdout, stderr and exit code real kubectl would give. Several commands may run at once.

import type { WatchEventBody } from '../../api/http';
import { clientOnMessage, clientOnTimer, type ClientEvent } from '../../client/apiclient';
import type { ComponentType, Effects, Message } from '../../kernel/component';
import type { CliCancel, CliExec } from '../protocol';
import { readFileOf } from './kubeconfig/machine';
import { startKubectl } from './start';
import { resolveClientConfig } from './kubeconfig/resolve';
import { configLoadedLine, responseLines } from './request-log';
import { NO_ALPHA_COMMANDS, notSimulated, unknownCommand } from './commands/unknown';
import { plain } from './errors';
import { flagArray, flagBool, flagInt, flagString, parseArgs, type ParsedArgs } from './flags';
import { VERB_TIMERS, VERBS, verbFlags, type Verb } from './verbs';
import { discoveryError, discoveryFailureLines, discoveryPlan, type DiscoveryPlan } from './discovery-retry';
import { DISCOVERY_API_STEP, DISCOVERY_APIS_STEP, discoveryExpired, mapsType, onDiscoveryRefresh, refreshDiscovery, type DiscoveryRefresh } from './discovery-cache';
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
  type KubectlJob,
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
  let stderr = '';
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
  // `kubectl config` edits the kubeconfig itself and needs no credentials from it.
  const needsNoServer = p.command === undefined || p.command === 'config' || !VERBS.has(p.command);
  const client = needsNoServer ? { credentials: {}, path: '' } : resolveClientConfig(p, readFileOf(st, exec), st.config.server);
  if (typeof client === 'string') return client;
  const credentials = { ...client.credentials };
  const verbosity = flagInt(p, 'v');
  if (verbosity !== undefined && verbosity >= 6 && client.path) stderr = configLoadedLine(ctx.now, exec.jobId, client.path);
  const as = flagString(p, 'as');
  const groups = flagArray(p, 'as-group');
  if (as !== undefined) credentials.impersonateUser = as;
  if (groups.length) credentials.impersonateGroups = groups;
  return {
    jobId: exec.jobId,
    command: p.command ?? '',
    namespace: ns || client.namespace || 'default',
    namespaceExplicit: !!ns,
    credentials,
    timeoutMs,
    requestTimeoutSet: rt !== undefined && timeoutMs !== DIAL_TIMEOUT_MS,
    stdout: '',
    stderr,
    errors: [],
    cause: ctx.cause(),
    ...(flagBool(p, 'show-managed-fields') && { showManagedFields: true }),
    ...(verbosity !== undefined && verbosity > 0 && { verbosity }),
  };
}

function onExec(st: KubectlState, exec: CliExec, ctx: Effects): void {
  const argv = exec.argv[0] === 'kubectl' ? exec.argv.slice(1) : exec.argv;
  const parsed = parseArgs(argv, verbFlags);
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
  if (p.command === undefined) {
    return emitOnly('kubectl controls the Kubernetes cluster manager.\n\n Find more information at: https://kubernetes.io/docs/reference/kubectl/\n', 0);
  }
  const verb = VERBS.get(p.command);
  if (!verb) return p.command === 'alpha' ? emitOnly(NO_ALPHA_COMMANDS, 0) : emitOnly(notSimulated(p.command) ?? unknownCommand(p.command));
  startVerb(st, verb, common, p, exec, ctx);
}

/** A verb while kubectl fetches discovery again after its cache missed one of the verb's types. */
interface MappingJob extends JobCommon, DiscoveryRefresh {
  parsed: ParsedArgs;
  exec: CliExec;
  /** What asks for discovery while it fails (discovery-retry.ts), and how many asked so far. */
  plan: DiscoveryPlan;
  failed: number;
}

/**
 * Start a verb once kubectl's REST mapper can map its types: a type the discovery cache misses
 * (discovery-cache.ts) makes kubectl invalidate the cache, GET /api and /apis again and then run
 * the verb, whose own mapping now sees the fresh cache (client-go restmapper/discovery.go: one retry).
 */
function startVerb(st: KubectlState, verb: Verb, common: JobCommon, p: ParsedArgs, exec: CliExec, ctx: Effects): void {
  const refreshed = (common as Partial<DiscoveryRefresh>).refreshed !== undefined;
  const types = verb.types?.(p) ?? [];
  // An expired cache is fetched again as it is read; a miss in a fresh one invalidates it first.
  const expired = types.length > 0 && discoveryExpired(st, ctx.now);
  if (!refreshed && (expired || types.some((t) => !mapsType(st, t)))) {
    const plan = discoveryPlan(verb.mapping ?? 'names', p.args, types);
    const job: MappingJob = { ...common, parsed: p, exec, refreshed: [], plan, failed: 0 };
    st.jobs.set(job.jobId, job as unknown as KubectlJob);
    return refreshDiscovery(st, job, ctx, !expired);
  }
  verb.start(st, common, p, exec, ctx);
}

function onMappingRefresh(st: KubectlState, job: MappingJob, step: string, r: RequestResult, ctx: Effects): void {
  const out = onDiscoveryRefresh(st, job, step, r, ctx);
  if (out === 'more') return;
  if (out !== 'done') {
    if (out.ok) return finishJob(st, job, ctx);
    const err = discoveryError(out.err);
    job.failed++;
    job.stderr += discoveryFailureLines(job.verbosity ?? 0, ctx.now, job.jobId, err, job.failed, job.plan);
    if (job.failed < job.plan.attempts) return refreshDiscovery(st, job, ctx, false);
    if (!job.plan.goesOn) {
      VERBS.get(job.command)?.onDiscoveryError?.(job);
      return finishJob(st, job, ctx, err);
    }
  }
  const { parsed, exec, plan: _plan, failed: _failed, ...common } = job;
  st.jobs.delete(job.jobId);
  const verb = VERBS.get(job.command);
  if (verb) startVerb(st, verb, common, parsed, exec, ctx);
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
  if (job.verbosity !== undefined) {
    const logged = { method: data.method, url: data.url, sentAt: ev.call.sentAt, ...(ev.kind === 'response' && { status: ev.response.status, body: ev.response.body }) };
    job.stderr += responseLines(job.verbosity, ctx.now, job.jobId, logged);
  }
  if (ev.kind === 'response') for (const w of ev.response.warnings ?? []) job.stderr += `Warning: ${w}\n`;
  const r: RequestResult =
    ev.kind === 'response' ? resultOf(ev.response) : { ok: false, err: connectionError(st, job, data, ev.kind === 'error' ? ev.error : 'closed'), ...(ev.kind === 'ended' && { ended: true }) };
  if (ev.call.watch && job.watchId === ev.call.id) job.watchId = undefined;
  dispatch(st, job, data.step, r, ctx);
}

function dispatch(st: KubectlState, job: KubectlJob, step: string, r: RequestResult, ctx: Effects): void {
  // A verb waiting for its types to map (startVerb); a verb that fetches discovery itself (apply) takes its own answers.
  if ((step === DISCOVERY_API_STEP || step === DISCOVERY_APIS_STEP) && 'plan' in job) return onMappingRefresh(st, job as unknown as MappingJob, step, r, ctx);
  VERBS.get(job.command)?.onResult(st, job, step, r, ctx);
}

function onWatchEvent(st: KubectlState, body: WatchEventBody, ctx: Effects): void {
  const call = st.client.pending.get(body.watchId);
  if (!call || call.purpose !== PURPOSE) return;
  const job = st.jobs.get((call.data as CallData).jobId);
  if (job) VERBS.get(job.command)?.onWatchEvent?.(st, job, body, ctx);
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
    return startKubectl(input.config);
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
    const verbTimer = VERB_TIMERS.get(timer.name);
    if (verbTimer) return verbTimer(st, timer, ctx);
    for (const ev of clientOnTimer(st.client, timer, ctx) ?? []) route(st, ev, ctx);
  },
};
