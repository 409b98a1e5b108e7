// How the kubelet finds out what the runtime already runs: at start, and whenever containerd comes
// back, it lists sandboxes and containers (ListPodSandbox, ListContainers), opens the container
// event stream (GetContainerEvents, the evented PLEG), and adopts what belongs to its pods, so a
// restarted kubelet does not start a second copy of a running container.

import { registerPod } from './object-managers';
import { addProcessPod, processOf } from './process-pods';
import type { Pod } from '../../api/types';
import type { Effects } from '../../kernel/component';
import type { ContainerInfo, ImageInfo, PodSandboxInfo } from '../runtime/cri';
import { criCall } from './cri-client';
import { allContainers } from './init-containers';
import { klog } from './klog';
import { rfc3339 } from '../../api/time';
import { createWorker, onContainerExited, pushStatus, syncPod } from './pod-worker';
import { startProbes } from './prober';
import type { ContainerWorker, KubeletState, PodWorker } from './state';

export const RUNTIME_SYNC_TIMER = 'runtime.sync';

export function startRuntimeSync(s: KubeletState, ctx: Effects): void {
  criCall(s, ctx, { method: 'ListPodSandbox' }, { purpose: 'runtime-list' }, undefined, 'ListPodSandbox');
}

export function onSandboxList(s: KubeletState, ctx: Effects, items: PodSandboxInfo[]): void {
  s.runtime = { sandboxes: items };
  if (s.eventsStream === undefined) s.eventsStream = criCall(s, ctx, { method: 'GetContainerEvents' }, { purpose: 'events' }, undefined, 'GetContainerEvents (open stream)');
  criCall(s, ctx, { method: 'ListContainers' }, { purpose: 'runtime-list-containers' }, undefined, 'ListContainers');
  criCall(s, ctx, { method: 'ListImages' }, { purpose: 'runtime-images' }, undefined, 'ListImages');
}

/** The node status lists the images on the node (the scheduler's ImageLocality reads them). */
export function onImageList(s: KubeletState, images: ImageInfo[]): void {
  s.images = new Map(images.map((i) => [i.id, { names: [...i.repoDigests, ...i.repoTags], sizeBytes: i.size }]));
}

function adopt(s: KubeletState, ctx: Effects, w: PodWorker): void {
  const mine = (s.runtime?.sandboxes ?? []).filter((x) => x.metadata.uid === w.uid);
  const sb = mine.filter((x) => x.state === 'SANDBOX_READY').at(-1);
  if (!sb) return adoptDead(s, ctx, w, mine);
  w.sandboxId = sb.id;
  w.podIP = sb.ip;
  w.sandboxAttempt = sb.metadata.attempt;
  w.startTime = sb.createdAt;
  for (const c of allContainers(w)) {
    const last = newestContainer(s, new Set([sb.id]), c.name);
    if (!last) continue;
    takeContainer(s, w, c, last);
    if (last.state === 'CONTAINER_RUNNING') {
      c.state = 'running';
      c.started = !c.spec.startupProbe;
      c.ready = !c.spec.readinessProbe && !c.spec.startupProbe;
      startProbes(s, ctx, w, c);
    } else if (last.state === 'CONTAINER_EXITED') markExited(c, last);
  }
}

/** The newest container of that name (the highest attempt) in these sandboxes. */
function newestContainer(s: KubeletState, sandboxes: Set<string>, name: string): ContainerInfo | undefined {
  const found = (s.runtime?.containers ?? []).filter((x) => sandboxes.has(x.podSandboxId) && x.metadata.name === name);
  return found.sort((a, b) => a.metadata.attempt - b.metadata.attempt || a.createdAt - b.createdAt).at(-1);
}

/** The runtime's container becomes the worker's own: its id, attempt (RESTARTS) and image. */
function takeContainer(s: KubeletState, w: PodWorker, c: ContainerWorker, x: ContainerInfo): void {
  c.containerId = x.id;
  c.restartCount = x.metadata.attempt;
  c.imageName = x.image;
  c.imageId = x.imageRef;
  c.startedAt = x.startedAt;
  s.byContainer.set(x.id, w.uid);
}

function markExited(c: ContainerWorker, x: ContainerInfo): void {
  c.state = 'terminated';
  c.exitCode = x.exitCode;
  c.finishedAt = x.finishedAt;
  c.terminatedReason = x.reason;
}

/**
 * The pod had sandboxes here but none is ready: they died with the machine (a power cycle), as
 * containerd recovered them. computePodActions then kills the pod (StopPodSandbox for each old
 * sandbox, which gives its IP back) and makes a new sandbox with the next attempt; each container
 * comes back as a restart of the one that died (its exited status, code 255 "Unknown" after a power
 * loss, becomes the last state, and RESTARTS counts it). SyncPod announces it with SandboxChanged.
 */
