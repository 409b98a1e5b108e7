// kube-apiserver as a component: the only process that talks to etcd. On start it lists and
// watches /registry/ to fill its watch cache, ensures the system namespaces exist (the bootstrap
// controller), and then serves HTTP requests through the pipeline (pipeline.ts). Requests that
// arrive before the cache has synced are held and served once it has, so none are lost; a client
// that cannot wait times out on its own.

import type { Http2Pong, HttpRequest } from '../api/http';
import type { KubeObject } from '../api/types';
import { rfc3339 } from '../api/time';
import type { ComponentType, Effects, Message, StreamClosed, Timer } from '../kernel/component';
import {
  cmpModRevision,
  opPut,
  opRangePrefix,
  opTxn,
  opWatchPrefix,
  type EtcdWatchBody,
  type RangeResponse,
} from '../etcd/protocol';
import { createRbacIndex } from './authz';
import {
  createEtcdClient,
  ETCD_REQUEST_TIMEOUT_MS,
  ETCD_KEEPALIVE_TIMER,
  ETCD_TIMEOUT_TIMER,
  etcdHeard,
  etcdOnKeepalive,
  etcdOnWatchCanceled,
  etcdCall,
  etcdOnMessage,
  etcdOnTimeout,
  etcdWatch,
  type EtcdOutcome,
} from './etcdclient';
import { LOG_PROXY_TIMER, logsOnMessage, logsOnTimeout } from './logs';
import { handleRequest } from './pipeline';
import { healthOnEtcd, serveHealth } from './nonresource';
import { onQuotaStatusOutcome } from './quota-charge';
import { ensureRbacPolicy, onRbacBootstrapOutcome, rbacBootstrapping, rbacOnCacheEvent, rbacOnCacheReplaced } from './rbac-bootstrap';
import { REGISTRY_PREFIX } from './registry/keys';
import { newUID } from './registry/strategy';
import { kubernetesEndpoints, kubernetesEndpointSlice, kubernetesService } from './bootstrap-service';
import { autoregisterOnCacheEvent, autoregisterOnEtcd, autoregisterOnResponse, autoregisterOnTimer, autoregisterStart } from './aggregator/autoregister-controller';
import { startCreate, storageOnEtcd, WEBHOOK_CONTINUATIONS } from './stages/storage';
import { answerList, CONSISTENT_LIST_BLOCK_TIMER, listOnEtcd, onConsistentListBlocked, serveFreshLists, type ListedContinuations } from './stages/list';
import { SERVICE_ACCOUNT_LOOKUP_TIMER, takeHeldCreate } from './stages/service-account-wait';
import { WEBHOOK_TIMEOUT_TIMER } from './webhooks/call';
import { deleteListed, onDeleteCollectionItem } from './delete-collection';
import { onProgressRequestTimer, PROGRESS_REQUEST_TIMER } from './watch-progress';
import { DELETE_COLLECTION_ITEM_TIMER } from './respond';
import { webhookOnAnswer, webhookOnTimeout } from './webhooks/dispatch';
import type { MessageId } from '../kernel/units';
import type { ApiserverConfig, ApiserverState } from './state';
import { cacheApply, cacheReplace } from './watchcache';
import { AGGREGATOR_PROXY_TIMER, aggregatorOnAnswer, aggregatorOnTimeout } from './aggregator/proxy';
import { availableConditionOnCacheEvent, availableConditionOnResponse } from './aggregator/available-condition';
import { fanOut, removeWatcher } from './watchers';
import { onWatchTimeout, WATCH_TIMEOUT_TIMER } from './watch';
import { onBookmarkTimer, WATCH_BOOKMARK_TIMER } from './watch-bookmark';
import { COMPACT_TIMER, onCompactOutcome, onCompactTimer, startCompactor } from './compactor';

export type { ApiserverConfig, ApiserverState } from './state';

/** The namespaces the bootstrap controller keeps (pkg/controlplane/controller/systemnamespaces). */
export const SYSTEM_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];
const RELIST_TIMER = 'cache.relist';
const RELIST_DELAY_MS = 1000;

function startList(ctx: Effects, s: ApiserverState): void {
  etcdCall(ctx, s.etcd, opRangePrefix(REGISTRY_PREFIX), { kind: 'initialList' }, `Range ${REGISTRY_PREFIX} (prefix)`);
}

