// A reflector + store, as client-go's informers are (tools/cache/reflector.go, v0.31): LIST, then
// WATCH from the list's resourceVersion, keep a local cache, and hand the component the changes
// (deltas). The component decides what a delta means (enqueue a key, start a pod); this file only
// keeps the cache true, whatever happens to the apiserver:
// - the first LIST asks for resourceVersion "0" and later ones for the last version seen, so the
//   watch cache answers them (even while etcd has no quorum); after 410 Gone the version is
//   unavailable and the LIST is a consistent read from etcd;
// - a WATCH asks the server to end it after a random 5 to 10 minutes (timeoutSeconds) and, when it
//   ends cleanly, is opened again at once from the last version;
// - a WATCH that cannot be opened (connection refused) is tried again after a back-off; one that
//   breaks (connection lost, the apiserver exited) or is refused by the server ends ListAndWatch,
//   which runs again after a back-off: LIST, then WATCH;
// - the back-off is client-go's: 800 ms doubling to 30 s, each wait stretched by up to 2x jitter,
//   reset after 2 minutes without a failure.

import type { HttpResponse, WatchEventBody } from '../api/http';
import { isStatus, type KubeList, type KubeObject } from '../api/types';
import type { Effects, Message, Phase, Timer } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { APISERVER_ADDRESS } from '../names';
import { apiRequest, type ClientEvent, type ClientState, type PendingCall } from './apiclient';
import { probeError, probeEvent, probeList, probeWatch } from './informer-probe';
import { urlError } from './transport-error';

export interface InformerState {
  /** Unique within the component: `pods`, `nodes`. */
  name: string;
  /** Collection path: `/api/v1/pods`, `/api/v1/namespaces/default/events`. */
  path: string;
  fieldSelector?: string;
  labelSelector?: string;
  /** The reflector's own name in log lines, when not its set's (the kubelet's `object-"ns"/"name"`). */
  reflector?: string;
  phase: Phase;
  items: Map<string, KubeObject>;
  resourceVersion: string;
  /** After 410 Gone: the next LIST must not name a version (isLastSyncResourceVersionUnavailable). */
  versionUnavailable?: boolean;
  status: 'idle' | 'listing' | 'watching' | 'waiting';
  /** The open watch (its request id = stream id). */
  watchId?: MessageId;
  /** When the open watch was sent, and whether it has delivered anything (a "very short watch" is an error). */
  watchStartedAt?: number;
  watchEvents?: number;
  synced: boolean;
  backoff: { delayMs: number; lastAt: number };
}

export interface Delta {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
  old?: KubeObject;
}

/**
 * What went wrong, in the reflector's words (reflector.go v0.31): a failed LIST (warned at line
 * 561, then reported as "Failed to watch" through HandleError at line 158), a watch that ended
 * with an error (warned at line 484), or a watch the server refused (HandleError only).
 */
export interface ReflectorError {
  informer: string;
  kind: 'list' | 'watch-ended' | 'watch-failed';
  /** `failed to list *v1.Pod: ...`, `watch of *v1.Pod ended with: ...`, or the refusal's text. */
  message: string;
}

const RETRY_TIMER = 'informer.retry';
const PURPOSE = 'informer:';
/** reflector.go: minWatchTimeout; each watch asks for a random 1x to 2x of it. */
const MIN_WATCH_TIMEOUT_S = 300;
/** NewExponentialBackoffManager(800ms, 30s, 2m, 2.0, 1.0) in NewReflectorWithOptions. */
const BACKOFF = { initialMs: 800, maxMs: 30_000, resetAfterMs: 120_000, factor: 2, jitter: 1 } as const;

export function objectKey(o: KubeObject): string {
  return o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : `${o.metadata.name}`;
}

export function createInformer(opts: {
  name: string;
  path: string;
  fieldSelector?: string;
  labelSelector?: string;
  reflector?: string;
  phase?: Phase;
}): InformerState {
  return {
    name: opts.name,
    path: opts.path,
    fieldSelector: opts.fieldSelector,
    labelSelector: opts.labelSelector,
    ...(opts.reflector === undefined ? {} : { reflector: opts.reflector }),
    phase: opts.phase ?? 'watch',
    items: new Map(),
    resourceVersion: '',
    status: 'idle',
    synced: false,
    backoff: { delayMs: BACKOFF.initialMs, lastAt: Number.NEGATIVE_INFINITY },
  };
}

function selectors(inf: InformerState): Record<string, string> {
  const q: Record<string, string> = {};
  if (inf.labelSelector) q.labelSelector = inf.labelSelector;
  if (inf.fieldSelector) q.fieldSelector = inf.fieldSelector;
  return q;
}

/** reflector.relistResourceVersion. */
function relistVersion(inf: InformerState): string {
  if (inf.versionUnavailable) return '';
  return inf.resourceVersion === '' ? '0' : inf.resourceVersion;
}

