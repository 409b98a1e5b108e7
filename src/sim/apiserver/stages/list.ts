// Stage 5, Storage, for a collection: the cacher's GetList (k8s.io/apiserver/pkg/storage/cacher) and
// the quorum Range it falls back to. A LIST and the list a deletecollection deletes are read here alike;
// what each does with the list is the caller's (ListedContinuations), so this file does not know
// deletecollection and delete-collection.ts can read through it without an import cycle.

import { checkFieldSelector, matchesFields, parseFieldSelector, type FieldSelector } from '../../api/fields';
import { parseSelector, SelectorError, selectorMatches, type Selector } from '../../api/labels';
import { statusFor } from '../../api/errors';
import { apiVersionOf } from '../../api/resources';
import type { KubeList, KubeObject, Status } from '../../api/types';
import { opRange, opRangePrefix, type RangeResponse } from '../../etcd/protocol';
import type { Effects } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import type { EtcdOutcome } from '../etcdclient';
import { collectionKey } from '../registry/keys';
import { passed, respond } from '../respond';
import type { ApiserverState, RequestContext } from '../state';
import { listedObjectFromKv } from '../watchcache';
import { requestProgressWhileWaiting, stopProgressRequests } from '../watch-progress';
import { call, etcdFailure, printed, STORAGE, typed } from './storage';

/**
 * What a read of a collection goes on to once it has the list, by the request's verb: a LIST
 * answers with it (answerList), a deletecollection deletes its items (delete-collection.ts
 * deleteListed). apiserver.ts hands the table in, as it hands webhooks/dispatch.ts its continuations.
 */
export interface ListedContinuations {
  list(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList): void;
  deletecollection(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList): void;
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
function answerListed(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList, listed: ListedContinuations): void {
  (rc.ri.verb === 'deletecollection' ? listed.deletecollection : listed.list)(ctx, s, rc, list);
}

/** A LIST's answer: the list, or its Table when the client asked for one. */
export function answerList(ctx: Effects, s: ApiserverState, rc: RequestContext, list: KubeList): void {
  void s;
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
function onCurrentRevision(ctx: Effects, s: ApiserverState, rc: RequestContext, revision: number, listed: ListedContinuations): void {
  if (s.revision >= revision) return answerFromFreshCache(ctx, s, rc, revision, listed);
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
export function serveFreshLists(ctx: Effects, s: ApiserverState, listed: ListedContinuations): void {
  const waiting = s.freshLists;
  if (!waiting?.length) return;
  s.freshLists = waiting.filter((w) => s.revision < w.revision);
  stopProgressRequests(ctx, s);
  for (const w of waiting) if (s.revision >= w.revision) answerFromFreshCache(ctx, s, w.rc, w.revision, listed);
}

function answerFromFreshCache(ctx: Effects, s: ApiserverState, rc: RequestContext, revision: number, listed: ListedContinuations): void {
  const sel = selectorsOf(rc);
  if ('kind' in sel) return respond(ctx, rc, sel.code, sel, STORAGE);
  rc.stages.push(passed(STORAGE, `served from the watch cache at revision ${s.revision} (etcd at ${revision})`));
  answerListed(ctx, s, rc, listFromCache(s, rc, sel), listed);
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

/** etcd answered a collection read: the list itself, or the current revision a consistent read waits for. */
export function listOnEtcd(ctx: Effects, s: ApiserverState, rc: RequestContext, step: 'list' | 'current-revision', out: EtcdOutcome, listed: ListedContinuations): void {
  s.requests.delete(rc.msg.id);
  if ('error' in out) return respond(ctx, rc, 500, etcdFailure(out.error), STORAGE);
  const r = out.response;
  if (step === 'current-revision') return onCurrentRevision(ctx, s, rc, r.header.revision, listed);
  answerListed(ctx, s, rc, listFrom(rc, r.result as RangeResponse, r.header.revision), listed);
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
