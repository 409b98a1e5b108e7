// The update function GuaranteedUpdate calls with the current stored object (the registry's
// tryUpdate): check the resourceVersion precondition, apply the PUT body, the patch, the binding or
// the graceful-deletion rules, then run admission and validation on the result. It is pure: called
// again with a fresher object after a lost race.

import { badRequest, conflict, OPTIMISTIC_LOCK_MESSAGE, statusFor } from '../../api/errors';
import { groupResource } from '../../api/resources';
import { applyDefaults } from '../../api/defaults';
import { rfc3339 } from '../../api/time';
import { decodeObject, fieldValidationOf } from '../../api/validation';
import type { Binding, KubeObject, Pod, Status } from '../../api/types';
import type { Effects } from '../../kernel/component';
import { applyPatch } from '../patch';
import { managerOf, recordApply, recordUpdate, type WriteContext } from '../fieldmanager/managed-fields';
import { APPLY_PATCH } from '../request-options';
import { budgetDecision, checkEviction, evictionGraceSeconds, withDisruptionTarget, type Eviction } from '../registry/eviction';
import { objectKey } from '../registry/keys';
import { resourceForPath } from '../../api/resources';
import { applyScale } from '../registry/scale';
import { applyBinding, namespaceFinalized, prepareForUpdate } from '../registry/strategy';
import type { ApiserverState, RequestContext } from '../state';
import { passed } from '../respond';
import { runAdmission } from './admission';
import { runValidation, VALIDATION } from './validation';

/** `budget`: a PodDisruptionBudget an eviction writes in the same transaction as the pod. */
export type UpdateResult = { obj: KubeObject; budget?: { key: string; obj: KubeObject; modRevision: number } } | { remove: true } | { noop: KubeObject } | { error: Status };

/** The pod's default terminationGracePeriodSeconds (SetDefaults_PodSpec). */
const DEFAULT_GRACE_SECONDS = 30;

/** Who writes, for the field manager. */
export function writeContext(ctx: Effects, rc: RequestContext): WriteContext {
  return { info: rc.ri.info, subresource: rc.ri.subresource, manager: managerOf(rc.msg.body.query, rc.msg.body.userAgent ?? ''), now: ctx.now };
}

export function isApply(rc: RequestContext): boolean {
  return rc.op === 'patch' && (rc.msg.body.contentType ?? '').split(';')[0]!.trim() === APPLY_PATCH;
}

/**
 * A server-side apply's result before decoding: the configuration merged into the live object
 * (undefined: none yet), with its managedFields; or the Status of a bad body or of conflicts.
 */
export function applyConfiguration(ctx: Effects, rc: RequestContext, current: KubeObject | undefined): KubeObject | Status {
  const config = rc.body;
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return badRequest(`error decoding patch: json: cannot unmarshal ${Array.isArray(config) ? 'array' : typeof config === 'string' ? 'string' : 'number'} into Go value of type map[string]interface {}`);
  const cfg = config as KubeObject;
  const meta = (cfg.metadata && typeof cfg.metadata === 'object' ? cfg.metadata : {}) as KubeObject['metadata'];
  // The apply patcher checks the configuration names the object on the URL.
  if (meta.name !== undefined && meta.name !== rc.ri.name) {
    return badRequest(`the name of the object (${String(meta.name)}) does not match the name on the URL (${rc.ri.name})`);
  }
  const named: KubeObject = { ...cfg, metadata: { ...meta, name: rc.ri.name, ...(rc.ri.info.namespaced ? { namespace: rc.ri.namespace } : {}) } };
  const force = rc.msg.body.query?.force === 'true';
  const res = recordApply(writeContext(ctx, rc), current, named, force);
  if ('conflict' in res) return res.conflict;
  rc.managedFields = res.obj.metadata.managedFields;
  return res.obj;
}