function adoptDead(s: KubeletState, ctx: Effects, w: PodWorker, sandboxes: PodSandboxInfo[]): void {
  const last = [...sandboxes].sort((a, b) => a.metadata.attempt - b.metadata.attempt).at(-1);
  if (!last) return;
  w.sandboxAttempt = last.metadata.attempt + 1;
  w.sandboxChanged = true;
  w.deadSandboxes = sandboxes.map((x) => x.id);
  for (const old of sandboxes) {
    ctx.send(s.config.containerd, { type: 'cri.request', method: 'StopPodSandbox', podSandboxId: old.id }, { summary: `StopPodSandbox ${w.name} (dead sandbox ${old.id.slice(0, 13)})`, phase: 'execution' });
  }
  const ids = new Set(sandboxes.map((x) => x.id));
  for (const c of allContainers(w)) {
    const dead = newestContainer(s, ids, c.name);
    if (dead?.state !== 'CONTAINER_EXITED') continue;
    takeContainer(s, w, c, dead);
    // A regular init container runs again in the new sandbox, from the first (computeInitContainerActions).
    if (c.init === 'regular') c.lastTerminated = terminatedState(dead);
    else markExited(c, dead);
  }
}

/**
 * The pod's running sandbox died (its /pause or its shim was killed on the host): the PLEG hears the
 * sandbox's event and computePodActions finds the sandbox not ready, so SyncPod kills the pod
 * (StopPodSandbox, which stops what still runs in it and tears down its network) and makes a new
 * sandbox with the next attempt, announced with SandboxChanged; each container then starts again
 * there as a restart (kuberuntime_manager.go computePodActions, podSandboxChanged).
 */
export function onSandboxDied(s: KubeletState, ctx: Effects, sandboxId: string): void {
  const w = [...s.workers.values()].find((x) => x.sandboxId === sandboxId);
  if (!w || w.terminating || w.process) return;
  klog(ctx, 'I', 'kubelet.go:2455', 'SyncLoop (PLEG): event for pod', { pod: `${w.namespace}/${w.name}`, event: { ID: w.uid, Type: 'ContainerDied', Data: sandboxId } });
  w.sandboxId = undefined;
  w.sandboxAttempt += 1;
  w.sandboxChanged = true;
  w.deadSandboxes = [...(w.deadSandboxes ?? []), sandboxId];
  ctx.send(s.config.containerd, { type: 'cri.request', method: 'StopPodSandbox', podSandboxId: sandboxId }, { summary: `StopPodSandbox ${w.name} (sandbox changed)`, phase: 'execution' });
  syncPod(s, ctx, w);
}

function terminatedState(x: ContainerInfo): NonNullable<PodWorker['containers'][number]['lastTerminated']> {
  return {
    exitCode: x.exitCode ?? 0,
    reason: x.reason ?? 'Error',
    startedAt: rfc3339(x.startedAt ?? 0),
    finishedAt: rfc3339(x.finishedAt ?? 0),
    containerID: `containerd://${x.id}`,
  };
}

/** Start a worker for a pod bound to this node (SyncLoop ADD). */
export function addPod(s: KubeletState, ctx: Effects, pod: Pod): void {
  const process = processOf(s, pod);
  if (process) return addProcessPod(s, ctx, pod, process);
  const w = createWorker(s, pod, ctx.now, ctx.cause());
  s.workers.set(w.uid, w);
  registerPod(s, ctx, w);
  klog(ctx, 'I', 'kubelet.go:2410', 'SyncLoop ADD', { source: 'api', pods: [`${w.namespace}/${w.name}`] });
  adopt(s, ctx, w);
  // A pod already being deleted (seen first after a kubelet restart) is only stopped, never started.
  if (pod.metadata.deletionTimestamp) w.terminating = true;
  pushStatus(s, ctx, w);
  syncPod(s, ctx, w);
}

/** The runtime's container list arrived: adopt for new workers, catch up on exits missed while it was away. */
export function onContainerList(s: KubeletState, ctx: Effects, containers: ContainerInfo[], podsInCache: Pod[]): void {
  const first = !s.runtime?.containers;
  s.runtime = { ...s.runtime, containers };
  for (const w of s.workers.values()) {
    for (const c of allContainers(w)) {
      const info = containers.find((x) => x.id === c.containerId);
      if (c.state === 'running' && info?.state === 'CONTAINER_EXITED') onContainerExited(s, ctx, w, info.id, info.exitCode ?? 0, info.reason);
    }
  }
  if (!first) return;
  for (const pod of podsInCache) {
    const uid = pod.metadata.uid ?? '';
    const phase = pod.status?.phase;
    if (!s.workers.has(uid) && phase !== 'Succeeded' && phase !== 'Failed') addPod(s, ctx, pod);
  }
}
