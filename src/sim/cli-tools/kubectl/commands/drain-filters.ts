// The pod filters of kubectl drain (kubectl/pkg/drain/filters.go, v1.31), pure: each pod on the
// node goes through skipDeleted, daemonSet, mirrorPod, localStorage and unreplicated in that order
// and stops at the first filter that keeps it; the last status decides. Errors and warnings are
// grouped by message as PodDeleteList.errors() and Warnings() group them (the real ones iterate a
// Go map, so their order varies; Kubeplay keeps the order in which the messages first appear).

import type { Pod } from '../../../api/types';

export const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
export const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
export const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
export const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
export const UNMANAGED_FATAL = 'Pods declare no controller (use --force to override)';
export const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export type PodDeleteStatus = { delete: boolean; reason: 'Okay' | 'Skip' | 'Warning' | 'Error'; message?: string };

export interface DrainOptions {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
}

/** What GET of a pod's DaemonSet answered: it exists, it is gone, or another error (its text). */
export type DaemonSetLookup = { t: 'found' } | { t: 'notFound'; message: string } | { t: 'error'; message: string };

const OK: PodDeleteStatus = { delete: true, reason: 'Okay' };

function finished(p: Pod): boolean {
  return p.status?.phase === 'Succeeded' || p.status?.phase === 'Failed';
}

export function controllerOf(p: Pod): { kind: string; name: string } | undefined {
  return p.metadata.ownerReferences?.find((r) => r.controller === true);
}

/** Whether the daemonSet filter must look the pod's DaemonSet up. */
export function needsDaemonSetLookup(p: Pod): boolean {
  return controllerOf(p)?.kind === 'DaemonSet' && !finished(p);
}

function daemonSetFilter(p: Pod, o: DrainOptions, lookup: DaemonSetLookup | undefined): PodDeleteStatus {
  if (!needsDaemonSetLookup(p) || !lookup) return OK;
  if (lookup.t === 'notFound' && o.force) return { delete: true, reason: 'Warning', message: lookup.message };
  if (lookup.t !== 'found') return { delete: false, reason: 'Error', message: lookup.message };
  if (!o.ignoreDaemonSets) return { delete: false, reason: 'Error', message: DAEMONSET_FATAL };
  return { delete: false, reason: 'Warning', message: DAEMONSET_WARNING };
}

function localStorageFilter(p: Pod, o: DrainOptions): PodDeleteStatus {
  const volumes = (p.spec.volumes as { emptyDir?: unknown }[] | undefined) ?? [];
  if (!volumes.some((v) => v.emptyDir !== undefined) || finished(p)) return OK;
  if (!o.deleteEmptyDirData) return { delete: false, reason: 'Error', message: LOCAL_STORAGE_FATAL };
  return { delete: true, reason: 'Warning', message: LOCAL_STORAGE_WARNING };
}

function unreplicatedFilter(p: Pod, o: DrainOptions): PodDeleteStatus {
  if (finished(p) || controllerOf(p)) return OK;
  if (o.force) return { delete: true, reason: 'Warning', message: UNMANAGED_WARNING };
  return { delete: false, reason: 'Error', message: UNMANAGED_FATAL };
}

/** makeFilters applied to one pod: the status of the last filter that ran. */
export function filterPod(p: Pod, o: DrainOptions, lookup: DaemonSetLookup | undefined): PodDeleteStatus {
  const filters = [
    (): PodDeleteStatus => daemonSetFilter(p, o, lookup),
    (): PodDeleteStatus => (p.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined ? { delete: false, reason: 'Skip' } : OK),
    (): PodDeleteStatus => localStorageFilter(p, o),
    (): PodDeleteStatus => unreplicatedFilter(p, o),
  ];
  let status = OK;
  for (const f of filters) {
    status = f();
    if (!status.delete) break;
  }
  return status;
}

function grouped(items: { pod: Pod; status: PodDeleteStatus }[], reason: 'Warning' | 'Error'): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const { pod, status } of items) {
    if (status.reason !== reason) continue;
    const msg = status.message || 'unexpected error';
    const list = groups.get(msg) ?? [];
    list.push(`${pod.metadata.namespace}/${pod.metadata.name}`);
    groups.set(msg, list);
  }
  return [...groups.entries()];
}

/** PodDeleteList.errors(): `cannot delete <message>: ns/a, ns/b`, one per message. */
export function deleteErrors(items: { pod: Pod; status: PodDeleteStatus }[]): string[] {
  return grouped(items, 'Error').map(([msg, pods]) => `cannot delete ${msg}: ${pods.join(', ')}`);
}

/** PodDeleteList.Warnings(): `<message>: ns/a, ns/b` joined by `; `. */
export function deleteWarnings(items: { pod: Pod; status: PodDeleteStatus }[]): string {
  return grouped(items, 'Warning')
    .map(([msg, pods]) => `${msg}: ${pods.join(', ')}`)
    .join('; ');
}
