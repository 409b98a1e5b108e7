// A reflector + store, as client-go's informers are: LIST, then WATCH from the list's
// resourceVersion, keep a local cache, and hand the component the changes (deltas). If the watch
// ends (apiserver restarted, stream closed), watch again from the last version seen; if that
// version is too old (410 Gone), list again. The component decides what a delta means (enqueue a
// key, start a pod); this file only keeps the cache true.

import type { HttpResponse, WatchEventBody } from '../api/http';
import type { KubeList, KubeObject } from '../api/types';
import type { Effects, Message, Phase, Timer } from '../kernel/component';
import type { MessageId } from '../kernel/units';
import { apiRequest, type ClientEvent, type ClientState } from './apiclient';

export interface InformerState {
  /** Unique within the component: `pods`, `nodes`. */
  name: string;
  /** Collection path: `/api/v1/pods`, `/api/v1/namespaces/default/events`. */
  path: string;
  fieldSelector?: string;
  labelSelector?: string;
  phase: Phase;
  items: Map<string, KubeObject>;
  resourceVersion: string;
  status: 'idle' | 'listing' | 'watching' | 'waiting';
  /** The open watch (its request id = stream id). */
  watchId?: MessageId;
  synced: boolean;
  retryDelayMs: number;
}

export interface Delta {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  object: KubeObject;
  old?: KubeObject;
}

const RETRY_TIMER = 'informer.retry';
const PURPOSE = 'informer:';

export function objectKey(o: KubeObject): string {
  return o.metadata.namespace ? `${o.metadata.namespace}/${o.metadata.name}` : `${o.metadata.name}`;
}

export function createInformer(opts: {
  name: string;
  path: string;
  fieldSelector?: string;
  labelSelector?: string;
  phase?: Phase;
}): InformerState {
  return {
    name: opts.name,
    path: opts.path,
    fieldSelector: opts.fieldSelector,
    labelSelector: opts.labelSelector,
    phase: opts.phase ?? 'watch',
    items: new Map(),
    resourceVersion: '',
    status: 'idle',
    synced: false,
    retryDelayMs: 1000,
  };
}

function selectors(inf: InformerState): Record<string, string> {
  const q: Record<string, string> = {};
  if (inf.labelSelector) q.labelSelector = inf.labelSelector;
  if (inf.fieldSelector) q.fieldSelector = inf.fieldSelector;
  return q;
}

export function informerList(ctx: Effects, c: ClientState, inf: InformerState): void {
  inf.status = 'listing';
  apiRequest(ctx, c, { method: 'GET', path: inf.path, query: selectors(inf) }, PURPOSE + inf.name, 'list', {
    phase: inf.phase,
  });
}

function informerWatch(ctx: Effects, c: ClientState, inf: InformerState): void {
  inf.status = 'watching';
  inf.watchId = apiRequest(
    ctx,
    c,
    {
      method: 'GET',
      path: inf.path,
      query: { ...selectors(inf), watch: 'true', resourceVersion: inf.resourceVersion, allowWatchBookmarks: 'true' },
    },
    PURPOSE + inf.name,
    'watch',
    { phase: inf.phase, watch: true },
  );
}

function retryLater(ctx: Effects, inf: InformerState, what: 'list' | 'watch'): void {
  inf.status = 'waiting';
  inf.watchId = undefined;
  ctx.setTimer(inf.retryDelayMs, RETRY_TIMER, { informer: inf.name, what });
  inf.retryDelayMs = Math.min(inf.retryDelayMs * 2, 30_000);
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
  return deltas;
}

/** Is this client event one of this informer's? */
export function isInformerEvent(ev: ClientEvent, inf: InformerState): boolean {
  return ev.call.purpose === PURPOSE + inf.name;
}

/** Handle the answer to a LIST or the end of a WATCH. */
export function informerOnClientEvent(ctx: Effects, c: ClientState, inf: InformerState, ev: ClientEvent): Delta[] {
  if (ev.call.data === 'list') {
    if (ev.kind === 'error' || ev.response.status !== 200) {
      retryLater(ctx, inf, 'list');
      return [];
    }
    const deltas = replace(inf, ev.response.body as KubeList);
    inf.synced = true;
    inf.retryDelayMs = 1000;
    informerWatch(ctx, c, inf);
    return deltas;
  }
  // The watch ended: either refused up front (an error response) or its stream closed.
  if (ev.call.id !== inf.watchId) return [];
  inf.watchId = undefined;
  if (ev.kind === 'response' && ev.response.status === 410) {
    retryLater(ctx, inf, 'list');
  } else retryLater(ctx, inf, 'watch');
  return [];
}

/** Apply one watch event to the cache. Returns undefined if the message is not for this informer. */
export function informerOnWatchEvent(ctx: Effects, c: ClientState, inf: InformerState, msg: Message): Delta[] | undefined {
  const body = msg.body as WatchEventBody;
  if (body.type !== 'watch.event' || body.watchId !== inf.watchId) return undefined;
  const ev = body.event;
  if (ev.type === 'ERROR') {
    // 410 Gone: the version we watch from was compacted away; list again.
    const call = c.pending.get(body.watchId);
    if (call) c.pending.delete(body.watchId);
    ctx.closeStream(body.watchId);
    inf.watchId = undefined;
    retryLater(ctx, inf, 'list');
    return [];
  }
  const obj = ev.object as KubeObject;
  if (obj.metadata?.resourceVersion) inf.resourceVersion = obj.metadata.resourceVersion;
  if (ev.type === 'BOOKMARK') return [];
  const key = objectKey(obj);
  const old = inf.items.get(key);
  if (ev.type === 'DELETED') {
    inf.items.delete(key);
    return [{ type: 'DELETED', object: obj, old }];
  }
  inf.items.set(key, obj);
  return [{ type: old ? 'MODIFIED' : 'ADDED', object: obj, old }];
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
