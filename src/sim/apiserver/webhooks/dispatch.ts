// The MutatingAdmissionWebhook and ValidatingAdmissionWebhook plugins (k8s.io/apiserver/pkg/
// admission/plugin/webhook/mutating and validating dispatchers). Unlike the built-in plugins they
// wait on the network, so the apiserver holds the request (RequestContext.webhooks) and goes on
// when the answers come: mutating webhooks one after another, each seeing the object the previous
// one patched; then the built-in validating plugins; then every validating webhook at once, the
// first refusal in order deciding. A webhook that cannot be called fails the request (failurePolicy
// Fail, the default: `Internal error occurred: failed calling webhook ...`) or is skipped (Ignore).
// A refusal is `admission webhook "NAME" denied the request: MESSAGE` (webhook/errors ToStatusErr).
//
// Reinvocation (admission/reinvocation.go, the mutating dispatcher's reinvoke context): when a
// webhook changes the object, the webhooks with reinvocationPolicy IfNeeded that were called before
// that change are called once more after the mutating webhooks, and the built-in mutating plugins
// run again first, so each sees what the others did; there is one such round at most.
//
// Simplified: on an update the built-in plugins run before the webhooks (the stored object is
// admitted in GuaranteedUpdate's function); DELETE and CONNECT are not sent to webhooks.

import { badRequest, statusFor } from '../../api/errors';
import type { KubeObject, Status } from '../../api/types';
import type { Effects, Message } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import { jsonPatch } from '../json-patch';
import { newUID } from '../registry/strategy';
import type { AdmissionAttributes } from '../admission';
import type { QuotaCharge } from '../admission/resource-quota';
import type { ApiserverState, RequestContext } from '../state';
import { onReviewAnswer, onReviewTimeout, sendReview, type CallEnd, type WebhookCall } from './call';
import { MUTATING, VALIDATING, webhooksFor, type Invocation } from './match';
import { admissionReview, verdictOf, type ReviewStatus } from './review';

/** A request held while its webhooks answer. Plain data: it is part of the apiserver's snapshot. */
export interface WebhookRun {
  /** What goes on once admission is through: a create's validation and storage, or an update's write. */
  kind: 'create' | 'update';
  phase: 'mutating' | 'validating';
  attrs: AdmissionAttributes;
  object: KubeObject;
  calls: Invocation[];
  /** 0, or 1 in the reinvocation round. */
  round: number;
  /** The webhooks (places in the first round's list) with reinvocationPolicy IfNeeded called so far in round 0. */
  reinvocable: number[];
  /** Those a later change made due for the reinvocation round. */
  toReinvoke: number[];
  /** A webhook changed the object: the reinvocation round runs. */
  shouldReinvoke: boolean;
  /** The first round's mutating webhooks, kept for the reinvocation round. */
  firstRound?: Invocation[];
  /** The mutating webhook being called, or how many validating answers are still awaited. */
  next: number;
  /** Each validating webhook's outcome, by place: undefined while it has not answered. */
  outcomes: (Outcome | undefined)[];
  /** What the plugins and webhooks did, for the Admission stage's line. */
  notes: string[];
  changed: boolean;
  /** The built-in validating chain's charges (a create), kept for storage. */
  charges?: QuotaCharge[];
  dryRun: boolean;
}

/** One webhook's answer as the dispatcher reads it. */
type Outcome = { ok: true; patch?: unknown[] } | { ok: false; error: Status; skipped?: string };

export interface AdmissionDone {
  object: KubeObject;
  notes: string[];
  /** A built-in plugin or a webhook changed the object. */
  changed: boolean;
  charges?: QuotaCharge[];
}

/** What the apiserver does once admission is through, per kind: given by the caller, never stored. */
export interface Continuations {
  /** The built-in validating plugins, run between the two kinds of webhook on a create. */
  /** The built-in mutating plugins once more, for the reinvocation round. */
  remutateBuiltIn(ctx: Effects, s: ApiserverState, rc: RequestContext, object: KubeObject): { object?: KubeObject; error?: Status; rejectedBy?: string };
  validateBuiltIn(ctx: Effects, s: ApiserverState, rc: RequestContext, object: KubeObject): { error?: Status; rejectedBy?: string; charges?: QuotaCharge[] };
  done(ctx: Effects, s: ApiserverState, rc: RequestContext, result: AdmissionDone): void;
  failed(ctx: Effects, s: ApiserverState, rc: RequestContext, error: Status, by: string): void;
}

/** The continuations of each kind of held request. */
export type ContinuationTable = Record<WebhookRun['kind'], Continuations>;

function held(s: ApiserverState): Map<MessageId, RequestContext> {
  return (s.heldForWebhooks ??= new Map());
}

