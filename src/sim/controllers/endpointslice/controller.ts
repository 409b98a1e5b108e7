// The EndpointSlice controller (pkg/controller/endpointslice/endpointslice_controller.go, run by
// kube-controller-manager with the endpointslice-controller service account). Services, pods and
// slices only enqueue the Service's key; syncService reads the caches, computes the endpoints the
// Service should have (endpoints.ts) and creates, updates or deletes its managed slices. Its own
// writes are remembered (the real controller's endpointSliceTracker) so that a sync that runs before
// the informer has seen them does not create a second slice.
//
// Simplified: one slice per Service (the real one splits at 100 endpoints per slice), and slices
// of a deleted Service are deleted here rather than by the garbage collector through the owner
// reference.

import type { EndpointSlice, Service } from '../../api/service';
import { LABEL_MANAGED_BY, LABEL_SERVICE_NAME } from '../../api/service';
import type { KubeObject, Pod } from '../../api/types';
import type { ClientEvent } from '../../client/apiclient';
import { objectKey, type Delta } from '../../client/informer';
import { armWorker, createRuntime, syncWrite, type ControllerRuntime, type SyncContext, type SyncResult } from '../framework/controller';
import type { ControllerEnv } from '../framework/env';
import { queueAdd } from '../framework/workqueue';
import { desiredSlice, serviceSelectsPod, type DesiredSlice } from './endpoints';

export const ENDPOINTSLICE_CONTROLLER = 'endpointslice-controller';
export const ENDPOINTSLICE_SA = 'endpointslice-controller';
/** The managed-by label's value (controllerName in the real controller). */
export const MANAGED_BY = 'endpointslice-controller.k8s.io';

export interface EndpointSliceControllerState {
  rt: ControllerRuntime;
  /** Slices as this controller last wrote them (`ns/name` -> object, or null once deleted). */
  written: Map<string, EndpointSlice | null>;
}

export function createEndpointSliceController(): EndpointSliceControllerState {
  return { rt: createRuntime(ENDPOINTSLICE_CONTROLLER), written: new Map() };
}

function enqueue(s: EndpointSliceControllerState, env: ControllerEnv, key: string): void {
  queueAdd(s.rt.queue, key);
  armWorker(s.rt, env.ctx);
}

export function onServiceDelta(s: EndpointSliceControllerState, env: ControllerEnv, d: Delta): void {
  enqueue(s, env, objectKey(d.object));
}

/** The services whose selector matches the pod now or matched it before (getPodServiceMemberships). */
export function onPodDelta(s: EndpointSliceControllerState, env: ControllerEnv, d: Delta): void {
  const pods = [d.object as Pod, d.old as Pod | undefined].filter((p): p is Pod => p !== undefined);
  for (const svc of env.informers.byName.services.items.values()) {
    if (pods.some((p) => serviceSelectsPod(svc as Service, p))) enqueue(s, env, objectKey(svc));
  }
}

function rvOf(o: KubeObject | null | undefined): number {
  return Number(o?.metadata.resourceVersion ?? 0);
}

/** A slice change: its Service is synced again; the tracker forgets writes the cache has caught up with. */
export function onEndpointSliceDelta(s: EndpointSliceControllerState, env: ControllerEnv, d: Delta): void {
  const key = objectKey(d.object);
  const mine = s.written.get(key);
  if (mine === null ? d.type === 'DELETED' : mine && rvOf(d.object) >= rvOf(mine)) s.written.delete(key);
  const labels = d.object.metadata.labels ?? {};
  const svc = labels[LABEL_SERVICE_NAME];
  if (svc && labels[LABEL_MANAGED_BY] === MANAGED_BY) enqueue(s, env, `${d.object.metadata.namespace}/${svc}`);
}

