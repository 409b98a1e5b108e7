// `kubectl get --raw URI` (kubectl/pkg/cmd/get/get.go, RawGet in pkg/cmd/util): one GET of the path
// as given, the server's answer printed byte for byte (the apiserver's JSON, no newline added). The
// seed's chapter 4 says kubectl speaks JSON over HTTP to the apiserver; this shows the JSON itself.
//
// A watch path (`?watch=1`): RawGet copies the response body to stdout until it ends (io.Copy), so
// the watch's events appear one JSON line each (`{"type":"ADDED","object":{...}}`, the apiserver's
// JSON stream framing) as they come, and the command ends, exit 0, when the apiserver closes the
// watch: after timeoutSeconds, else after its random --min-request-timeout. Ctrl-C stops it sooner.

import type { WatchEventBody } from '../../../api/http';
import { watchLine, wireJson } from '../../../api/wire-json';
import type { Effects } from '../../../kernel/component';
import type { CliOutput } from '../../protocol';
import { plain } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlJob, type KubectlState, type RequestResult } from '../job';

export const RAW_STEP = 'raw';
export const RAW_WATCH_STEP = 'raw-watch';

/** A URI's query as the request carries it (`?limit=1&watch=false`). */
function splitUri(uri: string): { path: string; query?: Record<string, string> } {
  const q = uri.indexOf('?');
  if (q < 0) return { path: uri };
  const query: Record<string, string> = {};
  for (const part of uri.slice(q + 1).split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    try {
      query[decodeURIComponent(k)] = decodeURIComponent(v);
    } catch {
      query[k] = v;
    }
  }
  return { path: uri.slice(0, q), query };
}

export function startGetRaw(st: KubectlState, job: JobCommon, p: ParsedArgs, ctx: Effects): void {
  const uri = flagString(p, 'raw') ?? '';
  if (p.args.length) return finishJob(st, job, ctx, plain('arguments may not be passed when --raw is specified'));
  if (flagString(p, 'output')) return finishJob(st, job, ctx, plain('--raw and --output are mutually exclusive'));
  // url.ParseRequestURI: an absolute path (kubectl 1.31.9's texts).
  if (uri === '') return finishJob(st, job, ctx, plain('--raw must be a valid URL path: parse "": empty url'));
  if (!uri.startsWith('/')) return finishJob(st, job, ctx, plain(`--raw must be a valid URL path: parse "${uri}": invalid URI for request`));
  const { path, query } = splitUri(uri);
  st.jobs.set(job.jobId, job as KubectlJob);
  // The apiserver's requestinfo: watch=true or watch=1 makes the GET a WATCH, whose answer is a stream.
  const watch = query?.watch === 'true' || query?.watch === '1';
  const req = { method: 'GET' as const, path, ...(query && { query }), accept: 'application/json, */*' };
  if (watch) jobRequest(st, job, ctx, req, RAW_WATCH_STEP, { phase: 'watch', watch: true });
  else jobRequest(st, job, ctx, req, RAW_STEP);
}

/** One event of a raw watch: its JSON line, written to the terminal at once. */
export function onGetRawWatchEvent(job: JobCommon, body: WatchEventBody, ctx: Effects): void {
  if (body.watchId !== job.watchId) return;
  const stdout = watchLine(body.event.type, wireJson(body.event.object));
  const o: CliOutput = { type: 'cli.output', jobId: job.jobId, stdout, stderr: '', exitCode: 0, partial: true };
  ctx.emit(o as unknown as { type: string });
}

/** The raw watch ended: the server closed it (EOF, exit 0), or refused it, or the connection was lost. */
export function onGetRawWatchEnded(st: KubectlState, job: JobCommon, r: RequestResult, ctx: Effects): void {
  if (!r.ok && r.ended) return finishJob(st, job, ctx);
  finishJob(st, job, ctx, r.ok ? undefined : r.err);
}

export function onGetRawResult(st: KubectlState, job: JobCommon, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  job.stdout = typeof r.body === 'string' ? r.body : wireJson(r.body);
  finishJob(st, job, ctx);
}
