// What the traffic panel lists, from the objects and the worker's load views: the pods that can send
// (a running pod in any namespace), the Services they can send to (any namespace: a client names a
// Service of another namespace as `<name>.<namespace>`, which its resolv.conf search list completes),
// the loads that concern the selected object, and one row per endpoint with the pod behind its address.

import type { LoadView } from '../../protocol/traffic';
import type { ObjectView } from '../../protocol/view';

/** The namespace a traffic step's client is in when the step names none (run.ts startTraffic). */
export const TRAFFIC_NAMESPACE = 'default';

/** A pod or Service as the picker lists it. */
export interface Named {
  namespace: string;
  name: string;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

const byNamespaceAndName = (a: Named, b: Named): number => byName(a.namespace, b.namespace) || byName(a.name, b.name);

export function clientPods(objects: Record<string, ObjectView>): Named[] {
  return Object.values(objects)
    .filter((o) => o.kind === 'Pod' && (o.object.status as { phase?: string } | undefined)?.phase === 'Running' && !(o.object.metadata as { deletionTimestamp?: string } | undefined)?.deletionTimestamp)
    .map((o) => ({ namespace: o.namespace ?? TRAFFIC_NAMESPACE, name: o.name }))
    .sort(byNamespaceAndName);
}

export function trafficServices(objects: Record<string, ObjectView>): Named[] {
  return Object.values(objects)
    .filter((o) => o.kind === 'Service' && (o.object.spec as { type?: string } | undefined)?.type !== 'ExternalName')
    .map((o) => ({ namespace: o.namespace ?? TRAFFIC_NAMESPACE, name: o.name }))
    .sort(byNamespaceAndName);
}

/** The picker's value for a pod or Service: its name in the inspected object's namespace, else `<namespace>/<name>`. */
export const pickValue = (x: Named, here: string): string => (x.namespace === here ? x.name : `${x.namespace}/${x.name}`);

/** The `traffic` command for a client pod and a Service: `to` is the Service's name as the client resolves it. */
export function trafficTarget(client: Named, service: Named): { from: string; to: string; namespace?: string } {
  const to = service.namespace === client.namespace ? `service/${service.name}` : `service/${service.name}.${service.namespace}`;
  return { from: `pod/${client.name}`, to, ...(client.namespace !== TRAFFIC_NAMESPACE && { namespace: client.namespace }) };
}

/** The loads sent to this Service, or from this pod, newest first. */
export function loadsFor(loads: readonly LoadView[], target: { namespace?: string; service?: string; pod?: string }): LoadView[] {
  const here = target.namespace ?? TRAFFIC_NAMESPACE;
  return loads
    .filter((l) => {
      const ns = l.namespace ?? TRAFFIC_NAMESPACE;
      const to = (l.to ?? '').replace(/:\d+$/, '');
      if (target.service !== undefined && ((ns === here && to === `service/${target.service}`) || to === `service/${target.service}.${here}`)) return true;
      return target.pod !== undefined && ns === here && l.from === `pod/${target.pod}`;
    })
    .reverse();
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
