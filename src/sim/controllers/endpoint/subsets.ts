// What the Endpoints object of a Service should hold (pkg/controller/endpoint/endpoints_controller.go
// syncService, v1.31): for each pod the selector matches that should be in endpoints (it has an IP,
// has not finished and, unless the Service publishes not-ready addresses, is not terminating), one
// address per Service port whose targetPort the pod resolves; ready pods under `addresses`, the
// others under `notReadyAddresses`. Then endpoints.RepackSubsets groups the addresses that serve
// the same set of ports into one subset, addresses sorted by IP.
//
// Simplified: RepackSubsets orders ports and subsets by a hash of their contents; Kubeplay keeps
// the Service's port order and the order in which the subsets were first seen.

import type { EndpointAddress, EndpointSubset, EndpointsPort, Service } from '../../api/service';
import type { Pod } from '../../api/types';
import { findPort, isPodReady, serviceSelectsPod } from '../endpointslice/endpoints';

/** ShouldPodBeInEndpoints(pod, includeTerminating = publishNotReadyAddresses). */
function shouldBeInEndpoints(pod: Pod, includeTerminating: boolean): boolean {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  if (!pod.status?.podIP) return false;
  return includeTerminating || !pod.metadata.deletionTimestamp;
}

function addressOf(pod: Pod): EndpointAddress {
  const a: EndpointAddress = { ip: pod.status!.podIP! };
  if (pod.spec.nodeName) a.nodeName = pod.spec.nodeName;
  a.targetRef = { kind: 'Pod', name: pod.metadata.name ?? '', namespace: pod.metadata.namespace ?? '', uid: pod.metadata.uid ?? '' };
  return a;
}

const ipLess = (a: EndpointAddress, b: EndpointAddress): number => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0);

/** The subsets the endpoints controller writes for a Service with a selector. */
export function desiredSubsets(svc: Service, pods: Iterable<Pod>): EndpointSubset[] {
  const publish = svc.spec.publishNotReadyAddresses === true;
  const groups = new Map<string, { ports: EndpointsPort[]; ready: EndpointAddress[]; notReady: EndpointAddress[] }>();
  for (const pod of pods) {
    if (pod.metadata.namespace !== svc.metadata.namespace || !serviceSelectsPod(svc, pod)) continue;
    if (!shouldBeInEndpoints(pod, publish)) continue;
    const ports: EndpointsPort[] = [];
    const svcPorts = svc.spec.ports ?? [];
    // A headless Service may have no ports: its pods are listed without any.
    if (svcPorts.length === 0 && svc.spec.clusterIP !== 'None') continue;
    for (const sp of svcPorts) {
      const n = findPort(pod, sp.targetPort, sp.port);
      if (n === undefined) continue;
      ports.push({ ...(sp.name ? { name: sp.name } : {}), port: n, protocol: sp.protocol ?? 'TCP' });
    }
    if (svcPorts.length > 0 && ports.length === 0) continue;
    const key = JSON.stringify(ports);
    const g = groups.get(key) ?? { ports, ready: [], notReady: [] };
    (publish || isPodReady(pod) ? g.ready : g.notReady).push(addressOf(pod));
    groups.set(key, g);
  }
  return [...groups.values()].map((g) => {
    const s: EndpointSubset = {};
    if (g.ready.length) s.addresses = g.ready.sort(ipLess);
    if (g.notReady.length) s.notReadyAddresses = g.notReady.sort(ipLess);
    if (g.ports.length) s.ports = g.ports;
    return s;
  });
}