/** apierrors.NewInternalError(ErrCallingWebhook): 500 `Internal error occurred: failed calling webhook "NAME": REASON`. */
function callingError(name: string, reason: string): Status {
  const message = `failed calling webhook "${name}": ${reason}`;
  return { ...statusFor(500, 'InternalError', `Internal error occurred: ${message}`), details: { causes: [{ message }] } } as Status;
}

/** webhookerrors.ToStatusErr (v1.31): the webhook's own status, its message after `admission webhook "NAME" denied the request`. */
function denial(name: string, st: ReviewStatus): Status {
  const deniedBy = `admission webhook "${name}" denied the request`;
  const message = st.message ? `${deniedBy}: ${st.message}` : st.reason ? `${deniedBy}: ${st.reason}` : `${deniedBy} without explanation`;
  const code = typeof st.code === 'number' && st.code >= 400 ? st.code : 400;
  return statusFor(code, st.reason ?? '', message);
}

/**
 * Start the webhooks of a request whose built-in mutating plugins have run. False when no webhook
 * wants the request (the caller goes on at once, as before webhooks existed).
 */
export function startWebhooks(ctx: Effects, s: ApiserverState, rc: RequestContext, kind: WebhookRun['kind'], attrs: AdmissionAttributes, object: KubeObject, dryRun: boolean, notes: string[], table: ContinuationTable): boolean {
  const k = table[kind];
  const mutating = webhooksFor(s, MUTATING, attrs, object);
  const validating = webhooksFor(s, VALIDATING, attrs, object);
  if (mutating.length === 0 && validating.length === 0) return false;
  rc.webhooks = { kind, phase: 'mutating', attrs, object, calls: mutating, round: 0, reinvocable: [], toReinvoke: [], shouldReinvoke: false, next: 0, outcomes: [], notes: [...notes], changed: notes.length > 0, dryRun };
  held(s).set(rc.msg.id, rc);
  advance(ctx, s, rc, k);
  return true;
}

function dryRunRefusal(inv: Invocation, dryRun: boolean): Status | undefined {
  const se = inv.hook.sideEffects;
  if (dryRun && se !== 'None' && se !== 'NoneOnDryRun') return badRequest(`admission webhook "${inv.hook.name}" does not support dry run`);
  return undefined;
}

/** Call the next mutating webhook, or move on to validation, or finish. */
function advance(ctx: Effects, s: ApiserverState, rc: RequestContext, k: Continuations): void {
  const run = rc.webhooks!;
  if (run.phase === 'mutating' && run.next < run.calls.length) return callOne(ctx, s, rc, run.next, k);
  if (run.phase === 'mutating' && run.round === 0 && run.shouldReinvoke) {
    // The reinvocation round: the built-in mutating plugins again, then the webhooks due.
    run.round = 1;
    const again = k.remutateBuiltIn(ctx, s, rc, run.object);
    if (again.error) return fail(ctx, s, rc, again.error, again.rejectedBy ?? 'a plugin', k);
    if (again.object) run.object = again.object;
    run.firstRound = run.calls;
    run.calls = run.toReinvoke.map((i) => run.calls[i]!);
    run.next = 0;
    return advance(ctx, s, rc, k);
  }
  if (run.phase === 'mutating') {
    if (run.kind === 'create') {
      const v = k.validateBuiltIn(ctx, s, rc, run.object);
      if (v.error) return fail(ctx, s, rc, v.error, v.rejectedBy ?? 'a plugin', k);
      run.charges = v.charges;
    }
    run.phase = 'validating';
    run.calls = webhooksFor(s, VALIDATING, run.attrs, run.object);
    run.outcomes = run.calls.map(() => undefined);
    run.next = run.calls.length;
    if (run.calls.length === 0) return finish(ctx, s, rc, k);
    for (let i = 0; i < run.calls.length; i++) callOne(ctx, s, rc, i, k);
    return;
  }
  if (run.next > 0) return;
  for (const [i, o] of run.outcomes.entries()) {
    if (o && !o.ok && !o.skipped) return fail(ctx, s, rc, o.error, `webhook ${run.calls[i]!.hook.name}`, k);
  }
  finish(ctx, s, rc, k);
}

function callOne(ctx: Effects, s: ApiserverState, rc: RequestContext, i: number, k: Continuations): void {
  const run = rc.webhooks!;
  const inv = run.calls[i]!;
  const refused = dryRunRefusal(inv, run.dryRun);
  if (refused) return settle(ctx, s, rc, i, { ok: false, error: refused }, k);
  const uid = newUID(() => ctx.rand());
  const review = admissionReview(uid, { ...run.attrs, object: run.object }, run.object, run.dryRun);
  const what = `${run.attrs.operation} ${run.attrs.info.resource}${run.attrs.subresource ? `/${run.attrs.subresource}` : ''} ${run.attrs.name || run.object.metadata.name || run.object.metadata.generateName || ''}`;
  (rc.webhookUids ??= [])[i] = uid;
  const failed = sendReview(ctx, s, rc.msg.id, i, inv.hook, review, what);
  if (failed) settle(ctx, s, rc, i, callFailure(inv, failed), k);
}

