// The request timeline's first form: the latest trace records as a list (time, phase, from -> to,
// summary). The d3 swimlane diagram replaces it later.

import { dropReasonText } from '../app/drop-reasons';
import { formatClock } from '../app/format';
import { phaseLabel } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { useStickToBottom } from './useStickToBottom';
import { useSimStore, useUiStore } from '../store/app-store';

const SHOW = 200;

export function TimelineList() {
  const t = useStrings();
  const lang = useUiStore((s) => s.lang);
  const hideHeartbeats = useUiStore((s) => s.hideHeartbeats);
  const trace = useSimStore((s) => s.trace);
  const shown = (hideHeartbeats ? trace.filter((r) => r.phase !== 'heartbeat') : trace).slice(-SHOW);
  const { ref, onScroll } = useStickToBottom<HTMLDivElement>(shown[shown.length - 1]?.id);
  return (
    <div className="panel-scroll" ref={ref} onScroll={onScroll}>
      <p className="panel-hint muted">{t.timelineHint}</p>
      <ol className="timeline-list" data-testid="timeline-list">
        {shown.map((r) => (
          <li
            key={r.id}
            className={`phase-${r.phase}${r.dropped ? ' dropped' : ''}`}
            data-phase={r.phase}
            data-id={r.id}
            data-kind={r.kind}
            data-time={r.time}
            data-from={r.from}
            data-to={r.to}
          >
            <span className="mono muted">{formatClock(r.time)}</span>
            <span className="timeline-phase">
              <span className="phase-swatch" aria-hidden="true" />
              {phaseLabel(r.phase, lang)}
            </span>
            <span className="mono timeline-route">
              {r.from} → {r.to}
            </span>
            <span className="mono">{r.summary}</span>
            {r.dropped && (
              <span className="badge-warning" data-dropped={r.dropped}>
                ✕ {dropReasonText(r.dropped, lang)}
              </span>
            )}
          </li>
        ))}
      </ol>
      {shown.length === 0 && <p className="panel-empty">{t.timelineEmpty}</p>}
    </div>
  );
}
