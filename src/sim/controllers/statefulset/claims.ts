// A StatefulSet's volumeClaimTemplates (pkg/controller/statefulset/stateful_set_utils.go:
// getPersistentVolumeClaims, updateStorage; stateful_pod_control.go: createPersistentVolumeClaims).
// Each pod gets one claim per template, named `<template>-<pod>` (`www-web-0`), labelled with the
// set's selector, created before the pod when the cache has none; the pod's volume of the
// template's name then points at that claim. Claims are never deleted by the controller (the
// default persistentVolumeClaimRetentionPolicy, Retain), so a scaled-down pod finds its data again.

import type { KubeObject, Pod } from '../../api/types';
import type { StatefulSet } from './types';

export interface ClaimTemplate {
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

export function claimTemplates(set: StatefulSet): ClaimTemplate[] {
  return ((set.spec as { volumeClaimTemplates?: ClaimTemplate[] }).volumeClaimTemplates ?? []).filter((t) => t.metadata?.name);
}

/** getPersistentVolumeClaimName. */
export function claimName(template: ClaimTemplate, pod: string): string {
  return `${template.metadata?.name ?? ''}-${pod}`;
}

/** getPersistentVolumeClaims: the claims the pod needs, as they would be created. */
export function claimsFor(set: StatefulSet, pod: string): KubeObject[] {
  return claimTemplates(set).map((t) => {
    const metadata: KubeObject['metadata'] = {
      name: claimName(t, pod),
      namespace: set.metadata.namespace,
      labels: { ...(t.metadata?.labels ?? {}), ...(set.spec.selector.matchLabels ?? {}) },
    };
    if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
    return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata, spec: structuredClone(t.spec ?? {}) };
  });
}

/** updateStorage: the template's volume replaces any pod volume of the same name. */
export function withClaimVolumes(set: StatefulSet, pod: Pod): Pod {
  const templates = claimTemplates(set);
  if (!templates.length) return pod;
  const names = new Set(templates.map((t) => t.metadata!.name!));
  const volumes = ((pod.spec.volumes as { name: string }[] | undefined) ?? []).filter((v) => !names.has(v.name));
  for (const t of templates) volumes.push({ name: t.metadata!.name!, persistentVolumeClaim: { claimName: claimName(t, pod.metadata.name ?? '') } } as { name: string });
  return { ...pod, spec: { ...pod.spec, volumes } };
}
