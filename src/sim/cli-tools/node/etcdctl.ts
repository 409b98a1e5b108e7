// etcdctl v3.5 in a node shell: `member list`, `endpoint status [--cluster]`, `endpoint health
// [--cluster]` and `get <key> [--prefix] [--keys-only] [--rev=N]`. It talks to the members over etcd.request
// messages like any client, so a dead member refuses, a cut-off member never answers, and a member
// without quorum cannot serve a linearizable read: each call gives up after --command-timeout (5 s)
// with etcdctl's own "context deadline exceeded". Values are printed as the JSON Kubeplay stores;
// real etcd holds Kubernetes objects as protobuf bytes.

import type { ConnectionRefused, Effects, Message, Timer } from '../../kernel/component';
import type { MessageId, ProcessId, TimerId } from '../../kernel/units';
import { etcdRequest, opMemberList, opRange, opRangePrefix, opStatus, summarizeRequest, type EtcdRequest, type EtcdResponseBody, type KeyValue, type MemberInfo, type RangeResponse, type StatusResponse } from '../../etcd/protocol';
import { output } from './shell-output';
import { DEADLINE_ERROR, endpointStatusOutput, goDuration, memberListOutput, refusedError, retryWarning, type EndpointStatusRow } from './etcdctl-format';
import { endpointHealthFields, endpointHealthJson, endpointStatusFields, endpointStatusJson, getFields, getJson, memberListFields, memberListJson, valueText, type HealthRow, type StatusRow, type WriteOut } from './etcdctl-print';

export const ETCDCTL_TIMEOUT_TIMER = 'etcdctl.timeout';
/** etcdctl's --command-timeout default. */
const COMMAND_TIMEOUT_MS = 5_000;

export interface EtcdctlEnv {
  /** Every member's process id. */
  members: ProcessId[];
  /** Member name -> address. */
  addresses: Record<string, string>;
  /** The member listening on this host's 127.0.0.1:2379, if any (stacked etcd or an etcd host). */
  local?: ProcessId;
  /**
   * Endpoints used without --endpoints when set (as if ETCDCTL_ENDPOINTS were exported on the host):
   * the control plane of an external etcd cluster has no member on 127.0.0.1.
   */
  defaultEndpoints?: string[];
}

type Command = 'member list' | 'endpoint status' | 'endpoint health' | 'get';

interface Call {
  id: MessageId;
  timer: TimerId;
  endpoint: string;
  refused: boolean;
  startedAt: number;
}

interface Job {
  jobId: number;
  cmd: Command;
  table: boolean;
  /** -w: simple (the default), table, json or fields. */
  out: WriteOut;
  /** What json and fields print of endpoint status and health. */
  statuses: StatusRow[];
  health: HealthRow[];
  cluster: boolean;
  /** Endpoints still to ask, in order. */
  queue: string[];
  key: string;
  prefix: boolean;
  keysOnly: boolean;
  /** --rev: read at this revision (0 = now); a compacted one fails with etcd's error. */
  rev: number;
  stderr: string;
  failed: boolean;
  rows: EndpointStatusRow[];
  healthy: string;
  /** Calls in flight (one, except endpoint health, which asks every endpoint at once). */
  calls: Map<MessageId, Call>;
  /** While --cluster asks for the member list first. */
  listing: boolean;
}

export interface EtcdctlState {
  env: EtcdctlEnv;
  jobs: Map<number, Job>;
  calls: Map<MessageId, number>;
}

export { newEtcdctlState } from './start';

function flag(args: string[], ...names: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    for (const n of names) {
      if (a === n) return args[i + 1] ?? '';
      if (a.startsWith(n + '=')) return a.slice(n.length + 1);
    }
  }
  return undefined;
}

const VALUE_FLAGS = ['--endpoints', '--rev', '-w', '--write-out', '--cacert', '--cert', '--key', '--command-timeout', '--dial-timeout'];

function positionals(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (VALUE_FLAGS.includes(a)) i++;
    else if (!a.startsWith('-')) out.push(a);
  }
  return out;
}

