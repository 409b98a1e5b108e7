// Stage 5, Storage: the generic registry over etcd (k8s.io/apiserver/pkg/registry/generic/registry
// and storage/etcd3). Reads go to etcd (a collection's through the cacher: list.ts); a create is a
// Txn that succeeds only if the key has never been written (mod_revision = 0); every update and
// delete is GuaranteedUpdate: work from the cached object, write with a Txn guarded by its
// mod_revision, and on a lost race read the current object and try again, so a stale
// resourceVersion answers 409 Conflict.

import { sortKeysDeep } from '../../api/defaults';
import { sameJson } from '../../api/json-equal';
import { alreadyExists, conflict, internalError, notFound, OPTIMISTIC_LOCK_MESSAGE, statusFor } from '../../api/errors';
import { apiVersionOf, groupResource, type ResourceInfo } from '../../api/resources';
import { waitForDefaultServiceAccount } from './service-account-wait';
import type { KubeList, KubeObject, Status } from '../../api/types';
import type { Effects } from '../../kernel/component';
import {
  cmpModRevision,
  opDelete,
  opPut,
  opRange,
  opTxn,
  type EtcdError,
  type RangeResponse,
  type TxnResponse,
} from '../../etcd/protocol';
import { etcdCall, type EtcdOutcome } from '../etcdclient';
import { objectKey, cacheKeyOf } from '../registry/keys';
import { allocateServiceAddresses, usedAddresses } from '../registry/service-alloc';
import { toScale } from '../registry/scale';
import { prepareForCreate } from '../registry/strategy';
import { passed, respond } from '../respond';
import { maybeTable } from '../table';
import type { ApiserverState, RequestContext, RequestStep, WriteOp } from '../state';
import { objectFromKv } from '../watchcache';
import { onLeaseGrant, ttlSecondsOf, writeWithLease } from '../lease-manager';
import { admissionRejected, admissionStepAfterWebhooks, runAdmission, runMutatingAdmission, runValidatingAdmission } from './admission';
import type { AdmissionAttributes } from '../admission';
import type { QuotaCharge } from '../admission/resource-quota';
import { anyWebhooks, wantsWebhooks } from '../webhooks/match';
import { startWebhooks, type AdmissionDone, type ContinuationTable } from '../webhooks/dispatch';
import { chargeQuotas } from '../quota-charge';
import { applyConfiguration, isApply, tryUpdate, writeContext, type UpdateResult } from './update';
import { recordUpdate } from '../fieldmanager/managed-fields';
import { decodeBody, runValidation, VALIDATION } from './validation';
import { fieldValidationOf } from '../../api/validation';

export const STORAGE = 'Storage';
/** The audit line's mark on a dryRun=All write: everything ran but nothing was stored. */
const DRY_RUN = 'DryRun';
/** GuaranteedUpdate gives up after this many lost races (the real one retries without bound). */
const MAX_ATTEMPTS = 5;

function gr(rc: RequestContext): { group: string; resource: string } {
  return groupResource(rc.ri.info);
}

function keyOf(rc: RequestContext): string {
  return objectKey(rc.ri.info, rc.ri.namespace, rc.ri.name);
}

export function call(ctx: Effects, s: ApiserverState, rc: RequestContext, req: Parameters<typeof etcdCall>[2], step: RequestStep, summary: string): void {
  s.requests.set(rc.msg.id, rc);
  etcdCall(ctx, s.etcd, req, { kind: 'request', requestId: rc.msg.id, step }, summary);
}

/** A write that stores the object: with an etcd lease when its resource has a TTL (events, --event-ttl). */
function store(ctx: Effects, s: ApiserverState, rc: RequestContext, req: Parameters<typeof etcdCall>[2], step: RequestStep, summary: string): void {
  const ttl = ttlSecondsOf(s, rc.ri.info.resource);
  if (ttl === undefined) return call(ctx, s, rc, req, step, summary);
  writeWithLease(ctx, s, rc, { request: req, step, summary }, ttl);
}

/** Served objects carry apiVersion and kind (list items too). */
export function typed(info: ResourceInfo, obj: KubeObject): KubeObject {
  if (obj.apiVersion && obj.kind) return obj;
  return { ...obj, apiVersion: apiVersionOf(info), kind: info.kind };
}

