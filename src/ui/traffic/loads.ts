// What the traffic panel lists, from the objects and the worker's load views: the pods that can send
// (a running pod in namespace default, where traffic steps run), the Services they can send to, the
// loads that concern the selected object, and one row per endpoint with the pod behind its address.

import type { LoadView } from '../../protocol/traffic';
import type { ObjectView } from '../../protocol/view';

/** The namespace the scenario's traffic step runs in (run.ts startTraffic). */
export const TRAFFIC_NAMESPACE = 'default';

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function clientPods(objects: Record<string, ObjectView>): string[] {
  return Object.values(objects)
    .filter((o) => o.kind === 'Pod' && o.namespace === TRAFFIC_NAMESPACE && (o.object.status as { phase?: string } | undefined)?.phase === 'Running' && !(o.object.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp)
    .map((o) => o.name)
    .sort(byName);
}

export function trafficServices(objects: Record<string, ObjectView>): string[] {
  return Object.values(objects)
    .filter((o) => o.kind === 'Service' && o.namespace === TRAFFIC_NAMESPACE && (o.object.spec as { type?: string } | undefined)?.type !== 'ExternalName')
    .map((o) => o.name)
    .sort(byName);
}

/** The loads sent to this Service, or from this pod, newest first. */
export function loadsFor(loads: readonly LoadView[], target: { service?: string; pod?: string }): LoadView[] {
  return loads.filter((l) => (target.service !== undefined && l.to === `service/${target.service}`) || (target.pod !== undefined && l.from === `pod/${target.pod}`)).reverse();
}

export interface EndpointRow {
  endpoint: string;
  /** The pod behind the address (`web-1`), if the UI knows it. */
  pod?: string;
  ok: number;
  failed: number;
}

/** One row per endpoint (`ip:port`), in address order, as the report lists them. */
export function endpointRows(load: LoadView, objects: Record<string, ObjectView>): EndpointRow[] {
  const podByIP = new Map<string, string>();
  for (const o of Object.values(objects)) {
    const ip = o.kind === 'Pod' ? (o.object.status as { podIP?: string } | undefined)?.podIP : undefined;
    if (ip) podByIP.set(ip, o.name);
  }
  return Object.entries(load.perEndpoint)
    .sort(([a], [b]) => byName(a, b))
    .map(([endpoint, v]) => {
      const pod = podByIP.get(endpoint.split(':')[0] ?? '');
      return { endpoint, ...(pod && { pod }), ok: v.ok, failed: v.failed };
    });
}

export function totals(load: LoadView): { ok: number; failed: number } {
  let ok = 0;
  let failed = 0;
  for (const v of Object.values(load.perEndpoint)) {
    ok += v.ok;
    failed += v.failed;
  }
  return { ok, failed };
}