function ensureNamespaces(ctx: Effects, s: ApiserverState): void {
  for (const name of SYSTEM_NAMESPACES) {
    if (s.cache.get('namespaces')?.objects.has(name)) continue;
    const key = `${REGISTRY_PREFIX}namespaces/${name}`;
    const ns: KubeObject = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name, uid: newUID(() => ctx.rand()), creationTimestamp: rfc3339(ctx.now), labels: { 'kubernetes.io/metadata.name': name } },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    };
    etcdCall(ctx, s.etcd, opTxn([cmpModRevision(key, '=', 0)], [opPut(key, ns)], []), { kind: 'bootstrapNamespace', name }, `Txn create ${key}`);
  }
}

/** The `kubernetes` Service, its EndpointSlice and Endpoints (the bootstrap controller and the endpoint reconciler). */
function ensureKubernetesService(ctx: Effects, s: ApiserverState): void {
  const objects: [string, string, KubeObject][] = [
    ['services', `${REGISTRY_PREFIX}services/specs/default/kubernetes`, kubernetesService(ctx.now, () => ctx.rand())],
    ['endpointslices', `${REGISTRY_PREFIX}endpointslices/default/kubernetes`, kubernetesEndpointSlice(ctx.now, () => ctx.rand(), s.config.advertiseAddress)],
    ['endpoints', `${REGISTRY_PREFIX}services/endpoints/default/kubernetes`, kubernetesEndpoints(ctx.now, () => ctx.rand(), s.config.advertiseAddress)],
  ];
  for (const [resource, key, obj] of objects) {
    if (s.cache.get(resource)?.objects.has('default/kubernetes')) continue;
    etcdCall(ctx, s.etcd, opTxn([cmpModRevision(key, '=', 0)], [opPut(key, obj)], []), { kind: 'bootstrapObject', key }, `Txn create ${key}`);
  }
}

/** The cache starts over: watchers could miss events, so their streams end and their clients watch again. */
function closeAllWatchers(ctx: Effects, s: ApiserverState): void {
  for (const id of [...s.watchers.keys()]) {
    removeWatcher(s, id);
    ctx.closeStream(id);
  }
}

function onInitialList(ctx: Effects, s: ApiserverState, out: EtcdOutcome): void {
  if ('error' in out) {
    ctx.log(`cacher: failed to list ${REGISTRY_PREFIX}: ${out.error.message}`);
    ctx.setTimer(RELIST_DELAY_MS, RELIST_TIMER);
    return;
  }
  const rev = out.response.header.revision;
  closeAllWatchers(ctx, s);
  cacheReplace(s, (out.response.result as RangeResponse).kvs, rev);
  rbacOnCacheReplaced(s);
  etcdWatch(ctx, s.etcd, opWatchPrefix(REGISTRY_PREFIX, { startRevision: rev + 1, prevKv: true }), `Watch ${REGISTRY_PREFIX} from rev ${rev + 1}`);
  const first = !s.synced;
  s.synced = true;
  ctx.log(`cacher: watch cache synced at revision ${rev}`);
  if (first) {
    ensureNamespaces(ctx, s);
    ensureKubernetesService(ctx, s);
    // The kube-apiserver-autoregistration hook: a Local APIService for every built-in group/version.
    autoregisterStart(ctx, s);
    ensureRbacPolicy(ctx, s);
  }
  serveQueued(ctx, s);
  // A relist may bring the cache to the revision a consistent LIST waits for.
  serveFreshLists(ctx, s, LISTED);
}

/** Serve the requests held while the cache was syncing or the RBAC defaults were being created. */
function serveQueued(ctx: Effects, s: ApiserverState): void {
  if (!s.synced || rbacBootstrapping(s)) return;
  const queued = s.queued;
  s.queued = [];
  for (const m of queued) handleRequest(ctx, s, m);
}

/** What a read of a collection goes on to (stages/list.ts): a LIST answers, a deletecollection deletes. */
const LISTED: ListedContinuations = { list: answerList, deletecollection: deleteListed };

