// kube-aggregator's autoregister controller inside kube-apiserver (started by the
// `kube-apiserver-autoregistration` post-start hook, pkg/controlplane/apiserver/aggregator.go,
// v1.31; staging/src/k8s.io/kube-aggregator/pkg/controllers/autoregister/autoregister_controller.go).
// When its informer has synced it records the APIServices that exist, then checks every name it
// wants (kube-apiserver's own group/versions, labelled `onstart`) and every name an APIService
// event brings (autoregister-check.ts says what it does). A check that fails is retried after the
// workqueue's per-item back-off. While it runs, an `onstart` APIService is left alone once synced:
// `kubectl delete apiservice v1.apps` stays deleted until kube-apiserver starts again.
// Simplified: it creates through a Txn straight to etcd, like the bootstrap objects; the real one
// POSTs through kube-apiserver's loopback client. Updates and deletes do go through the loopback.

import type { HttpRequest, HttpResponse } from '../../api/http';
import { resourceForPath } from '../../api/resources';
import { rfc3339 } from '../../api/time';
import type { KubeObject } from '../../api/types';
import { cmpModRevision, opPut, opTxn } from '../../etcd/protocol';
import type { Effects, Message, Timer } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import {
  createWorkQueue,
  queueAdd,
  queueAddRateLimited,
  queueDone,
  queueForget,
  queueGet,
  queueOnTimer,
  type WorkQueue,
} from '../../controllers/framework/workqueue';
import { etcdCall, type EtcdOutcome } from '../etcdclient';
import { objectKey } from '../registry/keys';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';
import { autoregisteredAPIServices } from './autoregister';
import { checkAPIService, type AutoregisterAction } from './autoregister-check';
import { apiServices } from './available-condition';
import { LOOPBACK_CREDENTIALS } from './loopback';

const APISERVICES = resourceForPath('apiregistration.k8s.io', 'v1', 'apiservices')!;
const USER_AGENT = 'kube-apiserver/v1.31.0 (linux/amd64) kubernetes/9edcffc';

export interface AutoregisterState {
  queue: WorkQueue;
  /** apiServicesToSync: name -> the APIService wanted. */
  desired: Map<string, KubeObject>;
  /** apiServicesAtStart. */
  atStart: Set<string>;
  /** syncedSuccessfully. */
  synced: Set<string>;
  /** Loopback writes in flight: request id -> name. */
  writes: Map<MessageId, string>;
}

/** The hook runs once the watch cache has synced: remember what exists, then check every name. */
export function autoregisterStart(ctx: Effects, s: ApiserverState): void {
  const desired = new Map(autoregisteredAPIServices(ctx.now, () => ctx.rand()).map((o) => [o.metadata.name ?? '', o]));
  const existing = apiServices(s).map((o) => o.metadata.name ?? '');
  const a: AutoregisterState = { queue: createWorkQueue('autoregister'), desired, atStart: new Set(existing), synced: new Set(), writes: new Map() };
  s.autoregister = a;
  // AddAPIServiceToSyncOnStart queues each wanted name; the informer's initial adds queue the rest.
  for (const name of [...desired.keys(), ...existing]) queueAdd(a.queue, name);
  processQueue(ctx, s);
}

/** An APIService changed in the watch cache: its name is checked again. */
export function autoregisterOnCacheEvent(ctx: Effects, s: ApiserverState, resource: string, obj: KubeObject): void {
  if (resource !== 'apiservices' || !s.autoregister) return;
  queueAdd(s.autoregister.queue, obj.metadata.name ?? '');
  processQueue(ctx, s);
}

export function autoregisterOnTimer(ctx: Effects, s: ApiserverState, t: Timer): boolean {
  if (!s.autoregister || !queueOnTimer(s.autoregister.queue, t)) return false;
  processQueue(ctx, s);
  return true;
}

function processQueue(ctx: Effects, s: ApiserverState): void {
  const a = s.autoregister!;
  for (let name = queueGet(a.queue); name !== undefined; name = queueGet(a.queue)) {
    const curr = cachedObject(s, 'apiservices', name);
    act(ctx, s, name, checkAPIService(a.desired.get(name), curr, a.synced.has(name), a.atStart.has(name)));
  }
}

function act(ctx: Effects, s: ApiserverState, name: string, action: AutoregisterAction): void {
  if (action.kind === 'none') return finish(ctx, s, name, true);
  if (action.kind === 'create') {
    const key = objectKey(APISERVICES, '', name);
    const obj = { ...action.obj, metadata: { ...action.obj.metadata, creationTimestamp: rfc3339(ctx.now) } };
    etcdCall(ctx, s.etcd, opTxn([cmpModRevision(key, '=', 0)], [opPut(key, obj)], []), { kind: 'autoregister', name }, `Txn create ${key}`);
    return;
  }
  const path = `/apis/apiregistration.k8s.io/v1/apiservices/${name}`;
  const req: HttpRequest =
    action.kind === 'update'
      ? { type: 'http.request', method: 'PUT', path, credentials: LOOPBACK_CREDENTIALS, userAgent: USER_AGENT, contentType: 'application/json', body: action.obj }
      : { type: 'http.request', method: 'DELETE', path, credentials: LOOPBACK_CREDENTIALS, userAgent: USER_AGENT };
  const id = ctx.send(ctx.self, req, { summary: `${req.method} apiservices/${name} (autoregister)`, phase: 'controller', object: { kind: 'APIService', name } });
  s.autoregister!.writes.set(id, name);
}

/** Done with a name: a success (or a create that found it, a write that found it gone or changed) is synced; else it is retried. */
function finish(ctx: Effects, s: ApiserverState, name: string, ok: boolean): void {
  const a = s.autoregister!;
  if (ok) {
    a.synced.add(name);
    queueForget(a.queue, name);
  } else queueAddRateLimited(a.queue, ctx, name);
  queueDone(a.queue, name);
  processQueue(ctx, s);
}

/** The Txn create answered (AlreadyExists: "created in the meantime, we'll get called again"). */
export function autoregisterOnEtcd(ctx: Effects, s: ApiserverState, name: string, out: EtcdOutcome): void {
  if ('error' in out) ctx.log(`autoregister: ${name} failed with: ${out.error.message}`);
  finish(ctx, s, name, !('error' in out));
}

/** A loopback PUT or DELETE answered: NotFound and Conflict end the check as the real one does. */
export function autoregisterOnResponse(ctx: Effects, s: ApiserverState, msg: Message): boolean {
  const b = msg.body as HttpResponse;
  const name = s.autoregister?.writes.get(b.requestId);
  if (b.type !== 'http.response' || name === undefined) return false;
  s.autoregister!.writes.delete(b.requestId);
  const ok = b.status < 300 || b.status === 404 || b.status === 409;
  if (!ok) ctx.log(`autoregister: ${name} failed with: ${b.status}`);
  finish(ctx, s, name, ok);
  return true;
}
