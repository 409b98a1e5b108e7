// Services on the graph: what a Service node says (kubectl's TYPE, CLUSTER-IP and PORT(S) columns)
// and where its traffic goes. The endpoints come from the EndpointSlices the EndpointSlice
// controller writes (label kubernetes.io/service-name=<service>), never from the selector: the graph
// shows what kube-proxy programs, so a pod that matches but is not Ready is drawn as not ready, and a
// slice written by hand (like the `kubernetes` Service's, pointing at the apiserver) is drawn too.

import type { ObjectView } from '../../protocol/view';

/** The label that ties an EndpointSlice to its Service (discovery.k8s.io/v1, LabelServiceName). */
export const LABEL_SERVICE_NAME = 'kubernetes.io/service-name';

/** One endpoint of a Service, as an EndpointSlice lists it. */
export interface ServiceEndpoint {
  address: string;
  /** conditions.ready; a nil `ready` means ready (EndpointConditions docs). */
  ready: boolean;
  terminating: boolean;
  /** The ObjectView id of the pod (`pods/default/web-1`) when targetRef names a Pod. */
  pod?: string;
  nodeName?: string;
}

interface SliceEndpoint {
  addresses?: string[];
  conditions?: { ready?: boolean | null; terminating?: boolean | null };
  targetRef?: { kind?: string; name?: string; namespace?: string };
  nodeName?: string;
}

/** `services/default/web` for the Service an EndpointSlice belongs to, or undefined if it has no label. */
export function sliceService(slice: ObjectView): string | undefined {
  const md = slice.object.metadata as { labels?: Record<string, string> } | undefined;
  const svc = md?.labels?.[LABEL_SERVICE_NAME];
  return svc ? `services/${slice.namespace}/${svc}` : undefined;
}

/**
 * Every Service's endpoints, keyed by the Service's ObjectView id, from the EndpointSlices among the
 * objects. Slices are read in name order and each address is listed once, so the result does not
 * depend on the order the objects arrived in.
 */
export function serviceEndpoints(objects: Record<string, ObjectView> | ObjectView[]): Map<string, ServiceEndpoint[]> {
  const list = Array.isArray(objects) ? objects : Object.values(objects);
  const slices = list.filter((o) => o.kind === 'EndpointSlice').sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const out = new Map<string, ServiceEndpoint[]>();
  for (const s of slices) {
    const svc = sliceService(s);
    if (!svc) continue;
    const eps = out.get(svc) ?? [];
    const seen = new Set(eps.map((e) => e.address));
    for (const ep of (s.object.endpoints as SliceEndpoint[] | undefined) ?? []) {
      const address = ep.addresses?.[0];
      if (!address || seen.has(address)) continue;
      seen.add(address);
      const ref = ep.targetRef;
      const e: ServiceEndpoint = { address, ready: ep.conditions?.ready !== false, terminating: ep.conditions?.terminating === true };
      if (ref?.kind === 'Pod' && ref.name) e.pod = `pods/${ref.namespace || s.namespace}/${ref.name}`;
      if (ep.nodeName) e.nodeName = ep.nodeName;
      eps.push(e);
    }
    out.set(svc, eps);
  }
  return out;
}

export interface ServiceSummary {
  name: string;
  namespace: string;
  /** ClusterIP, NodePort, LoadBalancer, ExternalName. */
  type: string;
  /** `10.96.0.1`, `None` for a headless Service, `<none>` when there is none (ExternalName). */
  clusterIP: string;
  /** kubectl's PORT(S) column: `80/TCP`, `80:30080/TCP`, comma-separated; `<none>` without ports. */
  ports: string;
}

interface ServicePort {
  port?: number;
  nodePort?: number;
  protocol?: string;
}

/** What a Service node shows, in kubectl get service's words (printers.go printService). */
export function serviceSummary(svc: ObjectView): ServiceSummary {
  const spec = (svc.object.spec ?? {}) as { type?: string; clusterIP?: string; ports?: ServicePort[] };
  const ports = (spec.ports ?? []).map((p) => `${p.port ?? ''}${p.nodePort ? `:${p.nodePort}` : ''}/${p.protocol ?? 'TCP'}`);
  return {
    name: svc.name,
    namespace: svc.namespace,
    type: spec.type ?? 'ClusterIP',
    clusterIP: spec.clusterIP || '<none>',
    ports: ports.length ? ports.join(',') : '<none>',
  };
}

/** `web  ClusterIP 10.96.12.7  80/TCP`: the one-line label of a Service node. */
export function serviceLabel(s: ServiceSummary): string {
  return `${s.name}  ${s.type} ${s.clusterIP}  ${s.ports}`;
}

/** Where the graph draws an endpoint: a pod's box, or for an address that is a host's, a component. */
/** Characters of a compact Service row's second line (layout.ts K.svcW at 12 px, beside the icon). */
export const COMPACT_SPEC_CHARS = 22;

/**
 * A compact Service row's second line: the ClusterIP and the PORT(S) column, or, when that is longer
 * than `max` characters (CoreDNS's kube-dns has `53/UDP,53/TCP,9153/TCP`), the first port and how
 * many more; the row's tooltip has them all.
 */
export function compactServiceSpec(s: Pick<ServiceSummary, 'clusterIP' | 'ports'>, max = COMPACT_SPEC_CHARS): string {
  const whole = `${s.clusterIP} ${s.ports}`;
  const ports = s.ports.split(',');
  if (whole.length <= max || ports.length < 2) return whole;
  return `${s.clusterIP} ${ports[0]} +${ports.length - 1}`;
}

export interface EndpointTargetContext {
  /** Graph node id of a pod's box (or its region's +N badge), when drawn. */
  podNode(podId: string): string | undefined;
  /** Pod ObjectView id by pod IP, for endpoints without a targetRef. */
  podByIP: Map<string, string>;
  /** Graph node id of the process serving on a host address (the kube-apiserver on 10.0.0.10). */
  hostNode(address: string): string | undefined;
}

/** The graph node an endpoint's edge goes to, or undefined when nothing drawn stands for it. */
export function endpointTarget(ep: ServiceEndpoint, ctx: EndpointTargetContext): string | undefined {
  const pod = ep.pod ?? ctx.podByIP.get(ep.address);
  if (pod) return ctx.podNode(pod);
  return ctx.hostNode(ep.address);
}

/** Pod IPs of the pods among the objects (status.podIP), for slices that list addresses only. */
export function podsByIP(pods: ObjectView[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of pods) {
    const ip = (p.object.status as { podIP?: string } | undefined)?.podIP;
    if (ip) out.set(ip, p.id);
  }
  return out;
}
