// The kubelet (seed ch. 3): registers its Node, renews its Lease and posts node status (the
// heartbeats), watches the pods bound to its node (fieldSelector spec.nodeName=<node>), and runs
// each through the container runtime over CRI; it answers the apiserver's log requests. It talks
// to kube-apiserver and containerd only, never to etcd.

import type { Pod } from '../../api/types';
import { createClient, type ClientEvent } from '../../client/apiclient';
import { createInformer, isOk, type Delta } from '../../client/informer';
import { createInformerSet, informerSetOnMessage, informerSetOnTimer, informerSetStart, type ClientInput } from '../../client/informer-set';
import { transportError } from '../../client/transport-error';
import { APISERVER_ADDRESS } from '../../names';
import type { ComponentType, ConnectionRefused, Effects, Message, Timer } from '../../kernel/component';
import type { MessageId } from '../../kernel/units';
import type { ContainerInfo, CriContainerEvent, CriResponse, ImageInfo, PodSandboxInfo, ProbeResponse } from '../runtime/cri';
import { createBackoff } from './backoff';
import { recordNodeEvent } from './events';
import { refusedResponse, transportClosedResponse } from './cri-client';
import { klog, KUBELET_PID } from './klog';
import { needsReconcile, podStatus } from './pod-status';
import { onContainerExec, onExecAnswer } from './exec';
import { onPortForward, onPortForwardAnswer } from './port-forward';
import { onAttachRead, onContainerAttach } from './attach';
import { onContainerLogs, onReadLogs } from './logs';
import { onResourceMetrics } from './resource-metrics';
import { LEASE_TIMER, NODE_STATUS_TIMER, conditionKey, postNodeStatus, registerNode, renewLease, type NodeCondition } from './node';
import { TOKEN_REFRESH_TIMER, onTokenRefreshTimer, onTokenResponse } from './token-manager';
import { VOLUME_RESYNC_TIMER, onVolumeSourceDeltas, resyncVolumes } from './volume-resync';
import { POD_DELETE_RETRY_TIMER, RETRY_TIMER, deleteTerminatedPod, onContainerExited, onPodDeleteFailed, onSyncResponse, pushStatus, removeWorker, retryAt, shortenGrace, syncPod, terminateStep } from './pod-worker';
import { findContainer } from './init-containers';
import { configSources, objectResourceOf, objectsSynced, unregisterPod, workersAwaiting } from './object-managers';
import { restartChangedContainers } from './container-changes';
import { PLEG_EVENT, ensureMirrorPods, onMirrorCreated, onRelist, resyncProcessPodFiles, startProcessPod, terminateProcessPod } from './process-pods';

/** kubelet.go backOffPeriod: a pod worker whose sync failed tries again this much later. */
const KILL_RETRY_BACKOFF_MS = 10_000;
import { PROBE_TIMER, onExecProbeResponse, onNetProbeResponse, onProbeTimer } from './prober';
import { RUNTIME_SYNC_TIMER, addPod, onContainerList, onImageList, onSandboxDied, onSandboxList, startRuntimeSync } from './runtime-sync';
import type { KubeletConfig, KubeletInformer, KubeletState, ProbeKind } from './state';
import { KUBELET_VERSION } from './texts';

export type { KubeletConfig } from './state';

const REGISTER_TIMER = 'node.register';
/** status_manager.go: syncBatch runs every 10 s and re-sends statuses the apiserver does not have. */
const STATUS_SYNC_TIMER = 'status.sync';
const STATUS_SYNC_PERIOD_MS = 10_000;

