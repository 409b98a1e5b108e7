// The pure parts of the ReplicaSet controller (pkg/controller/replicaset/replica_set.go and
// pkg/controller/controller_utils.go): which pods a ReplicaSet owns, which to delete first, the pod
// a template makes and the status the owned pods add up to.

import { labelSelectorAsSelector, NOTHING, SelectorError, selectorMatches, type Selector } from '../../api/labels';
import type { Pod } from '../../api/types';
import { controllerOf, controllerRef, isPodActive, isPodReady, type ReplicaSet } from './types';

export interface Claim {
  /** Active pods this ReplicaSet controls after adoption and release. */
  owned: Pod[];
  /** Orphans matching the selector: the controller takes them (PodControllerRefManager.AdoptPod). */
  adopt: Pod[];
  /** Owned pods whose labels no longer match: the controller lets them go (ReleasePod). */
  release: Pod[];
}

/** ClaimPods: owned pods that match, plus matching orphans; owned pods that stopped matching are released. */
export function claimPods(rs: ReplicaSet, pods: Iterable<Pod>): Claim {
  const out: Claim = { owned: [], adopt: [], release: [] };
  // The selector is parsed once per claim, not once per pod (an invalid one matches nothing).
  let selector: Selector;
  try {
    selector = labelSelectorAsSelector(rs.spec.selector);
  } catch (e) {
    if (!(e instanceof SelectorError)) throw e;
    selector = NOTHING;
  }
  for (const p of pods) {
    if (p.metadata.namespace !== rs.metadata.namespace || !isPodActive(p)) continue;
    const ref = controllerOf(p);
    // ClaimObject: a pod another controller owns is ignored before its labels are looked at.
    if (ref && ref.uid !== rs.metadata.uid) continue;
    const matches = selectorMatches(selector, p.metadata.labels);
    if (ref) {
      if (matches) out.owned.push(p);
      else out.release.push(p);
    } else if (matches && !rs.metadata.deletionTimestamp) {
      out.adopt.push(p);
      out.owned.push(p);
    }
  }
  return out;
}

/**
 * ActivePodsWithRanks in simplified form: the pods to delete first come first. Unscheduled before
 * scheduled, Pending before Running, not ready before ready, then the newest first.
 */
export function rankForDeletion(pods: Pod[]): Pod[] {
  const score = (p: Pod): number[] => [
    p.spec.nodeName ? 1 : 0,
    p.status?.phase === 'Pending' ? 0 : p.status?.phase === 'Unknown' ? 1 : 2,
    isPodReady(p) ? 1 : 0,
  ];
  return [...pods].sort((a, b) => {
    const sa = score(a);
    const sb = score(b);
    for (let i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return sa[i]! - sb[i]!;
    const ta = a.metadata.creationTimestamp ?? '';
    const tb = b.metadata.creationTimestamp ?? '';
    if (ta !== tb) return ta > tb ? -1 : 1;
    return (a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1;
  });
}

/** GetPodFromTemplate: labels and annotations of the template, generateName `<rs>-`, the controller reference. */
export function podFromTemplate(rs: ReplicaSet): Pod {
  const t = rs.spec.template;
  const metadata: Pod['metadata'] = {
    generateName: `${rs.metadata.name}-`,
    namespace: rs.metadata.namespace,
    labels: { ...(t.metadata?.labels ?? {}) },
    ownerReferences: [controllerRef(rs)],
  };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec: structuredClone(t.spec) };
}

/** calculateStatus: replicas, fullyLabeledReplicas, readyReplicas, availableReplicas (minReadySeconds 0). */
export function calculateStatus(rs: ReplicaSet, owned: Pod[]): NonNullable<ReplicaSet['status']> {
  const templateLabels = rs.spec.template.metadata?.labels ?? {};
  const fullyLabeled = owned.filter((p) => Object.entries(templateLabels).every(([k, v]) => p.metadata.labels?.[k] === v)).length;
  const ready = owned.filter(isPodReady).length;
  const status: NonNullable<ReplicaSet['status']> = { replicas: owned.length, fullyLabeledReplicas: fullyLabeled, readyReplicas: ready, availableReplicas: ready };
  // Every field but replicas is omitempty in apps/v1.
  for (const k of ['fullyLabeledReplicas', 'readyReplicas', 'availableReplicas'] as const) if (status[k] === 0) delete status[k];
  if (rs.metadata.generation !== undefined) status.observedGeneration = rs.metadata.generation;
  return status;
}

export function sameStatus(a: ReplicaSet['status'], b: ReplicaSet['status']): boolean {
  const keys = ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration'] as const;
  return keys.every((k) => (a?.[k] ?? 0) === (b?.[k] ?? 0));
}
