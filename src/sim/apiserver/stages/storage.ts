// Stage 5, Storage: the generic registry over etcd (k8s.io/apiserver/pkg/registry/generic/registry
// and storage/etcd3). Reads go to etcd; a create is a Txn that succeeds only if the key has never
// been written (mod_revision = 0); every update and delete is GuaranteedUpdate: work from the cached
// object, write with a Txn guarded by its mod_revision, and on a lost race read the current object
// and try again, so a stale resourceVersion answers 409 Conflict.

import { sortKeysDeep } from '../../api/defaults';
import { sameJson } from '../../api/json-equal';
import { alreadyExists, conflict, internalError, notFound, OPTIMISTIC_LOCK_MESSAGE, statusFor } from '../../api/errors';
import { checkFieldSelector, matchesFields, parseFieldSelector, type FieldSelector } from '../../api/fields';
import { parseSelector, SelectorError, selectorMatches, type Selector } from '../../api/labels';
import { apiVersionOf, groupResource, type ResourceInfo } from '../../api/resources';
import { waitForDefaultServiceAccount } from './service-account-wait';
import type { KubeList, KubeObject, Status } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import {
  cmpModRevision,
  opDelete,
  opPut,
  opRange,
  opRangePrefix,
  opTxn,
  type EtcdError,
  type RangeResponse,
  type TxnResponse,
} from '../../etcd/protocol';
import { etcdCall, type EtcdOutcome } from '../etcdclient';
import { collectionKey, objectKey, cacheKeyOf } from '../registry/keys';
import { allocateServiceAddresses, usedAddresses } from '../registry/service-alloc';
import { toScale } from '../registry/scale';
import { prepareForCreate } from '../registry/strategy';
import { passed, respond } from '../respond';
import { maybeTable } from '../table';
import type { ApiserverState, RequestContext, RequestStep, WriteOp } from '../state';
import { listedObjectFromKv, objectFromKv } from '../watchcache';
import { onLeaseGrant, ttlSecondsOf, writeWithLease } from '../lease-manager';
import { admissionRejected, admissionStepAfterWebhooks, runAdmission, runMutatingAdmission, runValidatingAdmission } from './admission';
import type { AdmissionAttributes } from '../admission';
import type { QuotaCharge } from '../admission/resource-quota';
import { anyWebhooks, wantsWebhooks } from '../webhooks/match';
import { startWebhooks, type AdmissionDone, type ContinuationTable } from '../webhooks/dispatch';
import { chargeQuotas } from '../quota-charge';
import { deleteListed } from '../delete-collection';
import { requestProgressWhileWaiting, stopProgressRequests } from '../watch-progress';
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

function call(ctx: Effects, s: ApiserverState, rc: RequestContext, req: Parameters<typeof etcdCall>[2], step: RequestStep, summary: string): void {
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

/** Parse the list's selectors up front: a bad one is a 400 before any etcd traffic. */
export function selectorsOf(rc: RequestContext): { labels: Selector; fields: FieldSelector } | Status {
  const q = rc.msg.body.query ?? {};
  const labels = parseLabelSelectorParam(q.labelSelector ?? '');
  if (typeof labels === 'string') return statusFor(400, 'BadRequest', labels);
  const fields = parseFieldSelector(q.fieldSelector ?? '');
  if (typeof fields === 'string') return statusFor(400, 'BadRequest', fields);
  const bad = checkFieldSelector(rc.ri.info.resource, rc.ri.info.namespaced, fields);
  if (bad) return statusFor(400, 'BadRequest', bad);
  return { labels, fields };
}

/**
 * The labelSelector query parameter: the apiserver's parameter decoding calls labels.Parse and
 * answers 400 BadRequest with its error text unchanged (`unable to parse requirement: ...`).
 */
function parseLabelSelectorParam(selector: string): Selector | string {
  try {
    return parseSelector(selector);
  } catch (e) {
    if (e instanceof SelectorError) return e.message;
    throw e;
  }
}

/**
 * LIST. With one resourceVersion ("0", or the version a reflector last saw) the watch cache answers
 * when it is at least that fresh (cacher.GetList): this is how client-go's reflectors list, first
 * with "0" and again after a broken watch with their last version, so they can list while etcd has
 * no quorum. With none it is a consistent read. ConsistentListFromCache (KEP-2340, beta and on by
 * default in v1.31) serves it from the watch cache too, kubectl get's limit=500 LIST included,
 * unless cacher.go shouldDelegateList sends it to etcd: a continue token, or a resourceVersionMatch
 * other than NotOlderThan. The cache first asks etcd for its current revision
 * (storage.GetCurrentResourceVersionFromStorage: a LIST of the resource's prefix key with limit 1,
 * not recursive, i.e. a Range of that one key) and answers once it has seen that revision
 * (watchCache.waitUntilFreshAndBlock). Otherwise it is a quorum Range of the collection.
 */
export function startList(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, STORAGE);
  const q = rc.msg.body.query ?? {};
  const rv = q.resourceVersion ?? '';
  if (rv !== '' && Number(rv) <= s.revision) {
    rc.stages.push(passed(STORAGE, `served from the watch cache at revision ${s.revision}`));
    return respond(ctx, rc, 200, printed(ctx, rc, listFromCache(s, rc, sel)), STORAGE);
  }
  if (rv === '' && s.synced) return startConsistentRead(ctx, s, rc);
  readListFromEtcd(ctx, s, rc);
}

