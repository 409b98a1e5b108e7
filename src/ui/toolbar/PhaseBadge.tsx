// The phase of the request the person started last: `phase 3: Scheduling`, with its colour.

import { phaseLabel } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { useSimStore } from '../store/sim-store';
import { useUiStore } from '../store/ui-store';

export function PhaseBadge() {
  const t = useStrings();
  const lang = useUiStore((s) => s.lang);
  const followed = useSimStore((s) => s.followed);
  if (!followed) {
    return (
      <span className="toolbar-phase muted" data-testid="phase" data-phase="" title={t.phaseOf}>
        {t.noPhase}
      </span>
    );
  }
  return (
    <span
      className={`toolbar-phase phase-${followed.phase}`}
      data-testid="phase"
      data-phase={followed.phase}
      title={`${t.phaseOf}: ${followed.summary}`}
    >
      <span className="phase-swatch" aria-hidden="true" />
      {phaseLabel(followed.phase, lang)}
    </span>
  );
}
