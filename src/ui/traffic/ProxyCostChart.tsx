// The seed's chapter 3 figure in the kube-proxy inspector: rules evaluated per first packet against
// the number of Services, iptables against IPVS and nftables, measured by the simulation's proxy-cost code in the
// worker (asked for once; it does not depend on the run), plus this node's own mode and table size.

import { useEffect, useId } from 'react';
import type { ComponentView } from '../../protocol/view';
import { PROXY_COST_SIZES } from '../../protocol/traffic';
import { useSimStore, useUiStore } from '../store/app-store';
import { chartGeometry, MODE_STYLE } from './proxy-cost-chart';
import { TRAFFIC_STRINGS } from './strings';
import './traffic.css';

function Marker({ kind, x, y, color }: { kind: 'circle' | 'square' | 'diamond'; x: number; y: number; color: string }) {
  if (kind === 'circle') return <circle cx={x} cy={y} r={3.5} fill={color} />;
  if (kind === 'square') return <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill={color} />;
  return <path d={`M${x},${y - 4.5} L${x + 4.5},${y} L${x},${y + 4.5} L${x - 4.5},${y} Z`} fill={color} />;
}

export function ProxyCostChart({ component }: { component: ComponentView }) {
  const lang = useUiStore((s) => s.lang);
  const t = TRAFFIC_STRINGS[lang];
  const send = useUiStore((s) => s.send);
  const points = useSimStore((s) => s.proxyCost);
  const id = useId();
  useEffect(() => {
    if (!points) send({ type: 'proxyCost', sizes: [...PROXY_COST_SIZES] });
  }, [points, send]);
  const d = component.detail;
  const mode = typeof d.mode === 'string' ? d.mode : undefined;
  return (
    <section data-testid="proxy-cost" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>{t.chartTitle}</h4>
      <p className="traffic-note" data-testid="proxy-cost-node">
        {mode ? t.thisNode(mode, Number(d.servicePorts ?? 0), Number(d.endpoints ?? 0)) : t.noRules}
        {mode && d.rules !== undefined ? ` (${t.rules.toLowerCase()}: ${String(d.rules)})` : ''}
      </p>
      {!points ? (
        <p className="traffic-note">{t.chartLoading}</p>
      ) : (
        <Figure points={points} mode={mode} />
      )}
      <p className="traffic-note">{t.chartHint}</p>
    </section>
  );
}

function Figure({ points, mode }: { points: NonNullable<ReturnType<typeof useSimStore.getState>['proxyCost']>; mode: string | undefined }) {
  const lang = useUiStore((s) => s.lang);
  const t = TRAFFIC_STRINGS[lang];
  const g = chartGeometry(points);
  const bottom = g.height - g.margin.bottom;
  return (
    <>
      <svg className="proxy-cost-chart" data-testid="proxy-cost-chart" width={g.width} height={g.height} role="img" aria-label={`${t.chartTitle}: ${g.series.map((s) => `${s.mode} ${s.points.map((p) => `${p.services}→${p.evaluated.toFixed(1)}`).join(', ')}`).join('; ')}`}>
        <g className="axis">
          <line x1={g.margin.left} x2={g.width - g.margin.right} y1={bottom} y2={bottom} />
          <line x1={g.margin.left} x2={g.margin.left} y1={g.margin.top} y2={bottom} />
          {g.xTicks.map((k) => (
            <g key={`x${k.value}`}>
              <line x1={k.x} x2={k.x} y1={bottom} y2={bottom + 4} />
              <text x={k.x} y={bottom + 14} textAnchor="middle">{k.value}</text>
            </g>
          ))}
          {g.yTicks.map((k) => (
            <g key={`y${k.value}`}>
              <line x1={g.margin.left - 4} x2={g.margin.left} y1={k.y} y2={k.y} />
              <text x={g.margin.left - 6} y={k.y + 3} textAnchor="end">{k.value}</text>
            </g>
          ))}
          <text x={(g.margin.left + g.width - g.margin.right) / 2} y={g.height - 2} textAnchor="middle">{t.chartX}</text>
          <text transform={`translate(10,${(g.margin.top + bottom) / 2}) rotate(-90)`} textAnchor="middle">{t.chartY}</text>
        </g>
        {g.series.map((s) => {
          const st = MODE_STYLE[s.mode] ?? MODE_STYLE.iptables!;
          return (
            <g key={s.mode} data-testid="proxy-cost-series" data-mode={s.mode} data-current={s.mode === mode}>
              <path d={s.path} fill="none" stroke={st.color} strokeWidth={s.mode === mode ? 3 : 2} strokeDasharray={st.dash} />
              {s.points.map((p) => (
                <Marker key={p.services} kind={st.marker} x={p.x} y={p.y} color={st.color} />
              ))}
            </g>
          );
        })}
      </svg>
      <ul className="proxy-cost-legend">
        {g.series.map((s) => {
          const st = MODE_STYLE[s.mode] ?? MODE_STYLE.iptables!;
          return (
            <li key={s.mode}>
              <svg width={22} height={10} aria-hidden="true">
                <line x1={0} x2={22} y1={5} y2={5} stroke={st.color} strokeWidth={2} strokeDasharray={st.dash} />
              </svg>{' '}
              <span className="mono">{s.mode}</span>
              {s.mode === mode ? ` ← ${lang === 'ru' ? 'этот узел' : 'this node'}` : ''}
            </li>
          );
        })}
      </ul>
      <details>
        <summary>{t.chartTable}</summary>
        <table className="data-table compact" data-testid="proxy-cost-table">
          <thead>
            <tr>
              <th scope="col">{t.mode}</th>
              <th scope="col" className="num">{t.services}</th>
              <th scope="col" className="num">{t.rules}</th>
              <th scope="col" className="num">{t.evaluated}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={`${p.mode}${p.services}`} data-mode={p.mode} data-services={p.services} data-evaluated={p.rulesEvaluatedMean}>
                <td className="mono">{p.mode}</td>
                <td className="num">{p.services}</td>
                <td className="num">{p.rules}</td>
                <td className="num">{p.rulesEvaluatedMean.toFixed(1)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