function callFailure(inv: Invocation, reason: string): Outcome {
  const error = callingError(inv.hook.name, reason);
  return inv.hook.failurePolicy === 'Ignore' ? { ok: false, error, skipped: reason } : { ok: false, error };
}

/** One webhook's outcome is known: a mutating one's patch is applied and the next one called. */
function settle(ctx: Effects, s: ApiserverState, rc: RequestContext, i: number, o: Outcome, k: Continuations): void {
  const run = rc.webhooks!;
  const name = run.calls[i]!.hook.name;
  if (o.ok === false && o.skipped) {
    ctx.log(`Failed calling webhook, failing open ${name}: failed calling webhook "${name}": ${o.skipped}`);
    run.notes.push(`${name} failed open (failurePolicy Ignore)`);
  }
  if (run.phase === 'validating') {
    run.outcomes[i] = o;
    run.next--;
    if (o.ok) run.notes.push(`${name} allowed`);
    return advance(ctx, s, rc, k);
  }
  if (!o.ok && !o.skipped) return fail(ctx, s, rc, o.error, `webhook ${name}`, k);
  if (o.ok && o.patch?.length) {
    const patched = jsonPatch(run.object as never, o.patch as never);
    if (!('result' in patched)) {
      const reason = 'badRequest' in patched ? patched.badRequest : patched.invalid;
      return fail(ctx, s, rc, statusFor(500, 'InternalError', `Internal error occurred: ${reason}`), `webhook ${name}`, k);
    }
    const before = JSON.stringify(run.object);
    run.object = patched.result as unknown as KubeObject;
    run.changed = true;
    // A change makes the IfNeeded webhooks called before it due again (RequireReinvokingPreviouslyInvokedPlugins).
    if (run.round === 0 && JSON.stringify(run.object) !== before) {
      run.shouldReinvoke = true;
      for (const j of run.reinvocable) if (!run.toReinvoke.includes(j)) run.toReinvoke.push(j);
      run.toReinvoke.sort((a, b) => a - b);
    }
    run.notes.push(`${name} patched (${o.patch.map((p) => (p as { op?: string; path?: string }).op + ' ' + (p as { path?: string }).path).join(', ')})`);
  } else if (o.ok) run.notes.push(`${name} allowed`);
  if (run.round === 0 && run.calls[i]!.hook.reinvocationPolicy === 'IfNeeded') run.reinvocable.push(i);
  if (run.round === 1) run.notes.push(`${name} reinvoked`);
  run.next++;
  advance(ctx, s, rc, k);
}

function fail(ctx: Effects, s: ApiserverState, rc: RequestContext, error: Status, by: string, k: Continuations): void {
  held(s).delete(rc.msg.id);
  rc.webhooks = undefined;
  k.failed(ctx, s, rc, error, by);
}

function finish(ctx: Effects, s: ApiserverState, rc: RequestContext, k: Continuations): void {
  const run = rc.webhooks!;
  held(s).delete(rc.msg.id);
  rc.webhooks = undefined;
  k.done(ctx, s, rc, { object: run.object, notes: run.notes, changed: run.changed, ...(run.charges && { charges: run.charges }) });
}

function outcomeOf(call: WebhookCall, end: CallEnd, rc: RequestContext, inv: Invocation, mutating: boolean): Outcome {
  if (end.kind === 'failed') return callFailure(inv, end.reason);
  if (end.status !== 200) return callFailure(inv, `failed to call webhook: an error on the server ("${end.body.slice(0, 100)}") has prevented the request from succeeding`);
  const v = verdictOf(end.body, rc.webhookUids?.[call.index] ?? '', mutating);
  if ('invalid' in v) return callFailure(inv, v.invalid);
  if (!v.allowed) return { ok: false, error: denial(inv.hook.name, v.status) };
  return v.patch ? { ok: true, patch: v.patch } : { ok: true };
}

function onEnd(ctx: Effects, s: ApiserverState, got: { call: WebhookCall; end: CallEnd } | undefined, table: ContinuationTable): void {
  if (!got) return;
  const rc = held(s).get(got.call.requestId);
  const run = rc?.webhooks;
  const inv = run?.calls[got.call.index];
  if (!rc || !run || !inv) return;
  settle(ctx, s, rc, got.call.index, outcomeOf(got.call, got.end, rc, inv, run.phase === 'mutating'), table[run.kind]);
}

/** A `pod.http.response` reached the apiserver: a webhook's answer. */
export function webhookOnAnswer(ctx: Effects, s: ApiserverState, msg: Message, table: ContinuationTable): void {
  onEnd(ctx, s, onReviewAnswer(ctx, s, msg), table);
}

export function webhookOnTimeout(ctx: Effects, s: ApiserverState, key: number, table: ContinuationTable): void {
  onEnd(ctx, s, onReviewTimeout(ctx, s, key), table);
}