/** `https://10.0.0.21:2379` -> `10.0.0.21:2379`. */
const hostPort = (url: string): string => url.replace(/^https?:\/\//, '');

/** The member an endpoint URL reaches from this host, if any listens there. */
function resolve(env: EtcdctlEnv, url: string): ProcessId | undefined {
  const host = hostPort(url).split(':')[0] ?? '';
  if (host === '127.0.0.1' || host === 'localhost') return env.local;
  const name = Object.keys(env.addresses).find((n) => env.addresses[n] === host);
  return name ? env.members.find((m) => m.endsWith('/' + name)) : undefined;
}

export function etcdctl(st: EtcdctlState, ctx: Effects, jobId: number, args: string[]): void {
  const pos = positionals(args);
  const sub = pos.slice(0, 2).join(' ');
  const cmd: Command | undefined = sub === 'member list' || sub === 'endpoint status' || sub === 'endpoint health' ? sub : pos[0] === 'get' ? 'get' : undefined;
  if (!cmd) {
    output(ctx, jobId, '', `Error: unknown command "${pos[0] ?? ''}" for "etcdctl"\nRun 'etcdctl --help' for usage.\n`, 1);
    return;
  }
  if (cmd === 'get' && !pos[1]) {
    output(ctx, jobId, '', 'Error: get command needs one argument as key and an optional argument as range_end\n', 1);
    return;
  }
  const given = flag(args, '--endpoints');
  const endpoints = given !== undefined ? given.split(',').filter((e) => e !== '') : [...(st.env.defaultEndpoints ?? ['127.0.0.1:2379'])];
  const writeOut = flag(args, '-w', '--write-out') ?? 'simple';
  if (!['simple', 'table', 'json', 'fields'].includes(writeOut)) {
    // printer.go NewPrinter knows no such format; the command exits with ExitBadFeature.
    output(ctx, jobId, '', 'Error: unsupported output format\n', 4);
    return;
  }
  const job: Job = {
    jobId,
    cmd,
    table: writeOut === 'table',
    out: writeOut as WriteOut,
    statuses: [],
    health: [],
    cluster: args.includes('--cluster'),
    queue: endpoints,
    key: pos[1] ?? '',
    prefix: args.includes('--prefix'),
    keysOnly: args.includes('--keys-only'),
    rev: Math.max(0, Math.floor(Number(flag(args, '--rev') ?? 0)) || 0),
    stderr: '',
    failed: false,
    rows: [],
    healthy: '',
    calls: new Map(),
    listing: false,
  };
  st.jobs.set(jobId, job);
  if (job.cluster && cmd.startsWith('endpoint')) job.listing = true;
  next(st, ctx, job);
}

function requestFor(job: Job): EtcdRequest {
  if (job.listing || job.cmd === 'member list') return opMemberList();
  if (job.cmd === 'endpoint status') return opStatus();
  // endpoint health is a linearizable Get of the key "health": it succeeds only through a quorum.
  if (job.cmd === 'endpoint health') return opRange('health');
  const opts = job.rev ? { keysOnly: job.keysOnly, revision: job.rev } : { keysOnly: job.keysOnly };
  return job.prefix ? opRangePrefix(job.key, opts) : opRange(job.key, opts);
}

/** Ask the next endpoint (endpoint health: every endpoint at once), or print the result when none is left. */
function next(st: EtcdctlState, ctx: Effects, job: Job): void {
  if (job.cmd === 'endpoint health' && !job.listing) {
    const all = job.queue;
    job.queue = [];
    for (const ep of all) ask(st, ctx, job, ep);
    if (job.calls.size === 0) finish(st, ctx, job);
    return;
  }
  const endpoint = job.queue.shift();
  if (endpoint === undefined) return finish(st, ctx, job);
  ask(st, ctx, job, endpoint);
}

function ask(st: EtcdctlState, ctx: Effects, job: Job, endpoint: string): void {
  const req = requestFor(job);
  const to = resolve(st.env, endpoint);
  // An address nobody listens on never answers; the call just runs out of time.
  const id = to ? ctx.send(to, etcdRequest(req), { summary: `etcdctl: ${summarizeRequest(req)}`, phase: 'user' }) : -(job.jobId * 100 + job.calls.size);
  const timer = ctx.setTimer(COMMAND_TIMEOUT_MS, ETCDCTL_TIMEOUT_TIMER, { jobId: job.jobId, id });
  job.calls.set(id, { id, timer, endpoint, refused: !to, startedAt: ctx.now });
  st.calls.set(id, job.jobId);
}

/** Calls balanced over the endpoints (member list, get, the member list of --cluster). */
const balanced = (job: Job): boolean => job.listing || job.cmd === 'member list' || job.cmd === 'get';

function finish(st: EtcdctlState, ctx: Effects, job: Job): void {
  if (job.calls.size) return;
  st.jobs.delete(job.jobId);
  if (job.cmd === 'endpoint status') {
    const text = job.out === 'json' ? endpointStatusJson(job.statuses) : job.out === 'fields' ? endpointStatusFields(job.statuses) : endpointStatusOutput(job.rows, job.table);
    output(ctx, job.jobId, text, job.stderr, job.failed ? 1 : 0);
  } else if (job.cmd === 'endpoint health') {
    const err = job.failed ? job.stderr + 'Error: unhealthy cluster\n' : job.stderr;
    const text = job.out === 'json' ? endpointHealthJson(job.health) : job.out === 'fields' ? endpointHealthFields(job.health) : job.healthy;
    output(ctx, job.jobId, text, err, job.failed ? 1 : 0);
  } else output(ctx, job.jobId, '', job.stderr, job.failed ? 1 : 0);
}

function endCall(st: EtcdctlState, ctx: Effects, job: Job, id: MessageId): Call | undefined {
  const call = job.calls.get(id);
  if (!call) return undefined;
  st.calls.delete(id);
  ctx.cancelTimer(call.timer);
  job.calls.delete(id);
  return call;
}

/** A call failed (timeout, or an etcd error): what each command prints for it. */
function failed(st: EtcdctlState, ctx: Effects, job: Job, call: Call, grpcError: string, short: string): void {
  job.failed = true;
  job.stderr += retryWarning(ctx.now, call.endpoint, grpcError);
  if (job.cmd === 'endpoint health' && !job.listing) {
    // The simple printer says it on stderr; json and fields carry it in the endpoint's row.
    if (job.out === 'simple' || job.out === 'table') job.stderr += `${call.endpoint} is unhealthy: failed to commit proposal: ${short}\n`;
    job.health.push({ endpoint: call.endpoint, health: false, took: goDuration(ctx.now - call.startedAt), error: short });
    return finish(st, ctx, job);
  }
  if (job.cmd === 'endpoint status' && !job.listing) {
    job.stderr += `Failed to get the status of endpoint ${call.endpoint} (${short})\n`;
    return next(st, ctx, job);
  }
  st.jobs.delete(job.jobId);
  output(ctx, job.jobId, '', `${job.stderr}Error: ${short}\n`, 1);
}

export function etcdctlTimeout(st: EtcdctlState, ctx: Effects, t: Timer): void {
  const p = t.payload as { jobId: number; id: MessageId };
  const job = st.jobs.get(p.jobId);
  const call = job && endCall(st, ctx, job, p.id);
  if (!job || !call) return;
  const err = call.refused ? refusedError(hostPort(call.endpoint)) : DEADLINE_ERROR;
  failed(st, ctx, job, call, err, 'context deadline exceeded');
}

/**
 * A refused connection. A call balanced over several endpoints moves on to the next one at once
 * (gRPC's balancer skips a subconnection in TRANSIENT_FAILURE); a call to one endpoint keeps
 * redialling until its deadline, so it is only remembered.
 */
export function etcdctlRefused(st: EtcdctlState, ctx: Effects, r: ConnectionRefused): boolean {
  const jobId = st.calls.get(r.inReplyTo);
  if (jobId === undefined) return false;
  const job = st.jobs.get(jobId);
  const call = job?.calls.get(r.inReplyTo);
  if (!job || !call) return true;
  call.refused = true;
  if (balanced(job) && job.queue.length) {
    endCall(st, ctx, job, call.id);
    next(st, ctx, job);
  }
  return true;
}

export function etcdctlResponse(st: EtcdctlState, ctx: Effects, msg: Message): boolean {
  const r = msg.body as EtcdResponseBody;
  const jobId = st.calls.get(r.requestId);
  const job = jobId === undefined ? undefined : st.jobs.get(jobId);
  const call = job && endCall(st, ctx, job, r.requestId);
  if (!job || !call) return false;
  if (r.error) {
    failed(st, ctx, job, call, `rpc error: code = ${r.error.code} desc = ${r.error.message}`, r.error.message);
    return true;
  }
  answered(st, ctx, job, call, r);
  return true;
}

function answered(st: EtcdctlState, ctx: Effects, job: Job, call: Call, r: EtcdResponseBody): void {
  const res = r.result;
  if (job.listing) {
    job.listing = false;
    job.queue = ((res as { members: MemberInfo[] }).members ?? []).flatMap((m) => m.clientURLs);
    return next(st, ctx, job);
  }
  switch (job.cmd) {
    case 'member list': {
      st.jobs.delete(job.jobId);
      const members = (res as { members: MemberInfo[] }).members;
      // The cluster service's header carries no revision (v3rpc/member.go ClusterServer.header).
      const h = { ...r.header, revision: 0 };
      const text = job.out === 'json' ? memberListJson(h, members) : job.out === 'fields' ? memberListFields(h, members) : memberListOutput(members, job.table);
      return output(ctx, job.jobId, text, job.stderr, 0);
    }
    case 'endpoint status':
      job.rows.push({ endpoint: call.endpoint, memberId: r.header.memberId, status: res as StatusResponse });
      job.statuses.push({ endpoint: call.endpoint, header: r.header, status: res as StatusResponse });
      return next(st, ctx, job);
    case 'endpoint health':
      job.healthy += `${call.endpoint} is healthy: successfully committed proposal: took = ${goDuration(ctx.now - call.startedAt)}\n`;
      job.health.push({ endpoint: call.endpoint, health: true, took: goDuration(ctx.now - call.startedAt), error: '' });
      return finish(st, ctx, job);
    case 'get': {
      st.jobs.delete(job.jobId);
      const range = res as RangeResponse;
      const text = job.out === 'json' ? getJson(r.header, range.kvs, range.more, range.count) : job.out === 'fields' ? getFields(r.header, range.kvs, range.more, range.count) : printKvs(range.kvs);
      return output(ctx, job.jobId, text, job.stderr, 0);
    }
  }
}

/** etcdctl's simple printer: the key, then the value (an empty line with --keys-only). */
function printKvs(kvs: KeyValue[]): string {
  let out = '';
  for (const kv of kvs) out += `${kv.key}\n${valueText(kv)}\n`;
  return out;
}
