// Seed chapter 2, troubleshooting by symptom: "new pods stay Pending forever although nodes have
// room: kube-scheduler is down". Nothing in the API says so (no FailedScheduling event: nobody tried),
// so the worker, which sees every process, says it on each pod that waits for a node.

import type { WhyCallout } from '../../../protocol/why';
import type { Pod } from '../../../sim/api/types';
import type { SchedulerState } from '../../../sim/scheduler/scheduler';
import { SCHEDULER_NAME as DEFAULT_SCHEDULER_NAME } from '../../../sim/scheduler/events';
import { podObjectId, processesOfKind, running, storedPods, type WhyInput } from './facts';

/** No kube-scheduler runs, or one runs but does not hold the leader Lease yet (it may not schedule). */
export function schedulerState(input: WhyInput): 'scheduler-down' | 'not-leading' | undefined {
  const alive = processesOfKind(input.sim, 'kube-scheduler').filter((p) => running(input.sim, p));
  if (alive.length === 0) return 'scheduler-down';
  const leading = alive.some((p) => {
    const le = (p.state as SchedulerState | undefined)?.le;
    return !le || le.phase === 'leading';
  });
  return leading ? undefined : 'not-leading';
}

/** A pod the default scheduler would pick up: no node, not finished, not being deleted. */
function waitsForScheduler(pod: Pod): boolean {
  if (pod.spec.nodeName) return false;
  if (pod.metadata.deletionTimestamp) return false;
  if ((pod.spec.schedulerName ?? DEFAULT_SCHEDULER_NAME) !== DEFAULT_SCHEDULER_NAME) return false;
  const phase = pod.status?.phase ?? 'Pending';
  return phase === 'Pending';
}

export function schedulerDownCallouts(input: WhyInput): WhyCallout[] {
  const state = schedulerState(input);
  if (!state) return [];
  const out: WhyCallout[] = [];
  storedPods(input.store, (pod) => {
    if (!waitsForScheduler(pod)) return;
    const id = podObjectId(pod);
    out.push({ id: `scheduler-down:${id}`, target: { kind: 'object', id }, severity: 'warning', facts: { kind: 'scheduler-down', state } });
  });
  return out;
}
