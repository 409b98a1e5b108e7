// The namespace controller (pkg/controller/namespace/namespace_controller.go and
// deletion/namespaced_resources_deleter.go, service account namespace-controller). A namespace the
// apiserver has marked for deletion (deletionTimestamp, phase Terminating, `kubernetes` still in
// spec.finalizers) is emptied through the API: every namespaced resource is LISTed and each item
// DELETEd (pods get graceful deletion like any other delete). While something is still there the
// namespace is looked at again after estimate/2 + 1 seconds (the longest pod grace period is the
// estimate); once a round finds it empty, the controller PUTs the namespace to
// /api/v1/namespaces/<ns>/finalize without the `kubernetes` token and the apiserver removes it.
//
// A round's requests do not fit the framework's "sync asks for writes" shape (the deletes depend on
// what the lists answer), so a round is its own small state machine keyed by namespace; the work
// queue still decides when a namespace is synced. Simplified: no DeleteCollection (the apiserver
// here serves none, so items are deleted one by one), and no status conditions
// (NamespaceDeletionDiscoveryFailure, NamespaceContentRemaining, ...).

import type { ResourceInfo } from '../../api/resources';
import { isStatus, type KubeList, type KubeObject, type Namespace, type Pod } from '../../api/types';
import { apiRequest, resourcePath, type ClientEvent, type RequestSpec } from '../../client/apiclient';
import type { ObjectRef } from '../../kernel/component';
import type { Delta } from '../../client/informer';
import { armWorker, createRuntime, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd, queueAddAfter, queueAddRateLimited, queueForget } from '../framework/workqueue';
import { deletableResources, estimateGracefulTermination, finalizedNamespace, hasKubernetesFinalizer, remainingRequeueMs } from './deleter';

export const NAMESPACE_CONTROLLER = 'namespace-controller';
export const NAMESPACE_SA = 'namespace-controller';
const PURPOSE = 'namespace-controller:';

/** One pass over a terminating namespace: lists, then deletes, then (if empty) the finalize. */
export interface DeletionRound {
  uid: string;
  /** Requests of this round still unanswered. */
  outstanding: number;
  /** Items a list found that are still there after their delete (terminating pods, finalizers). */
  remaining: number;
  /** The longest grace period of the pods found, in seconds. */
  estimateSeconds: number;
  failed: boolean;
  finalizing: boolean;
}

export interface NamespaceControllerState {
  rt: ControllerRuntime;
  rounds: Map<string, DeletionRound>;
}

export function createNamespaceController(): NamespaceControllerState {
  return { rt: createRuntime(NAMESPACE_CONTROLLER), rounds: new Map() };
}

/** Only namespaces being deleted are queued (namespace_controller.go enqueueNamespace). */
export function onNamespaceDelta(s: NamespaceControllerState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED') {
    s.rounds.delete(d.object.metadata.name ?? '');
    return;
  }
  if (!d.object.metadata.deletionTimestamp) return;
  queueAdd(s.rt.queue, d.object.metadata.name ?? '');
  armWorker(s.rt, env.ctx);
}

interface CallData {
  ns: string;
  uid: string;
  step: 'list' | 'delete' | 'finalize';
  resource?: string;
}

function send(env: ControllerEnv, round: DeletionRound, data: CallData, req: RequestSpec, summary: string, object: ObjectRef): void {
  round.outstanding++;
  apiRequest(env.ctx, env.client, { ...req, credentials: env.credentials }, PURPOSE + data.step, data, { phase: 'controller', summary, object });
}

function listAll(env: ControllerEnv, ns: string, round: DeletionRound): void {
  for (const info of deletableResources()) {
    const path = resourcePath({ group: info.group || undefined, version: info.version, resource: info.resource, namespace: ns });
    send(env, round, { ns, uid: round.uid, step: 'list', resource: info.resource }, { method: 'GET', path }, `LIST ${info.resource} -n ${ns}`, { kind: 'Namespace', name: ns });
  }
}

