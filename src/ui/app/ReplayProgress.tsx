// While a shared run or an imported file replays to its moment at full speed: how far it is, as a
// progress bar with words ("Replaying the shared run… 02:10 of 05:00"). Where it stopped is said
// beside the scrubber (timeline/Scrubber.tsx).

import { formatMinutes } from './format';
import { fill } from './strings';
import { useStrings } from './useStrings';
import { useRunStore, useSimStore } from '../store/app-store';

export function ReplayProgress() {
  const t = useStrings();
  const replay = useSimStore((s) => s.replay);
  const opening = useRunStore((s) => s.opening);
  if (replay) {
    const label = opening?.kind === 'file' ? t.replayFile : t.replayLink;
    const where = fill(t.replayOf, { time: formatMinutes(replay.time), target: formatMinutes(replay.target) });
    const pct = replay.target > 0 ? Math.min(100, (replay.time / replay.target) * 100) : 100;
    return (
      <div className="replay-card" data-testid="replay-progress">
        <p id="replay-label">
          {label} <span className="mono">{where}</span>
        </p>
        <div
          className="replay-bar"
          role="progressbar"
          aria-labelledby="replay-label"
          aria-valuemin={0}
          aria-valuemax={Math.round(replay.target)}
          aria-valuenow={Math.round(Math.min(replay.time, replay.target))}
          aria-valuetext={where}
        >
          <span style={{ width: `${pct}%` }} />
        </div>
      </div>
    );
  }
  return null;
}
