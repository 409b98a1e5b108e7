// The simulated clock, `00:42.300`. Only this small component re-renders every frame.

import { formatClock } from '../app/format';
import { useStrings } from '../app/useStrings';
import { useSimStore } from '../store/sim-store';

export function SimClock() {
  const t = useStrings();
  const time = useSimStore((s) => s.clock.time);
  return (
    <time className="toolbar-clock mono" data-testid="clock" data-ms={time} title={t.clock}>
      {formatClock(time)}
    </time>
  );
}
