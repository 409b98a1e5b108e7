// One pod's sync, as the kubelet's SyncPod does it (kuberuntime_manager.go): create the sandbox,
// then for each container ensure the image (image_manager.go: Pulling / Pulled / Failed / BackOff),
// create and start it (Created / Started), and later restart it under the pod's restartPolicy with
// the crash-loop back-off. Each step is one CRI call; the worker waits for its answer in state.

import { configSources, objectsSynced, unregisterPod } from './object-managers';
import { parseBytes, parseCpuMillis } from '../../api/quantity';
import { podSlice } from '../runtime/cgroups';
import { rfc3339 } from '../../api/time';
import type { Container, Pod } from '../../api/types';
import type { Effects, ObjectRef } from '../../kernel/component';
import { apiRequest } from '../../client/apiclient';
import { normalizeImage, parseImageReference } from '../registry/reference';
import { containerEnv, masterServiceEnv } from './container-env';
import { etcFiles } from './etc-files';
import { KUBERNETES_SERVICE_IP } from '../../apiserver/registry/service-alloc';
import { mountedFiles } from './config-volumes';
import { keptMounts } from './kept-mounts';
import { forgetPodTokens, tokensReady } from './token-manager';
import { formatGrpcError, type ContainerConfig, type CriResponse, type CreateContainerResult, type ImageStatusResult, type PullImageResult, type RunPodSandboxResult } from '../runtime/cri';
import { backoffGet, backoffNext, backoffUntil, inBackoffSince, inBackoffSinceUpdate } from './backoff';
import { criCall } from './cri-client';
import { recordEvent } from './events';
import { allContainers, anyAppContainerStarted, defaultWaitingReason, findContainer, isSidecar } from './init-containers';
import { klog } from './klog';
import { podStatus } from './pod-status';
import { startProbes, stopProbes } from './prober';
import type { ContainerWorker, KubeletState, PodWorker } from './state';
import { Reason, T, goDuration } from './texts';
import { keptString } from '../../kernel/flat-string';

export const RETRY_TIMER = 'pod.retry';

export const podRef = (w: PodWorker): ObjectRef => ({ kind: 'Pod', name: w.name, namespace: w.namespace });
const podFull = (w: PodWorker): string => `${w.name}_${w.namespace}(${w.uid})`;

function newContainer(spec: Container, waitingReason: string, init?: ContainerWorker['init']): ContainerWorker {
  const c: ContainerWorker = { name: spec.name, spec, state: 'waiting', waitingReason, restartCount: 0, ready: false, started: false, probes: [] };
  if (init) c.init = init;
  return c;
}

export function createWorker(s: KubeletState, pod: Pod, now: number, cause: number): PodWorker {
  const inits = pod.spec.initContainers ?? [];
  const waiting = defaultWaitingReason(inits.length > 0);
  return {
    uid: pod.metadata.uid ?? '',
    namespace: pod.metadata.namespace ?? 'default',
    name: pod.metadata.name ?? '',
    pod,
    cause,
    sandboxAttempt: 0,
    startTime: now,
    containers: pod.spec.containers.map((spec) => newContainer(spec, waiting)),
    initContainers: inits.map((spec) => newContainer(spec, waiting, isSidecar(spec) ? 'sidecar' : 'regular')),
    busy: false,
    terminating: false,
    terminated: false,
    transitions: {},
  };
}

/** The pull policy the apiserver defaults when the pod omits it: Always for `:latest` or no tag. */
export function pullPolicy(c: ContainerWorker): 'Always' | 'IfNotPresent' | 'Never' {
  if (c.spec.imagePullPolicy) return c.spec.imagePullPolicy;
  const ref = parseImageReference(c.spec.image ?? '');
  return !ref || ref.tag === 'latest' ? 'Always' : 'IfNotPresent';
}

