// apps/v1 DaemonSet as the DaemonSet controller reads it (k8s.io/api/apps/v1/types.go).

import type { KubeObject, LabelSelector } from '../../api/types';
import type { PodTemplateSpec } from '../replicaset/types';

export interface DaemonSet extends KubeObject {
  spec: {
    selector: LabelSelector;
    template: PodTemplateSpec;
    updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { maxUnavailable?: number | string; maxSurge?: number | string } };
    minReadySeconds?: number;
    revisionHistoryLimit?: number;
  };
  status?: DaemonSetStatus;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
}
