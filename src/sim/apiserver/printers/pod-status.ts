// The STATUS, READY and RESTARTS cells of `kubectl get pods`, as printPod computes them
// (kubernetes pkg/printers/internalversion/printers.go).

import type { ContainerStatus, Pod } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';

export interface PodCells {
  ready: string;
  status: string;
  restarts: string;
}

function isRestartableInit(pod: Pod, name: string): boolean {
  const c = pod.spec.initContainers?.find((x) => x.name === name) as { restartPolicy?: string } | undefined;
  return c?.restartPolicy === 'Always';
}

function hasCondition(pod: Pod, type: string): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === type && c.status === 'True');
}

/** Go's metav1.Time comparison on RFC 3339 strings; '' is the zero time. */
function later(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return parseTime(b) > parseTime(a) ? b : a;
}

function initStatus(pod: Pod, st: ContainerStatus, i: number): string | undefined {
  const term = st.state.terminated;
  if (term && term.exitCode === 0) return undefined;
  if (isRestartableInit(pod, st.name) && st.started) return undefined;
  if (term) {
    if (!term.reason) return term.signal ? `Init:Signal:${term.signal}` : `Init:ExitCode:${term.exitCode}`;
    return `Init:${term.reason}`;
  }
  const w = st.state.waiting;
  if (w && w.reason && w.reason !== 'PodInitializing') return `Init:${w.reason}`;
  return `Init:${i}/${pod.spec.initContainers?.length ?? 0}`;
}

/** printPod's cells for a pod at time `now` (simulated ms). */
export function podCells(pod: Pod, now: number): PodCells {
  const status = pod.status ?? {};
  let restarts = 0;
  let initRestartable = 0;
  let total = pod.spec.containers.length;
  let ready = 0;
  let lastRestart = '';
  let lastInitRestart = '';
  let reason: string = status.reason || status.phase || '';
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }
  for (const c of pod.spec.initContainers ?? []) if ((c as { restartPolicy?: string }).restartPolicy === 'Always') total++;

  let initializing = false;
  const inits = status.initContainerStatuses ?? [];
  for (let i = 0; i < inits.length; i++) {
    const st = inits[i]!;
    restarts += st.restartCount;
    const finished = st.lastState?.terminated?.finishedAt ?? '';
    lastRestart = later(lastRestart, finished);
    if (isRestartableInit(pod, st.name)) {
      initRestartable += st.restartCount;
      lastInitRestart = later(lastInitRestart, finished);
      if (st.started && st.ready) ready++;
    }
    const r = initStatus(pod, st, i);
    if (r === undefined) continue;
    reason = r;
    initializing = true;
    break;
  }

  if (!initializing || hasCondition(pod, 'Initialized')) {
    restarts = initRestartable;
    lastRestart = lastInitRestart;
    let hasRunning = false;
    const cs = status.containerStatuses ?? [];
    for (let i = cs.length - 1; i >= 0; i--) {
      const c = cs[i]!;
      restarts += c.restartCount;
      lastRestart = later(lastRestart, c.lastState?.terminated?.finishedAt ?? '');
      const w = c.state.waiting;
      const t = c.state.terminated;
      if (w && w.reason) reason = w.reason;
      else if (t && t.reason) reason = t.reason;
      else if (t) reason = t.signal ? `Signal:${t.signal}` : `ExitCode:${t.exitCode}`;
      else if (c.ready && c.state.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) reason = hasCondition(pod, 'Ready') ? 'Running' : 'NotReady';
  }

  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  if (pod.metadata.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && !terminal) reason = 'Terminating';

  let restartsStr = String(restarts);
  if (restarts !== 0 && lastRestart) restartsStr = `${restarts} (${humanDuration(now - parseTime(lastRestart))} ago)`;
  return { ready: `${ready}/${total}`, status: reason, restarts: restartsStr };
}