function newObject(ctx: Effects, rc: RequestContext, current: KubeObject): KubeObject | Status {
  if (isApply(rc)) {
    const merged = applyConfiguration(ctx, rc, current);
    if (merged.kind === 'Status') return merged;
    return decoded(rc, merged as KubeObject);
  }
  if (rc.op === 'patch') {
    const res = applyPatch(rc.msg.body.contentType, current, rc.body);
    if ('error' in res) return statusFor(415, 'UnsupportedMediaType', res.error);
    if ('badRequest' in res) return badRequest(res.badRequest);
    if ('invalid' in res) return statusFor(422, 'Invalid', res.invalid);
    return decoded(rc, res.result as KubeObject);
  }
  const body = rc.body as KubeObject | undefined;
  if (!body || typeof body !== 'object' || !body.metadata) return badRequest('Object \'Kind\' is missing in \'{}\'');
  if (body.metadata.name && body.metadata.name !== rc.ri.name) {
    return badRequest(`the name of the object (${body.metadata.name}) does not match the name on the URL (${rc.ri.name})`);
  }
  // A client's PUT that names a fieldValidation (kubectl replace, edit) is decoded like a create.
  if (rc.op === 'update' && rc.ri.subresource === '' && rc.msg.body.query?.fieldValidation !== undefined) {
    const d = decodeObject(rc.ri.info, body, fieldValidationOf(rc.msg.body.query));
    if ('status' in d) return d.status;
    rc.warnings = d.warnings;
    return d.obj as KubeObject;
  }
  return body;
}

/**
 * A patched object as the apiserver decodes it (unknown fields and wrong types refused, nulls made
 * Go's zero values, then the scheme's defaults): what kubectl apply, label, annotate, set image
 * and cordon send. A patch may remove what validation needs (`template: null`), so the result is
 * decoded and defaulted like a new object. PUTs and subresources come from the components, which
 * write whole, well-formed objects, and are taken as they are.
 */
function decoded(rc: RequestContext, obj: KubeObject): KubeObject | Status {
  if (rc.op !== 'patch' || rc.ri.subresource !== '') return obj;
  const d = decodeObject(rc.ri.info, obj, fieldValidationOf(rc.msg.body.query), true);
  if ('status' in d) return d.status;
  // Set, not added to: a lost race runs this again on a fresher object.
  rc.warnings = d.warnings;
  return applyDefaults(rc.ri.info, d.obj as KubeObject, false);
}

function admitAndValidate(ctx: Effects, s: ApiserverState, rc: RequestContext, obj: KubeObject, old: KubeObject): UpdateResult {
  const adm = runAdmission(s, {
    operation: 'UPDATE',
    info: rc.ri.info,
    subresource: rc.ri.subresource,
    namespace: rc.ri.namespace,
    name: rc.ri.name,
    object: obj,
    oldObject: old,
    user: rc.user,
  }, () => ctx.rand());
  rc.stages.push(adm.step);
  if (adm.error) return { error: adm.error };
  const result = adm.object ?? obj;
  const invalid = runValidation(rc.ri.info, result, old);
  if (invalid) return { error: invalid };
  rc.stages.push(passed(VALIDATION, 'valid'));
  void ctx;
  return { obj: result };
}

/** The object with the managedFields the write leaves: the apply's, or an Update by the request's manager. */
function managed(ctx: Effects, rc: RequestContext, obj: KubeObject, current: KubeObject): KubeObject {
  if (isApply(rc)) {
    const meta = { ...obj.metadata };
    if (rc.managedFields) meta.managedFields = rc.managedFields;
    else delete meta.managedFields;
    return { ...obj, metadata: meta };
  }
  if (rc.op !== 'update' && rc.op !== 'patch') return obj;
  return recordUpdate(writeContext(ctx, rc), current, obj);
}

