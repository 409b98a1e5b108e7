// The simulated clock, `00:42.300`. Only this small component re-renders every frame.

import { formatClock } from '../app/format';
import { useStrings } from '../app/useStrings';
import { useSimStore } from '../store/sim-store';

export function SimClock() {
  const t = useStrings();
  const time = useSimStore((s) => s.clock.time);
  const next = useSimStore((s) => s.clock.nextEventAt);
  // data-next-ms: when the next queued event happens, so a test can check that a step moves the
  // clock to exactly that time and no further.
  return (
    <time className="toolbar-clock mono" data-testid="clock" data-ms={time} data-next-ms={next ?? ''} title={t.clock}>
      {formatClock(time)}
    </time>
  );
}
