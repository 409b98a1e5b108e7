// kube-apiserver's pipeline as the diagram shows it: Authentication -> Authorization -> Admission ->
// Validation -> Storage (the seed, chapter 2; DESIGN.md section 3). The trace does not say which
// stage answered a request (the apiserver writes that in its audit log line, `stages=[...]`), so it
// is read back from what the trace holds: a request that went on to etcd passed every stage; a
// rejection is placed by its status code and text, as kube-apiserver's filters and handlers answer:
//   401 Unauthorized                          the authentication filter
//   403 `User "jane" cannot create ...`       the authorization filter (RBAC), impersonation too
//   403 `pods "x" is forbidden: maximum ...`  an admission plugin (admission.NewForbidden)
//   404 `namespaces "dev" not found` on a write: NamespaceLifecycle admission
//   400, 413, 415, 422                        decoding and validation
//   anything else, and every answer after etcd: storage

import type { TraceRecord } from '../../protocol/view';

export const APISERVER = 'kube-apiserver';

export type Stage = 'authentication' | 'authorization' | 'admission' | 'validation' | 'storage';
export const STAGES: readonly Stage[] = ['authentication', 'authorization', 'admission', 'validation', 'storage'];

/** What one stage did with one request. `skip`: reads never pass admission or validation. */
export type StageMark = 'pass' | 'fail' | 'skip' | 'wait' | 'none';

export interface Pipeline {
  marks: Record<Stage, StageMark>;
  /** The stage that answered: the failing one, or storage. Undefined while the answer is unknown. */
  answeredBy?: Stage;
  /** The admission plugin the rejection names, when the text says which. */
  plugin?: string;
}

/** `403 Forbidden: pods is forbidden: ...` -> 403; undefined for summaries without a status. */
export function statusOf(summary: string): number | undefined {
  const m = /^(\d{3})\b/.exec(summary);
  return m ? Number(m[1]) : undefined;
}

/** The text after `403 Forbidden: ` (the Status message), or '' for a success. */
export function statusMessage(summary: string): string {
  const m = /^\d{3} [A-Za-z]*: (.*)$/s.exec(summary);
  return m ? m[1]! : '';
}

/** The reason word of a response summary: `Forbidden`, `Invalid`, `Created`. */
export function statusReason(summary: string): string {
  const m = /^\d{3} ([A-Za-z]+)/.exec(summary);
  return m ? m[1]! : '';
}

/** An HTTP method a request's summary starts with (`POST /api/v1/...`, `PATCH pods/web/status`). */
export function methodOf(summary: string): string {
  const m = /^([A-Z]+)\b/.exec(summary);
  return m ? m[1]! : '';
}

/** Reads never go through admission or validation (k8s admission runs on mutating verbs only). */
export function isRead(method: string): boolean {
  return method === 'GET' || method === 'WATCH' || method === 'LIST' || method === 'HEAD';
}

/** Admission plugins, recognised by the sentences they answer with (src/sim/apiserver/admission). */
const PLUGIN_TEXT: [RegExp, string][] = [
  [/(maximum|minimum) \S+ usage per|max limit to request ratio/, 'LimitRanger'],
  [/being terminated|this namespace may not be deleted|^namespaces "[^"]*" not found/, 'NamespaceLifecycle'],
  [/PriorityClass|priority class/i, 'Priority'],
  [/is not allowed to modify|node "[^"]*" is not allowed/, 'NodeRestriction'],
  [/service ?account/i, 'ServiceAccount'],
];

export function admissionPlugin(message: string): string | undefined {
  for (const [re, name] of PLUGIN_TEXT) if (re.test(message)) return name;
  return undefined;
}

const AUTHORIZATION_TEXT = /\bcannot [a-z]+ (resource|path)\b|\bcannot impersonate\b|^User "[^"]*" cannot/;

