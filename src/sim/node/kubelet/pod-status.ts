// The pod status the kubelet reports (pkg/kubelet/kubelet_pods.go generateAPIPodStatus, getPhase,
// status/generate.go): phase from the containers' states, the conditions PodReadyToStartContainers,
// Initialized, Ready, ContainersReady (plus PodScheduled kept from the scheduler), container
// statuses with state/lastState/ready/restartCount/image/imageID/containerID/started, and the IPs.

import { rfc3339 } from '../../api/time';
import type { Condition, ContainerStatus, PodStatus } from '../../api/types';
import { anyAppContainerStarted, initializedCondition, initPhaseCounts } from './init-containers';
import { T } from './texts';
import type { ContainerWorker, PodWorker } from './state';

/** getPhase: Pending while a container has never run; then Running, Succeeded or Failed. */
export function podPhase(w: PodWorker): NonNullable<PodStatus['phase']> {
  const policy = w.pod.spec.restartPolicy ?? 'Always';
  let waiting = 0;
  let running = 0;
  let stopped = 0;
  let succeeded = 0;
  const init = initPhaseCounts(w);
  if (init.failed > 0 && policy === 'Never') return 'Failed';
  if (init.pending > 0 && !anyAppContainerStarted(w)) return 'Pending';
  // Sidecars count as app containers while they run; a stopped one does not change the phase.
  for (const c of w.initContainers) {
    if (c.init !== 'sidecar') continue;
    if (c.state === 'running') {
      if (c.started) running++;
      else waiting++;
    } else if (c.state === 'waiting' && !c.lastTerminated) waiting++;
  }
  for (const c of w.containers) {
    if (c.state === 'running') running++;
    else if (c.state === 'terminated') {
      stopped++;
      if (c.exitCode === 0) succeeded++;
    } else if (c.lastTerminated) {
      stopped++;
      if (c.lastTerminated.exitCode === 0) succeeded++;
    } else waiting++;
  }
  if (waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped > 0) {
    if (w.terminated || policy === 'Never') return stopped === succeeded ? 'Succeeded' : 'Failed';
    if (policy === 'Always') return 'Running';
    return stopped === succeeded ? 'Succeeded' : 'Running';
  }
  return 'Pending';
}

function containerStatus(c: ContainerWorker): ContainerStatus {
  const st: ContainerStatus = {
    name: c.name,
    state: {},
    lastState: c.lastTerminated ? { terminated: c.lastTerminated } : {},
    // A regular init container that completed reports ready (kubelet_pods.go convertToAPIContainerStatuses).
    ready: c.init === 'regular' ? c.state === 'terminated' && c.exitCode === 0 : c.ready,
    restartCount: c.restartCount,
    image: c.imageName ?? c.spec.image ?? '',
    imageID: c.imageId ?? '',
    started: c.started,
  };
  // A container waiting to be restarted still reports the id of the one that ended
  // (convertToAPIContainerStatuses builds the status from the last container, then sets Waiting).
  if (c.containerId && (c.state !== 'waiting' || c.lastTerminated)) st.containerID = `containerd://${c.containerId}`;
  if (c.state === 'running') st.state = { running: { startedAt: rfc3339(c.startedAt ?? 0) } };
  else if (c.state === 'terminated') {
    st.state = {
      terminated: {
        exitCode: c.exitCode ?? 0,
        reason: c.terminatedReason ?? 'Error',
        startedAt: rfc3339(c.startedAt ?? 0),
        finishedAt: rfc3339(c.finishedAt ?? 0),
        containerID: `containerd://${c.containerId}`,
      },
    };
  } else st.state = { waiting: c.waitingMessage ? { reason: c.waitingReason, message: c.waitingMessage } : { reason: c.waitingReason } };
  return st;
}

function condition(w: PodWorker, now: number, type: string, ok: boolean, reason?: string, message?: string): Condition {
  const status = ok ? 'True' : 'False';
  const key = `${type}=${status}`;
  if (!(key in w.transitions)) {
    for (const k of Object.keys(w.transitions)) if (k.startsWith(`${type}=`)) delete w.transitions[k];
    w.transitions[key] = now;
  }
  const c: Condition = { type, status, lastProbeTime: null, lastTransitionTime: rfc3339(w.transitions[key]!) };
  if (!ok && reason) c.reason = reason;
  if (!ok && message) c.message = message;
  return c;
}

export function podStatus(w: PodWorker, hostIP: string, now: number): PodStatus {
  const unready = [...w.initContainers.filter((c) => c.init === 'sidecar'), ...w.containers].filter((c) => !c.ready).map((c) => c.name);
  const initialized = initializedCondition(w);
  const phase = podPhase(w);
  const completed = phase === 'Succeeded' || phase === 'Failed';
  const readyReason = completed ? 'PodCompleted' : 'ContainersNotReady';
  const readyMsg = completed ? undefined : T.unready(unready);
  const scheduled = w.pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
  const conditions: Condition[] = [
    condition(w, now, 'PodReadyToStartContainers', !!w.podIP && !w.terminated),
    condition(w, now, 'Initialized', initialized.ok, 'ContainersNotInitialized', initialized.message),
    condition(w, now, 'Ready', unready.length === 0, readyReason, readyMsg),
    condition(w, now, 'ContainersReady', unready.length === 0, readyReason, readyMsg),
    scheduled ?? { type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: rfc3339(w.startTime) },
  ];
  const status: PodStatus = {
    phase,
    conditions,
    hostIP,
    hostIPs: [{ ip: hostIP }],
    startTime: rfc3339(w.startTime),
    containerStatuses: w.containers.map(containerStatus),
  };
  if (w.initContainers.length) status.initContainerStatuses = w.initContainers.map(containerStatus);
  if (w.podIP) {
    status.podIP = w.podIP;
    status.podIPs = [{ ip: w.podIP }];
  }
  if (w.pod.status?.qosClass) status.qosClass = w.pod.status.qosClass;
  return status;
}

/** The pod conditions the kubelet owns (the others, PodScheduled say, belong to other writers). */
const KUBELET_CONDITIONS = ['PodReadyToStartContainers', 'Initialized', 'Ready', 'ContainersReady'];

/** What of a status the kubelet is responsible for, in a form two statuses can be compared by. */
function kubeletOwned(st: PodStatus | undefined): string {
  const conds = (st?.conditions ?? []).filter((c) => KUBELET_CONDITIONS.includes(c.type)).map((c) => `${c.type}=${c.status}`).sort();
  const containers = (st?.containerStatuses ?? []).map((c) => `${c.name}:${c.ready}:${c.restartCount}:${Object.keys(c.state ?? {}).join('')}`).sort();
  return JSON.stringify([st?.phase ?? '', st?.podIP ?? '', conds, containers]);
}

/**
 * status_manager.go needsReconcile: the status the apiserver holds differs from the kubelet's in
 * what the kubelet owns (someone else wrote it: the node lifecycle controller marking the pod not
 * ready while the node was unreachable, a lost update). Then the kubelet sends its status again.
 */
export function needsReconcile(apiStatus: PodStatus | undefined, mine: PodStatus): boolean {
  return kubeletOwned(apiStatus) !== kubeletOwned(mine);
}
