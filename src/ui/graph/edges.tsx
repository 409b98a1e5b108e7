// A communication path between two components: a straight line centre to centre (the message dots
// run along the same line), an optional label, and for a network partition a dashed red cut across it.

import { BaseEdge, type EdgeProps, type Edge } from '@xyflow/react';
import { memo } from 'react';
import type { EdgeData } from './model';
import { UNDER_SOURCE_DY } from './layout';
import { useGraphStrings } from './strings';

type CommEdgeType = Edge<EdgeData, 'comm'>;
type ServiceEdgeType = Edge<EdgeData, 'service'>;

export const CommEdge = memo(function CommEdge({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps<CommEdgeType>) {
  const path = `M ${sourceX},${sourceY} L ${targetX},${targetY}`;
  const g = useGraphStrings();
  const mx = (sourceX + targetX) / 2;
  const my = (sourceY + targetY) / 2;
  // Under the source box (a compact outside host's cell, K.outsideCellH tall): its line of room below.
  const under = data?.labelAt === 'under-source' && !data.cut;
  const lx = under ? sourceX : mx;
  const ly = under ? sourceY + UNDER_SOURCE_DY : my + (data?.cut ? 26 : -8 - 13 * ((data?.label ?? '').split('\n').length - 1));
  const dx = targetX - sourceX;
  const dy = targetY - sourceY;
  const len = Math.hypot(dx, dy) || 1;
  // A short bar across the edge at its middle, perpendicular to it.
  const nx = (-dy / len) * 16;
  const ny = (dx / len) * 16;
  const lines = data?.cut ? [g.partitioned] : (data?.label ?? '').split('\n');
  const cls = `kp-edge kp-edge--${data?.kind ?? 'other'}${data?.dead ? ' kp-edge--dead' : ''}${data?.cut ? ' kp-edge--cut' : ''}`;
  return (
    <>
      <BaseEdge id={id} path={path} className={cls} />
      {data?.cut && (
        <g className="kp-cut" data-testid="partition-cut">
          <line x1={mx - nx} y1={my - ny} x2={mx + nx} y2={my + ny} />
          <title>{g.partitionHint}</title>
        </g>
      )}
      {(data?.label || data?.cut) && (
        // Drawn in the edge's own SVG so the label sits above region backgrounds, as the edge does.
        <text className={`kp-edge-label${data.cut ? ' kp-edge-label--cut' : ''}`} x={lx} y={ly} textAnchor="middle" data-at={under ? 'under-source' : undefined}>
          {lines.map((l, i) => (
            <tspan key={i} x={lx} dy={i === 0 ? 0 : 13}>
              {l}
            </tspan>
          ))}
        </text>
      )}
    </>
  );
});

/** A Service to one of its endpoints: thin, solid when the endpoint is ready, dashed when it is not. */
export const ServiceEdge = memo(function ServiceEdge({ id, sourceX, sourceY, targetX, targetY, data }: EdgeProps<ServiceEdgeType>) {
  const ready = data?.ready !== false;
  return (
    <g data-testid="service-edge" data-ready={String(ready)}>
      <BaseEdge id={id} path={`M ${sourceX},${sourceY} L ${targetX},${targetY}`} className={`kp-edge kp-edge--service${ready ? '' : ' kp-edge--not-ready'}`} />
      {data?.title && <title>{data.title}</title>}
    </g>
  );
});

export const edgeTypes = { comm: CommEdge, service: ServiceEdge };