/** The managed slices of a Service: the cache, corrected by what this controller wrote since. */
export function managedSlices(s: EndpointSliceControllerState, env: ControllerEnv, namespace: string, name: string): EndpointSlice[] {
  const out = new Map<string, EndpointSlice>();
  const ours = (o: KubeObject): boolean =>
    o.metadata.namespace === namespace && o.metadata.labels?.[LABEL_SERVICE_NAME] === name && o.metadata.labels?.[LABEL_MANAGED_BY] === MANAGED_BY;
  for (const [key, o] of env.informers.byName.endpointslices.items) if (ours(o)) out.set(key, o as EndpointSlice);
  for (const [key, o] of s.written) {
    if (o === null) out.delete(key);
    else if (ours(o) && rvOf(o) > rvOf(out.get(key))) out.set(key, o);
  }
  return [...out.values()];
}

function sliceBody(svc: Service, want: DesiredSlice, existing?: EndpointSlice): EndpointSlice {
  const meta = existing
    ? { ...existing.metadata }
    : {
        generateName: `${svc.metadata.name}-`,
        namespace: svc.metadata.namespace,
        ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: svc.metadata.name ?? '', uid: svc.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
      };
  meta.labels = { ...(svc.metadata.labels ?? {}), [LABEL_SERVICE_NAME]: svc.metadata.name ?? '', [LABEL_MANAGED_BY]: MANAGED_BY };
  return { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: meta, addressType: 'IPv4', endpoints: want.endpoints, ports: want.ports };
}

function slicePath(ns: string, name?: string): string {
  return `/apis/discovery.k8s.io/v1/namespaces/${ns}/endpointslices${name ? `/${name}` : ''}`;
}

function same(a: EndpointSlice, b: EndpointSlice): boolean {
  return (
    JSON.stringify(a.endpoints ?? []) === JSON.stringify(b.endpoints ?? []) &&
    JSON.stringify(a.ports ?? []) === JSON.stringify(b.ports ?? []) &&
    JSON.stringify(a.metadata.labels ?? {}) === JSON.stringify(b.metadata.labels ?? {})
  );
}

/** syncService: make the Service's managed slices hold exactly the desired endpoints. */
export function syncService(s: EndpointSliceControllerState, env: ControllerEnv, sc: SyncContext): SyncResult {
  const [ns, name] = sc.key.split('/') as [string, string];
  const svc = env.informers.byName.services.items.get(sc.key) as Service | undefined;
  const slices = managedSlices(s, env, ns, name);
  const meta = { phase: 'controller' as const };
  // No Service, or one without a selector: the controller manages no slices for it.
  const keep = svc?.spec.selector && Object.keys(svc.spec.selector).length > 0 ? slices[0] : undefined;
  for (const old of slices) {
    if (old === keep) continue;
    const obj = old.metadata.name!;
    syncWrite(sc, { method: 'DELETE', path: slicePath(ns, obj) }, { ...meta, summary: `DELETE endpointslice ${ns}/${obj}`, object: { kind: 'EndpointSlice', name: obj, namespace: ns } });
    s.written.set(`${ns}/${obj}`, null);
  }
  if (!svc || !svc.spec.selector || Object.keys(svc.spec.selector).length === 0) return 'ok';
  const pods = [...env.informers.byName.pods.items.values()] as Pod[];
  const want = sliceBody(svc, desiredSlice(svc, pods), keep);
  if (keep && same(keep, want)) return 'ok';
  const ref = { kind: 'Service', name, namespace: ns };
  if (keep) syncWrite(sc, { method: 'PUT', path: slicePath(ns, keep.metadata.name), body: want }, { ...meta, object: ref });
  else syncWrite(sc, { method: 'POST', path: slicePath(ns), body: want }, { ...meta, object: ref });
  return 'ok';
}

/** Remember a slice this controller created or updated, from the apiserver's answer. */
export function endpointSliceOnWriteResult(s: EndpointSliceControllerState, ev: ClientEvent): void {
  if (ev.call.purpose !== `controller:${ENDPOINTSLICE_CONTROLLER}` || ev.kind !== 'response') return;
  const body = ev.response.body as KubeObject | undefined;
  if (ev.response.status >= 300 || body?.kind !== 'EndpointSlice') return;
  s.written.set(objectKey(body), body as EndpointSlice);
}
