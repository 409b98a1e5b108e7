// kube-apiserver's pipeline as the diagram shows it: Authentication -> Authorization -> Admission ->
// Validation -> Storage (the seed, chapter 2; DESIGN.md section 3). kube-apiserver records on each
// answer the stages its request went through (TraceRecord.steps, what its audit line calls
// `stages`): the failing one answered; admission says which plugin changed which field. Nothing is
// guessed from status texts. A reply names the request it answers (inReplyTo).

import type { TraceRecord, TraceStep } from '../../protocol/view';

export const APISERVER = 'kube-apiserver';

export type Stage = 'authentication' | 'authorization' | 'admission' | 'validation' | 'storage';
export const STAGES: readonly Stage[] = ['authentication', 'authorization', 'admission', 'validation', 'storage'];

/** What one stage did with one request. `skip`: reads never pass admission or validation. */
export type StageMark = 'pass' | 'change' | 'fail' | 'skip' | 'wait' | 'none';

export interface Pipeline {
  marks: Record<Stage, StageMark>;
  /** The stage that answered: the failing one, or storage. Undefined while the answer is unknown. */
  answeredBy?: Stage;
  /** The admission plugin that refused the request, as kube-apiserver recorded it. */
  plugin?: string;
  /** What each stage did, in kube-apiserver's words (`mutated by DefaultTolerationSeconds (spec.tolerations)`). */
  notes: Partial<Record<Stage, string>>;
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

/** The kube-apiserver step names (TraceStep.stage) as the diagram's five stages. */
const STAGE_OF_STEP: Record<string, Stage> = {
  Authentication: 'authentication',
  Impersonation: 'authorization',
  Authorization: 'authorization',
  Admission: 'admission',
  'Request body': 'validation',
  Validation: 'validation',
  Storage: 'storage',
  Watch: 'storage',
  Proxy: 'storage',
};

export function stageOfStep(step: TraceStep): Stage {
  return STAGE_OF_STEP[step.stage] ?? 'storage';
}

/** `rejected by LimitRanger (403)` -> LimitRanger: the admission step names the plugin that refused. */
function rejectingPlugin(step: TraceStep | undefined): string | undefined {
  const m = step && /^rejected by (\S+)/.exec(step.text);
  return m ? m[1] : undefined;
}

/**
 * The stage that answered, from the steps kube-apiserver recorded on its answer: the step that
 * failed, or storage when none did. An answer without steps (an unknown path, discovery) was given
 * by the handler, after authentication when it was not a 401.
 */
export function answeringStage(status: number, steps: readonly TraceStep[] | undefined): Stage {
  const failed = steps?.find((st) => st.result === 'failed');
  if (failed) return stageOfStep(failed);
  return status === 401 ? 'authentication' : 'storage';
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
  for (const r of records) if (isApiRequest(r)) out.set(r.id, { request: r, reachedEtcd: false, pipeline: { marks: pipelineMarks(methodOf(r.summary), undefined, false), notes: {} } });
  for (const r of records) {
    if (r.kind === 'message' && r.type === 'etcd.request' && r.from === APISERVER && r.cause !== null) {
      const x = out.get(r.cause);
      if (x) x.reachedEtcd = true;
    }
  }
  for (const r of records) {
    if (!isApiResponse(r)) continue;
    if (r.inReplyTo !== undefined) {
      const x = out.get(r.inReplyTo);
      if (x && !x.response) x.response = r;
      continue;
    }
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
    const answeredBy = x.reachedEtcd ? 'storage' : undefined;
    return { marks: pipelineMarks(method, answeredBy, false), answeredBy, notes: {} };
  }
  const status = statusOf(x.response.summary) ?? 0;
  const steps = x.response.steps;
  const answeredBy = answeringStage(status, steps);
  // A read's 404 is an answer, not a stage that failed (kubectl apply asks before it creates).
  const failed = status >= 400 && !(status === 404 && isRead(method));
  const p: Pipeline = { marks: pipelineMarks(method, answeredBy, failed), answeredBy, notes: {} };
  for (const st of steps ?? []) {
    const stage = stageOfStep(st);
    p.notes[stage] = p.notes[stage] ? `${p.notes[stage]}; ${st.text}` : st.text;
    if (st.result === 'changed' && p.marks[stage] === 'pass') p.marks[stage] = 'change';
  }
  if (answeredBy === 'admission') p.plugin = rejectingPlugin(steps?.find((st) => st.stage === 'Admission'));
  return p;
}