function start(ctx: Effects, input: { config: KubeletConfig }): KubeletState {
  const config = input.config;
  const t = config.timings;
  const s: KubeletState = {
    config,
    client: createClient({ apiserver: config.apiserver, credentials: config.credentials, userAgent: `kubelet/${KUBELET_VERSION} (linux/amd64) kubernetes/9edcffc`, timeoutMs: t.clientRequestTimeoutMs }),
    informers: createInformerSet(
      {
        pods: createInformer({ name: 'pods', path: '/api/v1/pods', fieldSelector: `spec.nodeName=${config.nodeName}`, phase: 'watch' }),
        // Its own Node (the kubelet's node lister): what the apiserver says of it, so a status another
        // component changed (the node lifecycle controller's Unknown) is posted again at the next update.
        node: createInformer({ name: 'node', path: '/api/v1/nodes', fieldSelector: `metadata.name=${config.nodeName}`, phase: 'heartbeat' }),
      } as Record<KubeletInformer, ReturnType<typeof createInformer>>,
      { pid: KUBELET_PID, reflector: 'pkg/kubelet/config/apiserver.go:66' },
    ),
    objectRefs: new Map(),
    registered: false,
    startedAt: ctx.now,
    runtimeUp: true,
    readySince: ctx.now,
    lastStatusPostAt: ctx.now,
    images: new Map(),
    workers: new Map(),
    byContainer: new Map(),
    cri: new Map(),
    probeCalls: new Map(),
    imageBackoff: createBackoff(t.imageBackOffInitialMs, t.imageBackOffMaxMs),
    crashBackoff: createBackoff(t.crashLoopBackOffInitialMs, t.crashLoopBackOffMaxMs),
    eventSeq: 0,
  };
  klog(ctx, 'I', 'server.go:484', 'Kubelet version', { kubeletVersion: KUBELET_VERSION });
  klog(ctx, 'I', 'kubelet_node_status.go:72', 'Attempting to register node', { node: config.nodeName });
  registerNode(s, ctx);
  informerSetStart(ctx, s.client, s.informers, ['pods', 'node']);
  startRuntimeSync(s, ctx);
  ctx.setTimer(t.nodeStatusUpdateFrequencyMs, NODE_STATUS_TIMER);
  return s;
}

/** The runtime came or went: the Ready condition follows it (a changed status is posted at the next tick). */
function setRuntimeUp(s: KubeletState, ctx: Effects, up: boolean): void {
  if (s.runtimeUp === up) return;
  s.runtimeUp = up;
  s.readySince = ctx.now;
  if (!up) klog(ctx, 'E', 'kubelet.go:2919', 'Container runtime not ready', { runtimeReady: 'RuntimeReady=false reason: message:container runtime is down' });
  else if (s.registered) recordNodeEvent(s, ctx, 'NodeReady', `Node ${s.config.nodeName} status is now: NodeReady`);
}

