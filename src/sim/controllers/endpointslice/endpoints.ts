// What an EndpointSlice for a Service should hold (pkg/controller/endpointslice/reconciler.go and
// utils.go podToEndpoint, pkg/api/v1/pod FindPort, endpointutil.ShouldPodBeInEndpoints): one
// endpoint per pod that the selector matches and that has an IP and has not finished, with its
// ready/serving/terminating conditions, and the Service's ports with targetPort resolved against
// the pod's containers.

import type { Endpoint, EndpointPort, Service } from '../../api/service';
import type { Pod } from '../../api/types';

export function isPodReady(pod: Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
}

/** ShouldPodBeInEndpoints with terminating pods included (as the EndpointSlice controller calls it). */
export function shouldPodBeInEndpoints(pod: Pod): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  return !!pod.status?.podIP;
}

/** FindPort: a number is itself; a name is the containerPort of the container port with that name. */
export function findPort(pod: Pod, targetPort: number | string | undefined, servicePort: number): number | undefined {
  if (targetPort === undefined) return servicePort;
  if (typeof targetPort === 'number') return targetPort;
  if (/^\d+$/.test(targetPort)) return Number(targetPort);
  for (const c of pod.spec.containers ?? []) {
    const ports = (c as { ports?: { name?: string; containerPort: number }[] }).ports ?? [];
    const hit = ports.find((p) => p.name === targetPort);
    if (hit) return hit.containerPort;
  }
  return undefined;
}

/** podToEndpoint: a terminating pod is never ready (unless the Service publishes not-ready addresses). */
export function podToEndpoint(pod: Pod, svc: Service): Endpoint {
  const serving = isPodReady(pod);
  const terminating = !!pod.metadata.deletionTimestamp;
  const publish = svc.spec.publishNotReadyAddresses === true;
  const ready = publish || (serving && !terminating);
  const ep: Endpoint = {
    addresses: [pod.status!.podIP!],
    conditions: { ready, serving, terminating },
    targetRef: { kind: 'Pod', name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '', uid: pod.metadata.uid ?? '' },
  };
  if (pod.spec.nodeName) ep.nodeName = pod.spec.nodeName;
  return ep;
}

/** The slice's ports for one pod (getEndpointPorts); undefined if a named targetPort is not found. */
export function endpointPorts(svc: Service, pod: Pod): EndpointPort[] | undefined {
  const out: EndpointPort[] = [];
  for (const sp of svc.spec.ports ?? []) {
    const port = findPort(pod, sp.targetPort, sp.port);
    if (port === undefined) return undefined;
    out.push({ name: sp.name ?? '', port, protocol: sp.protocol ?? 'TCP' });
  }
  return out;
}

export interface DesiredSlice {
  endpoints: Endpoint[];
  ports: EndpointPort[];
}

/** The pods a Service selects, in the namespace, as one slice (Kubeplay keeps one slice per Service). */
export function desiredSlice(svc: Service, pods: Iterable<Pod>): DesiredSlice {
  const endpoints: Endpoint[] = [];
  let ports: EndpointPort[] | undefined;
  for (const pod of pods) {
    if (!serviceSelectsPod(svc, pod) || !shouldPodBeInEndpoints(pod)) continue;
    const p = endpointPorts(svc, pod);
    if (!p) continue;
    ports ??= p;
    endpoints.push(podToEndpoint(pod, svc));
  }
  // A Service that selects no pods still gets a placeholder slice, without ports.
  return { endpoints, ports: ports ?? [] };
}

/** Whether a pod's labels are selected by a Service (the pod handler's getPodServiceMemberships). */
export function serviceSelectsPod(svc: Service, pod: Pod): boolean {
  const sel = svc.spec.selector;
  if (!sel || Object.keys(sel).length === 0 || svc.metadata.namespace !== pod.metadata.namespace) return false;
  return Object.entries(sel).every(([k, v]) => pod.metadata.labels?.[k] === v);
}