/** The stage that answered a request with this status, given whether the request reached etcd. */
export function answeringStage(status: number, message: string, method: string, reachedEtcd: boolean): Stage {
  if (reachedEtcd || status < 400) return 'storage';
  switch (status) {
    case 401:
      return 'authentication';
    case 403:
      return AUTHORIZATION_TEXT.test(message) ? 'authorization' : 'admission';
    case 404:
      return !isRead(method) && /^namespaces "[^"]*" not found/.test(message) ? 'admission' : 'storage';
    case 400:
    case 413:
    case 415:
    case 422:
      return 'validation';
    default:
      return 'storage';
  }
}

/** The marks of every stage for a request answered by `stage` (failed or not), or still unknown. */
export function pipelineMarks(method: string, answeredBy: Stage | undefined, failed: boolean): Record<Stage, StageMark> {
  const read = isRead(method);
  const marks = {} as Record<Stage, StageMark>;
  const stop = answeredBy === undefined ? -1 : STAGES.indexOf(answeredBy);
  STAGES.forEach((st, i) => {
    if (read && (st === 'admission' || st === 'validation')) marks[st] = stop >= 0 && i > stop ? 'none' : 'skip';
    else if (stop < 0) marks[st] = 'wait';
    else if (i < stop) marks[st] = 'pass';
    else if (i === stop) marks[st] = failed ? 'fail' : 'pass';
    else marks[st] = 'none';
  });
  return marks;
}

/** Is this record a request to kube-apiserver (from kubectl or a component)? */
export function isApiRequest(r: TraceRecord): boolean {
  return r.kind === 'message' && r.type === 'http.request' && r.to === APISERVER;
}

export function isApiResponse(r: TraceRecord): boolean {
  return r.kind === 'message' && r.type === 'http.response' && r.from === APISERVER;
}

export interface Exchange {
  request: TraceRecord;
  response?: TraceRecord;
  /** The request went on to etcd (so every stage before storage passed). */
  reachedEtcd: boolean;
  pipeline: Pipeline;
}

/**
 * Pairs every request to kube-apiserver in a chain with its answer. An answer's causes lead back
 * through etcd (and Raft) to the request it answers: walk up until a request from the same client.
 */
export function exchanges(records: readonly TraceRecord[], byId: ReadonlyMap<number, TraceRecord>): Map<number, Exchange> {
  const out = new Map<number, Exchange>();
  for (const r of records) if (isApiRequest(r)) out.set(r.id, { request: r, reachedEtcd: false, pipeline: { marks: pipelineMarks(methodOf(r.summary), undefined, false) } });
  for (const r of records) {
    if (r.kind === 'message' && r.type === 'etcd.request' && r.from === APISERVER && r.cause !== null) {
      const x = out.get(r.cause);
      if (x) x.reachedEtcd = true;
    }
  }
  for (const r of records) {
    if (!isApiResponse(r)) continue;
    let cur = r.cause === null ? undefined : byId.get(r.cause);
    for (let depth = 0; cur && depth < 64; depth++) {
      if (isApiRequest(cur) && cur.from === r.to) {
        const x = out.get(cur.id);
        if (x && !x.response) x.response = r;
        break;
      }
      cur = cur.cause === null ? undefined : byId.get(cur.cause);
    }
  }
  for (const x of out.values()) x.pipeline = pipelineOf(x);
  return out;
}

function pipelineOf(x: Exchange): Pipeline {
  const method = methodOf(x.request.summary);
  if (!x.response) {
    // Without an answer yet: a request that went on to etcd passed every stage before storage.
    return { marks: pipelineMarks(method, x.reachedEtcd ? 'storage' : undefined, false), answeredBy: x.reachedEtcd ? 'storage' : undefined };
  }
  const status = statusOf(x.response.summary) ?? 0;
  const message = statusMessage(x.response.summary);
  const answeredBy = answeringStage(status, message, method, x.reachedEtcd);
  // A read's 404 is an answer, not a stage that failed (kubectl apply asks before it creates).
  const failed = status >= 400 && !(status === 404 && isRead(method));
  const p: Pipeline = { marks: pipelineMarks(method, answeredBy, failed), answeredBy };
  if (answeredBy === 'admission') p.plugin = admissionPlugin(message);
  return p;
}