/**
 * A read with no resourceVersion (a LIST, or the list a deletecollection deletes): from the watch
 * cache once it has seen etcd's current revision, unless shouldDelegateList sends it to etcd. The
 * answer goes on to answerListed.
 */
export function startConsistentRead(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  if (delegatesConsistentList(rc.msg.body.query ?? {})) return readListFromEtcd(ctx, s, rc);
  const key = collectionKey(rc.ri.info, '').replace(/\/$/, '');
  call(ctx, s, rc, opRange(key, { limit: 1 }), 'current-revision', `Range ${key} (limit 1, current revision)`);
}

/** A quorum Range of the collection's prefix: a LIST etcd answers itself. */
function readListFromEtcd(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const prefix = collectionKey(rc.ri.info, rc.ri.namespace);
  call(ctx, s, rc, opRangePrefix(prefix), 'list', `Range ${prefix} (prefix)`);
}

/** What a read of the collection goes on to: a LIST answers it; a deletecollection deletes its items. */
function answerListed(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList): void {
  if (rc.ri.verb === 'deletecollection') return deleteListed(ctx, s, rc, list);
  respond(ctx, rc, 200, printed(ctx, rc, list), STORAGE);
}

/**
 * cacher.go shouldDelegateList (v1.31) for a consistent read (resourceVersion ""), the feature gate
 * on: a continue token or a resourceVersionMatch other than NotOlderThan goes to etcd. A limit no
 * longer does (v1.31's "cache supports pagination": the cache serves the first page; the simulation
 * pages nowhere, so the whole list comes back, as from etcd).
 */
function delegatesConsistentList(q: Record<string, string>): boolean {
  const match = q.resourceVersionMatch ?? '';
  return (q.continue ?? '') !== '' || (match !== '' && match !== 'NotOlderThan');
}

/**
 * How long a consistent LIST waits for the watch cache (watch_cache.go blockTimeout, 3 s). Past it
 * waitUntilFreshAndBlock returns "Too large resource version" and cacher.go GetList falls back to
 * etcd for a consistent read (the resourceVersion reset to "").
 */
export const CONSISTENT_LIST_BLOCK_MS = 3000;
export const CONSISTENT_LIST_BLOCK_TIMER = 'cacher.consistent-list.block';

/** etcd's current revision came back: the cache answers now if it has seen it, else once it has. */
function onCurrentRevision(ctx: Effects, s: ApiserverState, rc: RequestContext, revision: number): void {
  if (s.revision >= revision) return answerFromFreshCache(ctx, s, rc, revision);
  (s.freshLists ??= []).push({ rc, revision });
  ctx.setTimer(CONSISTENT_LIST_BLOCK_MS, CONSISTENT_LIST_BLOCK_TIMER, rc.msg.id);
  requestProgressWhileWaiting(ctx, s);
}

