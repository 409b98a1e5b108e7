// Where the graph marks a request that got no answer, from the worker's record of where it ended
// (protocol/traffic.ts FailedFlow): lost by the network on the way to a backend (a cross on the pod,
// on its edge facing the Service), REJECTed by the rules of a Service without endpoints (a "no
// entry" mark on the Service, on its edge facing the client: the request got no further), or given
// up on by the client's own timeout after it was sent to a backend's node (a clock on that node's
// region, on its edge facing the Service). Pure, for the overlay and its tests.

import type { FailedFlow } from '../../protocol/traffic';
import { type Box, type ClusterLayout, podNodeId, regionId, serviceNodeId } from '../graph/layout';
import type { FlowIndex } from './flow';

export type MarkKind = 'lost' | 'rejected' | 'timeout';

export interface FailureMark {
  key: string;
  kind: MarkKind;
  x: number;
  y: number;
  /** What the mark sits on: a pod, a Service or a node region (its graph node id). */
  on: string;
  backend?: string;
  service?: string;
  node?: string;
  flow: FailedFlow;
}

/** How long (simulated ms) a failed request stays marked. */
export const FAILURE_SHOWN_MS = 1500;
export const MARK_SIZE = 9;

const centre = (b: Box) => ({ x: b.ax + b.w / 2, y: b.ay + b.h / 2 });

/** A point on `b`'s edge (just outside it) in the direction of `toward`. */
function edgeToward(b: Box, toward: { x: number; y: number } | undefined, size: number): { x: number; y: number } {
  const c = centre(b);
  const to = toward ?? { x: c.x, y: b.ay - 40 };
  const dx = to.x - c.x;
  const dy = to.y - c.y;
  const len = Math.hypot(dx, dy) || 1;
  // Where the ray from the centre leaves the box, then a mark's radius further out.
  const tx = dx === 0 ? Infinity : b.w / 2 / Math.abs(dx);
  const ty = dy === 0 ? Infinity : b.h / 2 / Math.abs(dy);
  const t = Math.min(tx, ty, 1);
  return { x: c.x + dx * t + (dx / len) * size, y: c.y + dy * t + (dy / len) * size };
}

export function failureMarks(failed: readonly FailedFlow[], now: number, ix: FlowIndex, layout: ClusterLayout): FailureMark[] {
  const out: FailureMark[] = [];
  const seen = new Set<string>();
  for (const f of failed) {
    if (f.time > now || now - f.time > FAILURE_SHOWN_MS) continue;
    const service = ix.serviceByIP.get(f.flow.dst);
    const s = service ? layout.byId[serviceNodeId(service)] : undefined;
    const client = layout.byId[podNodeId(f.flow.client)];
    const at = f.at ?? 'pod';
    if (at === 'service') {
      if (!service || !s || seen.has(`rejected:${service}`)) continue;
      seen.add(`rejected:${service}`);
      out.push({ key: `rejected:${service}`, kind: 'rejected', ...edgeToward(s, client && centre(client), MARK_SIZE), on: s.id, service, flow: f });
      continue;
    }
    if (at === 'node') {
      const region = f.node ? layout.byId[regionId(f.node)] : undefined;
      if (!region || seen.has(`timeout:${f.node}`)) continue;
      seen.add(`timeout:${f.node}`);
      const backend = ix.podByIP.get(f.flow.backend);
      out.push({ key: `timeout:${f.node}`, kind: 'timeout', ...edgeToward(region, s ? centre(s) : undefined, -MARK_SIZE * 1.5), on: region.id, node: f.node!, ...(backend && { backend }), ...(service && { service }), flow: f });
      continue;
    }
    const backend = ix.podByIP.get(f.flow.backend);
    const b = backend ? layout.byId[podNodeId(backend)] : undefined;
    if (!backend || !b || seen.has(`lost:${backend}`)) continue;
    seen.add(`lost:${backend}`);
    out.push({ key: `lost:${backend}`, kind: 'lost', ...edgeToward(b, s ? centre(s) : undefined, MARK_SIZE), on: b.id, backend, ...(service && { service }), flow: f });
  }
  return out;
}
