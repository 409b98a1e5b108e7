// apps/v1 ReplicaSet and Deployment as the controllers read them (k8s.io/api/apps/v1/types.go),
// and the helpers both controllers share: controller references and pod readiness.

import type { KubeObject, LabelSelector, OwnerReference, Pod } from '../../api/types';

export interface PodTemplateSpec {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Pod['spec'];
}

export interface ReplicaSet extends KubeObject {
  spec: { replicas?: number; minReadySeconds?: number; selector: LabelSelector; template: PodTemplateSpec };
  status?: {
    replicas?: number;
    fullyLabeledReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    observedGeneration?: number;
  };
}

export interface Deployment extends KubeObject {
  spec: {
    replicas?: number;
    minReadySeconds?: number;
    selector: LabelSelector;
    template: PodTemplateSpec;
    strategy?: { type?: 'RollingUpdate' | 'Recreate'; rollingUpdate?: { maxSurge?: number | string; maxUnavailable?: number | string } };
    revisionHistoryLimit?: number;
    progressDeadlineSeconds?: number;
    paused?: boolean;
  };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    updatedReplicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    unavailableReplicas?: number;
    conditions?: DeploymentCondition[];
  };
}

/** metav1.GetControllerOf: the owner reference with controller=true. */
export function controllerOf(o: KubeObject): OwnerReference | undefined {
  return o.metadata.ownerReferences?.find((r) => r.controller === true);
}

export function controllerRef(owner: KubeObject): OwnerReference {
  return { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.metadata.name ?? '', uid: owner.metadata.uid ?? '', controller: true, blockOwnerDeletion: true };
}

/** controller.IsPodActive: not finished and not being deleted. */
export function isPodActive(p: Pod): boolean {
  return p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed' && !p.metadata.deletionTimestamp;
}

/** podutil.IsPodReady: the Ready condition is True. */
export function isPodReady(p: Pod): boolean {
  return p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** apps/v1 DeploymentCondition: like a pod's, with lastUpdateTime. */
export interface DeploymentCondition {
  type: 'Available' | 'Progressing' | 'ReplicaFailure';
  status: 'True' | 'False' | 'Unknown';
  lastUpdateTime: string;
  lastTransitionTime: string;
  reason: string;
  message: string;
}
