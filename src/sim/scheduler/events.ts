// What the scheduler writes besides Bindings: core/v1 Events (Scheduled, FailedScheduling) and the
// PodScheduled=False condition on pods/status, in the shape kube-scheduler produces them.

import type { Event, Pod } from '../api/types';
import { rfc3339, unixNanoHex } from '../api/time';

export const SCHEDULER_NAME = 'default-scheduler';

export function schedulerEvent(pod: Pod, opts: { type: 'Normal' | 'Warning'; reason: string; action: string; message: string; now: number; host: string; seq: number }): Event {
  const ns = pod.metadata.namespace ?? 'default';
  // A nanosecond per event keeps two events of the same instant apart, as real clocks do.
  const name = `${pod.metadata.name}.${unixNanoHex(opts.now + opts.seq * 1e-6)}`;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: ns },
    involvedObject: { kind: 'Pod', namespace: ns, name: pod.metadata.name, uid: pod.metadata.uid, apiVersion: 'v1', resourceVersion: pod.metadata.resourceVersion },
    reason: opts.reason,
    message: opts.message,
    source: { component: SCHEDULER_NAME },
    firstTimestamp: rfc3339(opts.now),
    lastTimestamp: rfc3339(opts.now),
    count: 1,
    type: opts.type,
    action: opts.action,
    reportingComponent: SCHEDULER_NAME,
    reportingInstance: `${SCHEDULER_NAME}-${opts.host}`,
  };
}

/** The condition updatePod sets after a failed cycle; undefined when the pod already has it (no-op). */
export function unschedulableConditionPatch(pod: Pod, message: string, now: number): unknown | undefined {
  const cur = (pod.status?.conditions ?? []).find((c) => c.type === 'PodScheduled');
  if (cur && cur.status === 'False' && cur.reason === 'Unschedulable' && cur.message === message) return undefined;
  const lastTransitionTime = cur && cur.status === 'False' ? cur.lastTransitionTime : rfc3339(now);
  return {
    status: {
      conditions: [{ type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime, reason: 'Unschedulable', message }],
    },
  };
}
