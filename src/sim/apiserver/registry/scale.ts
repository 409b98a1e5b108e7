// The scale subresource of Deployments and ReplicaSets (pkg/registry/apps/deployment/storage
// ScaleREST, replicaset/storage ScaleREST): GET answers an autoscaling/v1 Scale made from the
// object; PUT takes a Scale and changes only spec.replicas of the stored object, as an update of the
// main resource (so generation grows and status is kept). A PATCH is applied to the object itself,
// which for the `{"spec":{"replicas":N}}` patch kubectl scale sends is the same result.

import { labelSelectorAsSelector, selectorToString } from '../../api/labels';
import type { KubeObject, LabelSelector } from '../../api/types';

interface Scalable {
  spec?: { replicas?: number; selector?: LabelSelector };
  status?: { replicas?: number };
}

/** scaleFromDeployment / scaleFromReplicaSet. */
export function toScale(obj: KubeObject): KubeObject {
  const o = obj as KubeObject & Scalable;
  const meta = obj.metadata;
  const metadata: KubeObject['metadata'] = { name: meta.name, namespace: meta.namespace, uid: meta.uid, resourceVersion: meta.resourceVersion, creationTimestamp: meta.creationTimestamp };
  const status: { replicas: number; selector?: string } = { replicas: o.status?.replicas ?? 0 };
  if (o.spec?.selector) status.selector = selectorToString(labelSelectorAsSelector(o.spec.selector));
  return { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata, spec: { replicas: o.spec?.replicas ?? 0 }, status };
}

/** A PUT of a Scale: the stored object with the Scale's replicas (and its resourceVersion precondition). */
export function applyScale(current: KubeObject, scale: KubeObject): KubeObject {
  const replicas = (scale.spec as { replicas?: number } | undefined)?.replicas ?? 0;
  const metadata = { ...current.metadata };
  if (scale.metadata?.resourceVersion) metadata.resourceVersion = scale.metadata.resourceVersion;
  else delete metadata.resourceVersion;
  return { ...current, metadata, spec: { ...(current.spec as object), replicas } };
}