/** What goes into etcd: the object without its resourceVersion (etcd's mod revision is the version). */
function stored(obj: KubeObject): Record<string, unknown> {
  const meta = { ...obj.metadata };
  delete meta.resourceVersion;
  return { ...obj, metadata: meta };
}

export function startGet(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  call(ctx, s, rc, opRange(keyOf(rc)), 'get', `Range ${keyOf(rc)}`);
}

/** What a GET or LIST answers: the object or list, or its Table when the client asked for one. */
export function printed(ctx: Effects, rc: RequestContext, body: KubeObject | KubeList): unknown {
  return maybeTable(rc.ri.info, body, rc.msg.body.accept, rc.msg.body.query?.includeObject, ctx.now);
}

/**
 * A create: POST, or a server-side apply of an object that does not exist yet (`applied`, the
 * configuration merged into nothing, its managedFields already set).
 */
export function startCreate(ctx: Effects, s: ApiserverState, rc: RequestContext, applied?: KubeObject): void {
  const info = rc.ri.info;
  const decoded = decodeBody(info, applied ?? rc.msg.body.body, fieldValidationOf(rc.msg.body.query));
  if (!('obj' in decoded)) return respond(ctx, rc, decoded.code, decoded, VALIDATION);
  rc.warnings = decoded.warnings;
  let obj = typed(info, decoded.obj);
  // The field manager records the create as an Update by the request's manager (handlers/create.go).
  if (!applied) obj = recordUpdate(writeContext(ctx, rc), undefined, obj);
  if (info.namespaced && obj.metadata?.namespace && obj.metadata.namespace !== rc.ri.namespace) {
    const st = statusFor(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
    return respond(ctx, rc, 400, st, VALIDATION);
  }
  const input: AdmissionAttributes = { operation: 'CREATE', info, subresource: '', namespace: rc.ri.namespace, name: obj.metadata?.name ?? '', object: obj, user: rc.user };
  if (anyWebhooks(s) && wantsWebhooks(s, input, obj)) return admitWithWebhooks(ctx, s, rc, input, obj, applied);
  const adm = runAdmission(s, input, () => ctx.rand());
  if (adm.error?.code === 403 && !applied && waitForDefaultServiceAccount(ctx, s, rc, obj)) return;
  rc.stages.push(adm.step);
  if (adm.error) return respond(ctx, rc, adm.error.code, adm.error);
  finishCreate(ctx, s, rc, adm.object ?? obj, adm.charges);
}

/** A create some webhook wants to see: the built-in mutating plugins, then the webhooks (webhooks/dispatch.ts). */
function admitWithWebhooks(ctx: Effects, s: ApiserverState, rc: RequestContext, input: AdmissionAttributes, obj: KubeObject, applied: KubeObject | undefined): void {
  const m = runMutatingAdmission(s, input, () => ctx.rand());
  if (m.error?.code === 403 && !applied && waitForDefaultServiceAccount(ctx, s, rc, obj)) return;
  if (m.error) {
    rc.stages.push(m.step!);
    return respond(ctx, rc, m.error.code, m.error);
  }
  const object = m.object ?? obj;
  if (!startWebhooks(ctx, s, rc, 'create', input, object, isDryRun(rc), m.notes, WEBHOOK_CONTINUATIONS)) {
    // No webhook matched after all: the validating plugins, as runAdmission would have run them.
    WEBHOOK_CONTINUATIONS.create.validateAndFinish(ctx, s, rc, object, m.notes);
  }
}

/** Everything a create does after admission: defaults the registry fills in, validation, storage. */
function finishCreate(ctx: Effects, s: ApiserverState, rc: RequestContext, admitted: KubeObject, charges: QuotaCharge[] | undefined): void {
  const info = rc.ri.info;
  let prepared = prepareForCreate(info, admitted, { now: ctx.now, rand: () => ctx.rand(), namespace: rc.ri.namespace });
  if (info.resource === 'services') {
    const allocated = allocateServiceAddresses(prepared, usedAddresses(servicesHeld(s)), () => ctx.rand());
    if (allocated.kind === 'Status') return respond(ctx, rc, (allocated as Status).code, allocated, STORAGE);
    prepared = sortKeysDeep(allocated as KubeObject);
  }
  const invalid = runValidation(info, prepared);
  if (!invalid && !prepared.metadata.name) {
    const st = statusFor(422, 'Invalid', `${info.kind} "" is invalid: metadata.name: Required value: name or generateName is required`);
    return respond(ctx, rc, 422, st, VALIDATION);
  }
  if (invalid) return respond(ctx, rc, invalid.code, invalid, VALIDATION);
  rc.stages.push(passed(VALIDATION, 'valid'));
  rc.object = prepared;
  if (charges?.length) chargeQuotas(ctx, s, charges);
  const key = objectKey(info, rc.ri.namespace, prepared.metadata.name!);
  // dryRun=All (DryRunnableStorage.Create): look for the key, answer with the object, store nothing.
  if (isDryRun(rc)) return call(ctx, s, rc, opRange(key), 'dry-run-create', `Range ${key} (dry run)`);
  const txn = opTxn([cmpModRevision(key, '=', 0)], [opPut(key, stored(prepared))], []);
  store(ctx, s, rc, txn, 'create', `Txn create ${key}`);
}

/** The reinvocation round's built-in mutating plugins, on the object the webhooks left. */
function remutate(ctx: Effects, s: ApiserverState, rc: RequestContext, object: KubeObject): { object?: KubeObject; error?: Status; rejectedBy?: string } {
  const m = runMutatingAdmission(s, { ...rc.webhooks!.attrs, object }, () => ctx.rand());
  return m.error ? { error: m.error, rejectedBy: m.step?.text.replace(/^rejected by (.*) \(\d+\)$/, '$1') } : { object: m.object ?? object };
}

/** What a held request does once its webhooks have answered (webhooks/dispatch.ts). */
export const WEBHOOK_CONTINUATIONS = {
  create: {
    remutateBuiltIn: remutate,
    validateBuiltIn(ctx: Effects, s: ApiserverState, rc: RequestContext, object: KubeObject) {
      return runValidatingAdmission(s, rc.webhooks!.attrs, object, () => ctx.rand());
    },
    /** The validating plugins and the rest of the create, for a create no webhook wanted after all. */
    validateAndFinish(ctx: Effects, s: ApiserverState, rc: RequestContext, object: KubeObject, notes: string[]) {
      const v = runValidatingAdmission(s, { operation: 'CREATE', info: rc.ri.info, subresource: '', namespace: rc.ri.namespace, name: object.metadata.name ?? '', object, user: rc.user }, object, () => ctx.rand());
      if (v.error) {
        rc.stages.push(admissionRejected(v.rejectedBy!, v.error));
        return respond(ctx, rc, v.error.code, v.error);
      }
      rc.stages.push(admissionStepAfterWebhooks(notes, notes.length > 0));
      finishCreate(ctx, s, rc, object, v.charges);
    },
    done(ctx: Effects, s: ApiserverState, rc: RequestContext, r: AdmissionDone) {
      rc.stages.push(admissionStepAfterWebhooks(r.notes, r.changed));
      finishCreate(ctx, s, rc, r.object, r.charges);
    },
    failed(ctx: Effects, s: ApiserverState, rc: RequestContext, error: Status, by: string) {
      void s;
      rc.stages.push(admissionRejected(by, error));
      respond(ctx, rc, error.code, error);
    },
  },
  update: {
    remutateBuiltIn: remutate,
    validateBuiltIn() {
      return {};
    },
    done(ctx: Effects, s: ApiserverState, rc: RequestContext, r: AdmissionDone) {
      rc.stages.push(admissionStepAfterWebhooks(r.notes, r.changed));
      const cur = rc.current!;
      if (r.changed) {
        const invalid = runValidation(rc.ri.info, r.object, cur.obj);
        if (invalid) return respond(ctx, rc, invalid.code, invalid, VALIDATION);
      }
      writeUpdated(ctx, s, rc, { obj: r.object });
    },
    failed(ctx: Effects, s: ApiserverState, rc: RequestContext, error: Status, by: string) {
      void s;
      rc.stages.push(admissionRejected(by, error));
      respond(ctx, rc, error.code, error);
    },
  },
} satisfies ContinuationTable & { create: { validateAndFinish: unknown } };

/** The Services whose addresses are taken: stored ones (the watch cache) and creates still in flight. */
function* servicesHeld(s: ApiserverState): Iterable<KubeObject> {
  for (const c of s.cache.get('services')?.objects.values() ?? []) yield c.obj;
  for (const rc of s.requests.values()) if (rc.ri.info.resource === 'services' && rc.object && !rc.op) yield rc.object;
}

/** Begin an update, patch, binding or delete: from the watch cache if it holds the object, else from etcd. */
export function startWrite(ctx: Effects, s: ApiserverState, rc: RequestContext, op: WriteOp): void {
  rc.op = op;
  rc.body = rc.msg.body.body;
  const cached = s.cache.get(rc.ri.info.resource)?.objects.get(cacheKeyOf(rc.ri.info.namespaced ? rc.ri.namespace : '', rc.ri.name));
  if (cached) {
    rc.current = { obj: cached.obj, modRevision: cached.modRevision, fromCache: true };
    return attemptWrite(ctx, s, rc);
  }
  call(ctx, s, rc, opRange(keyOf(rc)), 'load', `Range ${keyOf(rc)}`);
}

function attemptWrite(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const cur = rc.current!;
  rc.attemptFrom ??= rc.stages.length;
  const res = tryUpdate(ctx, s, rc, cur.obj);
  const key = keyOf(rc);
  if ('error' in res) {
    // The cached object may be stale: re-read it from etcd before believing the error (etcd3 store's GuaranteedUpdate).
    if (cur.fromCache) {
      tryAgain(rc, `${res.error.code} on the cached object: read it from etcd and tried again`);
      return void call(ctx, s, rc, opRange(key), 'load', `Range ${key}`);
    }
    return respond(ctx, rc, res.error.code, res.error, STORAGE);
  }
  if ('obj' in res && (rc.op === 'update' || rc.op === 'patch') && anyWebhooks(s)) {
    const attrs: AdmissionAttributes = { operation: 'UPDATE', info: rc.ri.info, subresource: rc.ri.subresource, namespace: rc.ri.namespace, name: rc.ri.name, object: res.obj, oldObject: cur.obj, user: rc.user };
    if (startWebhooks(ctx, s, rc, 'update', attrs, res.obj, isDryRun(rc), [], WEBHOOK_CONTINUATIONS)) return;
  }
  writeUpdated(ctx, s, rc, res);
}

/** The write an update, patch, delete or eviction decided on (after its webhooks, if any). */
function writeUpdated(ctx: Effects, s: ApiserverState, rc: RequestContext, res: Exclude<UpdateResult, { error: Status }>): void {
  const cur = rc.current!;
  const key = keyOf(rc);
  if ('noop' in res) return respond(ctx, rc, rc.op === 'eviction' ? 201 : 200, rc.op === 'eviction' ? successStatus() : res.noop, STORAGE);
  if (isDryRun(rc)) return dryRunWrite(ctx, rc, res);
  // etcd3 store's GuaranteedUpdate: an update that leaves the stored bytes as they are writes nothing
  // and answers with the object unchanged (same resourceVersion): `kubectl patch` says `(no change)`.
  if ('obj' in res && (rc.op === 'patch' || rc.op === 'update') && sameStored(res.obj, cur.obj)) {
    return respond(ctx, rc, 200, typed(rc.ri.info, cur.obj), STORAGE);
  }
  const guard = [cmpModRevision(key, '=', cur.modRevision)];
  if ('remove' in res) {
    rc.graceful = false;
    // An update that removed the object (its last finalizer gone) answers with the object.
    if (rc.op !== 'delete') rc.object = cur.obj;
    const txn = opTxn(guard, [opDelete(key, { prevKv: true })], [opRange(key)]);
    return call(ctx, s, rc, txn, 'write', `Txn delete ${key}`);
  }
  rc.graceful = rc.op === 'delete';
  rc.object = res.obj;
  if (res.budget) {
    // An eviction that spends a disruption: the budget's status and the pod change together, each
    // guarded by its revision; a lost race re-reads both.
    const b = res.budget;
    const both = opTxn([...guard, cmpModRevision(b.key, '=', b.modRevision)], [opPut(key, stored(res.obj)), opPut(b.key, stored(b.obj))], [opRange(key), opRange(b.key)]);
    return store(ctx, s, rc, both, 'write', `Txn graceful delete ${key} + update ${b.key}`);
  }
  const txn = opTxn(guard, [opPut(key, stored(res.obj))], [opRange(key)]);
  store(ctx, s, rc, txn, 'write', `Txn ${rc.op === 'delete' || rc.op === 'eviction' ? 'graceful delete' : 'update'} ${key}`);
}

function sameStored(a: KubeObject, b: KubeObject): boolean {
  return sameJson(stored(a), stored(b), (x, y) => JSON.stringify(sortKeysDeep(x)) === JSON.stringify(sortKeysDeep(y)));
}

/**
 * `?dryRun=All` (apiserver/pkg/registry/generic/registry/dryrun.go): the request runs admission and
 * validation as any other, and storage answers as if it had written, without writing.
 */
export function isDryRun(rc: RequestContext): boolean {
  return rc.msg.body.query?.dryRun === 'All';
}

/** DryRunnableStorage.GuaranteedUpdate and Delete: what a real write would answer, with nothing stored. */
function dryRunWrite(ctx: Effects, rc: RequestContext, res: { obj: KubeObject } | { remove: true }): void {
  rc.stages.push(passed(DRY_RUN, 'not persisted'));
  if (rc.op === 'eviction') return respond(ctx, rc, 201, successStatus(), STORAGE);
  if ('remove' in res) {
    if (rc.op === 'delete') {
      const a = deleteAnswer(rc, rc.current!.obj);
      return respond(ctx, rc, a.code, a.body, STORAGE);
    }
    return respond(ctx, rc, 200, rc.current!.obj, STORAGE);
  }
  const obj = rc.ri.subresource === 'scale' ? toScale(res.obj) : res.obj;
  respond(ctx, rc, rc.op === 'binding' ? 201 : 200, rc.op === 'binding' ? successStatus() : obj, STORAGE);
}

function deleteAnswer(rc: RequestContext, last: KubeObject): { code: number; body: unknown } {
  // Pods (and namespaces) answer a delete with the object; other resources with a Success Status.
  if (rc.ri.info.resource === 'pods' || rc.ri.info.resource === 'namespaces') return { code: 200, body: last };
  const st: Status = {
    apiVersion: 'v1',
    kind: 'Status',
    metadata: {},
    status: 'Success',
    details: { name: rc.ri.name, group: rc.ri.info.group || undefined, kind: rc.ri.info.resource, uid: last.metadata.uid },
    code: 200,
  };
  delete (st as { code?: number }).code;
  return { code: 200, body: st };
}

function onWrite(ctx: Effects, s: ApiserverState, rc: RequestContext, txn: TxnResponse, revision: number): void {
  if (txn.succeeded) {
    // pods/eviction answers like pods/binding: 201 and a Success Status, whether the pod went at once or is terminating.
    if (rc.op === 'eviction') return respond(ctx, rc, 201, successStatus(), STORAGE);
    if (rc.op === 'delete' && !rc.graceful) {
      const a = deleteAnswer(rc, rc.current!.obj);
      return respond(ctx, rc, a.code, a.body, STORAGE);
    }
    const written = { ...rc.object!, metadata: { ...rc.object!.metadata, resourceVersion: String(revision) } };
    const obj = rc.ri.subresource === 'scale' ? toScale(written) : written;
    return respond(ctx, rc, rc.op === 'binding' ? 201 : 200, rc.op === 'binding' ? successStatus() : obj, STORAGE);
  }
  // Lost the race: another write got there first. Work from what is stored now.
  const range = txn.responses[0] as RangeResponse | undefined;
  const kv = range?.kvs[0];
  if (!kv) return respond(ctx, rc, 404, notFound(gr(rc), rc.ri.name), STORAGE);
  rc.attempts++;
  const budgetKv = rc.op === 'eviction' ? (txn.responses[1] as RangeResponse | undefined)?.kvs[0] : undefined;
  if (budgetKv) rc.budget = { obj: objectFromKv(budgetKv), modRevision: budgetKv.modRevision };
  if (rc.attempts >= MAX_ATTEMPTS) return respond(ctx, rc, 409, conflict(gr(rc), rc.ri.name, OPTIMISTIC_LOCK_MESSAGE), STORAGE);
  rc.current = { obj: objectFromKv(kv), modRevision: kv.modRevision, fromCache: false };
  tryAgain(rc, `conflict: the object changed since it was read; retried on the stored one (attempt ${rc.attempts + 1})`);
  attemptWrite(ctx, s, rc);
}

/**
 * GuaranteedUpdate runs tryUpdate again inside the same request (etcd3 store.go: after a failed
 * compare, "GuaranteedUpdate of %s failed because of a conflict, going to retry"; after an error
 * on a cached object, with the object read from etcd), so admission and validation run again. The
 * request's steps keep the attempt that answered, after one step that says why it is not the first,
 * instead of every attempt's steps one after another: a record stays the same size however many
 * races it lost. The step names no key or revision, so respond.ts can share its array.
 */
function tryAgain(rc: RequestContext, why: string): void {
  rc.stages.length = rc.attemptFrom ?? rc.stages.length;
  rc.stages.push(passed(STORAGE, why));
}

/** pods/binding answers 201 with a Success Status. */
function successStatus(): Status {
  const st = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 } as Status;
  return st;
}

