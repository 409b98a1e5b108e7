// Where traffic failed, on the graph: a request the network lost on its way to a backend (the
// backend's node is down, a partition cut it off) is marked with a cross where its route ends, on
// the Service -> pod leg, for a moment of simulated time. Only what the worker reported as lost
// (FailedFlow, from the trace's drop records) is marked.

import { ViewportPortal } from '@xyflow/react';
import { useMemo } from 'react';
import { type ClusterLayout, podNodeId, serviceNodeId } from '../graph/layout';
import { useSimStore, useUiStore } from '../store/app-store';
import { flowIndex } from './flow';
import { TRAFFIC_STRINGS } from './strings';
import './traffic.css';

/** How long (simulated ms) a lost request stays marked. */
export const FAILURE_SHOWN_MS = 1500;
const SIZE = 9;

export function TrafficFailures({ layout }: { layout: ClusterLayout }) {
  // Most of the time nothing is marked: only then does the overlay follow the clock and the objects
  // (at 50 workers it re-rendered, and indexed every pod's IP, on every frame: issue 11).
  const shown = useSimStore((s) => s.failedFlows.some((f) => f.time <= s.clock.time && s.clock.time - f.time <= FAILURE_SHOWN_MS));
  return shown ? <FailureMarks layout={layout} /> : null;
}

function FailureMarks({ layout }: { layout: ClusterLayout }) {
  const failed = useSimStore((s) => s.failedFlows);
  const now = useSimStore((s) => s.clock.time);
  const objects = useSimStore((s) => s.objects);
  const lang = useUiStore((s) => s.lang);
  const ix = useMemo(() => flowIndex(objects), [objects]);
  const marks = useMemo(() => {
    const out: { key: string; x: number; y: number; title: string; backend: string; service?: string }[] = [];
    const seen = new Set<string>();
    for (const f of failed) {
      if (f.time > now || now - f.time > FAILURE_SHOWN_MS) continue;
      const backend = ix.podByIP.get(f.flow.backend);
      const b = backend ? layout.byId[podNodeId(backend)] : undefined;
      if (!backend || !b || seen.has(backend)) continue;
      seen.add(backend);
      const service = ix.serviceByIP.get(f.flow.dst);
      const s = service ? layout.byId[serviceNodeId(service)] : undefined;
      // On the pod's edge facing where the request came from.
      const bx = b.ax + b.w / 2;
      const by = b.ay + b.h / 2;
      const from = s ? { x: s.ax + s.w / 2, y: s.ay + s.h / 2 } : { x: bx, y: b.ay - 40 };
      const len = Math.hypot(from.x - bx, from.y - by) || 1;
      const reach = Math.min(len, Math.max(b.w, b.h) / 2 + SIZE);
      out.push({
        key: backend,
        x: bx + ((from.x - bx) / len) * reach,
        y: by + ((from.y - by) / len) * reach,
        title: TRAFFIC_STRINGS[lang].lost(f.flow.backend, f.reason),
        backend,
        ...(service && { service }),
      });
    }
    return out;
  }, [failed, now, ix, layout, lang]);
  if (marks.length === 0) return null;
  return (
    <ViewportPortal>
      <svg className="kp-dots kp-traffic-failures" data-testid="traffic-failures">
        {marks.map((m) => (
          <g key={m.key} className="kp-traffic-failure" data-testid="traffic-failure" data-backend={m.backend} data-service={m.service ?? ''} transform={`translate(${m.x.toFixed(1)},${m.y.toFixed(1)})`}>
            <title>{m.title}</title>
            <circle r={SIZE} />
            <path d={`M${-SIZE / 2},${-SIZE / 2} L${SIZE / 2},${SIZE / 2} M${SIZE / 2},${-SIZE / 2} L${-SIZE / 2},${SIZE / 2}`} />
          </g>
        ))}
      </svg>
    </ViewportPortal>
  );
}
