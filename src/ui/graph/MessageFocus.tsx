// The two ends of the message chosen in the sequence diagram, ringed on the graph, and the view
// moved to show them (issue 11: clicking an arrow moves the graph's focus to that moment's
// message). Drawn in React Flow's viewport like the message dots, so pan and zoom apply.

import { ViewportPortal, useReactFlow } from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import type { Box, ClusterLayout } from './layout';
import { endpointNode } from './model';
import { useSimStore, useUiStore } from '../store/app-store';

const RING = 6;

export function MessageFocus({ layout }: { layout: ClusterLayout }) {
  const rf = useReactFlow();
  const focus = useUiStore((s) => s.sequenceFocus);
  const components = useSimStore((s) => s.components);
  const boxes = useMemo(() => {
    if (!focus) return [];
    const out: Box[] = [];
    for (const p of focus.processes) {
      const id = endpointNode(p, layout, components);
      const box = id ? layout.byId[id] : undefined;
      if (box && !out.includes(box)) out.push(box);
    }
    return out;
  }, [focus, layout, components]);

  // Centre the view between the two ends, at the zoom the person chose.
  const key = boxes.map((b) => b.id).join(',');
  useEffect(() => {
    if (boxes.length === 0) return;
    const x = boxes.reduce((s, b) => s + b.ax + b.w / 2, 0) / boxes.length;
    const y = boxes.reduce((s, b) => s + b.ay + b.h / 2, 0) / boxes.length;
    const { zoom } = rf.getViewport();
    void rf.setCenter(x, y, { zoom, duration: 250 });
    // Keyed on the ends, so a layout change that keeps them does not move the view again.
  }, [key, rf]);

  if (boxes.length === 0) return null;
  return (
    <ViewportPortal>
      <svg className="kp-focus" data-testid="message-focus" data-processes={focus?.processes.join(' ')} aria-hidden="true">
        {boxes.map((b) => (
          <rect key={b.id} x={b.ax - RING} y={b.ay - RING} width={b.w + 2 * RING} height={b.h + 2 * RING} rx={10} />
        ))}
      </svg>
    </ViewportPortal>
  );
}
