// kube-scheduler as a component. Informers on nodes and pods feed a cache of per-node aggregates
// (bound and assumed pods) and the scheduling queue; a `scheduleOne` timer pops one pod at a time and
// runs the framework's cycle over the default profile; a chosen node is assumed at once and a
// Binding is POSTed to kube-apiserver. The scheduler never talks to a node: every message it sends
// goes to kube-apiserver (seed, chapter 4, phase 3). A pod with claims of a WaitForFirstConsumer
// class waits, assumed on its node, until VolumeBinding's writes (the claim's selected node, or a
// free volume's claimRef) have led to bound claims; only then is the pod bound (PreBind).

import { apiRequest, createClient, type ClientEvent, type ClientState } from '../client/apiclient';
import { createInformer, isOk, type Delta } from '../client/informer';
import { sendEvent, type EventCache } from '../client/event-recorder';
import {
  createInformerSet,
  informerSetOnMessage,
  informerSetOnTimer,
  informerSetStart,
  informerSetSynced,
  type ClientInput,
  type InformerSet,
} from '../client/informer-set';
import type { Credentials, HttpResponse } from '../api/http';
import { isStatus, type Node, type Pod } from '../api/types';
import { KUBERNETES_VERSION, type Timings } from '../config';
import type { ComponentType, Effects, Message, Timer } from '../kernel/component';
import type { ProcessId } from '../kernel/units';
import { schedulerEvent, SCHEDULER_NAME, unschedulableConditionPatch } from './events';
import { INFORMER_FACTORY, logBindFailure, SCHEDULER_PID } from './klog';
import { runSchedulingCycle, type SchedulingCycleRecord } from './framework/cycle';
import { addPodToAggregate, emptyAggregate, makePodInfo, podKey, removePodFromAggregate, type NodeAggregate } from './framework/nodeinfo';
import { DEFAULT_PROFILE } from './plugins/registry';
import { createSnapshot, nodeChanged, updateSnapshot, type Snapshot } from './snapshot';
import { bindPodVolumes, podVolumeClaims, podVolumesBound, type VolumeListers } from './plugins/VolumeBinding/binder';
import { keepCycleRecord, podLeft } from './cycle-records';
import {
  createLeaderElector,
  isLeading,
  leaderElectionOnClientEvent,
  leaderElectionOnTimer,
  leaderElectionStart,
  type LeaderElectionConfig,
  type LeaderElectorState,
  type LeaderTransition,
} from '../leaderelection/leaderelection';
import { createQueue, queueAdd, queueDelete, queueDone, queueMoveAllUnschedulable, queueOnTimer, queuePop, queueRequeueFailed, type SchedulingQueueState } from './queue';

export type { SchedulingCycleRecord } from './framework/cycle';

export interface SchedulerConfig {
  apiserver: ProcessId;
  credentials: Credentials;
  timings: Timings;
  /**
   * --leader-elect (kubeadm turns it on): schedule only while holding the kube-system/kube-scheduler
   * Lease. Unset, the scheduler schedules at once, as with --leader-elect=false.
   */
  leaderElection?: LeaderElectionConfig;
}

export interface SchedulerState {
  config: SchedulerConfig;
  client: ClientState;
  /** Nodes, and the pods that have not finished (the informer factory's field selector). */
  informers: InformerSet<SchedulerInformer>;
  /** Pods assumed on a node whose claims are being bound (VolumeBinding's PreBind): key -> node and since when. */
  waitingOnVolumes?: Map<string, { node: string; since: number }>;
  queue: SchedulingQueueState;
  /** Per-node sums of the pods counted on it (bound or assumed). */
  aggregates: Map<string, NodeAggregate>;
  /** The NodeInfos the cycles read, updated from what changed since the last cycle (snapshot.ts). */
  snapshot: Snapshot;
  /** Pod key -> the node it is counted on. */
  podNode: Map<string, string>;
  /** Pods assumed on a node until the watch shows them bound. */
  assumed: Map<string, Pod>;
  records: Map<string, SchedulingCycleRecord[]>;
  /** Pods gone from the informer whose records are still kept (cycle-records.ts). */
  goneRecords?: Set<string>;
  nextStartNodeIndex: number;
  scheduleTimerSet: boolean;
  eventSeq: number;
  /** The event correlator's cache (client/event-recorder.ts), made on the first event. */
  eventCache?: EventCache;
  /** The leader elector, when leader election is on. */
  le?: LeaderElectorState;
}