export function etcdFailure(e: EtcdError): Status {
  // Non-Status errors pass through as 500 with an empty reason (responsewriters/status.go).
  return internalError(e.message);
}

/** Continue a request with the etcd answer for one of its steps. */
export function storageOnEtcd(ctx: Effects, s: ApiserverState, rc: RequestContext, step: RequestStep, out: EtcdOutcome): void {
  // A LeaseGrant answers every write that waited for it, this request's among them.
  if (step === 'lease') return onLeaseGrant(ctx, s, out);
  s.requests.delete(rc.msg.id);
  if ('error' in out) return respond(ctx, rc, 500, etcdFailure(out.error), STORAGE);
  const r = out.response;
  const info = rc.ri.info;
  switch (step) {
    case 'get': {
      const kv = (r.result as RangeResponse).kvs[0];
      if (!kv) return respond(ctx, rc, 404, notFound(gr(rc), rc.ri.name), STORAGE);
      const obj = typed(info, objectFromKv(kv));
      if (rc.ri.subresource === 'scale') return respond(ctx, rc, 200, toScale(obj), STORAGE);
      return respond(ctx, rc, 200, printed(ctx, rc, obj), STORAGE);
    }
    case 'create': {
      const txn = r.result as TxnResponse;
      const obj = rc.object!;
      if (!txn.succeeded) return respond(ctx, rc, 409, alreadyExists(gr(rc), obj.metadata.name!), STORAGE);
      return respond(ctx, rc, 201, { ...obj, metadata: { ...obj.metadata, resourceVersion: String(r.header.revision) } }, STORAGE);
    }
    case 'dry-run-create': {
      const obj = rc.object!;
      if ((r.result as RangeResponse).kvs[0]) return respond(ctx, rc, 409, alreadyExists(gr(rc), obj.metadata.name!), STORAGE);
      rc.stages.push(passed(DRY_RUN, 'not persisted'));
      return respond(ctx, rc, 201, obj, STORAGE);
    }
    case 'load': {
      const kv = (r.result as RangeResponse).kvs[0];
      // A server-side apply of a missing object creates it (the patcher's forceAllowCreate).
      if (!kv && isApply(rc) && rc.ri.subresource === '') return applyCreate(ctx, s, rc);
      if (!kv) return respond(ctx, rc, 404, notFound(gr(rc), rc.ri.name), STORAGE);
      rc.current = { obj: typed(info, objectFromKv(kv)), modRevision: kv.modRevision, fromCache: false };
      return attemptWrite(ctx, s, rc);
    }
    case 'write':
      return onWrite(ctx, s, rc, r.result as TxnResponse, r.header.revision);
  }
}

function applyCreate(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const res = applyConfiguration(ctx, rc, undefined);
  if (res.kind === 'Status') return respond(ctx, rc, (res as Status).code, res, STORAGE);
  rc.op = undefined;
  startCreate(ctx, s, rc, res as KubeObject);
}