/** PATCH pods/<name>/status when the status changed (status_manager.go). */
export function pushStatus(s: KubeletState, ctx: Effects, w: PodWorker): void {
  const status = podStatus(w, s.config.nodeIP, ctx.now);
  const json = JSON.stringify(status);
  if (json === w.lastStatusJson) return;
  if (w.statusInFlight) {
    w.statusDirty = true;
    return;
  }
  // The patch must remove what is no longer true (a container's `waiting` once it runs, a
  // condition's reason once it holds), as the real kubelet's two-way patch does with nulls. A JSON
  // merge patch replaces lists whole, so conditions and containerStatuses arrive exactly as computed;
  // top-level status fields the kubelet sent before and dropped now are deleted with null.
  const previous = w.lastStatusJson ? (JSON.parse(w.lastStatusJson) as Record<string, unknown>) : {};
  const patchStatus: Record<string, unknown> = { ...status };
  for (const k of Object.keys(previous)) if (!(k in patchStatus)) patchStatus[k] = null;
  w.lastStatusJson = keptString(json);
  w.statusInFlight = true;
  w.statusDirty = false;
  apiRequest(
    ctx,
    s.client,
    {
      method: 'PATCH',
      path: `/api/v1/namespaces/${w.namespace}/pods/${w.name}/status`,
      contentType: 'application/merge-patch+json',
      body: { metadata: { uid: w.uid }, status: patchStatus },
    },
    'pod.status',
    w.uid,
    { phase: 'execution', summary: `PATCH pods/${w.name}/status (${status.phase}${summaryReason(w)})`, object: podRef(w) },
  );
}

function summaryReason(w: PodWorker): string {
  const waiting = allContainers(w).find((c) => c.state === 'waiting' && c.waitingReason !== 'ContainerCreating');
  return waiting ? `, ${waiting.waitingReason}` : '';
}

function shouldRestart(w: PodWorker, c: ContainerWorker): boolean {
  const policy = w.pod.spec.restartPolicy ?? 'Always';
  // A sidecar always comes back; a regular init container is run again only after a failure, and
  // never under restartPolicy Never (computeInitContainerActions).
  if (c.init === 'sidecar') return true;
  if (c.init === 'regular') return policy !== 'Never' && c.exitCode !== 0;
  return policy === 'Always' || (policy === 'OnFailure' && c.exitCode !== 0);
}

export function retryAt(ctx: Effects, w: PodWorker, c: ContainerWorker | undefined, at: number): void {
  // At least a microsecond: `at` is finish time + back-off in float ms, and a delay that rounds to 0
  // would wake the worker at the same instant, still (by a rounding error) inside its back-off.
  const id = ctx.setTimer(Math.max(0.001, at - ctx.now), RETRY_TIMER, { uid: w.uid, container: c?.name });
  if (c) c.retryTimer = id;
}

/** Drive the pod one step further, unless a CRI call is in flight. */
export function syncPod(s: KubeletState, ctx: Effects, w: PodWorker): void {
  if (w.busy) return;
  if (w.terminating) return terminateStep(s, ctx, w);
  // The objects the pod names are still being listed: the sync resumes when they are (kubelet.ts).
  w.awaitingObjects = !objectsSynced(s, w);
  if (w.awaitingObjects) return;
  // The volumes are set up before the sandbox; a projected token waits for its TokenRequest.
  if (!tokensReady(s, ctx, w)) return;
  if (!w.sandboxId) {
    // restartPolicy Never: a pod whose containers died with their sandbox gets no new one; it has failed.
    if (w.sandboxChanged && (w.pod.spec.restartPolicy ?? 'Always') === 'Never' && w.containers.some((c) => c.state === 'terminated')) {
      w.sandboxChanged = false;
      w.terminating = true;
      return terminateStep(s, ctx, w);
    }
    if (w.sandboxChanged) {
      w.sandboxChanged = false;
      recordEvent(s, ctx, w.pod, undefined, 'Normal', Reason.SandboxChanged, T.sandboxChanged);
    }
    w.busy = true;
    criCall(s, ctx, {
      method: 'RunPodSandbox',
      metadata: { name: w.name, uid: w.uid, namespace: w.namespace, attempt: w.sandboxAttempt },
      labels: { 'io.kubernetes.pod.name': w.name, 'io.kubernetes.pod.namespace': w.namespace, 'io.kubernetes.pod.uid': w.uid },
      // The pod's cgroup under its QoS class (the systemd driver's slice name).
      linux: { cgroupParent: podSlice(w.pod.status?.qosClass, w.uid) },
    }, { purpose: 'sync', podUid: w.uid }, podRef(w), `RunPodSandbox ${w.name}`);
    return;
  }
  if (!initContainersDone(s, ctx, w)) return;
  for (const c of w.containers) {
    if (c.retryTimer !== undefined || c.state === 'running') continue;
    const crashed = c.state === 'terminated' || c.waitingReason === 'CrashLoopBackOff';
    if (crashed) {
      if (c.state === 'terminated' && !shouldRestart(w, c)) continue;
      if (crashLoopBackOff(s, ctx, w, c)) continue;
    } else if (c.state !== 'waiting') continue;
    return ensureImage(s, ctx, w, c);
  }
  // Every container finished for good (restartPolicy Never / OnFailure after success): the kubelet
  // tears the sandbox down and gives the IP back (SyncTerminatedPod).
  if (w.containers.every((c) => c.state === 'terminated' && !shouldRestart(w, c)) && !w.terminated) {
    w.terminating = true;
    terminateStep(s, ctx, w);
  }
}

