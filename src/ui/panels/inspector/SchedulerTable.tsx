// The scheduler's filter/score table for a pod: one block per scheduling cycle, rows = nodes,
// columns = plugins; a cell is the Filter verdict (pass or the reason) or the Score.

import { formatClock } from '../../app/format';
import { fill } from '../../app/strings';
import { useStrings } from '../../app/useStrings';
import type { SchedulingCycleView } from '../../../protocol/view';
import { useSimStore } from '../../store/app-store';

type Result = SchedulingCycleView['nodes'][number]['results'][string];

function Cell({ r }: { r: Result | undefined }) {
  const t = useStrings();
  if (!r) return <td className="muted">–</td>;
  if (r.filter !== undefined && r.filter !== 'pass') {
    // The reason is spelled out under the table; a narrow inspector keeps the cell short.
    return (
      <td className="cell-fail" title={r.filter}>
        <span aria-hidden="true">✕ </span>
        {t.filterFail}
      </td>
    );
  }
  if (r.normalized !== undefined || r.weighted !== undefined || r.raw !== undefined) {
    const title = fill(t.scoreHint, { raw: r.raw ?? '–', normalized: r.normalized ?? '–', weighted: r.weighted ?? '–' });
    return (
      <td className="num" title={title}>
        {r.weighted ?? r.normalized ?? r.raw}
      </td>
    );
  }
  return (
    <td className="cell-pass">
      <span aria-hidden="true">✓ </span>
      {t.filterPass}
    </td>
  );
}

function Cycle({ c }: { c: SchedulingCycleView }) {
  const t = useStrings();
  return (
    <div className="scheduler-cycle">
      <p className="muted">
        {t.cycleAt} <span className="mono">{formatClock(c.time)}</span>
        {c.node ? (
          <>
            {' → '}
            <strong className="mono">{c.node}</strong>
          </>
        ) : null}
        {c.message ? <span className="cycle-message"> {c.message}</span> : null}
      </p>
      {c.narrowed ? <p className="muted cycle-narrowed" data-testid="cycle-narrowed">{fill(t.cycleNarrowed, { plugins: c.narrowed.plugins.join(', '), nodes: c.narrowed.nodes, all: c.narrowed.of })}</p> : null}
      <div className="table-scroll" tabIndex={0}>
        <table className="data-table compact scheduler-grid">
          <thead>
            <tr>
              <th>{t.node}</th>
              {c.plugins.map((p) => (
                <th key={p} className="mono">
                  {p}
                </th>
              ))}
              <th>{t.total}</th>
            </tr>
          </thead>
          <tbody>
            {c.nodes.map((n) => {
              const chosen = n.name === c.node;
              return (
                <tr key={n.name} className={chosen ? 'row-chosen' : n.feasible ? undefined : 'row-infeasible'} data-node={n.name} data-chosen={chosen}>
                  <th scope="row" className="mono">
                    {chosen && <span aria-hidden="true">★ </span>}
                    {n.name}
                    {chosen && <span className="badge-chosen"> {t.chosen}</span>}
                  </th>
                  {c.plugins.map((p) => (
                    <Cell key={p} r={n.results[p]} />
                  ))}
                  <td className="num">{n.total ?? (n.feasible ? '' : '✕')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FilterFailures c={c} />
    </div>
  );
}

/** Why each rejected node was filtered out, in the plugin's own words. */
function FilterFailures({ c }: { c: SchedulingCycleView }) {
  const lines = c.nodes.flatMap((n) =>
    c.plugins.flatMap((p) => {
      const f = n.results[p]?.filter;
      return f !== undefined && f !== 'pass' ? [{ key: `${n.name}/${p}`, node: n.name, plugin: p, reason: f }] : [];
    }),
  );
  if (lines.length === 0) return null;
  return (
    <ul className="filter-failures" data-testid="scheduler-failures">
      {lines.map((l) => (
        <li key={l.key}>
          <span aria-hidden="true">✕ </span>
          <strong className="mono">{l.node}</strong> <span className="mono muted">{l.plugin}</span>: {l.reason}
        </li>
      ))}
    </ul>
  );
}

export function SchedulerTable({ pod }: { pod: string }) {
  const t = useStrings();
  const cycles = useSimStore((s) => s.cycles[pod]);
  return (
    <div data-testid="scheduler-table" data-cycles={cycles?.length ?? 0}>
      <p className="explain">{t.schedulerExplain}</p>
      {!cycles || cycles.length === 0 ? (
        <p className="muted">{t.noCycles}</p>
      ) : (
        [...cycles].reverse().map((c, i) => <Cycle key={`${c.time}-${i}`} c={c} />)
      )}
    </div>
  );
}