export { RECORDS_PER_POD } from './cycle-records';
const SCHEDULE_ONE = 'scheduleOne';
const VOLUME_BINDING_TIMEOUT = 'volumeBindingTimeout';
/** VolumeBinding's bindTimeoutSeconds default (600 s): how long PreBind waits for the claims. */
const BIND_TIMEOUT_MS = 600_000;
type SchedulerInformer = 'nodes' | 'pods' | 'persistentvolumeclaims' | 'persistentvolumes' | 'storageclasses';

function volumeListers(s: SchedulerState): VolumeListers {
  const b = s.informers.byName;
  return { claims: b.persistentvolumeclaims.items, volumes: b.persistentvolumes.items, classes: b.storageclasses.items };
}

/** The last cycles the scheduler ran for a pod (`default/web`), oldest first. */
export function getSchedulingRecords(state: SchedulerState, podKey: string): SchedulingCycleRecord[] {
  return state.records.get(podKey) ?? [];
}

function isOurs(pod: Pod): boolean {
  const name = pod.spec.schedulerName ?? SCHEDULER_NAME;
  const phase = pod.status?.phase;
  return name === SCHEDULER_NAME && !pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed';
}

function lookupPod(s: SchedulerState, key: string): Pod | undefined {
  return s.assumed.get(key) ?? (s.informers.byName.pods.items.get(key) as Pod | undefined);
}

function count(s: SchedulerState, pod: Pod, node: string): void {
  const key = podKey(pod);
  const cur = s.podNode.get(key);
  if (cur === node) return;
  if (cur !== undefined) uncount(s, key);
  let agg = s.aggregates.get(node);
  if (!agg) s.aggregates.set(node, (agg = emptyAggregate()));
  addPodToAggregate(agg, pod);
  s.podNode.set(key, node);
  nodeChanged(s.snapshot, node);
}

/** Take a pod off its node's sums; `last` is its final state when the informer has already dropped it. */
function uncount(s: SchedulerState, key: string, last?: Pod): void {
  const node = s.podNode.get(key);
  const pod = lookupPod(s, key) ?? last;
  if (node === undefined) return;
  const agg = s.aggregates.get(node);
  if (agg && pod) removePodFromAggregate(agg, pod);
  s.podNode.delete(key);
  nodeChanged(s.snapshot, node);
}

function armScheduleOne(s: SchedulerState, ctx: Effects): void {
  if (s.scheduleTimerSet || s.queue.activeQ.length === 0 || !informerSetSynced(s.informers)) return;
  if (s.le && !isLeading(s.le)) return;
  s.scheduleTimerSet = true;
  ctx.setTimer(0, SCHEDULE_ONE);
}

function onPodDelta(s: SchedulerState, d: Delta, ctx: Effects): void {
  const pod = d.object as Pod;
  const key = podKey(pod);
  if (d.type === 'DELETED') {
    const wasCounted = s.podNode.has(key);
    uncount(s, key, pod);
    podLeft(s, key);
    s.assumed.delete(key);
    s.waitingOnVolumes?.delete(key);
    queueDelete(s.queue, key);
    if (wasCounted) queueMoveAllUnschedulable(s.queue, ctx, s.config.timings);
    return;
  }
  if (pod.spec.nodeName) {
    // The watch confirms a binding (ours or another's): the pod is counted from the server's copy.
    if (s.assumed.has(key)) uncount(s, key);
    s.assumed.delete(key);
    count(s, pod, pod.spec.nodeName);
    // The node's pods now hold this copy of the pod (its labels may have changed).
    nodeChanged(s.snapshot, pod.spec.nodeName);
    queueDone(s.queue, key);
    return;
  }
  if (isOurs(pod) && !s.assumed.has(key)) {
    queueAdd(s.queue, { key, uid: pod.metadata.uid ?? '', priority: pod.spec.priority ?? 0 }, ctx.now, ctx.cause());
  } else if (!isOurs(pod)) queueDelete(s.queue, key);
}

function onNodeDelta(s: SchedulerState, d: Delta, ctx: Effects): void {
  const name = d.object.metadata.name ?? '';
  nodeChanged(s.snapshot, name);
  if (d.type === 'DELETED') s.aggregates.delete(name);
  else {
    if (!s.aggregates.has(name)) s.aggregates.set(name, emptyAggregate());
    queueMoveAllUnschedulable(s.queue, ctx, s.config.timings);
  }
}

