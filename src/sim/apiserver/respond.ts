// Answers to clients: an http.response with the real status code, a readable summary
// (`201 Created pod/web`), and one audit-ish log line per request listing each stage's outcome.

import type { HttpResponse } from '../api/http';
import type { KubeObject, Status } from '../api/types';
import { isStatus } from '../api/types';
import type { Effects } from '../kernel/component';
import type { TraceStep } from '../kernel/trace';
import type { RequestContext } from './state';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
  422: 'Invalid',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

function what(rc: Pick<RequestContext, 'ri'>, body: unknown): string {
  const o = body as KubeObject | undefined;
  if (o && typeof o === 'object' && o.metadata?.name && !isStatus(o)) return `${o.kind.toLowerCase()}/${o.metadata.name}`;
  const ri = rc.ri;
  if (ri.name) return `${ri.info.singular}/${ri.name}${ri.subresource ? `/${ri.subresource}` : ''}`;
  return ri.info.resource;
}

export function responseSummary(rc: Pick<RequestContext, 'ri'> | undefined, status: number, body: unknown): string {
  const reason = isStatus(body) && body.status === 'Failure' ? body.reason || STATUS_TEXT[status] : STATUS_TEXT[status];
  const head = `${status} ${reason ?? ''}`.trim();
  if (isStatus(body) && body.status === 'Failure') return `${head}: ${body.message ?? ''}`;
  return rc ? `${head} ${what(rc, body)}` : head;
}

/**
 * Most answers went through the same stages with the same words (a kubelet's status patch every
 * 10 s): the trace keeps one array for all of them, so snapshots of the world clone it once. Values,
 * not identity, matter; the table is bounded and forgets everything when full.
 */
interface StepsNode {
  /** By stage, then result, then text: the next step's node. */
  next: Map<string, Map<string, Map<string, StepsNode>>>;
  kept: TraceStep[] | undefined;
}
const newNode = (): StepsNode => ({ next: new Map(), kept: undefined });
let sharedSteps = newNode();
let sharedCount = 0;
const SHARED_STEPS_MAX = 1024;

/** The kept array of steps equal to these, found step by step (no key string made per answer). */
function shared(steps: TraceStep[]): TraceStep[] {
  if (sharedCount >= SHARED_STEPS_MAX) {
    sharedSteps = newNode();
    sharedCount = 0;
  }
  let node = sharedSteps;
  for (const st of steps) {
    let byResult = node.next.get(st.stage);
    if (!byResult) node.next.set(st.stage, (byResult = new Map()));
    let byText = byResult.get(st.result);
    if (!byText) byResult.set(st.result, (byText = new Map()));
    let child = byText.get(st.text);
    if (!child) byText.set(st.text, (child = newNode()));
    node = child;
  }
  if (!node.kept) {
    node.kept = steps.slice();
    sharedCount++;
  }
  return node.kept;
}

/** A stage the request went through: `passed('Authorization', 'allowed')`. */
export function passed(stage: string, text: string): TraceStep {
  return { stage, result: 'passed', text };
}

/**
 * Reply to the client and write the request's audit line. `stage` names the stage that answers;
 * without one, an answer after every stage passed is storage's (etcd's commit, or its refusal).
 */
/** The timer that brings a deletecollection item's answer back to its collection (delete-collection.ts). */
export const DELETE_COLLECTION_ITEM_TIMER = 'deletecollection.item';

export function respond(ctx: Effects, rc: RequestContext, status: number, body: KubeObject | Status | unknown, stage?: string): void {
  // An item of a deletecollection answers its collection's request, on a timer (no state here).
  if (rc.collectionItem) return void ctx.setTimer(0, DELETE_COLLECTION_ITEM_TIMER, { id: rc.msg.id, status, body });
  const resp: HttpResponse = { type: 'http.response', requestId: rc.msg.id, status, body };
  if (rc.warnings?.length && status < 400) resp.warnings = rc.warnings;
  const summary = responseSummary(rc, status, body);
  const answeredBy = stage ?? (rc.stages.some((s) => s.result === 'failed') ? undefined : 'Storage');
  if (answeredBy) rc.stages.push({ stage: answeredBy, result: status >= 400 ? 'failed' : 'passed', text: String(status) });
  ctx.reply(rc.msg, resp, { summary, stream: rc.msg.stream, steps: shared(rc.stages) });
  auditLog(ctx, rc, status);
}

export function auditLog(ctx: Effects, rc: RequestContext, status: number): void {
  const ri = rc.ri;
  const ns = ri.namespace ? ` namespace=${ri.namespace}` : '';
  const name = ri.name ? ` name=${ri.name}` : '';
  const sub = ri.subresource ? `/${ri.subresource}` : '';
  ctx.log(
    `audit user="${rc.user.username}" verb=${ri.verb} resource=${ri.info.resource}${sub}${ns}${name} code=${status} stages=[${rc.stages.map((s) => `${s.stage}: ${s.text}`).join('; ')}]`,
  );
}

/** Reply before a RequestContext exists (404 path, 401). */
export function respondRaw(ctx: Effects, msg: RequestContext['msg'], status: number, body: Status, user = '-'): void {
  const resp: HttpResponse = { type: 'http.response', requestId: msg.id, status, body };
  // Only a 401 knows its stage here; other early answers (an unknown path) record none.
  const steps: TraceStep[] | undefined = status === 401 ? [{ stage: 'Authentication', result: 'failed', text: '401' }] : undefined;
  ctx.reply(msg, resp, { summary: responseSummary(undefined, status, body), stream: msg.stream, steps });
  ctx.log(`audit user="${user}" ${msg.body.method} ${msg.body.path} code=${status} message="${body.message ?? ''}"`);
}
