// A running kubectl command is a plain-data job: a small state machine that knows which request it
// has out, what came back and what to do next. Jobs never hold closures; the component routes each
// answer to the job by the `jobId` in the pending call's data, and the command's `onResult` decides
// the next request or finishes the job with its stdout, stderr and exit code.

import type { Credentials, HttpMethod, HttpResponse } from '../../api/http';
import type { KubeObject, Status } from '../../api/types';
import { isStatus } from '../../api/types';
import { apiRequest, type ClientState, type RequestSpec } from '../../client/apiclient';
import type { Effects, ObjectRef, Phase } from '../../kernel/component';
import type { MessageId, ProcessId, RecordId } from '../../kernel/units';
import type { CliEdit, CliFieldError, CliOutput, CliSession } from '../protocol';
import { checkErr, type KubectlError } from './errors';
import { requestLines, statusDumpLines } from './request-log';

export interface KubectlConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  /** `10.0.0.10:6443`, as kubeconfig's server URL names it (printed in connection errors). */
  server: string;
  /** Other kubeconfig users (scenario `spec.users`), chosen with `--user <name>`. */
  users?: Record<string, Credentials>;
}

export interface JobCommon {
  jobId: number;
  command: string;
  namespace: string;
  /** `-n` was given: objects from files must then be in that namespace. */
  namespaceExplicit: boolean;
  credentials: Credentials;
  timeoutMs: number;
  /** `--request-timeout` was set: a timeout is a context deadline, not a dial timeout. */
  requestTimeoutSet: boolean;
  stdout: string;
  stderr: string;
  errors: KubectlError[];
  /** The cli.exec record, the cause of everything the job does. */
  cause: RecordId;
  /** An open watch stream (delete --wait). */
  watchId?: MessageId;
  /** Fields the server's Invalid answers named (apply), sent with the output. */
  fieldErrors?: CliFieldError[];
  /** --show-managed-fields: the json and yaml printers keep metadata.managedFields. */
  showManagedFields?: boolean;
  /** exec -it opened a shell (commands/exec.ts). */
  session?: CliSession;
  /** kubectl edit's file for the editor (commands/edit.ts). */
  edit?: CliEdit;
  /** -v: klog verbosity; 6 and up print each request (request-log.ts). */
  verbosity?: number;
}

export interface KubectlState {
  config: KubectlConfig;
  client: ClientState;
  jobs: Map<number, KubectlJob>;
  /**
   * The admin machine's files by absolute path: kubeconfigs (admin.conf, ~/.kube/config, one per
   * scenario user) and certificates, which `kubectl config` edits (kubeconfig/machine.ts).
   */
  files: Record<string, string>;
  /** The group/versions kubectl's discovery cache holds; unset: no cache yet, the first command that maps a type fetches it (discovery-cache.ts). */
  discovery?: string[];
  /** When the discovery cache was last written (simulated ms; unset: never). */
  discoveryWrittenAt?: number;
}

/** Every command's job is JobCommon plus its own plain fields, discriminated by `command`. */
export type KubectlJob = JobCommon & Record<string, unknown>;

/** What came back for a request: an HTTP answer, or a connection-level error as kubectl sees it. */
/** `ended`: the server closed a watch stream cleanly (EOF), rather than the connection being lost. */
export type RequestResult = { ok: true; status: number; body: unknown } | { ok: false; err: KubectlError; ended?: boolean };

export interface CallData {
  jobId: number;
  step: string;
  /** The request's method and URL, for url.Error texts. */
  method: HttpMethod;
  url: string;
}

export const PURPOSE = 'kubectl';

/** Default when --request-timeout is not given: how long a dial to an unreachable host takes to fail. */
export const DIAL_TIMEOUT_MS = 30_000;

/** A command ended by Ctrl-C: the shell's status for a process killed by SIGINT (128 + 2). */
export const INTERRUPTED_EXIT = 130;

function queryString(q: Record<string, string> | undefined): string {
  if (!q) return '';
  const parts = Object.entries(q).map(([k, v]) => `${k}=${encodeURIComponent(v)}`);
  return parts.length ? '?' + parts.join('&') : '';
}