function applyDeltas(s: SchedulerState, informer: SchedulerInformer, deltas: Delta[], ctx: Effects): void {
  if (informer === 'nodes' || informer === 'pods') for (const d of deltas) (informer === 'nodes' ? onNodeDelta : onPodDelta)(s, d, ctx);
  else onVolumeDeltas(s, deltas, ctx);
  armScheduleOne(s, ctx);
}

/** A claim, volume or class changed: pods waiting for their claims may be bound, unschedulable ones retried. */
function onVolumeDeltas(s: SchedulerState, deltas: Delta[], ctx: Effects): void {
  if (deltas.some((d) => d.type !== 'DELETED')) queueMoveAllUnschedulable(s.queue, ctx, s.config.timings);
  for (const [key, { node }] of s.waitingOnVolumes ?? []) {
    const pod = s.informers.byName.pods.items.get(key) as Pod | undefined;
    if (!pod || !podVolumesBound(pod, volumeListers(s))) continue;
    s.waitingOnVolumes!.delete(key);
    postBinding(s, ctx, pod, node);
  }
}

function podRef(pod: Pod) {
  return { kind: 'Pod', name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? 'default' };
}

function recordEvent(s: SchedulerState, ctx: Effects, pod: Pod, type: 'Normal' | 'Warning', reason: string, action: string, message: string): void {
  const ev = schedulerEvent(pod, { type, reason, action, message, now: ctx.now, host: ctx.host, seq: s.eventSeq++ });
  const ns = pod.metadata.namespace ?? 'default';
  // The shared recorder: a repeated FailedScheduling PATCHes the first one's count.
  sendEvent(ctx, s.client, (s.eventCache ??= {}), ev, {
    ttlMs: s.config.timings.eventTtlMs,
    meta: { phase: 'scheduling', summary: `POST /api/v1/namespaces/${ns}/events (${reason})`, object: podRef(pod) },
  });
}

function recordCycle(s: SchedulerState, rec: SchedulingCycleRecord): void {
  keepCycleRecord(s, rec);
}

/** schedulingCycle + the start of the binding cycle for one pod. */
function scheduleOne(s: SchedulerState, ctx: Effects): void {
  const entry = queuePop(s.queue, ctx.now);
  if (!entry) return;
  const pod = s.informers.byName.pods.items.get(entry.key) as Pod | undefined;
  if (!pod || pod.spec.nodeName || !isOurs(pod)) {
    queueDelete(s.queue, entry.key);
    return;
  }
  ctx.cause(entry.cause);
  const nodes = updateSnapshot(s.snapshot, { nodes: s.informers.byName.nodes.items, aggregates: s.aggregates, pod: (k) => lookupPod(s, k) });
  const result = runSchedulingCycle({
    pod: makePodInfo(pod),
    nodes,
    nodeNames: s.snapshot.names,
    havePodsWithRequiredAntiAffinity: s.snapshot.havePodsWithRequiredAntiAffinity,
    imageNumNodes: s.snapshot.imageNumNodes,
    table: s.snapshot.table,
    plugins: DEFAULT_PROFILE,
    cycle: entry.cycle,
    time: ctx.now,
    startIndex: s.nextStartNodeIndex,
    rand: () => ctx.rand(),
    volumes: volumeListers(s),
  });
  s.nextStartNodeIndex = result.nextStartNodeIndex;
  recordCycle(s, result.record);
  ctx.log(result.chosen ? `Scheduled pod ${entry.key} on ${result.chosen}` : `Unable to schedule pod ${entry.key}: ${result.fitError ?? ''}`);
  if (result.chosen) bind(s, ctx, pod, result.chosen);
  else handleFailure(s, ctx, pod, result.fitError ?? '');
}