/**
 * Drive the init containers (computeInitContainerActions): start the first that has not finished,
 * wait while one runs or backs off, fail the pod when one failed under restartPolicy Never. True
 * when the app containers may be synced. A sidecar that is down after the app containers started
 * does not hold them back.
 */
function initContainersDone(s: KubeletState, ctx: Effects, w: PodWorker): boolean {
  for (const c of w.initContainers) {
    const sidecar = c.init === 'sidecar';
    const skip = sidecar && anyAppContainerStarted(w);
    if (!sidecar && c.state === 'terminated' && c.exitCode === 0) continue;
    if (c.state === 'running') {
      if (sidecar && c.started) continue;
      return false;
    }
    if (c.retryTimer !== undefined) {
      if (skip) continue;
      return false;
    }
    const crashed = c.state === 'terminated' || c.waitingReason === 'CrashLoopBackOff';
    if (crashed) {
      if (c.state === 'terminated' && !shouldRestart(w, c)) {
        // restartPolicy Never: the pod has failed; the kubelet stops what runs and the sandbox.
        w.terminating = true;
        terminateStep(s, ctx, w);
        return false;
      }
      if (crashLoopBackOff(s, ctx, w, c)) {
        if (skip) continue;
        return false;
      }
    }
    ensureImage(s, ctx, w, c);
    return false;
  }
  return true;
}

/**
 * The kubelet's container garbage collector keeps one dead container per container of a pod
 * (MaxPerPodContainer = 1, kuberuntime_gc.go): the newest, for `kubectl logs --previous`. When a
 * container dies again, the one that died before it goes. The real collector sweeps every minute;
 * here it happens at the next death, so a pod that crash-loops for hours holds two containers, not
 * one per restart.
 */
function removeOlderDeadContainer(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker): void {
  const older = c.lastTerminated?.containerID?.replace('containerd://', '');
  if (!older || older === c.containerId) return;
  s.byContainer.delete(older);
  ctx.send(s.config.containerd, { type: 'cri.request', method: 'RemoveContainer', containerId: older }, { summary: `RemoveContainer ${older.slice(0, 13)} (${w.name} ${c.name})`, phase: 'execution' });
}

