// kubectl's -v: client-go's debugging round tripper (transport/round_trippers.go, v1.31) and
// rest.Request's body logging (rest/request.go), in klog's format on stderr, times from the
// simulated clock. What each level adds, as real kubectl 1.31.9 printed it against kubeplay serve:
//   6  `loader.go:395] Config loaded from file:  PATH`, then one line per request:
//      `round_trippers.go:553] GET https://.../pods?limit=500 200 OK in 3 milliseconds`
//   7  instead the request line and its headers (463, 469, 473) and `574] Response Status: ...`
//   8  the response headers (577, 580) and the bodies (`request.go:1351] Request Body: ...`,
//      `Response Body: ...`), a body cut at 1024 characters with ` [truncated N chars]`
// A failed StatusError is dumped by CheckErr from 4 on (`helpers.go:246] server response object: %s[...]`,
// the format verb printed literally, as kubectl does: StandardErrorMessage's klog.V(4); v1.31.9 printed it at -v=5).

import type { Credentials } from '../../api/http';
import { klogLine } from '../../client/klog';
import type { Status } from '../../api/types';
import { simEpochMs } from '../../api/time';
import { wireJson } from '../../api/wire-json';

/** A kubectl process id: one per invocation, fixed by its job so a run replays the same. */
export const pidOf = (jobId: number): number => 4100 + jobId;

const line = (now: number, jobId: number, where: string, msg: string): string => klogLine(now, pidOf(jobId), 'I', where, msg) + '\n';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 409: 'Conflict', 410: 'Gone', 413: 'Request Entity Too Large',
  415: 'Unsupported Media Type', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** Go's http.Response.Status: `200 OK`. */
export const httpStatus = (code: number): string => `${code} ${STATUS_TEXT[code] ?? ''}`.trimEnd();

const MAX_BODY = 1024;

/** rest/request.go truncateBody at -v=8 (from 9 on the whole body). */
function truncated(body: string, v: number): string {
  if (v > 8 || body.length <= MAX_BODY) return body;
  return `${body.slice(0, MAX_BODY)} [truncated ${body.length - MAX_BODY} chars]`;
}

const bodyText = (b: unknown): string => (typeof b === 'string' ? b : JSON.stringify(b));
/** The answer's bytes as kube-apiserver wrote them (its field order, wire-json.ts). */
const answerText = (b: unknown): string => (typeof b === 'string' ? b : wireJson(b));

export function configLoadedLine(now: number, jobId: number, path: string): string {
  return line(now, jobId, 'loader.go:395', `Config loaded from file:  ${path}`);
}

export interface LoggedRequest {
  method: string;
  url: string;
  body?: unknown;
  contentType?: string;
  accept?: string;
  userAgent: string;
  credentials: Credentials;
}

/** What -v=7 and up print as a request leaves. */
export function requestLines(v: number, now: number, jobId: number, r: LoggedRequest): string {
  if (v < 7) return '';
  let out = '';
  if (v >= 8 && r.body !== undefined) out += line(now, jobId, 'request.go:1351', `Request Body: ${truncated(bodyText(r.body), v)}`);
  out += line(now, jobId, 'round_trippers.go:463', `${r.method} ${r.url}`);
  out += line(now, jobId, 'round_trippers.go:469', 'Request Headers:');
  const headers: [string, string][] = [];
  if (r.contentType) headers.push(['Content-Type', r.contentType]);
  headers.push(['Accept', r.accept ?? 'application/json, */*'], ['User-Agent', r.userAgent]);
  // The bearer token round tripper's header, masked by the debugging one.
  if (r.credentials.bearerToken !== undefined) headers.push(['Authorization', 'Bearer <masked>']);
  if (r.credentials.impersonateUser !== undefined) headers.push(['Impersonate-User', r.credentials.impersonateUser]);
  for (const g of r.credentials.impersonateGroups ?? []) headers.push(['Impersonate-Group', g]);
  for (const [k, val] of headers) out += line(now, jobId, 'round_trippers.go:473', `    ${k}: ${val}`);
  return out;
}

/** -v=6 and up: the deferred REST mapper dropping kubectl's discovery cache after a miss (discovery-cache.ts). */
export function invalidatingDiscoveryLine(v: number, now: number, jobId: number): string {
  return v >= 6 ? line(now, jobId, 'discovery.go:214', 'Invalidating discovery information') : '';
}

export interface LoggedResponse {
  method: string;
  url: string;
  sentAt: number;
  /** undefined: the connection failed, no status. */
  status?: number;
  body?: unknown;
}

/** What -v=6 and up print when the answer (or the failure) comes back. */
export function responseLines(v: number, now: number, jobId: number, r: LoggedResponse): string {
  if (v < 6) return '';
  const ms = Math.max(0, Math.floor(now - r.sentAt));
  const status = r.status === undefined ? '' : httpStatus(r.status);
  if (v === 6) return line(now, jobId, 'round_trippers.go:553', `${r.method} ${r.url} ${status} in ${ms} milliseconds`);
  let out = line(now, jobId, 'round_trippers.go:574', `Response Status: ${status} in ${ms} milliseconds`);
  if (v < 8 || r.status === undefined) return out;
  const body = r.body === undefined ? '' : answerText(r.body);
  out += line(now, jobId, 'round_trippers.go:577', 'Response Headers:');
  const date = new Date(simEpochMs() + Math.floor(now / 1000) * 1000).toUTCString();
  const headers: [string, string][] = [
    ['Cache-Control', 'no-cache, private'],
    ['Content-Type', typeof r.body === 'string' ? 'text/plain' : 'application/json'],
    ['Content-Length', String(body.length)],
    ['Date', date],
  ];
  for (const [k, val] of headers) out += line(now, jobId, 'round_trippers.go:580', `    ${k}: ${val}`);
  if (body) out += line(now, jobId, 'request.go:1351', `Response Body: ${truncated(body, v)}`);
  return out;
}

/** CheckErr's dump of a failed request's Status from -v=4 on (kubectl/pkg/cmd/util/helpers.go:246, klog.V(4)). */
export function statusDumpLines(now: number, jobId: number, s: Status): string {
  // metav1.Status's field order; empty optional fields are omitted, as encoding/json's omitempty does.
  const ordered: Record<string, unknown> = { kind: s.kind, apiVersion: s.apiVersion, metadata: s.metadata ?? {}, status: s.status, message: s.message, reason: s.reason, details: s.details, code: s.code };
  for (const k of ['status', 'message', 'reason', 'details']) if (ordered[k] === undefined || ordered[k] === '') delete ordered[k];
  return line(now, jobId, 'helpers.go:246', `server response object: %s[${JSON.stringify(ordered, null, 2)}]`);
}