/** The LIST's query: the pager asks for pages of 500 unless it names an exact version to serve from the cache. */
function listQuery(inf: InformerState): Record<string, string> {
  const rv = relistVersion(inf);
  const query = selectors(inf);
  if (rv === '' || rv === '0') query.limit = '500';
  if (rv !== '') query.resourceVersion = rv;
  return query;
}

export function informerList(ctx: Effects, c: ClientState, inf: InformerState): void {
  inf.status = 'listing';
  apiRequest(ctx, c, { method: 'GET', path: inf.path, query: listQuery(inf) }, PURPOSE + inf.name, 'list', { phase: inf.phase });
}

function informerWatch(ctx: Effects, c: ClientState, inf: InformerState): void {
  inf.status = 'watching';
  inf.watchStartedAt = ctx.now;
  inf.watchEvents = 0;
  const timeoutSeconds = String(Math.floor(MIN_WATCH_TIMEOUT_S * (1 + ctx.rand())));
  inf.watchId = apiRequest(
    ctx,
    c,
    {
      method: 'GET',
      path: inf.path,
      query: { ...selectors(inf), allowWatchBookmarks: 'true', resourceVersion: inf.resourceVersion, timeoutSeconds, watch: 'true' },
    },
    PURPOSE + inf.name,
    'watch',
    { phase: inf.phase, watch: true },
  );
  probeWatch(ctx, inf, inf.watchId);
}

/** Wait out the back-off, then LIST (ListAndWatch again) or only WATCH again. */
function retryLater(ctx: Effects, inf: InformerState, what: 'list' | 'watch'): void {
  inf.status = 'waiting';
  inf.watchId = undefined;
  const b = inf.backoff;
  if (ctx.now - b.lastAt > BACKOFF.resetAfterMs) b.delayMs = BACKOFF.initialMs;
  const wait = b.delayMs * (1 + BACKOFF.jitter * ctx.rand());
  b.delayMs = Math.min(b.delayMs * BACKOFF.factor, BACKOFF.maxMs);
  b.lastAt = ctx.now;
  ctx.setTimer(wait, RETRY_TIMER, { informer: inf.name, what });
}

/** Replace the cache with a fresh list, returning what changed. */
function replace(inf: InformerState, list: KubeList): Delta[] {
  const deltas: Delta[] = [];
  const fresh = new Map<string, KubeObject>();
  for (const o of list.items) fresh.set(objectKey(o), o);
  for (const [k, old] of inf.items) if (!fresh.has(k)) deltas.push({ type: 'DELETED', object: old, old });
  for (const [k, o] of fresh) {
    const old = inf.items.get(k);
    if (!old) deltas.push({ type: 'ADDED', object: o });
    else if (old.metadata.resourceVersion !== o.metadata.resourceVersion) deltas.push({ type: 'MODIFIED', object: o, old });
  }
  inf.items = fresh;
  inf.resourceVersion = list.metadata.resourceVersion;
  inf.versionUnavailable = false;
  return deltas;
}

/** Is this client event one of this informer's? */
export function isInformerEvent(ev: ClientEvent, inf: InformerState): boolean {
  return ev.call.purpose === PURPOSE + inf.name;
}

/** The Go type a reflector names in its messages: `*v1.Pod`, `*v1.EndpointSlice`. */
export function reflectorType(inf: InformerState): string {
  const last = inf.path.split('/').pop() ?? inf.name;
  const kind = REFLECTOR_KINDS[last] ?? last;
  const group = inf.path.startsWith('/apis/') ? (inf.path.split('/')[3] ?? 'v1') : 'v1';
  return `*${group}.${kind}`;
}

const REFLECTOR_KINDS: Record<string, string> = {
  pods: 'Pod',
  nodes: 'Node',
  services: 'Service',
  endpointslices: 'EndpointSlice',
  leases: 'Lease',
  replicasets: 'ReplicaSet',
  deployments: 'Deployment',
  daemonsets: 'DaemonSet',
  jobs: 'Job',
  statefulsets: 'StatefulSet',
  controllerrevisions: 'ControllerRevision',
  namespaces: 'Namespace',
  serviceaccounts: 'ServiceAccount',
  configmaps: 'ConfigMap',
  secrets: 'Secret',
};

function responseText(r: HttpResponse): string {
  return isStatus(r.body) ? (r.body.message ?? '') : `the server responded with the status code ${r.status}`;
}

/** client-go's words for a call that got no HTTP answer: Go's url.Error with the whole URL. */
function transportText(call: PendingCall, error: 'timeout' | 'refused' | 'closed'): string {
  return urlError(call.method, APISERVER_ADDRESS, call.path, call.query ?? {}, error);
}

function watchEndedWith(inf: InformerState, why: string): ReflectorError {
  return { informer: inf.name, kind: 'watch-ended', message: `watch of ${reflectorType(inf)} ended with: ${why}` };
}