/** doBackOff: wait out the crash-loop delay, or count one more restart and go on. */
function crashLoopBackOff(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker): boolean {
  const key = `${w.uid}_${c.name}`;
  const finished = c.finishedAt ?? ctx.now;
  if (c.state === 'terminated') {
    removeOlderDeadContainer(s, ctx, w, c);
    c.lastTerminated = {
      exitCode: c.exitCode ?? 0,
      reason: c.terminatedReason ?? 'Error',
      startedAt: rfc3339(c.startedAt ?? 0),
      finishedAt: rfc3339(finished),
      containerID: `containerd://${c.containerId}`,
    };
    c.state = 'waiting';
    c.waitingReason = 'CrashLoopBackOff';
  }
  if (inBackoffSince(s.crashBackoff, key, finished, ctx.now)) {
    const delay = goDuration(backoffGet(s.crashBackoff, key));
    c.waitingReason = 'CrashLoopBackOff';
    c.waitingMessage = T.crashLoopMessage(delay, c.name, podFull(w));
    recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.BackOff, T.backOffRestart(c.name, podFull(w)));
    klog(ctx, 'E', 'pod_workers.go:1301', 'Error syncing pod, skipping', {
      err: `failed to "StartContainer" for "${c.name}" with CrashLoopBackOff: "${c.waitingMessage}"`, pod: `${w.namespace}/${w.name}`, podUID: w.uid,
    });
    pushStatus(s, ctx, w);
    retryAt(ctx, w, c, backoffUntil(s.crashBackoff, key, finished));
    return true;
  }
  backoffNext(s.crashBackoff, key, finished);
  return false;
}

function ensureImage(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker): void {
  w.busy = true;
  criCall(s, ctx, { method: 'ImageStatus', image: c.spec.image ?? '' }, { purpose: 'sync', podUid: w.uid, container: c.name }, podRef(w));
}

function onImageStatus(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker, r: ImageStatusResult): void {
  const image = c.spec.image ?? '';
  const present = !!r.image;
  const policy = pullPolicy(c);
  if (!(policy === 'Always' || (policy === 'IfNotPresent' && !present))) {
    if (!present) {
      c.waitingReason = 'ErrImageNeverPull';
      c.waitingMessage = T.neverPull(image);
      recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.ErrImageNeverPull, T.neverPull(image));
      w.busy = false;
      return pushStatus(s, ctx, w);
    }
    recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Pulled, T.alreadyPresent(image));
    c.imageName = r.image!.repoTags[0];
    c.imageId = r.image!.repoDigests[0] ?? r.image!.id;
    return createContainer(s, ctx, w, c);
  }
  const key = `${w.uid}_${image}`;
  if (inBackoffSinceUpdate(s.imageBackoff, key, ctx.now)) {
    c.waitingReason = 'ImagePullBackOff';
    c.waitingMessage = T.backOffPull(image);
    recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.BackOff, T.backOffPull(image));
    recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.Failed, T.error('ImagePullBackOff'));
    w.busy = false;
    pushStatus(s, ctx, w);
    const e = s.imageBackoff.entries.get(key)!;
    return retryAt(ctx, w, c, e.lastUpdate + e.backoffMs);
  }
  recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Pulling, T.pulling(image));
  c.pullStartedAt = ctx.now;
  criCall(s, ctx, { method: 'PullImage', image }, { purpose: 'sync', podUid: w.uid, container: c.name }, podRef(w));
}

function onPulled(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker, resp: CriResponse): void {
  const image = c.spec.image ?? '';
  if (resp.error) {
    const err = formatGrpcError(resp.error);
    recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.Failed, T.failedPull(image, err));
    backoffNext(s.imageBackoff, `${w.uid}_${image}`, ctx.now);
    recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.Failed, T.error('ErrImagePull'));
    klog(ctx, 'E', 'pod_workers.go:1301', 'Error syncing pod, skipping', {
      err: `failed to "StartContainer" for "${c.name}" with ErrImagePull: "${err}"`, pod: `${w.namespace}/${w.name}`, podUID: w.uid,
    });
    c.waitingReason = 'ErrImagePull';
    c.waitingMessage = err;
    w.busy = false;
    pushStatus(s, ctx, w);
    // The pod worker's next sync (shortly after) finds the pull in back-off: ImagePullBackOff.
    return retryAt(ctx, w, c, ctx.now + 1000);
  }
  const r = resp.result as PullImageResult;
  const took = ctx.now - (c.pullStartedAt ?? ctx.now);
  recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Pulled, T.pulled(image, took, took, r.size));
  c.imageName = r.image.repoTags[0] ?? normalizeImage(image);
  c.imageId = r.image.repoDigests[0] ?? r.imageRef;
  s.images.set(r.image.id, { names: [...r.image.repoDigests, ...r.image.repoTags], sizeBytes: r.size });
  createContainer(s, ctx, w, c);
}