function onEtcdOutcome(ctx: Effects, s: ApiserverState, out: EtcdOutcome): void {
  const p = out.call.purpose;
  switch (p.kind) {
    case 'initialList':
      return onInitialList(ctx, s, out);
    case 'bootstrapNamespace':
      if ('error' in out) ctx.log(`bootstrap: failed to create namespace ${p.name}: ${out.error.message}`);
      else ctx.log(`bootstrap: namespace ${p.name} ensured`);
      return;
    case 'autoregister':
      return autoregisterOnEtcd(ctx, s, p.name, out);
    case 'bootstrapObject':
      if ('error' in out) ctx.log(`bootstrap: failed to create ${p.key}: ${out.error.message}`);
      return;
    case 'rbacBootstrap':
      if (onRbacBootstrapOutcome(ctx, s, p.cacheKey, out)) serveQueued(ctx, s);
      return;
    case 'watch':
      ctx.setTimer(RELIST_DELAY_MS, RELIST_TIMER);
      return;
    case 'compact':
      return onCompactOutcome(ctx, s, p.step, out);
    case 'quotaStatus':
      return onQuotaStatusOutcome(ctx, s, p.key, out);
    case 'health':
      return healthOnEtcd(ctx, s, p.msg, p.health, p.user, out);
    case 'request': {
      const rc = s.requests.get(p.requestId);
      if (!rc) return;
      if (p.step === 'list' || p.step === 'current-revision') return listOnEtcd(ctx, s, rc, p.step, out, LISTED);
      storageOnEtcd(ctx, s, rc, p.step, out);
      return;
    }
  }
}

/** clientv3 WatchResponse.IsProgressNotify: no events, not the watch's creation or end, not a compaction. */
function isProgressNotify(b: EtcdWatchBody): boolean {
  return b.events.length === 0 && !b.created && !b.canceled && !b.compactRevision && b.header.revision !== 0;
}

function onEtcdWatch(ctx: Effects, s: ApiserverState, body: EtcdWatchBody): void {
  if (body.watchId !== s.etcd.watchId) return;
  let ready = false;
  for (const ev of body.events) {
    const applied = cacheApply(s, ev, ctx.now);
    if (!applied) continue;
    fanOut(ctx, s, applied.resource, applied.event);
    availableConditionOnCacheEvent(ctx, s, applied.resource);
    autoregisterOnCacheEvent(ctx, s, applied.resource, applied.event.obj);
    if (rbacOnCacheEvent(s, applied.resource, applied.event)) ready = true;
  }
  if (ready) serveQueued(ctx, s);
  if (isProgressNotify(body) && body.header.revision > s.revision) {
    // etcd3 watcher.go progressNotifyEvent, then watchCache.UpdateResourceVersion: the cache is
    // now as fresh as etcd was when it answered, with no event to show for it.
    s.revision = body.header.revision;
  }
  serveFreshLists(ctx, s, LISTED);
  if (body.canceled) {
    ctx.log(`cacher: etcd watch canceled: ${body.cancelReason ?? ''}`);
    etcdOnWatchCanceled(s.etcd, body.cancelReason);
    s.etcd.watchId = undefined;
    ctx.setTimer(RELIST_DELAY_MS, RELIST_TIMER);
  }
}

function onStreamClosed(ctx: Effects, s: ApiserverState, stream: number): void {
  if (stream === s.etcd.watchId) {
    s.etcd.watchId = undefined;
    ctx.log('cacher: etcd watch stream closed; listing again');
    ctx.setTimer(RELIST_DELAY_MS, RELIST_TIMER);
    return;
  }
  removeWatcher(s, stream);
}

/** The signing key from the last boot, or a new one from the PRNG (32 bytes), persisted as the file on disk is. */
function serviceAccountKeyOf(ctx: Effects, persisted: unknown): number[] {
  const prev = (persisted as { serviceAccountKey?: number[] } | undefined)?.serviceAccountKey;
  if (prev) return prev;
  const key = Array.from({ length: 32 }, () => Math.floor(ctx.rand() * 256));
  ctx.persist({ serviceAccountKey: key });
  return key;
}

