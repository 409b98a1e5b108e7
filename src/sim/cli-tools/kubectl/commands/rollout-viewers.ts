// The status viewers of `kubectl rollout status` for DaemonSets and StatefulSets
// (kubectl/pkg/polymorphichelpers/rollout_status.go, v1.31): the line to print, whether the rollout
// is done, or the error that ends it; and the pod template `rollout history --revision=N` prints
// (history.go printTemplate: DescribePodTemplate through a PrefixWriter, without a tabwriter).

import type { KubeObject } from '../../../api/types';

export type StatusLine = { line: string; done: boolean } | { error: string };

interface DaemonSetShape {
  spec?: { updateStrategy?: { type?: string } };
  status?: { observedGeneration?: number; updatedNumberScheduled?: number; desiredNumberScheduled?: number; numberAvailable?: number };
}

/** DaemonSetStatusViewer.Status */
export function daemonSetStatus(o: KubeObject): StatusLine {
  const ds = o as KubeObject & DaemonSetShape;
  const name = o.metadata.name ?? '';
  if ((ds.spec?.updateStrategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return { error: 'rollout status is only available for RollingUpdate strategy type' };
  const st = ds.status ?? {};
  if ((o.metadata.generation ?? 0) > (st.observedGeneration ?? 0)) return { line: 'Waiting for daemon set spec update to be observed...\n', done: false };
  const desired = st.desiredNumberScheduled ?? 0;
  const waiting = `Waiting for daemon set "${name}" rollout to finish: `;
  if ((st.updatedNumberScheduled ?? 0) < desired) return { line: `${waiting}${st.updatedNumberScheduled ?? 0} out of ${desired} new pods have been updated...\n`, done: false };
  if ((st.numberAvailable ?? 0) < desired) return { line: `${waiting}${st.numberAvailable ?? 0} of ${desired} updated pods are available...\n`, done: false };
  return { line: `daemon set "${name}" successfully rolled out\n`, done: true };
}

interface StatefulSetShape {
  spec?: { replicas?: number; updateStrategy?: { type?: string; rollingUpdate?: { partition?: number } } };
  status?: { observedGeneration?: number; readyReplicas?: number; updatedReplicas?: number; currentReplicas?: number; updateRevision?: string; currentRevision?: string };
}

/** StatefulSetStatusViewer.Status: with the defaulted partition 0 it ends in "partitioned roll out complete". */
export function statefulSetStatus(o: KubeObject): StatusLine {
  const sts = o as KubeObject & StatefulSetShape;
  const strategy = sts.spec?.updateStrategy;
  if ((strategy?.type ?? 'RollingUpdate') !== 'RollingUpdate') return { error: 'rollout status is only available for RollingUpdate strategy type' };
  const st = sts.status ?? {};
  if (!st.observedGeneration || (o.metadata.generation ?? 0) > st.observedGeneration) return { line: 'Waiting for statefulset spec update to be observed...\n', done: false };
  const replicas = sts.spec?.replicas;
  if (replicas !== undefined && (st.readyReplicas ?? 0) < replicas) return { line: `Waiting for ${replicas - (st.readyReplicas ?? 0)} pods to be ready...\n`, done: false };
  if (strategy?.rollingUpdate) {
    const partition = strategy.rollingUpdate.partition;
    if (replicas !== undefined && partition !== undefined && (st.updatedReplicas ?? 0) < replicas - partition) {
      return { line: `Waiting for partitioned roll out to finish: ${st.updatedReplicas ?? 0} out of ${replicas - partition} new pods have been updated...\n`, done: false };
    }
    return { line: `partitioned roll out complete: ${st.updatedReplicas ?? 0} new pods have been updated...\n`, done: true };
  }
  if (st.updateRevision !== st.currentRevision) return { line: `waiting for statefulset rolling update to complete ${st.updatedReplicas ?? 0} pods at revision ${st.updateRevision ?? ''}...\n`, done: false };
  return { line: `statefulset rolling update complete ${st.currentReplicas ?? 0} pods at revision ${st.currentRevision ?? ''}...\n`, done: true };
}