/** The block timeout: a LIST still waiting for the cache reads etcd instead (the fallback). */
export function onConsistentListBlocked(ctx: Effects, s: ApiserverState, id: MessageId): void {
  const waiting = s.freshLists?.find((w) => w.rc.msg.id === id);
  if (!waiting) return;
  s.freshLists = s.freshLists!.filter((w) => w !== waiting);
  stopProgressRequests(ctx, s);
  const { rc, revision } = waiting;
  rc.stages.push(passed(STORAGE, `watch cache at revision ${s.revision} after ${CONSISTENT_LIST_BLOCK_MS / 1000}s, etcd at ${revision} (Too large resource version): read from etcd`));
  readListFromEtcd(ctx, s, rc);
}

/** After the cache saw more of etcd's watch: the consistent LISTs it is now fresh enough for. */
export function serveFreshLists(ctx: Effects, s: ApiserverState): void {
  const waiting = s.freshLists;
  if (!waiting?.length) return;
  s.freshLists = waiting.filter((w) => s.revision < w.revision);
  stopProgressRequests(ctx, s);
  for (const w of waiting) if (s.revision >= w.revision) answerFromFreshCache(ctx, s, w.rc, w.revision);
}

function answerFromFreshCache(ctx: Effects, s: ApiserverState, rc: RequestContext, revision: number): void {
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, STORAGE);
  rc.stages.push(passed(STORAGE, `served from the watch cache at revision ${s.revision} (etcd at ${revision})`));
  answerListed(ctx, s, rc, listFromCache(s, rc, sel));
}

/** What a GET or LIST answers: the object or list, or its Table when the client asked for one. */
function printed(ctx: Effects, rc: RequestContext, body: KubeObject | KubeList): unknown {
  return maybeTable(rc.ri.info, body, rc.msg.body.accept, rc.msg.body.query?.includeObject, ctx.now);
}

/** The cached objects of the collection in etcd's key order, filtered as listFrom does. */
export function listFromCache(s: ApiserverState, rc: RequestContext, sel: { labels: Selector; fields: FieldSelector }): KubeList {
  const objects = s.cache.get(rc.ri.info.resource)?.objects ?? new Map();
  const ns = rc.ri.namespace;
  const keys = [...objects.keys()].filter((k) => !ns || k.startsWith(`${ns}/`)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const items: KubeObject[] = [];
  for (const k of keys) {
    const obj = typed(rc.ri.info, objects.get(k)!.obj);
    if (!selectorMatches(sel.labels, obj.metadata.labels) || !matchesFields(obj, sel.fields)) continue;
    items.push(obj);
  }
  return { apiVersion: apiVersionOf(rc.ri.info), kind: rc.ri.info.listKind, metadata: { resourceVersion: String(s.revision) }, items };
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
  const res = tryUpdate(ctx, s, rc, cur.obj);
  const key = keyOf(rc);
  if ('error' in res) {
    // The cached object may be stale: re-read it from etcd before believing the error (etcd3 store's GuaranteedUpdate).
    if (cur.fromCache) return void call(ctx, s, rc, opRange(key), 'load', `Range ${key}`);
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
  attemptWrite(ctx, s, rc);
}

/** pods/binding answers 201 with a Success Status. */
function successStatus(): Status {
  const st = { apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Success', code: 201 } as Status;
  return st;
}

function etcdFailure(e: EtcdError): Status {
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
    case 'list':
      return answerListed(ctx, s, rc, listFrom(rc, r.result as RangeResponse, r.header.revision));
    case 'current-revision':
      return onCurrentRevision(ctx, s, rc, r.header.revision);
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

function listFrom(rc: RequestContext, range: RangeResponse, revision: number): KubeList {
  const sel = selectorsOf(rc);
  const items: KubeObject[] = [];
  for (const kv of range.kvs) {
    const obj = typed(rc.ri.info, listedObjectFromKv(kv));
    if ('kind' in sel) break;
    if (!selectorMatches(sel.labels, obj.metadata.labels) || !matchesFields(obj, sel.fields)) continue;
    items.push(obj);
  }
  return { apiVersion: apiVersionOf(rc.ri.info), kind: rc.ri.info.listKind, metadata: { resourceVersion: String(revision) }, items };
}
