// The phase of the request the person started last: `phase 3: Scheduling`, with its colour.

import { phaseLabel, phaseShortLabel } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { useSimStore, useUiStore } from '../store/app-store';

/** How a finished request ended, after its last phase: `Execution · done`. */
const ENDED = { en: { done: 'done', failed: 'failed' }, ru: { done: 'готово', failed: 'ошибка' } } as const;

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
  const ended = followed.state !== 'running' ? followed.state : undefined;
  return (
    <span
      className={`toolbar-phase phase-${followed.phase}${ended ? ` ended-${ended}` : ''}`}
      data-testid="phase"
      data-phase={followed.phase}
      data-state={followed.state}
      title={`${t.phaseOf}: ${followed.summary}${followed.outcome ? `\n${followed.outcome}` : ''}`}
    >
      <span className="phase-swatch" aria-hidden="true" />
      {/* Once ended, the number says which phase and the outcome takes the name's place (one line at 1280 px). */}
      <span className="phase-name">{ended ? phaseShortLabel(followed.phase, lang) : phaseLabel(followed.phase, lang)}</span>
      {ended && (
        <span className="phase-ended">
          {' · '}
          {ended === 'done' ? '✓' : '✗'} {ENDED[lang][ended]}
        </span>
      )}
    </span>
  );
}
