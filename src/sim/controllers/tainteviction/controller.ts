// The taint eviction controller (pkg/controller/tainteviction/taint_eviction.go; a controller of its
// own since v1.29, acting with node-controller's service account). Pods on a node with NoExecute
// taints they do not tolerate are deleted at once; pods that tolerate them for tolerationSeconds
// (300 s from DefaultTolerationSeconds) are deleted when that time runs out, counted from when the
// controller saw the taint (a few ms after its timeAdded). Before deleting, it sets the pod
// condition DisruptionTarget; every deletion and cancellation is an event (TaintManagerEviction).

import type { Node, Pod, Taint } from '../../api/types';
import { rfc3339 } from '../../api/time';
import { apiRequest, type ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import type { Timer } from '../../kernel/component';
import type { TimerId } from '../../kernel/units';
import { armWorker, createRuntime, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { recordEvent, type EventRecorder } from '../framework/events';
import { podsOnNode } from '../framework/informers';
import { queueAdd } from '../framework/workqueue';
import { getMatchingTolerations, getMinTolerationTimeMs, noExecuteTaints } from './tolerations';

export const TAINT_EVICTION_CONTROLLER = 'taint-eviction-controller';
/** "taint-manager uses existing cluster role from node-controller" (kube-controller-manager core.go). */
export const TAINT_EVICTION_SA = 'node-controller';
const FIRE_TIMER = 'taint-eviction.fire';
const PURPOSE_CONDITION = 'taint-eviction:condition';
const PURPOSE_DELETE = 'taint-eviction:delete';

export interface ScheduledEviction {
  createdAt: number;
  fireAt: number;
  timer: TimerId;
}

export interface TaintEvictionState {
  /** One queue for both update channels: keys `node:<name>` and `pod:<ns>/<name>`. */
  rt: ControllerRuntime;
  /** Node -> its NoExecute taints as last handled. */
  taintedNodes: Map<string, Taint[]>;
  /** The timed eviction queue: pod key -> when it was scheduled and when it fires. */
  scheduled: Map<string, ScheduledEviction>;
}

export function createTaintEviction(): TaintEvictionState {
  return { rt: createRuntime(TAINT_EVICTION_CONTROLLER), taintedNodes: new Map(), scheduled: new Map() };
}

function recorder(env: ControllerEnv): EventRecorder {
  return { component: TAINT_EVICTION_CONTROLLER, credentials: env.credentials, phase: 'controller' };
}

function podEvent(env: ControllerEnv, key: string, message: string): void {
  const [namespace, name] = key.split('/') as [string, string];
  recordEvent(env.ctx, env.client, recorder(env), env.events, { apiVersion: 'v1', kind: 'Pod', name, namespace }, 'Normal', 'TaintManagerEviction', message);
}

/** nodeUpdated: only a change of the node's NoExecute taints matters. */
export function onTaintEvictionNodeDelta(s: TaintEvictionState, env: ControllerEnv, d: Delta): void {
  const now = d.type === 'DELETED' ? [] : noExecuteTaints((d.object as Node).spec?.taints);
  const before = d.old ? noExecuteTaints((d.old as Node).spec?.taints) : undefined;
  if (before && d.type !== 'DELETED' && JSON.stringify(before) === JSON.stringify(now)) return;
  queueAdd(s.rt.queue, `node:${d.object.metadata.name}`);
  armWorker(s.rt, env.ctx);
}

/** podUpdated: only a new pod, a deleted one, or a change of node or tolerations matters. */
export function onTaintEvictionPodDelta(s: TaintEvictionState, env: ControllerEnv, d: Delta): void {
  const pod = d.object as Pod;
  const old = d.old as Pod | undefined;
  if (d.type === 'MODIFIED' && old && old.spec.nodeName === pod.spec.nodeName && JSON.stringify(old.spec.tolerations ?? []) === JSON.stringify(pod.spec.tolerations ?? [])) return;
  queueAdd(s.rt.queue, `pod:${objectKey(pod)}`);
  armWorker(s.rt, env.ctx);
}

function cancelWorkWithEvent(s: TaintEvictionState, env: ControllerEnv, key: string): void {
  const cur = s.scheduled.get(key);
  if (!cur) return;
  env.ctx.cancelTimer(cur.timer);
  s.scheduled.delete(key);
  podEvent(env, key, `Cancelling deletion of Pod ${key}`);
}

function addWork(s: TaintEvictionState, env: ControllerEnv, key: string, createdAt: number, fireAt: number): void {
  const timer = env.ctx.setTimer(Math.max(0, fireAt - env.ctx.now), FIRE_TIMER, { pod: key });
  s.scheduled.set(key, { createdAt, fireAt, timer });
}

/** processPodOnNode: evict now, later (tolerationSeconds), or never. */
export function processPodOnNode(s: TaintEvictionState, env: ControllerEnv, pod: Pod, taints: Taint[]): void {
  const key = objectKey(pod);
  const now = env.ctx.now;
  if (taints.length === 0) {
    cancelWorkWithEvent(s, env, key);
    return;
  }
  const { allTolerated, used } = getMatchingTolerations(taints, pod.spec.tolerations ?? []);
  if (!allTolerated) {
    cancelWorkWithEvent(s, env, key);
    addWork(s, env, key, now, now);
    return;
  }
  const min = getMinTolerationTimeMs(used);
  if (min < 0) {
    cancelWorkWithEvent(s, env, key);
    return;
  }
  let startTime: number = now;
  const existing = s.scheduled.get(key);
  if (existing) {
    startTime = existing.createdAt;
    // An eviction already due earlier stays as it is.
    if (startTime + min < now + min) return;
    cancelWorkWithEvent(s, env, key);
  }
  addWork(s, env, key, startTime, now + min);
}

/** The worker: handleNodeUpdate / handlePodUpdate. They only schedule; the timers do the deleting. */
export function syncTaintEvictionNode(s: TaintEvictionState, env: ControllerEnv, sc: SyncContext): SyncResult {
  if (sc.key.startsWith('node:')) {
    const name = sc.key.slice(5);
    const node = env.informers.byName.nodes.items.get(name) as Node | undefined;
    if (!node) {
      s.taintedNodes.delete(name);
      return 'ok';
    }
    const taints = noExecuteTaints(node.spec.taints);
    if (taints.length === 0) s.taintedNodes.delete(name);
    else s.taintedNodes.set(name, taints);
    for (const pod of podsOnNode(env.informers, name)) processPodOnNode(s, env, pod, taints);
    return 'ok';
  }
  const key = sc.key.slice(4);
  const pod = env.informers.byName.pods.items.get(key) as Pod | undefined;
  if (!pod) {
    cancelWorkWithEvent(s, env, key);
    return 'ok';
  }
  const nodeName = pod.spec.nodeName;
  if (!nodeName) return 'ok';
  const taints = s.taintedNodes.get(nodeName);
  if (!taints) return 'ok';
  processPodOnNode(s, env, pod, taints);
  return 'ok';
}

const DISRUPTION_REASON = 'DeletionByTaintManager';
const DISRUPTION_MESSAGE = 'Taint manager: deleting due to NoExecute taint';

/** deletePodHandler: event, then the DisruptionTarget condition, then (on its answer) DELETE. */
export function taintEvictionOnTimer(s: TaintEvictionState, env: ControllerEnv, t: Timer): boolean {
  if (t.name !== FIRE_TIMER) return false;
  const key = (t.payload as { pod: string }).pod;
  const cur = s.scheduled.get(key);
  if (!cur || cur.timer !== t.id) return true;
  s.scheduled.delete(key);
  env.ctx.log(`"Deleting pod" controller="${TAINT_EVICTION_CONTROLLER}" pod="${key}"`);
  podEvent(env, key, `Marking for deletion Pod ${key}`);
  const pod = env.informers.byName.pods.items.get(key) as Pod | undefined;
  const [ns, name] = key.split('/') as [string, string];
  const already = (pod?.status?.conditions ?? []).some((c) => c.type === 'DisruptionTarget' && c.status === 'True' && c.reason === DISRUPTION_REASON);
  if (!pod || already) {
    deletePod(env, ns, name);
    return true;
  }
  const patch = {
    metadata: { uid: pod.metadata.uid },
    status: { conditions: [{ type: 'DisruptionTarget', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(env.ctx.now), reason: DISRUPTION_REASON, message: DISRUPTION_MESSAGE }] },
  };
  apiRequest(
    env.ctx,
    env.client,
    { method: 'PATCH', path: `/api/v1/namespaces/${ns}/pods/${name}/status`, body: patch, contentType: 'application/strategic-merge-patch+json', credentials: env.credentials },
    PURPOSE_CONDITION,
    key,
    { phase: 'controller', summary: `PATCH /api/v1/namespaces/${ns}/pods/${name}/status (DisruptionTarget: ${DISRUPTION_REASON})`, object: { kind: 'Pod', name, namespace: ns } },
  );
  return true;
}

function deletePod(env: ControllerEnv, ns: string, name: string): void {
  apiRequest(env.ctx, env.client, { method: 'DELETE', path: `/api/v1/namespaces/${ns}/pods/${name}`, credentials: env.credentials }, PURPOSE_DELETE, `${ns}/${name}`, {
    phase: 'controller',
    summary: `DELETE /api/v1/namespaces/${ns}/pods/${name} (NoExecute taint)`,
    object: { kind: 'Pod', name, namespace: ns },
  });
}

/** The condition patch answered (whatever it said): delete the pod. Returns false for other calls. */
export function taintEvictionOnClientEvent(env: ControllerEnv, ev: ClientEvent): boolean {
  if (ev.call.purpose === PURPOSE_DELETE) return true;
  if (ev.call.purpose !== PURPOSE_CONDITION) return false;
  const [ns, name] = (ev.call.data as string).split('/') as [string, string];
  if (ev.kind === 'response' && ev.response.status === 404) return true;
  deletePod(env, ns, name);
  return true;
}