/** Graceful deletion of pods (podStrategy.CheckGracefulDelete + rest.BeforeDelete). */
function deletePod(ctx: Effects, rc: RequestContext, pod: Pod): UpdateResult {
  // DeleteOptions.gracePeriodSeconds comes in the body (kubectl) or the query (the kubelet's DELETE).
  const body = (rc.body as { gracePeriodSeconds?: number } | undefined)?.gracePeriodSeconds;
  const q = rc.msg.body.query?.gracePeriodSeconds;
  const asked = typeof body === 'number' ? body : q !== undefined && q !== '' ? Number(q) : undefined;
  let grace = asked ?? pod.spec.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
  // An unscheduled or finished pod has nothing to stop: it goes at once.
  if (!pod.spec.nodeName || pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed') grace = 0;
  if (grace < 0) grace = 1;
  if (grace === 0) return { remove: true };
  const cur = pod.metadata.deletionGracePeriodSeconds;
  // Already terminating with a grace no longer than this one: nothing changes.
  if (pod.metadata.deletionTimestamp && cur !== undefined && cur <= grace) return { noop: pod };
  const meta = { ...pod.metadata, deletionTimestamp: rfc3339(ctx.now + grace * 1000), deletionGracePeriodSeconds: grace };
  return { obj: { ...pod, metadata: meta } };
}

/** The propagation policy of a DELETE, from its DeleteOptions body or its query. */
function propagationPolicy(rc: RequestContext): string | undefined {
  const body = rc.body as { propagationPolicy?: string } | undefined;
  return body?.propagationPolicy ?? rc.msg.body.query?.propagationPolicy;
}

/**
 * Non-pod deletion (rest.BeforeDelete + the store's deletionFinalizersForGarbageCollection): an
 * explicit propagationPolicy replaces the garbage collector's finalizers: Orphan adds `orphan`,
 * Foreground adds `foregroundDeletion` (the owner stays, with deletionTimestamp, until the garbage
 * collector has deleted its blocking dependents), Background removes both. An object with
 * finalizers is only marked (deletionTimestamp) and goes once an update empties them.
 */
function deleteWithFinalizers(ctx: Effects, rc: RequestContext, current: KubeObject): UpdateResult {
  const policy = propagationPolicy(rc);
  const gcFinalizers: Record<string, string | undefined> = { Orphan: 'orphan', Foreground: 'foregroundDeletion', Background: undefined };
  let finalizers = [...(current.metadata.finalizers ?? [])];
  if (policy !== undefined && policy in gcFinalizers) {
    finalizers = finalizers.filter((f) => f !== 'orphan' && f !== 'foregroundDeletion');
    const add = gcFinalizers[policy];
    if (add) finalizers.push(add);
  }
  if (finalizers.length === 0) return { remove: true };
  const same = finalizers.length === (current.metadata.finalizers ?? []).length && finalizers.every((f) => current.metadata.finalizers?.includes(f));
  if (current.metadata.deletionTimestamp && same) return { noop: current };
  const meta = { ...current.metadata, finalizers, deletionTimestamp: current.metadata.deletionTimestamp ?? rfc3339(ctx.now), deletionGracePeriodSeconds: 0 };
  return { obj: { ...current, metadata: meta } };
}

/** The namespace's PodDisruptionBudgets: the watch cache's, with the one etcd returned after a lost race. */
function budgetsOf(s: ApiserverState, rc: RequestContext): { obj: KubeObject; modRevision: number }[] {
  const out: { obj: KubeObject; modRevision: number }[] = [];
  for (const c of s.cache.get('poddisruptionbudgets')?.objects.values() ?? []) {
    if (c.obj.metadata.namespace !== rc.ri.namespace) continue;
    const fresh = rc.budget && rc.budget.obj.metadata.name === c.obj.metadata.name ? rc.budget : c;
    out.push(fresh);
  }
  return out;
}

/**
 * pods/eviction: admission sees the Eviction being created on pods/eviction; then the pod's
 * PodDisruptionBudget decides (registry/eviction.ts budgetDecision), and the pod is deleted
 * gracefully with the Eviction's DeleteOptions, its budget's status decremented in the same write.
 */
function evict(ctx: Effects, s: ApiserverState, rc: RequestContext, pod: Pod): UpdateResult {
  const ev = checkEviction(rc.body, rc.ri.name);
  if (ev.kind === 'Status') return { error: ev as Status };
  const adm = runAdmission(s, {
    operation: 'CREATE',
    info: rc.ri.info,
    subresource: 'eviction',
    namespace: rc.ri.namespace,
    name: rc.ri.name,
    object: ev as KubeObject,
    user: rc.user,
  }, () => ctx.rand());
  rc.stages.push(adm.step);
  if (adm.error) return { error: adm.error };
  const budgets = budgetsOf(s, rc);
  const decision = budgetDecision(pod, budgets.map((b) => b.obj), ctx.now);
  if (decision.t === 'error') return { error: decision.status };
  // The Eviction's DeleteOptions are the delete's options.
  const res = deletePod(ctx, { ...rc, body: { gracePeriodSeconds: evictionGraceSeconds(ev as Eviction) } }, pod);
  if (!('obj' in res)) return res;
  const out: UpdateResult = { obj: withDisruptionTarget(res.obj as Pod, ctx.now) };
  if (decision.t === 'decrement') {
    const name = decision.budget.metadata.name ?? '';
    const held = budgets.find((b) => b.obj.metadata.name === name)!;
    const info = resourceForPath('policy', 'v1', 'poddisruptionbudgets')!;
    out.budget = { key: objectKey(info, rc.ri.namespace, name), obj: decision.budget, modRevision: held.modRevision };
  }
  return out;
}

/**
 * Namespace deletion (pkg/registry/core/namespace/storage REST.Delete): the first DELETE sets
 * deletionTimestamp and status.phase Terminating and keeps the object while spec.finalizers holds
 * `kubernetes`; the namespace controller empties the namespace and then finalizes it.
 */
function deleteNamespace(ctx: Effects, current: KubeObject): UpdateResult {
  if (!current.metadata.deletionTimestamp) {
    const meta = { ...current.metadata, deletionTimestamp: rfc3339(ctx.now), deletionGracePeriodSeconds: 0 };
    return { obj: { ...current, metadata: meta, status: { ...(current.status as object | undefined), phase: 'Terminating' } } };
  }
  return namespaceFinalized(current) ? { remove: true } : { noop: current };
}

export function tryUpdate(ctx: Effects, s: ApiserverState, rc: RequestContext, current: KubeObject): UpdateResult {
  const gr = groupResource(rc.ri.info);
  if (rc.op === 'delete') {
    const adm = runAdmission(s, {
      operation: 'DELETE',
      info: rc.ri.info,
      subresource: '',
      namespace: rc.ri.namespace,
      name: rc.ri.name,
      oldObject: current,
      user: rc.user,
    }, () => ctx.rand());
    rc.stages.push(adm.step);
    if (adm.error) return { error: adm.error };
    if (rc.ri.info.resource === 'pods') return deletePod(ctx, rc, current as Pod);
    if (rc.ri.info.resource === 'namespaces') return deleteNamespace(ctx, current);
    return deleteWithFinalizers(ctx, rc, current);
  }
  if (rc.op === 'eviction') return evict(ctx, s, rc, current as Pod);
  if (rc.op === 'binding') {
    // Admission sees the Binding being created on pods/binding; BindingREST then writes through
    // GuaranteedUpdate directly, without pod update validation (which forbids changing spec.nodeName).
    const adm = runAdmission(s, {
      operation: 'CREATE',
      info: rc.ri.info,
      subresource: 'binding',
      namespace: rc.ri.namespace,
      name: rc.ri.name,
      object: rc.body as KubeObject,
      user: rc.user,
    }, () => ctx.rand());
    rc.stages.push(adm.step);
    if (adm.error) return { error: adm.error };
    const res = applyBinding(current as Pod, rc.body as Binding, ctx.now);
    if (res.kind === 'Status') return { error: res as Status };
    return { obj: res as Pod };
  }
  const next = newObject(ctx, rc, current);
  if (next.kind === 'Status' && (next as Status).status === 'Failure') return { error: next as Status };
  const obj = rc.ri.subresource === 'scale' && rc.op === 'update' ? applyScale(current, next as KubeObject) : (next as KubeObject);
  const rv = obj.metadata?.resourceVersion;
  // The optimistic-concurrency precondition: a resourceVersion that is not the stored one loses.
  if (rv && rv !== current.metadata.resourceVersion) return { error: conflict(gr, rc.ri.name, OPTIMISTIC_LOCK_MESSAGE) };
  // A scale write is an update of the main resource (ScaleREST updates the Deployment itself).
  const sub = rc.ri.subresource === 'scale' ? '' : rc.ri.subresource;
  const prepared = managed(ctx, rc, prepareForUpdate(rc.ri.info, sub, obj, current), current);
  const res = admitAndValidate(ctx, s, rc, prepared, current);
  // An update that empties the finalizers of an object being deleted deletes it.
  if ('obj' in res && res.obj.metadata.deletionTimestamp && (res.obj.metadata.finalizers ?? []).length === 0 && rc.ri.info.resource !== 'pods') {
    // A namespace also waits for its spec.finalizers (ShouldDeleteNamespaceDuringUpdate).
    if (rc.ri.info.resource !== 'namespaces' || namespaceFinalized(res.obj)) return { remove: true };
  }
  return res;
}