/** MountVolume.SetUp failed: the container stays ContainerCreating; the kubelet tries again. */
function onMountFailure(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker, err: string): void {
  recordEvent(s, ctx, w.pod, undefined, 'Warning', Reason.FailedMount, err);
  w.busy = false;
  pushStatus(s, ctx, w);
  retryAt(ctx, w, c, ctx.now + 10_000);
}

function createContainer(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker): void {
  const attempt = c.lastTerminated ? c.restartCount + 1 : c.restartCount;
  const mounts = mountedFiles(c.spec, w.pod, configSources(s));
  if ('error' in mounts) return onMountFailure(s, ctx, w, c, mounts.error);
  const env = containerEnv(c.spec, w.pod, configSources(s), masterServiceEnv(KUBERNETES_SERVICE_IP));
  if ('error' in env) return onSyncFailure(s, ctx, w, c, 'CreateContainerConfigError', env.error);
  const config: ContainerConfig = {
    name: c.name, attempt, image: c.spec.image ?? '', command: env.command, args: env.args,
    labels: { 'io.kubernetes.container.name': c.name, 'io.kubernetes.pod.name': w.name, 'io.kubernetes.pod.namespace': w.namespace, 'io.kubernetes.pod.uid': w.uid },
  };
  if (env.env.length) config.envs = env.env.map(([key, value]) => ({ key, value }));
  // The kubelet-managed /etc files are bind mounts too; the pod's volumes may cover them.
  config.mountedFiles = { ...etcFiles(w.pod, w.podIP), ...mounts.files };
  const kept = keptMounts(c.spec, w.pod, attempt);
  if (kept.length) config.keptMounts = kept;
  c.mounted = mounts.files;
  // generateLinuxContainerResources: limits.memory becomes the cgroup's memory limit, and limits.cpu
  // a CFS quota per 100 ms period (milliCPUToQuota: millicores * 100000 / 1000).
  const memory = c.spec.resources?.limits?.memory;
  const cpu = c.spec.resources?.limits?.cpu;
  const resources: NonNullable<ContainerConfig['linux']>['resources'] = {};
  if (memory !== undefined) resources.memoryLimitInBytes = parseBytes(String(memory));
  if (cpu !== undefined) [resources.cpuQuota, resources.cpuPeriod] = [Math.max(1000, Math.round(parseCpuMillis(String(cpu)) * 100)), 100_000];
  if (memory !== undefined || cpu !== undefined) config.linux = { resources };
  criCall(s, ctx, { method: 'CreateContainer', podSandboxId: w.sandboxId!, config }, { purpose: 'sync', podUid: w.uid, container: c.name }, podRef(w));
}

function onSyncFailure(s: KubeletState, ctx: Effects, w: PodWorker, c: ContainerWorker, reason: string, err: string): void {
  recordEvent(s, ctx, w.pod, c.name, 'Warning', Reason.Failed, T.error(err));
  c.waitingReason = reason;
  c.waitingMessage = err;
  w.busy = false;
  pushStatus(s, ctx, w);
  retryAt(ctx, w, c, ctx.now + 10_000);
}

/** The pod is gone from the API and stopped here: remove its sandbox and forget it. */
export function removeWorker(s: KubeletState, ctx: Effects, w: PodWorker): void {
  unregisterPod(s, ctx, w.uid);
  forgetPodTokens(s, w.uid);
  for (const id of [...(w.deadSandboxes ?? []), ...(w.sandboxId ? [w.sandboxId] : [])]) {
    ctx.send(s.config.containerd, { type: 'cri.request', method: 'RemovePodSandbox', podSandboxId: id }, { summary: `RemovePodSandbox ${w.name}`, phase: 'execution' });
  }
  s.workers.delete(w.uid);
  // Its containers (every restart's) go with the sandbox; a kubelet that runs pods forever must not remember them all.
  for (const [id, uid] of s.byContainer) if (uid === w.uid) s.byContainer.delete(id);
}

