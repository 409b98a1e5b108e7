// kube-aggregator's AvailableConditionController (staging/src/k8s.io/kube-aggregator/pkg/
// controllers/status/remote/remote_available_controller.go, v1.31), inside kube-apiserver: for
// every APIService backed by a Service it sets the Available condition, re-checked whenever an
// APIService, a Service or an EndpointSlice changes in the watch cache. Not found Service:
// `ServiceNotFound`; no ready endpoint for the port: `MissingEndpoints`; else `Passed`, "all checks
// passed". It writes the status as the real one does, through kube-apiserver's loopback client: a
// PUT of the apiservices/status subresource to itself, which runs the whole pipeline.
// Simplified: the real controller also GETs the group's discovery through the proxy before it says
// Passed (FailedDiscoveryCheck); here a ready endpoint is enough.

import type { HttpRequest, HttpResponse } from '../../api/http';
import { rfc3339 } from '../../api/time';
import type { KubeObject } from '../../api/types';
import type { Effects, Message } from '../../kernel/component';
import type { ApiserverState } from '../state';
import { cachedObject } from '../watchcache';
import { LOOPBACK_CREDENTIALS } from './loopback';

export interface APIServiceSpec {
  group?: string;
  version?: string;
  service?: { namespace?: string; name?: string; port?: number };
}

interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  lastTransitionTime?: string;
  reason: string;
  message: string;
}

export function apiServices(s: ApiserverState): KubeObject[] {
  return [...(s.cache.get('apiservices')?.objects.values() ?? [])].map((e) => e.obj);
}

function availableOf(obj: KubeObject): Condition | undefined {
  return ((obj.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((c) => c.type === 'Available');
}

export function isAvailable(obj: KubeObject): boolean {
  return availableOf(obj)?.status === 'True';
}

/** The port name (or number) the Service's port maps to, which the endpoints must carry. */
function targetOf(svc: KubeObject, port: number): { name?: string } | undefined {
  const p = ((svc.spec as { ports?: { name?: string; port?: number }[] } | undefined)?.ports ?? []).find((x) => x.port === port);
  return p ? { name: p.name } : undefined;
}

function hasReadyEndpoint(s: ApiserverState, ns: string, name: string, portName: string | undefined): boolean {
  for (const e of s.cache.get('endpointslices')?.objects.values() ?? []) {
    const slice = e.obj as KubeObject & { endpoints?: { conditions?: { ready?: boolean } }[]; ports?: { name?: string }[] };
    if (slice.metadata.namespace !== ns || slice.metadata.labels?.['kubernetes.io/service-name'] !== name) continue;
    if (!(slice.ports ?? []).some((p) => (p.name ?? '') === (portName ?? ''))) continue;
    if ((slice.endpoints ?? []).some((ep) => ep.conditions?.ready !== false)) return true;
  }
  return false;
}

/** What the condition should say now. */
export function desiredCondition(s: ApiserverState, obj: KubeObject): Condition {
  const ref = (obj.spec as APIServiceSpec | undefined)?.service;
  if (!ref) return { type: 'Available', status: 'True', reason: 'Local', message: 'Local APIServices are always available' };
  const ns = ref.namespace ?? '';
  const name = ref.name ?? '';
  const svc = cachedObject(s, 'services', `${ns}/${name}`);
  if (!svc) return { type: 'Available', status: 'False', reason: 'ServiceNotFound', message: `service/${name} in "${ns}" is not present` };
  const target = targetOf(svc, ref.port ?? 443);
  if (!target || !hasReadyEndpoint(s, ns, name, target.name)) {
    return { type: 'Available', status: 'False', reason: 'MissingEndpoints', message: `endpoints for service/${name} in "${ns}" have no addresses with port name "${target?.name ?? ''}"` };
  }
  return { type: 'Available', status: 'True', reason: 'Passed', message: 'all checks passed' };
}

/** A watch-cache change the controller reacts to: write every APIService whose condition is out of date. */
export function availableConditionOnCacheEvent(ctx: Effects, s: ApiserverState, resource: string): void {
  if (resource !== 'apiservices' && resource !== 'services' && resource !== 'endpointslices') return;
  for (const obj of apiServices(s)) {
    const name = obj.metadata.name ?? '';
    if (s.apiServiceWrites?.has(name)) continue;
    const want = desiredCondition(s, obj);
    const have = availableOf(obj);
    if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) continue;
    const cond: Condition = { ...want, lastTransitionTime: have?.status === want.status ? have.lastTransitionTime : rfc3339(ctx.now) };
    const others = ((obj.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).filter((c) => c.type !== 'Available');
    const body = { ...obj, status: { ...(obj.status ?? {}), conditions: [...others, cond] } };
    const req: HttpRequest = { type: 'http.request', method: 'PUT', path: `/apis/apiregistration.k8s.io/v1/apiservices/${name}/status`, credentials: LOOPBACK_CREDENTIALS, userAgent: 'kube-apiserver/v1.31.0 (linux/amd64) kubernetes/9edcffc', contentType: 'application/json', body };
    const id = ctx.send(ctx.self, req, { summary: `PUT apiservices/${name}/status Available=${want.status} (${want.reason})`, phase: 'controller', object: { kind: 'APIService', name } });
    (s.apiServiceWrites ??= new Map()).set(name, id);
  }
}

/** The loopback write answered (a conflict is retried on the next change). */
export function availableConditionOnResponse(ctx: Effects, s: ApiserverState, msg: Message): boolean {
  const b = msg.body as HttpResponse;
  if (b.type !== 'http.response' || !s.apiServiceWrites?.size) return false;
  for (const [name, id] of s.apiServiceWrites) {
    if (id !== b.requestId) continue;
    s.apiServiceWrites.delete(name);
    // After a failure the next change re-checks (no tight retry loop).
    if (b.status !== 200) ctx.log(`AvailableConditionController: status update of ${name} failed: ${b.status}`);
    else availableConditionOnCacheEvent(ctx, s, 'apiservices');
    return true;
  }
  return false;
}

