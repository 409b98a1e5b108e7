// Init containers, as the kubelet runs them (kuberuntime_manager.go computePodActions and
// kuberuntime_container.go computeInitContainerActions, v1.31; docs: concepts/workloads/pods/
// init-containers): each regular init container runs to completion, one after the other, before any
// app container starts. A failed one is restarted under the crash-loop back-off, unless the pod's
// restartPolicy is Never: then the pod fails. A sidecar (an init container with restartPolicy:
// Always) only has to have started before the next one runs, and is restarted whenever it exits.

import type { Container } from '../../api/types';
import type { ContainerWorker, PodWorker } from './state';

/** Every container of the pod, init containers first (their names are unique across both lists). */
export function allContainers(w: PodWorker): ContainerWorker[] {
  return w.initContainers.length ? [...w.initContainers, ...w.containers] : w.containers;
}

export function findContainer(w: PodWorker, name: string | undefined): ContainerWorker | undefined {
  return w.containers.find((x) => x.name === name) ?? w.initContainers.find((x) => x.name === name);
}

/**
 * convertToAPIContainerStatuses: a container with no status yet is waiting, with reason
 * PodInitializing when the pod has init containers and ContainerCreating otherwise.
 */
export function defaultWaitingReason(hasInit: boolean): string {
  return hasInit ? 'PodInitializing' : 'ContainerCreating';
}

export function isSidecar(spec: Container): boolean {
  return (spec as { restartPolicy?: string }).restartPolicy === 'Always';
}

/** An app container has been started at least once (kubecontainer.HasAnyRegularContainerStarted). */
export function anyAppContainerStarted(w: PodWorker): boolean {
  return w.containers.some((c) => c.containerId !== undefined);
}

/** A regular init container that ended with exit code 0: done for good, never run again. */
export function initSucceeded(c: ContainerWorker): boolean {
  return c.init === 'regular' && c.state === 'terminated' && c.exitCode === 0;
}

/** A regular init container whose last run failed (exited non-zero, now or before its restart). */
export function initFailed(c: ContainerWorker): boolean {
  if (c.init !== 'regular') return false;
  if (c.state === 'terminated') return c.exitCode !== 0;
  return c.state === 'waiting' && !!c.lastTerminated && c.lastTerminated.exitCode !== 0;
}

/**
 * status/generate.go GeneratePodInitializedCondition: True once every regular init container
 * succeeded and every sidecar started, or once an app container ever started; otherwise False
 * with the init containers still incomplete.
 */
export function initializedCondition(w: PodWorker): { ok: boolean; message?: string } {
  if (w.initContainers.length === 0 || anyAppContainerStarted(w)) return { ok: true };
  const incomplete = w.initContainers.filter((c) => (c.init === 'sidecar' ? !c.started : !initSucceeded(c))).map((c) => c.name);
  if (incomplete.length === 0) return { ok: true };
  return { ok: false, message: `containers with incomplete status: [${incomplete.join(' ')}]` };
}

/**
 * getPhase's init-container part: how many regular init containers are still pending, and whether
 * one failed. With restartPolicy Never a failure makes the pod Failed.
 */
export function initPhaseCounts(w: PodWorker): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const c of w.initContainers) {
    if (c.init !== 'regular') continue;
    if (c.state === 'running') pending++;
    else if (c.state === 'terminated') {
      if (c.exitCode !== 0) failed++;
    } else if (c.lastTerminated) {
      if (c.lastTerminated.exitCode !== 0) failed++;
    } else pending++;
  }
  return { pending, failed };
}
