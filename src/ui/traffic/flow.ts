// Where a request between pods is on the graph. The worker says which connection a message on the
// wire belongs to (protocol/traffic.ts TrafficFlow: client pod, the address it connected to, the pod
// the sending node's kernel DNATed it to); this maps the addresses to the Service and Pod objects
// and splits the message's own flight into legs: a request travels client -> Service -> backend
// (the Service is a virtual IP: the rewrite happens in the client node's kernel, which is why the
// dot turns at the Service), an answer travels back backend -> client. Pure, for the overlay and tests.

import type { ObjectView } from '../../protocol/view';
import type { TrafficFlow } from '../../protocol/traffic';

export interface FlowIndex {
  /** Pod IP -> `pods/ns/name`. */
  podByIP: Map<string, string>;
  /** ClusterIP -> `services/ns/name`. */
  serviceByIP: Map<string, string>;
}

export function flowIndex(objects: Record<string, ObjectView>): FlowIndex {
  const podByIP = new Map<string, string>();
  const serviceByIP = new Map<string, string>();
  for (const o of Object.values(objects)) {
    if (o.kind === 'Pod') {
      const ip = (o.object.status as { podIP?: string } | undefined)?.podIP;
      if (ip) podByIP.set(ip, o.id);
    } else if (o.kind === 'Service') {
      const ip = (o.object.spec as { clusterIP?: string } | undefined)?.clusterIP;
      if (ip && ip !== 'None') serviceByIP.set(ip, o.id);
    }
  }
  return { podByIP, serviceByIP };
}

export type Leg = 'to-service' | 'to-pod' | 'to-client';

/** One leg of a flow: from one object to another, and how far along it the message is (0..1). */
export interface FlowLeg {
  from: string;
  to: string;
  t: number;
  leg: Leg;
  /** The objects of the whole route, for the dot's data attributes. */
  client: string;
  service?: string;
  backend?: string;
}

/** The leg a message is on at `progress` (0 sent, 1 delivered) of its flight; undefined if its backend is unknown. */
export function flowLeg(flow: TrafficFlow, progress: number, ix: FlowIndex): FlowLeg | undefined {
  const backend = ix.podByIP.get(flow.backend);
  if (!backend) return undefined;
  const service = ix.serviceByIP.get(flow.dst);
  const route = { client: flow.client, backend, ...(service && { service }) };
  if (flow.reply) return { ...route, from: backend, to: flow.client, t: progress, leg: 'to-client' };
  if (!service) return { ...route, from: flow.client, to: backend, t: progress, leg: 'to-pod' };
  if (progress < 0.5) return { ...route, from: flow.client, to: service, t: progress * 2, leg: 'to-service' };
  return { ...route, from: service, to: backend, t: progress * 2 - 1, leg: 'to-pod' };
}
