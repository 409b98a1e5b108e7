// The geometry of the kube-proxy inspector's figure, pure: one series per mode of (Services, rules
// evaluated per first packet) points from the worker's proxy-cost measurement, placed with d3 scales
// (log Services on x, linear rules on y) and drawn as d3 line paths.

import { line, scaleLinear, scaleLog } from 'd3';
import type { ProxyCostPoint } from '../../protocol/traffic';

export interface ChartSeries {
  mode: string;
  points: { services: number; evaluated: number; x: number; y: number }[];
  path: string;
}

export interface ChartGeometry {
  series: ChartSeries[];
  xTicks: { value: number; x: number }[];
  yTicks: { value: number; y: number }[];
  width: number;
  height: number;
  margin: { left: number; right: number; top: number; bottom: number };
}

/** Okabe-Ito colours per mode, with a dash per mode so colour is not the only difference. */
export const MODE_STYLE: Record<string, { color: string; dash: string; marker: 'circle' | 'square' | 'diamond' }> = {
  iptables: { color: '#D55E00', dash: '', marker: 'circle' },
  ipvs: { color: '#0072B2', dash: '5 3', marker: 'square' },
  nftables: { color: '#009E73', dash: '2 2', marker: 'diamond' },
};

export function chartGeometry(points: readonly ProxyCostPoint[], width = 300, height = 180): ChartGeometry {
  // Room on the left for the rotated axis label, on the right for the last tick's digits.
  const margin = { left: 52, right: 20, top: 8, bottom: 30 };
  const sizes = [...new Set(points.map((p) => p.services))].sort((a, b) => a - b);
  const lo = sizes[0] ?? 1;
  const hi = sizes[sizes.length - 1] ?? 10;
  const x = scaleLog().domain([lo, Math.max(hi, lo * 10)]).range([margin.left, width - margin.right]);
  const maxY = Math.max(1, ...points.map((p) => p.rulesEvaluatedMean));
  const y = scaleLinear().domain([0, maxY]).nice().range([height - margin.bottom, margin.top]);
  const modes = [...new Set(points.map((p) => p.mode))];
  const series = modes.map((mode) => {
    const pts = points
      .filter((p) => p.mode === mode)
      .sort((a, b) => a.services - b.services)
      .map((p) => ({ services: p.services, evaluated: p.rulesEvaluatedMean, x: x(p.services), y: y(p.rulesEvaluatedMean) }));
    const path = line<{ x: number; y: number }>().x((p) => p.x).y((p) => p.y)(pts) ?? '';
    return { mode, points: pts, path };
  });
  return {
    series,
    xTicks: sizes.map((value) => ({ value, x: x(value) })),
    yTicks: y.ticks(4).map((value) => ({ value, y: y(value) })),
    width,
    height,
    margin,
  };
}
