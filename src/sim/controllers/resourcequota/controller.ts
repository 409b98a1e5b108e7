// The resource quota controller (pkg/controller/resourcequota/resource_quota_controller.go,
// kube-controller-manager's `resourcequota` controller, acting as
// kube-system/resourcequota-controller): for every ResourceQuota it copies spec.hard into
// status.hard and recounts status.used over the namespace's objects with the quota evaluators.
// A quota is synced when it is added or its spec.hard differs from its status.hard, and the
// quotas of a namespace are recounted when an object there is deleted or a pod finishes
// (replenishment); creates are charged by the ResourceQuota admission plugin itself.
// Kubeplay counts the kinds kube-controller-manager already watches (pods, services, ConfigMaps,
// ServiceAccounts, PersistentVolumeClaims and the apps and batch workloads); for other kinds the usage the admission plugin
// charged is kept as it is.

import type { KubeObject, Pod } from '../../api/types';
import type { Delta } from '../../client/informer';
import { matchingResources, usageOf, type GroupResource } from '../../api/quota/evaluators';
import { ZERO, addUsage, formatList, mask, parseList, type Usage } from '../../api/quota/resource-list';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import type { InformerName } from '../framework/informers';
import { queueAdd } from '../framework/workqueue';

export const RESOURCEQUOTA_CONTROLLER = 'resourcequota-controller';
export const RESOURCEQUOTA_SA = 'resourcequota-controller';

export interface ResourceQuotaControllerState {
  rt: ControllerRuntime;
}

export function createResourceQuotaController(): ResourceQuotaControllerState {
  return { rt: createRuntime(RESOURCEQUOTA_CONTROLLER) };
}

/** The kinds counted from the controller manager's informers. */
const COUNTED: { gr: GroupResource; informer: InformerName }[] = [
  { gr: { group: '', resource: 'pods' }, informer: 'pods' },
  { gr: { group: '', resource: 'services' }, informer: 'services' },
  { gr: { group: '', resource: 'configmaps' }, informer: 'configmaps' },
  { gr: { group: '', resource: 'serviceaccounts' }, informer: 'serviceaccounts' },
  { gr: { group: '', resource: 'persistentvolumeclaims' }, informer: 'persistentvolumeclaims' },
  { gr: { group: 'apps', resource: 'deployments' }, informer: 'deployments' },
  { gr: { group: 'apps', resource: 'replicasets' }, informer: 'replicasets' },
  { gr: { group: 'apps', resource: 'daemonsets' }, informer: 'daemonsets' },
  { gr: { group: 'apps', resource: 'statefulsets' }, informer: 'statefulsets' },
  { gr: { group: 'batch', resource: 'jobs' }, informer: 'jobs' },
];

interface QuotaShape {
  spec?: { hard?: Record<string, string> };
  status?: { hard?: Record<string, string>; used?: Record<string, string> };
}

function enqueueNamespace(s: ResourceQuotaControllerState, env: ControllerEnv, namespace: string): void {
  let any = false;
  for (const q of env.informers.byName.resourcequotas.items.values()) {
    if (q.metadata.namespace !== namespace) continue;
    queueAdd(s.rt.queue, `${namespace}/${q.metadata.name ?? ''}`);
    any = true;
  }
  if (any) armWorker(s.rt, env.ctx);
}

function sameList(a: Record<string, string> | undefined, b: Record<string, string> | undefined): boolean {
  return JSON.stringify(formatList(parseList(a))) === JSON.stringify(formatList(parseList(b)));
}

/** addQuota / updateQuota: a new quota, or one whose spec.hard is not yet its status.hard. */
export function onResourceQuotaDelta(s: ResourceQuotaControllerState, env: ControllerEnv, d: Delta): void {
  if (d.type === 'DELETED') return;
  const q = d.object as KubeObject & QuotaShape;
  if (d.type === 'MODIFIED' && sameList(q.spec?.hard, q.status?.hard) && q.status?.used) return;
  queueAdd(s.rt.queue, `${q.metadata.namespace ?? ''}/${q.metadata.name ?? ''}`);
  armWorker(s.rt, env.ctx);
}

/** The replenishment controllers: a deleted object, or a pod that reached Succeeded or Failed. */
export function onResourceQuotaObjectDelta(s: ResourceQuotaControllerState, env: ControllerEnv, which: InformerName, d: Delta): void {
  if (!COUNTED.some((c) => c.informer === which)) return;
  const ns = d.object.metadata.namespace;
  if (!ns) return;
  if (d.type === 'DELETED') return enqueueNamespace(s, env, ns);
  if (which !== 'pods' || d.type !== 'MODIFIED') return;
  const done = (p: KubeObject | undefined) => ['Succeeded', 'Failed'].includes((p as Pod | undefined)?.status?.phase ?? '');
  if (done(d.object) && !done(d.old)) enqueueNamespace(s, env, ns);
}

/** CalculateUsage: each counted kind's usage over the namespace, masked to the names its evaluator answers for. */
export function calculateUsage(env: ControllerEnv, namespace: string, hardNames: string[]): { used: Usage; counted: Set<string> } {
  let used: Usage = new Map();
  const counted = new Set<string>();
  for (const { gr, informer } of COUNTED) {
    const names = matchingResources(gr, hardNames);
    if (!names.length) continue;
    for (const n of names) counted.add(n);
    for (const obj of env.informers.byName[informer].items.values()) {
      if (obj.metadata.namespace === namespace) used = addUsage(used, mask(usageOf(gr, obj), names));
    }
  }
  return { used, counted };
}

/** syncResourceQuota: status.hard from spec.hard, status.used recounted; written only when it changed. */
export function syncResourceQuota(_s: ResourceQuotaControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const quota = env.informers.byName.resourcequotas.items.get(sc.key) as (KubeObject & QuotaShape) | undefined;
  if (!quota || quota.metadata.deletionTimestamp) return 'ok';
  const hard = parseList(quota.spec?.hard);
  const hardNames = [...hard.keys()];
  const { used, counted } = calculateUsage(env, quota.metadata.namespace ?? '', hardNames);
  const previous = parseList(quota.status?.used);
  const next: Usage = new Map();
  for (const n of hardNames) next.set(n, counted.has(n) ? (used.get(n) ?? ZERO) : (previous.get(n) ?? ZERO));
  const status = { hard: formatList(hard), used: formatList(next) };
  if (sameList(status.hard, quota.status?.hard) && sameList(status.used, quota.status?.used) && quota.status?.used) return 'ok';
  const ns = quota.metadata.namespace ?? '';
  const name = quota.metadata.name ?? '';
  const path = `/api/v1/namespaces/${ns}/resourcequotas/${name}/status`;
  syncWrite(sc, { method: 'PUT', path, body: { ...quota, status } }, { phase: 'controller', summary: `PUT ${path}`, object: { kind: 'ResourceQuota', name, namespace: ns } });
  return 'ok';
}