/** A CRI answer for this pod's sync: take the next step. */
export function onSyncResponse(s: KubeletState, ctx: Effects, w: PodWorker, container: string | undefined, resp: CriResponse): void {
  const c = findContainer(w, container);
  // A pod being deleted starts nothing new: an image or create answer that comes back after the
  // deletion goes to the termination instead.
  if (w.terminating && (resp.method === 'ImageStatus' || resp.method === 'PullImage' || resp.method === 'CreateContainer')) {
    w.busy = false;
    return syncPod(s, ctx, w);
  }
  switch (resp.method) {
    case 'RunPodSandbox': {
      w.busy = false;
      if (resp.error) {
        const err = formatGrpcError(resp.error);
        klog(ctx, 'E', 'kuberuntime_manager.go:1166', 'Failed to create pod sandbox', { err, pod: `${w.namespace}/${w.name}` });
        recordEvent(s, ctx, w.pod, undefined, 'Warning', Reason.FailedCreatePodSandBox, T.failedSandbox(err));
        w.sandboxAttempt++;
        return retryAt(ctx, w, undefined, ctx.now + 10_000);
      }
      const r = resp.result as RunPodSandboxResult;
      w.sandboxId = r.podSandboxId;
      w.podIP = r.ip;
      pushStatus(s, ctx, w);
      return syncPod(s, ctx, w);
    }
    case 'ImageStatus':
      if (!c) return;
      if (resp.error) return onSyncFailure(s, ctx, w, c, 'ImageInspectError', formatGrpcError(resp.error));
      return onImageStatus(s, ctx, w, c, resp.result as ImageStatusResult);
    case 'PullImage':
      return c ? onPulled(s, ctx, w, c, resp) : undefined;
    case 'CreateContainer': {
      if (!c) return;
      if (resp.error) return onSyncFailure(s, ctx, w, c, 'CreateContainerError', formatGrpcError(resp.error));
      const id = (resp.result as CreateContainerResult).containerId;
      if (c.lastTerminated) c.restartCount++;
      c.containerId = id;
      s.byContainer.set(id, w.uid);
      recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Created, T.created(c.name));
      criCall(s, ctx, { method: 'StartContainer', containerId: id }, { purpose: 'sync', podUid: w.uid, container: c.name }, podRef(w), `StartContainer ${c.name}`);
      return;
    }
    case 'StartContainer': {
      if (!c) return;
      if (resp.error) return onSyncFailure(s, ctx, w, c, 'RunContainerError', formatGrpcError(resp.error));
      c.state = 'running';
      c.stopping = false;
      c.startedAt = ctx.now;
      c.waitingMessage = undefined;
      c.exitCode = c.finishedAt = c.terminatedReason = undefined;
      c.started = !c.spec.startupProbe;
      c.ready = !c.spec.readinessProbe && !c.spec.startupProbe;
      recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Started, T.started(c.name));
      startProbes(s, ctx, w, c);
      w.busy = false;
      pushStatus(s, ctx, w);
      return syncPod(s, ctx, w);
    }
    case 'StopPodSandbox':
      w.busy = false;
      w.terminated = true;
      if (w.removed) return removeWorker(s, ctx, w);
      pushStatus(s, ctx, w);
      return deleteTerminatedPod(s, ctx, w);
    default:
      return;
  }
}

export const POD_DELETE_RETRY_TIMER = 'pod.delete.retry';

/**
 * status_manager: a terminated pod with a deletionTimestamp is deleted for good. A DELETE that
 * fails (lost on the network, the apiserver away) is sent again by the status manager's periodic
 * syncBatch, every 10 s, while the pod still needs it.
 */
export function deleteTerminatedPod(s: KubeletState, ctx: Effects, w: PodWorker): void {
  if (!w.terminated || !w.pod.metadata.deletionTimestamp || s.workers.get(w.uid) !== w) return;
  apiRequest(ctx, s.client, {
    method: 'DELETE', path: `/api/v1/namespaces/${w.namespace}/pods/${w.name}`,
    body: { kind: 'DeleteOptions', apiVersion: 'v1', gracePeriodSeconds: 0, preconditions: { uid: w.uid } },
    query: { gracePeriodSeconds: '0' },
  }, 'pod.delete', w.uid, { phase: 'execution', summary: `DELETE pods/${w.name} (gracePeriodSeconds=0)`, object: podRef(w) });
}

