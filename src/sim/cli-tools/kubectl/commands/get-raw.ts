// `kubectl get --raw URI` (kubectl/pkg/cmd/get/get.go, RawGet in pkg/cmd/util): one GET of the path
// as given, the server's answer printed byte for byte (the apiserver's JSON, no newline added). The
// seed's chapter 4 says kubectl speaks JSON over HTTP to the apiserver; this shows the JSON itself.

import type { Effects } from '../../../kernel/component';
import { plain } from '../errors';
import { flagString, type ParsedArgs } from '../flags';
import { finishJob, jobRequest, type JobCommon, type KubectlJob, type KubectlState, type RequestResult } from '../job';

export const RAW_STEP = 'raw';

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
  jobRequest(st, job, ctx, { method: 'GET', path, ...(query && { query }), accept: 'application/json, */*' }, RAW_STEP);
}

export function onGetRawResult(st: KubectlState, job: JobCommon, r: RequestResult, ctx: Effects): void {
  if (!r.ok) return finishJob(st, job, ctx, r.err);
  job.stdout = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
  finishJob(st, job, ctx);
}
