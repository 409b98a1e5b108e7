// Traffic as the app draws it, read from containerd's own state on each node: the load generators
// running (load-generator.ts) with their counts so far, and for a request or answer between pods on
// the wire, the connection it belongs to (outgoing.ts): which pod sent it, the address it connected
// to and the pod the kernel DNATed it to. Nothing here guesses: a message with no connection behind
// it in the sender's state gets no route.

import type { FailedFlow, LoadView, TrafficFlow } from '../../protocol/traffic';
import type { TraceRecord } from '../../protocol/view';
import type { Message } from '../../sim/kernel/component';
import type { Simulation } from '../../sim/kernel/simulation';
import type { LoadGen } from '../../sim/node/runtime/load-generator';
import type { OutgoingRequest, PodHttpRequestBody, PodHttpResponseBody } from '../../sim/node/runtime/outgoing';
import type { ContainerdState } from '../../sim/node/runtime/state';

function containerdStates(sim: Simulation): ContainerdState[] {
  const out: ContainerdState[] = [];
  for (const p of sim.world.processes.values()) if (p.kind === 'containerd' && p.alive && p.state) out.push(p.state as ContainerdState);
  return out;
}

function loadView(g: LoadGen): LoadView {
  return {
    id: g.id,
    label: g.label,
    startedAt: g.startedAt,
    endAt: g.endAt,
    sent: g.sent,
    inFlight: g.inFlight,
    perEndpoint: structuredClone(g.perEndpoint),
    failures: { ...g.failures },
    done: false,
  };
}

/** The load generators running now on every node, by job id. */
export function runningLoads(sim: Simulation): Map<number, LoadView> {
  const out = new Map<number, LoadView>();
  for (const s of containerdStates(sim)) for (const g of s.loads?.values() ?? []) out.set(g.id, loadView(g));
  return out;
}

function clientPod(s: ContainerdState, r: OutgoingRequest): string | undefined {
  const c = s.containers.get(r.containerId);
  const sb = c ? s.sandboxes.get(c.podSandboxId) : undefined;
  return sb ? `pods/${sb.metadata.namespace}/${sb.metadata.name}` : undefined;
}

function flowOf(s: ContainerdState | undefined, requestId: number, backend: string | undefined): TrafficFlow | undefined {
  for (const r of s?.outgoing?.values() ?? []) {
    if (r.netRequestId !== requestId || !r.conn) continue;
    const client = clientPod(s!, r);
    const to = backend ?? (r.route?.kind === 'deliver' ? r.route.ip : undefined);
    if (!client || !to) return undefined;
    return { client, dst: r.conn.dst, dport: r.conn.dport, backend: to };
  }
  return undefined;
}

/**
 * The route of a message between pods: a `pod.http.request` is looked up in its sender's outgoing
 * connections, a `pod.http.response` in its receiver's (the client's node). Undefined for any
 * other message, or when the connection is gone (a timeout closed it first).
 */
export function messageFlow(sim: Simulation, m: Message): TrafficFlow | undefined {
  const type = m.body.type;
  if (type === 'pod.http.request') {
    const s = sim.process(m.from)?.state as ContainerdState | undefined;
    return flowOf(s, m.id, (m.body as PodHttpRequestBody).ip);
  }
  if (type === 'pod.http.response') {
    const s = sim.process(m.to)?.state as ContainerdState | undefined;
    const f = flowOf(s, (m.body as PodHttpResponseBody).requestId, undefined);
    return f && { ...f, reply: true };
  }
  return undefined;
}

/** The route of a request the network dropped as it was sent (the trace record says why). */
export function droppedFlow(sim: Simulation, r: TraceRecord): FailedFlow | undefined {
  if (r.kind !== 'message' || r.type !== 'pod.http.request' || !r.dropped) return undefined;
  const s = sim.process(r.from)?.state as ContainerdState | undefined;
  const flow = flowOf(s, r.id, undefined);
  return flow && { id: r.id, time: r.time, flow, reason: r.dropped, at: 'pod' };
}

/**
 * The load requests that a REJECT or the client's timeout ended since `seen` (the last end each
 * node's containerd reported, by host), from containerd's own records (load-generator.ts LoadEnd).
 * Updates `seen`.
 */
export function loadEndFlows(sim: Simulation, seen: Map<string, number>): FailedFlow[] {
  const out: FailedFlow[] = [];
  for (const p of sim.world.processes.values()) {
    if (p.kind !== 'containerd' || !p.alive || !p.state) continue;
    const s = p.state as ContainerdState;
    // A restarted containerd counts from 1 again.
    const last = (seen.get(p.host) ?? 0) > (s.loadEndSeq ?? 0) ? 0 : (seen.get(p.host) ?? 0);
    for (const e of s.loadEnds ?? []) {
      if (e.seq <= last) continue;
      const flow: TrafficFlow = { client: e.client, dst: e.dst, dport: e.dport, backend: e.backend ?? '' };
      const f: FailedFlow = { id: `load:${p.host}:${e.seq}`, time: e.time, flow, reason: e.kind, at: e.kind === 'rejected' ? 'service' : 'node' };
      if (e.node) f.node = e.node;
      out.push(f);
    }
    if (s.loadEndSeq) seen.set(p.host, s.loadEndSeq);
  }
  return out;
}