/** The final DELETE failed: try again at the next status sync, unless the pod is gone or replaced. */
export function onPodDeleteFailed(ctx: Effects, uid: string, status: number): void {
  if (status === 404 || status === 409) return;
  ctx.setTimer(10_000, POD_DELETE_RETRY_TIMER, uid);
}

/** The runtime reports that a container's process ended (PLEG). */
export function onContainerExited(s: KubeletState, ctx: Effects, w: PodWorker, id: string, exitCode: number, reason: string | undefined): void {
  const c = allContainers(w).find((x) => x.containerId === id);
  if (!c || c.state !== 'running') return;
  klog(ctx, 'I', 'kubelet.go:2455', 'SyncLoop (PLEG): event for pod', { pod: `${w.namespace}/${w.name}`, event: { ID: w.uid, Type: 'ContainerDied', Data: id } });
  c.state = 'terminated';
  c.exitCode = exitCode;
  c.finishedAt = ctx.now;
  c.terminatedReason = reason ?? (exitCode === 0 ? 'Completed' : 'Error');
  c.ready = false;
  c.started = false;
  stopProbes(ctx, c);
  pushStatus(s, ctx, w);
  syncPod(s, ctx, w);
}

/**
 * A pod already terminating got a shorter grace period (a second `kubectl delete --grace-period`):
 * the pod worker kills again with the new one, so the SIGKILL comes sooner (pod_workers.go
 * calculateEffectiveGracePeriod only ever shortens it).
 */
export function shortenGrace(s: KubeletState, ctx: Effects, w: PodWorker): void {
  const grace = w.pod.metadata.deletionGracePeriodSeconds;
  if (grace === undefined || w.stopGrace === undefined || grace >= w.stopGrace) return;
  for (const c of allContainers(w)) if (c.state === 'running') c.stopping = false;
  syncPod(s, ctx, w);
}

/** Graceful termination: Killing events and StopContainer for each running container, then StopPodSandbox. */
export function terminateStep(s: KubeletState, ctx: Effects, w: PodWorker): void {
  const grace = w.pod.metadata.deletionGracePeriodSeconds ?? w.pod.spec.terminationGracePeriodSeconds ?? 30;
  let waiting = false;
  for (const c of allContainers(w)) {
    if (c.retryTimer !== undefined) {
      ctx.cancelTimer(c.retryTimer);
      c.retryTimer = undefined;
    }
    stopProbes(ctx, c);
    if (c.state !== 'running') continue;
    waiting = true;
    if (c.stopping) continue;
    // A second StopContainer (a shorter grace period) is not a second Killing event.
    if (w.stopGrace === undefined) recordEvent(s, ctx, w.pod, c.name, 'Normal', Reason.Killing, T.stopping(c.name));
    c.stopping = true;
    klog(ctx, 'I', 'kuberuntime_container.go:809', 'Killing container with a grace period', {
      pod: `${w.namespace}/${w.name}`, podUID: w.uid, containerName: c.name, containerID: `containerd://${c.containerId}`, gracePeriod: grace,
    });
    criCall(s, ctx, { method: 'StopContainer', containerId: c.containerId!, timeout: grace }, { purpose: 'stop', podUid: w.uid, container: c.name }, podRef(w), `StopContainer ${c.name} (grace ${grace}s)`);
  }
  if (waiting) w.stopGrace = grace;
  if (waiting || w.terminated) return;
  const idle = defaultWaitingReason(w.initContainers.length > 0);
  for (const c of allContainers(w)) if (c.state === 'waiting' && !c.lastTerminated) c.waitingReason = idle;
  if (!w.sandboxId) {
    w.terminated = true;
    return onSyncResponse(s, ctx, w, undefined, { type: 'cri.response', requestId: 0, method: 'StopPodSandbox', result: {} });
  }
  w.busy = true;
  criCall(s, ctx, { method: 'StopPodSandbox', podSandboxId: w.sandboxId }, { purpose: 'sync', podUid: w.uid }, podRef(w), `StopPodSandbox ${w.name}`);
}
