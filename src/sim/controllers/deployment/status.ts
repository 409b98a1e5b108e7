// A Deployment's status (pkg/controller/deployment/sync.go calculateStatus, progress.go and
// util/deployment_util.go): counts summed over its ReplicaSets and the Available and Progressing
// conditions with their real reasons and messages.

import { parseTime, rfc3339 } from '../../api/time';
import type { Deployment, DeploymentCondition, ReplicaSet } from '../replicaset/types';
import { fenceposts } from './rollout';

type Status = NonNullable<Deployment['status']>;

/** SetDeploymentCondition: an unchanged status and reason is no change; a changed reason keeps the transition time. */
export function setCondition(conds: DeploymentCondition[], c: Omit<DeploymentCondition, 'lastUpdateTime' | 'lastTransitionTime'>, now: number): DeploymentCondition[] {
  const cur = conds.find((x) => x.type === c.type);
  if (cur && cur.status === c.status && cur.reason === c.reason) return conds;
  const t = rfc3339(now);
  const next: DeploymentCondition = { type: c.type, status: c.status, lastUpdateTime: t, lastTransitionTime: cur && cur.status === c.status ? cur.lastTransitionTime : t, reason: c.reason, message: c.message };
  return [...conds.filter((x) => x.type !== c.type), next];
}

export type ProgressEvent = 'created' | 'found' | 'none';

/** calculateStatus + the conditions syncRolloutStatus sets. */
export function deploymentStatus(d: Deployment, all: ReplicaSet[], newRS: ReplicaSet | undefined, progress: ProgressEvent, now: number): Status {
  const replicas = d.spec.replicas ?? 1;
  const count = (f: (rs: ReplicaSet) => number | undefined): number => all.reduce((n, rs) => n + (f(rs) ?? 0), 0);
  const total = count((rs) => rs.status?.replicas);
  const availableNow = count((rs) => rs.status?.availableReplicas);
  const updated = newRS?.status?.replicas ?? 0;
  const status: Status = {
    observedGeneration: d.metadata.generation ?? 1,
    replicas: total,
    updatedReplicas: updated,
    readyReplicas: count((rs) => rs.status?.readyReplicas),
    availableReplicas: availableNow,
    unavailableReplicas: Math.max(0, total - availableNow),
  };
  // Zero counts are omitempty in apps/v1.
  for (const k of ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'] as const) if (status[k] === 0) delete status[k];
  let conds = d.status?.conditions ?? [];
  const minAvailable = replicas - fenceposts(d).maxUnavailable;
  conds =
    availableNow >= minAvailable
      ? setCondition(conds, { type: 'Available', status: 'True', reason: 'MinimumReplicasAvailable', message: 'Deployment has minimum availability.' }, now)
      : setCondition(conds, { type: 'Available', status: 'False', reason: 'MinimumReplicasUnavailable', message: 'Deployment does not have minimum availability.' }, now);
  const name = newRS?.metadata.name ?? '';
  const complete = newRS !== undefined && updated === replicas && availableNow === replicas && total === replicas;
  if (complete) conds = setCondition(conds, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetAvailable', message: `ReplicaSet "${name}" has successfully progressed.` }, now);
  else if (progress === 'created') conds = setCondition(conds, { type: 'Progressing', status: 'True', reason: 'NewReplicaSetCreated', message: `Created new replica set "${name}"` }, now);
  else if (progress === 'found' && !conds.some((c) => c.type === 'Progressing')) conds = setCondition(conds, { type: 'Progressing', status: 'True', reason: 'FoundNewReplicaSet', message: `Found new replica set "${name}"` }, now);
  else if (newRS) conds = progressOrTimeout(d, status, conds, name, now);
  status.conditions = conds;
  return status;
}

/**
 * DeploymentProgressing (util/deployment_util.go): more updated, ready or available replicas, or
 * fewer old ones, than the stored status says.
 */
export function deploymentProgressing(old: Status | undefined, next: Status): boolean {
  const o = old ?? {};
  const oldOld = (o.replicas ?? 0) - (o.updatedReplicas ?? 0);
  const newOld = (next.replicas ?? 0) - (next.updatedReplicas ?? 0);
  return (next.updatedReplicas ?? 0) > (o.updatedReplicas ?? 0) || newOld < oldOld || (next.readyReplicas ?? 0) > (o.readyReplicas ?? 0) || (next.availableReplicas ?? 0) > (o.availableReplicas ?? 0);
}

/** When the Progressing condition's lastUpdateTime plus progressDeadlineSeconds passes (ms), if it can. */
export function progressDeadlineAt(d: Deployment, conds: DeploymentCondition[]): number | undefined {
  const c = conds.find((x) => x.type === 'Progressing');
  if (!c || c.reason === 'NewReplicaSetAvailable' || c.reason === 'ProgressDeadlineExceeded' || c.status !== 'True') return undefined;
  return parseTime(c.lastUpdateTime) + (d.spec.progressDeadlineSeconds ?? 600) * 1000;
}

/**
 * syncRolloutStatus (progress.go): progress refreshes the Progressing condition's lastUpdateTime
 * (ReplicaSetUpdated, keeping the transition time); no progress past progressDeadlineSeconds turns
 * it False with ProgressDeadlineExceeded, `ReplicaSet "x" has timed out progressing.`
 */
function progressOrTimeout(d: Deployment, next: Status, conds: DeploymentCondition[], name: string, now: number): DeploymentCondition[] {
  const cur = conds.find((x) => x.type === 'Progressing');
  if (cur?.reason === 'ProgressDeadlineExceeded' && !deploymentProgressing(d.status, next)) return conds;
  if (!cur || deploymentProgressing(d.status, next)) {
    const t = rfc3339(now);
    const c: DeploymentCondition = { type: 'Progressing', status: 'True', lastUpdateTime: t, lastTransitionTime: cur?.status === 'True' ? cur.lastTransitionTime : t, reason: 'ReplicaSetUpdated', message: `ReplicaSet "${name}" is progressing.` };
    return [...conds.filter((x) => x.type !== 'Progressing'), c];
  }
  const deadline = progressDeadlineAt(d, conds);
  if (deadline !== undefined && deadline < now) {
    return setCondition(conds, { type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded', message: `ReplicaSet "${name}" has timed out progressing.` }, now);
  }
  return conds;
}