/** Assume the pod on its node, then bind it, or first its claims (VolumeBinding's PreBind). */
function bind(s: SchedulerState, ctx: Effects, pod: Pod, node: string): void {
  const key = podKey(pod);
  const assumed: Pod = { ...pod, spec: { ...pod.spec, nodeName: node } };
  s.assumed.set(key, assumed);
  count(s, assumed, node);
  const l = volumeListers(s);
  const claims = podVolumeClaims(pod, l);
  const nodeObj = s.informers.byName.nodes.items.get(node) as Node | undefined;
  if (claims.delayed.length === 0 || !nodeObj || podVolumesBound(pod, l)) return postBinding(s, ctx, pod, node);
  for (const w of bindPodVolumes(claims, nodeObj, l)) {
    apiRequest(ctx, s.client, { method: 'PATCH', path: w.path, body: w.body, contentType: 'application/merge-patch+json' }, 'bind-volumes', { key, node }, {
      phase: 'scheduling',
      summary: w.summary,
      object: w.object,
    });
  }
  (s.waitingOnVolumes ??= new Map()).set(key, { node, since: ctx.now });
  ctx.setTimer(BIND_TIMEOUT_MS, VOLUME_BINDING_TIMEOUT, { key, since: ctx.now });
}

/** The pod's volumes could not be bound: forget the assumption and retry the pod after a back-off. */
function failPreBind(s: SchedulerState, ctx: Effects, key: string, why: string): void {
  if (!s.waitingOnVolumes?.delete(key)) return;
  if (s.assumed.has(key)) uncount(s, key);
  s.assumed.delete(key);
  const pod = s.informers.byName.pods.items.get(key) as Pod | undefined;
  if (pod) handleFailure(s, ctx, pod, `running PreBind plugin "VolumeBinding": binding volumes: ${why}`, true);
}

/** DefaultBinder: POST the pod's Binding. */
function postBinding(s: SchedulerState, ctx: Effects, pod: Pod, node: string): void {
  const key = podKey(pod);
  const ns = pod.metadata.namespace ?? 'default';
  const name = pod.metadata.name ?? '';
  const body = { apiVersion: 'v1', kind: 'Binding', metadata: { name, namespace: ns, uid: pod.metadata.uid }, target: { kind: 'Node', name: node } };
  apiRequest(ctx, s.client, { method: 'POST', path: `/api/v1/namespaces/${ns}/pods/${name}/binding`, body }, 'bind', { key, node }, {
    phase: 'scheduling',
    summary: `POST /api/v1/namespaces/${ns}/pods/${name}/binding (${node})`,
    object: podRef(pod),
  });
}

function handleFailure(s: SchedulerState, ctx: Effects, pod: Pod, message: string, error = false): void {
  queueRequeueFailed(s.queue, podKey(pod), ctx, s.config.timings, error);
  recordEvent(s, ctx, pod, 'Warning', 'FailedScheduling', 'Scheduling', message);
  const patch = unschedulableConditionPatch(pod, message, ctx.now);
  if (!patch) return;
  const ns = pod.metadata.namespace ?? 'default';
  apiRequest(
    ctx,
    s.client,
    { method: 'PATCH', path: `/api/v1/namespaces/${ns}/pods/${pod.metadata.name}/status`, body: patch, contentType: 'application/strategic-merge-patch+json' },
    'status',
    podKey(pod),
    { phase: 'scheduling', object: podRef(pod) },
  );
}

function onBindResult(s: SchedulerState, ctx: Effects, ev: ClientEvent): void {
  const { key, node } = ev.call.data as { key: string; node: string };
  const pod = s.assumed.get(key) ?? (s.informers.byName.pods.items.get(key) as Pod | undefined);
  if (ev.kind === 'response' && isOk(ev.response)) {
    queueDone(s.queue, key);
    if (pod) recordEvent(s, ctx, pod, 'Normal', 'Scheduled', 'Binding', `Successfully assigned ${key} to ${node}`);
    return;
  }
  // The binding failed: forget the assumption and retry after a back-off.
  if (s.assumed.has(key)) uncount(s, key);
  s.assumed.delete(key);
  const original = s.informers.byName.pods.items.get(key) as Pod | undefined;
  if (!original) return;
  const why = ev.kind === 'response' ? statusMessage(ev.response) : ev.kind === 'error' ? ev.error : 'closed';
  if (ev.kind === 'response') logBindFailure(ctx, key, node, ev.response);
  handleFailure(s, ctx, original, `Binding rejected: ${why}`, true);
}

function statusMessage(r: HttpResponse): string {
  return isStatus(r.body) ? r.body.message ?? '' : `status ${r.status}`;
}

/**
 * OnStartedLeading runs the scheduler; OnStoppedLeading exits the process, which the kubelet starts
 * again a PLEG relist later: a fresh process, a new identity, a candidate.
 */