/** syncNamespaceFromKey: start a deletion round for a terminating namespace that has none running. */
export function syncNamespace(s: NamespaceControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const ns = env.informers.byName.namespaces.items.get(sc.key) as Namespace | undefined;
  if (!ns || !ns.metadata.deletionTimestamp) {
    s.rounds.delete(sc.key);
    return 'ok';
  }
  // A round already running re-queues the namespace itself when it ends.
  if (s.rounds.has(sc.key) || !hasKubernetesFinalizer(ns)) return 'ok';
  const round: DeletionRound = { uid: ns.metadata.uid ?? '', outstanding: 0, remaining: 0, estimateSeconds: 0, failed: false, finalizing: false };
  s.rounds.set(sc.key, round);
  env.ctx.log(`namespace_controller: deleting content of namespace ${sc.key}`);
  listAll(env, sc.key, round);
  return 'ok';
}

function infoOf(resource: string | undefined): ResourceInfo | undefined {
  return deletableResources().find((r) => r.resource === resource);
}

function deleteItems(env: ControllerEnv, round: DeletionRound, data: CallData, items: KubeObject[]): void {
  const info = infoOf(data.resource);
  if (!info) return;
  if (info.resource === 'pods') round.estimateSeconds = Math.max(round.estimateSeconds, estimateGracefulTermination(items as Pod[]));
  for (const item of items) {
    const name = item.metadata.name ?? '';
    const path = resourcePath({ group: info.group || undefined, version: info.version, resource: info.resource, namespace: data.ns, name });
    const body = { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' };
    send(env, round, { ...data, step: 'delete' }, { method: 'DELETE', path, body, contentType: 'application/json' }, `DELETE ${info.singular} ${data.ns}/${name}`, {
      kind: info.kind,
      name,
      namespace: data.ns,
    });
  }
}

function finalize(env: ControllerEnv, key: string, round: DeletionRound): boolean {
  const ns = env.informers.byName.namespaces.items.get(key) as Namespace | undefined;
  if (!ns) return false;
  round.finalizing = true;
  const body = finalizedNamespace(ns);
  send(env, round, { ns: key, uid: round.uid, step: 'finalize' }, { method: 'PUT', path: `/api/v1/namespaces/${key}/finalize`, body }, `PUT /api/v1/namespaces/${key}/finalize`, {
    kind: 'Namespace',
    name: key,
  });
  return true;
}

/** A round with nothing in flight: finalize an empty namespace, else look again later. */
function endOfRound(s: NamespaceControllerState, env: ControllerEnv, key: string, round: DeletionRound): void {
  if (!round.failed && !round.finalizing && round.remaining === 0 && finalize(env, key, round)) return;
  s.rounds.delete(key);
  if (round.failed) queueAddRateLimited(s.rt.queue, env.ctx, key);
  else if (round.finalizing) queueForget(s.rt.queue, key);
  else {
    env.ctx.log(`namespace_controller: content remaining in namespace ${key}, checking again in ${remainingRequeueMs(round.estimateSeconds) / 1000}s`);
    queueAddAfter(s.rt.queue, env.ctx, key, remainingRequeueMs(round.estimateSeconds));
  }
  armWorker(s.rt, env.ctx);
}

/** The answer to one of a round's requests. Returns false if the call is not this controller's. */
export function namespaceOnClientEvent(s: NamespaceControllerState, env: ControllerEnv, ev: ClientEvent): boolean {
  if (!ev.call.purpose.startsWith(PURPOSE)) return false;
  const data = ev.call.data as CallData;
  const round = s.rounds.get(data.ns);
  if (!round || round.uid !== data.uid) return true;
  round.outstanding--;
  const status = ev.kind === 'response' ? ev.response.status : 0;
  const body = ev.kind === 'response' ? ev.response.body : undefined;
  if (data.step === 'list') {
    if (status === 200) deleteItems(env, round, data, ((body as KubeList).items ?? []) as KubeObject[]);
    else round.failed = true;
  } else if (data.step === 'delete') {
    // A delete answered with the object still carrying deletionTimestamp: it is on its way out
    // (a pod in its grace period, an object with finalizers) but still there.
    if (status === 200 && !isStatus(body) && (body as KubeObject | undefined)?.metadata?.deletionTimestamp) round.remaining++;
    else if (status !== 200 && status !== 404) round.failed = true;
  } else if (status !== 200 && status !== 404) round.failed = true;
  if (round.outstanding === 0) endOfRound(s, env, data.ns, round);
  return true;
}