export const kubeApiserver: ComponentType<ApiserverState, ApiserverConfig> = {
  kind: 'kube-apiserver',
  start(ctx, input) {
    const cfg = input.config;
    const s: ApiserverState = {
      loopCause: ctx.cause(),
      serviceAccountKey: serviceAccountKeyOf(ctx, input.persisted),
      config: cfg,
      rbac: createRbacIndex(),
      rbacBootstrapPending: new Set(),
      etcd: createEtcdClient(cfg.etcd, cfg.etcdRequestTimeoutMs ?? ETCD_REQUEST_TIMEOUT_MS),
      synced: false,
      queued: [],
      requests: new Map(),
      cache: new Map(),
      revision: 0,
      listRevision: 0,
      watchers: new Map(),
      watcherIndex: new Map(),
      proxies: new Map(),
      ...(cfg.watchCacheCapacity !== undefined && { capacity: cfg.watchCacheCapacity }),
    };
    ctx.log(`Serving securely on ${cfg.advertiseAddress}:6443`);
    startList(ctx, s);
    startCompactor(ctx, s);
    return s;
  },

  onMessage(s, msg: Message, ctx) {
    const type = msg.body.type;
    if (type === 'http.request') {
      const m = msg as Message<HttpRequest>;
      if (serveHealth(ctx, s, m)) return;
      if (!s.synced || rbacBootstrapping(s)) s.queued.push(m);
      else handleRequest(ctx, s, m);
      return;
    }
    if (type === 'etcd.watch') {
      etcdHeard(ctx, s.etcd, msg);
      return onEtcdWatch(ctx, s, msg.body as EtcdWatchBody);
    }
    if (type === 'stream.closed') return onStreamClosed(ctx, s, (msg.body as StreamClosed).stream);
    // HTTP/2 PING from a client checking an idle connection: the server's HTTP/2 stack answers.
    if (type === 'http2.ping') return void ctx.reply<Http2Pong>(msg, { type: 'http2.pong', inReplyTo: msg.id }, { summary: 'HTTP/2 PING ack' });
    if (type === 'pod.http.response') return void (aggregatorOnAnswer(ctx, s, msg) || webhookOnAnswer(ctx, s, msg, WEBHOOK_CONTINUATIONS));
    if (type === 'http.response' && (availableConditionOnResponse(ctx, s, msg) || autoregisterOnResponse(ctx, s, msg))) return;
    if (logsOnMessage(ctx, s, msg)) return;
    etcdHeard(ctx, s.etcd, msg);
    const out = etcdOnMessage(ctx, s.etcd, msg);
    if (out) onEtcdOutcome(ctx, s, out);
  },

  onTimer(s, t: Timer, ctx) {
    if (t.name === ETCD_TIMEOUT_TIMER) {
      const out = etcdOnTimeout(s.etcd, t.payload as number);
      if (out) onEtcdOutcome(ctx, s, out);
    } else if (t.name === ETCD_KEEPALIVE_TIMER) {
      if (etcdOnKeepalive(ctx, s.etcd)) {
        ctx.log('cacher: etcd connection lost (keepalive timed out); listing again');
        ctx.setTimer(RELIST_DELAY_MS, RELIST_TIMER);
      }
    } else if (t.name === WATCH_TIMEOUT_TIMER) onWatchTimeout(ctx, s, t.payload as number);
    else if (t.name === WATCH_BOOKMARK_TIMER) onBookmarkTimer(ctx, s, t.payload as number);
    else if (t.name === LOG_PROXY_TIMER) logsOnTimeout(ctx, s, t.payload as number);
    else if (t.name === RELIST_TIMER) startList(ctx, s);
    else if (t.name === COMPACT_TIMER) onCompactTimer(ctx, s);
    else if (autoregisterOnTimer(ctx, s, t)) return;
    else if (t.name === DELETE_COLLECTION_ITEM_TIMER) onDeleteCollectionItem(ctx, s, t.payload as { id: MessageId; status: number; body: unknown });
    else if (t.name === AGGREGATOR_PROXY_TIMER) aggregatorOnTimeout(ctx, s, t.payload as MessageId);
    else if (t.name === WEBHOOK_TIMEOUT_TIMER) webhookOnTimeout(ctx, s, t.payload as number, WEBHOOK_CONTINUATIONS);
    else if (t.name === CONSISTENT_LIST_BLOCK_TIMER) onConsistentListBlocked(ctx, s, t.payload as MessageId);
    else if (t.name === PROGRESS_REQUEST_TIMER) onProgressRequestTimer(ctx, s);
    else if (t.name === SERVICE_ACCOUNT_LOOKUP_TIMER) {
      const rc = takeHeldCreate(s, t.payload as MessageId);
      if (rc) startCreate(ctx, s, rc);
    }
  },
};
