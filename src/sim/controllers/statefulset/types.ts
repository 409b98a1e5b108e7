// apps/v1 StatefulSet as the controller reads it (k8s.io/api/apps/v1/types.go) and the pod labels
// the StatefulSet controller sets (apps/v1 StatefulSetPodNameLabel, PodIndexLabel,
// ControllerRevisionHashLabelKey).

import type { KubeObject, LabelSelector } from '../../api/types';
import type { PodTemplateSpec } from '../replicaset/types';

export interface StatefulSet extends KubeObject {
  spec: {
    replicas?: number;
    selector: LabelSelector;
    template: PodTemplateSpec;
    serviceName?: string;
    podManagementPolicy?: 'OrderedReady' | 'Parallel';
    updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { partition?: number; maxUnavailable?: number | string } };
    minReadySeconds?: number;
    revisionHistoryLimit?: number;
    /** StatefulSetStartOrdinal (beta, on by default in v1.31). */
    ordinals?: { start?: number };
  };
  status?: StatefulSetStatus;
}

export interface StatefulSetStatus {
  observedGeneration?: number;
  replicas: number;
  readyReplicas?: number;
  currentReplicas?: number;
  updatedReplicas?: number;
  currentRevision?: string;
  updateRevision?: string;
  collisionCount?: number;
  availableReplicas: number;
}

/** apps.StatefulSetPodNameLabel: lets a Service select one pod of the set. */
export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** apps.PodIndexLabel (v1.28+, PodIndexLabel gate on by default). */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** apps.ControllerRevisionHashLabelKey: the revision the pod was made from. */
export const REVISION_LABEL = 'controller-revision-hash';
