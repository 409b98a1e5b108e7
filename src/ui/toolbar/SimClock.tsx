// The simulated clock, `00:42.300`, with the run's trace hash beneath it in small type. Only these
// small components re-render every frame.

import { formatClock } from '../app/format';
import { useStrings } from '../app/useStrings';
import { useSimStore, useUiStore } from '../store/app-store';

export function SimClock() {
  const t = useStrings();
  const time = useSimStore((s) => s.clock.time);
  const next = useSimStore((s) => s.clock.nextEventAt);
  // data-next-ms: when the next queued event happens, so a test can check that a step moves the
  // clock to exactly that time and no further.
  return (
    <span className="toolbar-clockbox">
      <time className="toolbar-clock mono" data-testid="clock" data-ms={time} data-next-ms={next ?? ''} title={t.clock}>
        {formatClock(time)}
      </time>
      <TraceHash />
    </span>
  );
}

/**
 * The moment of the message chosen in the sequence diagram, beside the clock (issue 11: clicking an
 * arrow moves the clock display to that moment); the graph rings the message's two ends. Clicking it
 * lets go of the message.
 */
export function MessageMoment() {
  const t = useStrings();
  const focus = useUiStore((s) => s.sequenceFocus);
  if (!focus) return null;
  const at = formatClock(focus.time);
  return (
    <button type="button" className="clock-focus mono" data-testid="clock-focus" data-ms={focus.time} title={t.messageMomentHint} onClick={() => useUiStore.getState().selectMessage(null)}>
      <span aria-hidden="true">◆ </span>
      <span className="visually-hidden">{t.messageWord} </span>#{focus.id} <span className="visually-hidden">{t.sentAt} </span>
      {at}
    </button>
  );
}

/** The 16 hex digits the CLI prints as `trace hash`: two runs with the same one are the same run. */
function TraceHash() {
  const t = useStrings();
  const hash = useSimStore((s) => s.traceHash);
  return (
    // Kept in the layout while no run has a hash yet (nothing loaded), so the toolbar does not jump.
    <span className="trace-hash-line" title={t.traceHashHint} style={hash ? undefined : { visibility: 'hidden' }}>
      <span className="visually-hidden">{t.traceHash}: </span>
      <span aria-hidden="true">#</span>
      <span className="trace-hash mono" data-testid="trace-hash">
        {hash}
      </span>
    </span>
  );
}
