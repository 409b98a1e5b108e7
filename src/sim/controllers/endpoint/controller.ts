// The endpoints controller (pkg/controller/endpoint/endpoints_controller.go, v1.31), which
// kube-controller-manager still runs beside the EndpointSlice controller: it keeps one Endpoints
// object per Service with a selector, named after the Service, so that `kubectl get endpoints` and
// `kubectl describe endpoints` show what the Service selects. Services and pods only enqueue the
// Service's key; syncService computes the subsets (subsets.ts) and creates, updates or deletes the
// object. Its own writes are remembered, as for the slices, so a sync that runs before the informer
// has seen them does not create the object twice.
//
// The `endpoints.kubernetes.io/last-change-trigger-time` annotation follows
// EndpointsLastChangeTriggerTracker: the earliest of the changes since the last sync (the Service's
// creation, a selected pod's Ready condition changing), and no annotation when nothing tracked changed.

import type { Endpoints, Service } from '../../api/service';
import type { KubeObject, Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';
import { serviceSelectsPod } from '../endpointslice/endpoints';
import { desiredSubsets } from './subsets';

export const ENDPOINT_CONTROLLER = 'endpoint-controller';
export const ENDPOINT_SA = 'endpoint-controller';
export const TRIGGER_TIME_ANNOTATION = 'endpoints.kubernetes.io/last-change-trigger-time';
const HEADLESS_LABEL = 'service.kubernetes.io/headless';

export interface EndpointControllerState {
  rt: ControllerRuntime;
  /** Endpoints as this controller last wrote them (`ns/name` -> object, or null once deleted). */
  written: Map<string, Endpoints | null>;
  /** Trigger times seen at the last sync, per Service: its creation and each pod's Ready change. */
  triggers: Map<string, Record<string, string>>;
}

export function createEndpointController(): EndpointControllerState {
  return { rt: createRuntime(ENDPOINT_CONTROLLER), written: new Map(), triggers: new Map() };
}

function enqueue(s: EndpointControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onEndpointServiceDelta(s: EndpointControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

/** The Services that select the pod now or selected it before. */
export function onEndpointPodDelta(s: EndpointControllerState, env: ControllerEnv, d: Delta): void {
  const pods = [d.object as Pod, d.old as Pod | undefined].filter((p): p is Pod => p !== undefined);
  for (const svc of env.informers.byName.services.items.values()) {
    if (pods.some((p) => serviceSelectsPod(svc as Service, p))) enqueue(s, env, objectKey(svc));
  }
}

const rvOf = (o: KubeObject | null | undefined): number => Number(o?.metadata.resourceVersion ?? 0);

/** An Endpoints change: forget writes the cache has caught up with, and check the Service again. */
export function onEndpointsDelta(s: EndpointControllerState, env: ControllerEnv, d: Delta): void {
  const key = objectKey(d.object);
  const mine = s.written.get(key);
  if (mine === null ? d.type === 'DELETED' : mine && rvOf(d.object) >= rvOf(mine)) s.written.delete(key);
  enqueue(s, env, key);
}

function current(s: EndpointControllerState, env: ControllerEnv, key: string): Endpoints | undefined {
  const cached = env.informers.byName.endpoints.items.get(key) as Endpoints | undefined;
  const mine = s.written.get(key);
  if (mine === null) return undefined;
  return mine && rvOf(mine) > rvOf(cached) ? mine : cached;
}

/** getPodTriggerTime: the last transition of the pod's Ready condition. */
function podTriggerTime(pod: Pod): string | undefined {
  return pod.status?.conditions?.find((c) => c.type === 'Ready')?.lastTransitionTime;
}

/** ComputeEndpointLastChangeTriggerTime: the earliest trigger time that changed since the last sync. */
function triggerTime(s: EndpointControllerState, key: string, svc: Service, pods: Pod[]): string | undefined {
  const now: Record<string, string> = {};
  if (svc.metadata.creationTimestamp) now[''] = svc.metadata.creationTimestamp;
  for (const p of pods) {
    const t = podTriggerTime(p);
    if (t) now[p.metadata.name ?? ''] = t;
  }
  const before = s.triggers.get(key) ?? {};
  s.triggers.set(key, now);
  const changed = Object.entries(now).filter(([k, t]) => before[k] !== t).map(([, t]) => t).sort();
  return changed[0];
}

function endpointsPath(ns: string, name?: string): string {
  return `/api/v1/namespaces/${ns}/endpoints${name ? `/${name}` : ''}`;
}

function body(svc: Service, pods: Pod[], existing: Endpoints | undefined, trigger: string | undefined): Endpoints {
  const labels: Record<string, string> = { ...(svc.metadata.labels ?? {}) };
  if (svc.spec.clusterIP === 'None') labels[HEADLESS_LABEL] = '';
  const annotations = { ...(existing?.metadata.annotations ?? {}) };
  if (trigger) annotations[TRIGGER_TIME_ANNOTATION] = trigger;
  else delete annotations[TRIGGER_TIME_ANNOTATION];
  const metadata: KubeObject['metadata'] = existing ? { ...existing.metadata } : { name: svc.metadata.name, namespace: svc.metadata.namespace };
  if (Object.keys(labels).length) metadata.labels = labels;
  else delete metadata.labels;
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  else delete metadata.annotations;
  const subsets = desiredSubsets(svc, pods);
  return { apiVersion: 'v1', kind: 'Endpoints', metadata, ...(subsets.length ? { subsets } : {}) };
}

const same = (a: Endpoints, b: Endpoints): boolean =>
  JSON.stringify(a.subsets ?? []) === JSON.stringify(b.subsets ?? []) && JSON.stringify(a.metadata.labels ?? {}) === JSON.stringify(b.metadata.labels ?? {});

/** syncService: the Service's Endpoints hold exactly the addresses its selector finds. */
export function syncEndpoints(s: EndpointControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const [ns, name] = sc.key.split('/') as [string, string];
  const svc = env.informers.byName.services.items.get(sc.key) as Service | undefined;
  const existing = current(s, env, sc.key);
  const ref = { kind: 'Endpoints', name, namespace: ns };
  if (!svc) {
    s.triggers.delete(sc.key);
    if (!existing) return 'ok';
    syncWrite(sc, { method: 'DELETE', path: endpointsPath(ns, name) }, { phase: 'controller', summary: `DELETE endpoints ${ns}/${name}`, object: ref });
    s.written.set(sc.key, null);
    return 'ok';
  }
  // A Service without a selector has Endpoints written by someone else (or none): not ours.
  if (!svc.spec.selector || Object.keys(svc.spec.selector).length === 0) return 'ok';
  const pods = ([...env.informers.byName.pods.items.values()] as Pod[]).filter((p) => serviceSelectsPod(svc, p));
  const trigger = triggerTime(s, sc.key, svc, pods);
  const want = body(svc, pods, existing, trigger);
  if (existing && same(existing, want)) return 'ok';
  if (existing) syncWrite(sc, { method: 'PUT', path: endpointsPath(ns, name), body: want }, { phase: 'controller', object: ref });
  else syncWrite(sc, { method: 'POST', path: endpointsPath(ns), body: want }, { phase: 'controller', object: ref });
  return 'ok';
}

/** Remember Endpoints this controller created or updated, from the apiserver's answer. */
export function endpointOnWriteResult(s: EndpointControllerState, ev: ClientEvent): void {
  if (ev.call.purpose !== `controller:${ENDPOINT_CONTROLLER}` || ev.kind !== 'response') return;
  const b = ev.response.body as KubeObject | undefined;
  if (ev.response.status >= 300 || b?.kind !== 'Endpoints') return;
  s.written.set(objectKey(b), b as Endpoints);
}