function onLeaderTransition(s: SchedulerState, ctx: Effects, t: LeaderTransition | undefined): boolean {
  if (t === undefined) return false;
  if (t === 'started-leading') armScheduleOne(s, ctx);
  else if (t === 'stopped-leading') {
    ctx.log('Leaderelection lost');
    ctx.exit(s.config.timings.plegRelistPeriodMs);
  }
  return true;
}

function onClientEvent(s: SchedulerState, ctx: Effects, ev: ClientEvent): void {
  if (s.le && onLeaderTransition(s, ctx, leaderElectionOnClientEvent(s.le, ctx, s.client, ev))) return;
  if (ev.call.purpose === 'bind') onBindResult(s, ctx, ev);
  else if (ev.call.purpose === 'bind-volumes' && !(ev.kind === 'response' && isOk(ev.response))) {
    const why = ev.kind === 'response' ? statusMessage(ev.response) : ev.kind === 'error' ? ev.error : 'closed';
    failPreBind(s, ctx, (ev.call.data as { key: string }).key, why);
  }
  armScheduleOne(s, ctx);
}

function onClientInputs(s: SchedulerState, ctx: Effects, inputs: ClientInput<SchedulerInformer>[]): void {
  for (const input of inputs) {
    if (input.kind === 'deltas') applyDeltas(s, input.informer, input.deltas, ctx);
    else onClientEvent(s, ctx, input.event);
  }
}

export const kubeScheduler: ComponentType<SchedulerState, SchedulerConfig> = {
  kind: 'kube-scheduler',
  start(ctx, { config }) {
    const client = createClient({
      apiserver: config.apiserver,
      credentials: config.credentials,
      userAgent: `kube-scheduler/${KUBERNETES_VERSION} (linux/amd64) kubernetes/scheduler`,
      timeoutMs: config.timings.clientRequestTimeoutMs,
    });
    const s: SchedulerState = {
      config,
      client,
      informers: createInformerSet(
        {
          nodes: createInformer({ name: 'nodes', path: '/api/v1/nodes' }),
          // kube-scheduler's pod informer leaves out finished pods (scheduler.go NewInformerFactory).
          pods: createInformer({ name: 'pods', path: '/api/v1/pods', fieldSelector: 'status.phase!=Succeeded,status.phase!=Failed' }),
          // VolumeBinding's listers (volume_binding.go New).
          persistentvolumeclaims: createInformer({ name: 'persistentvolumeclaims', path: '/api/v1/persistentvolumeclaims' }),
          persistentvolumes: createInformer({ name: 'persistentvolumes', path: '/api/v1/persistentvolumes' }),
          storageclasses: createInformer({ name: 'storageclasses', path: '/apis/storage.k8s.io/v1/storageclasses' }),
        },
        { pid: SCHEDULER_PID, reflector: INFORMER_FACTORY },
      ),
      queue: createQueue(),
      aggregates: new Map(),
      snapshot: createSnapshot(),
      podNode: new Map(),
      assumed: new Map(),
      records: new Map(),
      nextStartNodeIndex: 0,
      scheduleTimerSet: false,
      eventSeq: 0,
    };
    informerSetStart(ctx, client, s.informers);
    if (config.leaderElection) {
      s.le = createLeaderElector(config.leaderElection, ctx);
      leaderElectionStart(s.le, ctx, client);
    }
    return s;
  },
  onMessage(s, msg: Message, ctx) {
    const inputs = informerSetOnMessage(ctx, s.client, s.informers, msg);
    if (inputs) onClientInputs(s, ctx, inputs);
  },
  onTimer(s, t: Timer, ctx) {
    if (s.le && onLeaderTransition(s, ctx, leaderElectionOnTimer(s.le, ctx, s.client, t))) return;
    if (t.name === VOLUME_BINDING_TIMEOUT) {
      // Only the wait this timer was set for: the pod may have been bound, or be waiting again since.
      const { key, since } = t.payload as { key: string; since: number };
      if (s.waitingOnVolumes?.get(key)?.since === since) failPreBind(s, ctx, key, 'context deadline exceeded');
      return;
    }
    if (t.name === SCHEDULE_ONE) {
      s.scheduleTimerSet = false;
      scheduleOne(s, ctx);
      armScheduleOne(s, ctx);
      return;
    }
    const inputs = informerSetOnTimer(ctx, s.client, s.informers, t);
    if (inputs) return onClientInputs(s, ctx, inputs);
    if (queueOnTimer(s.queue, t.name, t.payload, ctx, s.config.timings)) armScheduleOne(s, ctx);
  },
};