/** Handle the answer to a LIST or the end of a WATCH. */
export function informerOnClientEvent(
  ctx: Effects,
  c: ClientState,
  inf: InformerState,
  ev: ClientEvent,
): { deltas: Delta[]; error?: ReflectorError } {
  if (ev.call.data === 'list') {
    if (ev.kind !== 'response' || ev.response.status !== 200) {
      const why = ev.kind === 'response' ? responseText(ev.response) : transportText(ev.call, ev.kind === 'error' ? ev.error : 'closed');
      // A LIST whose version the server cannot serve (410) is tried again with none, from etcd.
      if (ev.kind === 'response' && ev.response.status === 410) inf.versionUnavailable = true;
      retryLater(ctx, inf, 'list');
      return { deltas: [], error: { informer: inf.name, kind: 'list', message: `failed to list ${reflectorType(inf)}: ${why}` } };
    }
    const deltas = replace(inf, ev.response.body as KubeList);
    probeList(ctx, inf);
    inf.synced = true;
    informerWatch(ctx, c, inf);
    return { deltas };
  }
  // The watch ended: refused up front (no connection, or an error status), or its stream closed.
  if (ev.call.id !== inf.watchId) return { deltas: [] };
  inf.watchId = undefined;
  if (ev.kind === 'response') {
    // The server refused the watch (403, 500, ...): ListAndWatch fails and runs again after a back-off.
    retryLater(ctx, inf, 'list');
    return { deltas: [], error: { informer: inf.name, kind: 'watch-failed', message: responseText(ev.response) } };
  }
  if (ev.kind === 'ended') {
    // The server ended the watch (its timeout): watch again at once, unless it was the reflector's
    // "very short watch" (under a second, nothing received), which is an error.
    if (ctx.now - (inf.watchStartedAt ?? ctx.now) >= 1000 || (inf.watchEvents ?? 0) > 0) {
      informerWatch(ctx, c, inf);
      return { deltas: [] };
    }
    retryLater(ctx, inf, 'list');
    return { deltas: [], error: watchEndedWith(inf, `very short watch: ${inf.path}: Unexpected watch close - watch lasted less than a second and no items received`) };
  }
  if (ev.error === 'refused') {
    // isWatchErrorRetriable: wait and watch again from the same version.
    retryLater(ctx, inf, 'watch');
    return { deltas: [] };
  }
  retryLater(ctx, inf, 'list');
  const why = 'an error on the server ("unable to decode an event from the watch stream: http2: client connection lost") has prevented the request from succeeding';
  return { deltas: [], error: watchEndedWith(inf, why) };
}

/** Apply one watch event to the cache. Returns undefined if the message is not for this informer. */
export function informerOnWatchEvent(ctx: Effects, c: ClientState, inf: InformerState, msg: Message): { deltas: Delta[]; error?: ReflectorError } | undefined {
  const body = msg.body as WatchEventBody;
  if (body.type !== 'watch.event' || body.watchId !== inf.watchId) return undefined;
  const ev = body.event;
  inf.watchEvents = (inf.watchEvents ?? 0) + 1;
  if (ev.type === 'ERROR') {
    // 410 Gone: the version we watch from has left the watch cache's window. The reflector lists
    // again naming its last version (the cache serves that), and only if that fails, from etcd.
    const status = ev.object as { code?: number; message?: string };
    probeError(ctx, inf, body.watchId, status.code ?? 0, status.message ?? '');
    c.pending.delete(body.watchId);
    ctx.closeStream(body.watchId);
    inf.watchId = undefined;
    retryLater(ctx, inf, 'list');
    if (status.code === 410) return { deltas: [] };
    return { deltas: [], error: watchEndedWith(inf, status.message ?? '') };
  }
  const obj = ev.object as KubeObject;
  if (obj.metadata?.resourceVersion) inf.resourceVersion = obj.metadata.resourceVersion;
  if (ev.type === 'BOOKMARK') {
    probeEvent(ctx, inf, body.watchId, 'BOOKMARK', '', obj.metadata?.resourceVersion);
    return { deltas: [] };
  }
  const key = objectKey(obj);
  probeEvent(ctx, inf, body.watchId, ev.type, key, obj.metadata?.resourceVersion);
  const old = inf.items.get(key);
  if (ev.type === 'DELETED') {
    inf.items.delete(key);
    return { deltas: [{ type: 'DELETED', object: obj, old }] };
  }
  inf.items.set(key, obj);
  return { deltas: [{ type: old ? 'MODIFIED' : 'ADDED', object: obj, old }] };
}

/** Handle the informer's retry timer. Returns false if the timer is not this informer's. */
export function informerOnTimer(ctx: Effects, c: ClientState, inf: InformerState, t: Timer): boolean {
  if (t.name !== RETRY_TIMER) return false;
  const p = t.payload as { informer: string; what: 'list' | 'watch' };
  if (p.informer !== inf.name) return false;
  if (p.what === 'list') informerList(ctx, c, inf);
  else informerWatch(ctx, c, inf);
  return true;
}

export function isOk(r: HttpResponse): boolean {
  return r.status >= 200 && r.status < 300;
}
