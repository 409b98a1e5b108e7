// "slow motion ×N" beside the speed control while the worker slows the clock to let a message be
// watched crossing, with a button that turns slow motion off (the clock keeps the chosen speed, dots
// jump); while it is off, a button that turns it back on. Key: m. Only the wall-clock pacing
// changes: the worker runs the same events in the same order (src/worker/session.ts, play).

import { useEffect, useRef, useState } from 'react';
import { speedCommand } from '../app/filters';
import { fill } from '../app/strings';
import { useStrings } from '../app/useStrings';
import { formatFactor, holdClockFrame, holdSlowdown, isDrawing, SLOWMO_HOLD_MS, SLOWMO_SPEEDS_BELOW, type SlowMotionHold } from './slow-motion';
import { useSimStore, useUiStore } from '../store/app-store';

/** Turns slow motion on or off and tells the worker (the toolbar's button and the `m` key). */
export function toggleSlowMotion(): void {
  const ui = useUiStore.getState();
  ui.toggle('slowMotion');
  const next = useUiStore.getState();
  ui.send(speedCommand(useSimStore.getState().clock.speed, next));
}

/** The slow-down to show (held for a second, see slow-motion.ts), or null. */
function useHeldSlowdown(): SlowMotionHold | null {
  const clock = useSimStore((s) => s.clock);
  const [hold, setHold] = useState<SlowMotionHold | null>(null);
  const holdRef = useRef<SlowMotionHold | null>(null);
  useEffect(() => {
    const now = performance.now();
    const next = holdClockFrame(holdRef.current, clock, now);
    holdRef.current = next;
    setHold(next);
    if (!next) return;
    // Frames stop coming when the clock stops: let go of the indicator a second after the last slow tick.
    const id = window.setTimeout(() => {
      holdRef.current = holdSlowdown(holdRef.current, undefined, performance.now());
      setHold(holdRef.current);
    }, next.last + SLOWMO_HOLD_MS - now);
    return () => window.clearTimeout(id);
  }, [clock]);
  return hold;
}

export function SlowMotion() {
  const t = useStrings();
  const on = useUiStore((s) => s.slowMotion);
  const speed = useSimStore((s) => s.clock.speed);
  const hold = useHeldSlowdown();
  const factor = hold?.factor ?? null;
  const drawing = hold !== null && isDrawing(hold);
  const speedText = `${speed}x`;
  if (!on)
    return (
      <button type="button" className="slowmo-button slowmo-button--off" data-testid="slowmo-on" aria-pressed="false" title={t.slowMotionOnHint} onClick={toggleSlowMotion}>
        {t.slowMotionIsOff}
      </button>
    );
  if (speed >= SLOWMO_SPEEDS_BELOW) return null;
  // While nothing is slowed the place stays taken (invisible), so the toolbar does not reflow each time a message crosses.
  const n = factor === null ? '100' : formatFactor(factor).slice(1);
  return (
    <span className="slowmo" data-testid="slowmo" data-factor={factor === null ? '' : n} style={factor === null ? { visibility: 'hidden' } : undefined}>
      <span className="slowmo-text" title={drawing ? t.slowMotionDrawingHint : fill(t.slowMotionHint, { n, speed: speedText })}>
        {drawing ? t.slowMotionDrawing : fill(t.slowMotion, { n })}
      </span>
      <button type="button" className="slowmo-button" data-testid="slowmo-off" title={t.slowMotionOffHint} onClick={toggleSlowMotion}>
        {/* Short on screen (the toolbar is one line at 1280 px), whole for screen readers. */}
        <span aria-hidden="true">→ {speedText}</span>
        <span className="visually-hidden">{fill(t.slowMotionOff, { speed: speedText })}</span>
      </button>
    </span>
  );
}