/** What a fresh kubelet tells about its node (`kubectl get events` on a new cluster shows these). */
function recordStartupEvents(s: KubeletState, ctx: Effects): void {
  const n = s.config.nodeName;
  recordNodeEvent(s, ctx, 'Starting', 'Starting kubelet.');
  for (const r of ['NodeHasSufficientMemory', 'NodeHasNoDiskPressure', 'NodeHasSufficientPID']) recordNodeEvent(s, ctx, r, `Node ${n} status is now: ${r}`);
  recordNodeEvent(s, ctx, 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
  if (s.runtimeUp) recordNodeEvent(s, ctx, 'NodeReady', `Node ${n} status is now: NodeReady`);
}

function onDeltas(s: KubeletState, ctx: Effects, deltas: Delta[]): void {
  for (const d of deltas) {
    const pod = d.object as Pod;
    const uid = pod.metadata.uid ?? '';
    const w = s.workers.get(uid);
    const key = `${pod.metadata.namespace}/${pod.metadata.name}`;
    if (d.type === 'DELETED') {
      klog(ctx, 'I', 'kubelet.go:2422', 'SyncLoop REMOVE', { source: 'api', pods: [key] });
      if (!w) continue;
      if (w.process) {
        // A deleted mirror pod is posted again at the next relist; a DaemonSet pod's process stopped with it.
        if (!w.terminated) terminateProcessPod(s, ctx, w);
        unregisterPod(s, ctx, uid);
        s.workers.delete(uid);
        continue;
      }
      w.pod = pod;
      w.removed = true;
      if (!w.terminated) {
        // A force-deleted pod is gone from the API, but its containers still get their grace
        // period on the node (HandlePodRemoves -> SyncPodKill): the worker stays until they stop.
        w.terminating = true;
        syncPod(s, ctx, w);
      }
      if (w.terminated) removeWorker(s, ctx, w);
      continue;
    }
    if (!s.runtime?.containers) continue; // adopted once the runtime has been listed
    if (!w) {
      const phase = pod.status?.phase;
      if (phase !== 'Succeeded' && phase !== 'Failed') addPod(s, ctx, pod);
      continue;
    }
    w.pod = pod;
    if (w.process) {
      if (pod.metadata.deletionTimestamp) terminateProcessPod(s, ctx, w);
      else if (w.lastStatusJson && !w.statusInFlight && needsReconcile(pod.status, podStatus(w, s.config.nodeIP, ctx.now))) {
        w.lastStatusJson = undefined;
        pushStatus(s, ctx, w);
      }
      continue;
    }
    if (pod.metadata.deletionTimestamp && !w.terminating) {
      klog(ctx, 'I', 'kubelet.go:2416', 'SyncLoop DELETE', { source: 'api', pods: [key] });
      w.terminating = true;
      w.cause = ctx.cause();
      syncPod(s, ctx, w);
    } else if (pod.metadata.deletionTimestamp) shortenGrace(s, ctx, w);
    else restartChangedContainers(s, ctx, w);
    if (pod.metadata.deletionTimestamp) continue;
    if (w.lastStatusJson && !w.statusInFlight && needsReconcile(pod.status, podStatus(w, s.config.nodeIP, ctx.now))) {
      w.lastStatusJson = undefined;
      pushStatus(s, ctx, w);
    }
  }
}

/** The `err` of a failed call: the HTTP status, or client-go's transport error when there was no answer. */
function callError(ev: ClientEvent, status: number): string | number {
  return ev.kind === 'error' ? transportError(ev.call, APISERVER_ADDRESS, ev.error) : status;
}

function onClientInputs(s: KubeletState, ctx: Effects, inputs: ClientInput<KubeletInformer>[]): void {
  for (const input of inputs) {
    if (input.kind === 'deltas') {
      if (input.informer === 'node') {
        const node = s.informers.byName.node.items.get(s.config.nodeName) as { status?: { conditions?: NodeCondition[] } } | undefined;
        s.apiNodeConditions = node ? conditionKey(node.status?.conditions) : undefined;
      }
      else if (input.informer === 'pods') {
        onDeltas(s, ctx, input.deltas);
        // A static pod's mirror pod is posted once the pods are listed, and again when deleted.
        ensureMirrorPods(s, ctx);
      }
      else onObjectDeltas(s, ctx, input.informer, input.deltas);
    }
    else onClientEvent(s, ctx, input.event);
  }
}

/** One ConfigMap's or Secret's reflector listed or saw a change: mounted files follow, waiting pods sync. */
function onObjectDeltas(s: KubeletState, ctx: Effects, informer: KubeletInformer, deltas: Delta[]): void {
  const resource = objectResourceOf(informer);
  if (!resource) return;
  onVolumeSourceDeltas(s, ctx, resource, deltas);
  for (const w of workersAwaiting(s, informer)) {
    if (!w.process) syncPod(s, ctx, w);
    else if (objectsSynced(s, w)) startProcessPod(s, ctx, w);
  }
}

function onClientEvent(s: KubeletState, ctx: Effects, ev: ClientEvent): void {
  const ok = ev.kind === 'response' && isOk(ev.response);
  const status = ev.kind === 'response' ? ev.response.status : 0;
  switch (ev.call.purpose) {
    case 'node.register':
      if (ok || status === 409) {
        s.registered = true;
        if (ok) s.nodeUid = ((ev as Extract<ClientEvent, { kind: 'response' }>).response.body as Pod).metadata.uid;
        klog(ctx, 'I', 'kubelet_node_status.go:75', 'Successfully registered node', { node: s.config.nodeName });
        recordStartupEvents(s, ctx);
        if (status === 409) postNodeStatus(s, ctx, true);
        renewLease(s, ctx);
        ctx.setTimer(s.config.timings.nodeLeaseRenewIntervalMs, LEASE_TIMER);
      } else {
        klog(ctx, 'E', 'kubelet_node_status.go:96', 'Unable to register node with API server', { err: callError(ev, status), node: s.config.nodeName });
        ctx.setTimer(2000, REGISTER_TIMER);
      }
      return;
    case 'lease':
      if (ok) s.lease = { exists: true, resourceVersion: ((ev as Extract<ClientEvent, { kind: 'response' }>).response.body as Pod).metadata.resourceVersion };
      else if (status === 409) s.lease = { exists: true };
      else if (status === 404) s.lease = { exists: false };
      else klog(ctx, 'E', 'controller.go:145', 'Failed to update lease', { err: callError(ev, status) });
      return;
    case 'token': {
      const r = onTokenResponse(s, ctx, ev);
      if (!r) return;
      if (r.refreshed) return resyncVolumes(s, ctx, r.w, configSources(s));
      if (!r.failed) return syncPod(s, ctx, r.w);
      pushStatus(s, ctx, r.w);
      return retryAt(ctx, r.w, undefined, ctx.now + 10_000);
    }
    case 'mirror.create':
      return onMirrorCreated(s, ctx, ev.call.data as string, status);
    case 'node.status':
      if (ok) s.nodeUid ??= ((ev as Extract<ClientEvent, { kind: 'response' }>).response.body as Pod).metadata.uid;
      if (!ok) {
        s.lastNodeStatusJson = undefined;
        klog(ctx, 'E', 'kubelet_node_status.go:535', 'Error updating node status, will retry', { err: callError(ev, status) });
      }
      return;
    case 'pod.delete':
      if (!ok) onPodDeleteFailed(ctx, ev.call.data as string, status);
      return;
    case 'pod.status': {
      const w = s.workers.get(ev.call.data as string);
      if (!w) return;
      w.statusInFlight = false;
      if (!ok && status !== 404) {
        w.lastStatusJson = undefined;
        // Only arm the batch timer while something waits, so a healthy node adds no timer records.
        if (!s.statusRetry?.size) ctx.setTimer(STATUS_SYNC_PERIOD_MS, STATUS_SYNC_TIMER);
        (s.statusRetry ??= new Set()).add(w.uid);
      } else if (w.statusDirty) pushStatus(s, ctx, w);
      return;
    }
    default:
      return;
  }
}

function onCriResponse(s: KubeletState, ctx: Effects, resp: CriResponse): void {
  const rec = s.cri.get(resp.requestId);
  if (!rec) return;
  s.cri.delete(resp.requestId);
  const w = rec.podUid ? s.workers.get(rec.podUid) : undefined;
  switch (rec.purpose) {
    case 'sync':
      return w ? onSyncResponse(s, ctx, w, rec.container, resp) : undefined;
    case 'stop': {
      if (!w) return;
      const c = resp.error ? findContainer(w, rec.container) : undefined;
      if (c && c.state === 'running') {
        // The kill failed (containerd went away mid-call): the pod worker tries again after the
        // kubelet's back-off (kubelet.go backOffPeriod, 10 s), or the pod stays Terminating for ever
        // (chaos seed 404).
        c.stopping = false;
        return retryAt(ctx, w, c, ctx.now + KILL_RETRY_BACKOFF_MS);
      }
      return syncPod(s, ctx, w);
    }
    case 'probe':
      return w && rec.container && rec.probe ? onExecProbeResponse(s, ctx, w, rec.container, rec.probe, resp) : undefined;
    case 'logs':
      return onReadLogs(ctx, rec, resp);
    case 'exec':
      return onExecAnswer(ctx, rec, resp);
    case 'portforward':
      return onPortForwardAnswer(ctx, rec, resp);
    case 'attach':
      return onAttachRead(ctx, rec, resp);
    case 'runtime-list':
      setRuntimeUp(s, ctx, !resp.error);
      if (resp.error) return void ctx.setTimer(1000, RUNTIME_SYNC_TIMER);
      return onSandboxList(s, ctx, (resp.result as { items: PodSandboxInfo[] }).items);
    case 'runtime-list-containers':
      if (resp.error) return void ctx.setTimer(1000, RUNTIME_SYNC_TIMER);
      return onContainerList(s, ctx, (resp.result as { containers: ContainerInfo[] }).containers, [...s.informers.byName.pods.items.values()] as Pod[]);
    case 'runtime-images':
      return resp.error ? undefined : onImageList(s, (resp.result as { images: ImageInfo[] }).images);
    case 'events':
      return;
  }
}

function onContainerEvent(s: KubeletState, ctx: Effects, ev: CriContainerEvent): void {
  if (ev.containerEventType !== 'CONTAINER_STOPPED_EVENT') return;
  if (ev.podSandboxStatus) return onSandboxDied(s, ctx, ev.podSandboxStatus.id);
  const uid = s.byContainer.get(ev.container.id);
  const w = uid ? s.workers.get(uid) : undefined;
  if (w) onContainerExited(s, ctx, w, ev.container.id, ev.container.exitCode ?? 0, ev.container.reason);
}

function onRefused(s: KubeletState, ctx: Effects, id: MessageId): boolean {
  const rec = s.cri.get(id);
  if (rec) {
    onCriResponse(s, ctx, refusedResponse(id, rec));
    return true;
  }
  const probe = s.probeCalls.get(id);
  if (probe) {
    s.probeCalls.delete(id);
    return true;
  }
  return false;
}

function onMessage(s: KubeletState, msg: Message, ctx: Effects): void {
  const type = msg.body.type;
  if (type === 'http.request' && (onContainerLogs(s, ctx, msg) || onContainerExec(s, ctx, msg) || onPortForward(s, ctx, msg) || onContainerAttach(s, ctx, msg) || onResourceMetrics(s, ctx, msg))) return;
  if (type === 'cri.response') return onCriResponse(s, ctx, msg.body as CriResponse);
  if (type === 'cri.event') return onContainerEvent(s, ctx, msg.body as CriContainerEvent);
  if (type === 'probe.response') return onNetProbeResponse(s, ctx, msg.body as ProbeResponse);
  if (type === 'conn.refused' && onRefused(s, ctx, (msg.body as ConnectionRefused).inReplyTo)) return;
  if (type === 'stream.closed' && (msg.body as unknown as { stream: number }).stream === s.eventsStream) {
    // containerd went away: list again (and reopen the stream) once it answers.
    s.cri.delete(s.eventsStream);
    s.eventsStream = undefined;
    setRuntimeUp(s, ctx, false);
    ctx.setTimer(1000, RUNTIME_SYNC_TIMER);
    // Every call in flight was on the same gRPC connection: each fails now, as gRPC fails the RPCs
    // of a transport that closed, and its pod worker goes on from the error (found by the chaos
    // runner, seed 161: a CreateContainer in flight when containerd died was waited on for ever).
    for (const [id, rec] of [...s.cri]) onCriResponse(s, ctx, transportClosedResponse(id, rec));
    return;
  }
  const inputs = informerSetOnMessage(ctx, s.client, s.informers, msg);
  if (inputs) onClientInputs(s, ctx, inputs);
}

function onTimer(s: KubeletState, t: Timer, ctx: Effects): void {
  const inputs = informerSetOnTimer(ctx, s.client, s.informers, t);
  if (inputs) return onClientInputs(s, ctx, inputs);
  switch (t.name) {
    case LEASE_TIMER:
      renewLease(s, ctx);
      ctx.setTimer(s.config.timings.nodeLeaseRenewIntervalMs, LEASE_TIMER);
      return;
    case NODE_STATUS_TIMER:
      if (s.registered) postNodeStatus(s, ctx, false);
      // A mirror pod whose POST failed (the apiserver was down) is posted again.
      ensureMirrorPods(s, ctx);
      ctx.setTimer(s.config.timings.nodeStatusUpdateFrequencyMs, NODE_STATUS_TIMER);
      return;
    case REGISTER_TIMER:
      return registerNode(s, ctx);
    case STATUS_SYNC_TIMER: {
      const uids = [...(s.statusRetry ?? [])];
      s.statusRetry?.clear();
      for (const uid of uids) {
        const w = s.workers.get(uid);
        if (w) pushStatus(s, ctx, w);
      }
      return;
    }
    case RUNTIME_SYNC_TIMER:
      return startRuntimeSync(s, ctx);
    case PLEG_EVENT:
      return onRelist(s, ctx);
    case POD_DELETE_RETRY_TIMER: {
      const w = s.workers.get(t.payload as string);
      if (w) deleteTerminatedPod(s, ctx, w);
      return;
    }
    case TOKEN_REFRESH_TIMER:
      return onTokenRefreshTimer(s, ctx, t.payload as Parameters<typeof onTokenRefreshTimer>[2]);
    case RETRY_TIMER: {
      const p = t.payload as { uid: string; container?: string };
      const w = s.workers.get(p.uid);
      if (!w) return;
      const c = findContainer(w, p.container);
      if (c) c.retryTimer = undefined;
      if (w.terminating) return terminateStep(s, ctx, w);
      pushStatus(s, ctx, w);
      return syncPod(s, ctx, w);
    }
    case VOLUME_RESYNC_TIMER: {
      const w = s.workers.get((t.payload as { uid: string }).uid);
      if (w?.process) return resyncProcessPodFiles(s, ctx, w);
      if (w) resyncVolumes(s, ctx, w, configSources(s));
      return;
    }
    case PROBE_TIMER: {
      const p = t.payload as { uid: string; container: string; kind: ProbeKind };
      const w = s.workers.get(p.uid);
      if (w) onProbeTimer(s, ctx, w, p.container, p.kind);
      return;
    }
  }
}

export const kubelet: ComponentType<KubeletState, KubeletConfig> = {
  kind: 'kubelet',
  start,
  onMessage,
  onTimer,
};