/** Send one request for a job. Writes go in phase `persistence`, reads in `user`. */
export function jobRequest(
  st: KubectlState,
  job: JobCommon,
  ctx: Effects,
  req: Omit<RequestSpec, 'credentials'>,
  step: string,
  meta: { phase?: Phase; object?: ObjectRef; watch?: boolean } = {},
): MessageId {
  const phase = meta.phase ?? (req.method === 'GET' ? 'user' : 'persistence');
  const data: CallData = {
    jobId: job.jobId,
    step,
    method: req.method,
    url: `https://${st.config.server}${req.path}${queryString(req.query)}`,
  };
  if (job.verbosity !== undefined) {
    const logged = { method: req.method, url: data.url, body: req.body, contentType: req.contentType, accept: req.accept, userAgent: st.client.userAgent, credentials: job.credentials };
    job.stderr += requestLines(job.verbosity, ctx.now, job.jobId, logged);
  }
  const id = apiRequest(ctx, st.client, { ...req, credentials: job.credentials }, PURPOSE, data, {
    phase,
    object: meta.object,
    timeoutMs: job.timeoutMs,
    watch: meta.watch,
  });
  if (meta.watch) job.watchId = id;
  return id;
}

/** Turn an HTTP response into a RequestResult, with non-Status error bodies made into a Status. */
export function resultOf(resp: HttpResponse): RequestResult {
  if (resp.status >= 400 && !isStatus(resp.body)) {
    // client-go's NewGenericServerResponse names a 503 without a Status (the aggregator's proxy answer)
    // ServiceUnavailable with its own message, whatever the body says.
    const unavailable = resp.status === 503;
    const message = unavailable ? 'the server is currently unable to handle the request' : typeof resp.body === 'string' ? resp.body : `the server responded with the status code ${resp.status}`;
    const s: Status = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', code: resp.status, message, reason: unavailable ? 'ServiceUnavailable' : '' };
    return { ok: false, err: { t: 'status', status: s } };
  }
  if (resp.status >= 400) return { ok: false, err: { t: 'status', status: resp.body as Status } };
  return { ok: true, status: resp.status, body: resp.body };
}

export function connectionError(
  st: KubectlState,
  job: JobCommon,
  data: CallData,
  kind: 'timeout' | 'refused' | 'closed',
): KubectlError {
  const host = st.config.server;
  const cause =
    kind === 'refused'
      ? `dial tcp ${host}: connect: connection refused`
      : kind === 'closed'
        ? 'EOF'
        : job.requestTimeoutSet
          ? 'context deadline exceeded'
          : `dial tcp ${host}: i/o timeout`;
  return { t: 'url', method: data.method, url: data.url, cause, refused: kind === 'refused', host };
}

export function isNotFound(r: RequestResult): boolean {
  return !r.ok && r.err.t === 'status' && r.err.status.code === 404;
}

export function asObject(r: RequestResult): KubeObject {
  return (r as { body: unknown }).body as KubeObject;
}

/**
 * End the job: one cli.output with everything it printed; errors go to stderr as CheckErr prints them,
 * with exit code 1 unless the verb names another (diff's CheckDiffErr exits 2).
 */
export function finishJob(st: KubectlState, job: JobCommon, ctx: Effects, err?: KubectlError, exitCode?: number): void {
  if (job.watchId !== undefined) {
    ctx.closeStream(job.watchId);
    st.client.pending.delete(job.watchId);
  }
  for (const [id, call] of st.client.pending) {
    if ((call.data as CallData | undefined)?.jobId === job.jobId) {
      if (call.timer !== undefined) ctx.cancelTimer(call.timer);
      st.client.pending.delete(id);
    }
  }
  let stderr = job.stderr;
  if (err?.t === 'status' && (job.verbosity ?? 0) >= 4) stderr += statusDumpLines(ctx.now, job.jobId, err.status);
  if (err) stderr += checkErr(err);
  const out: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout: job.stdout, stderr, exitCode: exitCode ?? (err ? 1 : 0) };
  if (job.fieldErrors?.length) out.fieldErrors = job.fieldErrors;
  if (job.session) out.session = job.session;
  if (job.edit) out.edit = job.edit;
  ctx.emit(out as unknown as { type: string });
  st.jobs.delete(job.jobId);
}
