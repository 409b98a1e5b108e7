// Where traffic failed, on the graph (failure-marks.ts): a request the network lost on its way to a
// backend is a cross on that pod; one the rules of a Service without endpoints REJECTed is a "no
// entry" mark on the Service, facing the client; one the client gave up on after its timeout is a
// clock on the node it was sent to. Each for a moment of simulated time, and only what the worker
// reported (FailedFlow: the trace's drop records and the load generators' own records of ends).

import { ViewportPortal } from '@xyflow/react';
import { useMemo } from 'react';
import type { ClusterLayout } from '../graph/layout';
import { useSimStore, useUiStore } from '../store/app-store';
import { FAILURE_SHOWN_MS, failureMarks, MARK_SIZE, type FailureMark } from './failure-marks';
import { flowIndex } from './flow';
import { TRAFFIC_STRINGS } from './strings';
import './traffic.css';

const S = MARK_SIZE;

function Glyph({ kind }: { kind: FailureMark['kind'] }) {
  if (kind === 'rejected') return <path d={`M${-S / 2},0 L${S / 2},0`} />;
  if (kind === 'timeout') return <path d={`M0,${-S / 2} L0,0 L${S / 2.5},${S / 4}`} />;
  return <path d={`M${-S / 2},${-S / 2} L${S / 2},${S / 2} M${S / 2},${-S / 2} L${-S / 2},${S / 2}`} />;
}

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
  const marks = useMemo(() => failureMarks(failed, now, ix, layout), [failed, now, ix, layout]);
  if (marks.length === 0) return null;
  const t = TRAFFIC_STRINGS[lang];
  const title = (m: FailureMark): string =>
    m.kind === 'rejected' ? t.rejected(m.flow.flow.dst, m.flow.flow.dport) : m.kind === 'timeout' ? t.timedOut(m.flow.flow.backend, m.node ?? '') : t.lost(m.flow.flow.backend, m.flow.reason);
  return (
    <ViewportPortal>
      <svg className="kp-dots kp-traffic-failures" data-testid="traffic-failures">
        {marks.map((m) => (
          <g
            key={m.key}
            className={`kp-traffic-failure kp-traffic-failure--${m.kind}`}
            data-testid="traffic-failure"
            data-kind={m.kind}
            data-backend={m.backend ?? ''}
            data-service={m.service ?? ''}
            data-node={m.node ?? ''}
            transform={`translate(${m.x.toFixed(1)},${m.y.toFixed(1)})`}
          >
            <title>{title(m)}</title>
            <circle r={S} />
            <Glyph kind={m.kind} />
          </g>
        ))}
      </svg>
    </ViewportPortal>
  );
}
