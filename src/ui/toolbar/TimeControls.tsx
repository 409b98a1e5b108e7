// Play/pause, step one message, run to the next phase, skip to the next event, speed and reset.

import { speedCommand } from '../app/filters';
import { useStrings } from '../app/useStrings';
import { SlowMotion } from './SlowMotion';
import { PauseIcon, PlayIcon, ResetIcon, SkipIcon, StepIcon, StepPhaseIcon } from './icons';
import { useSimStore, useUiStore, useWorkerStore } from '../store/app-store';

export const SPEEDS: readonly number[] = [0.25, 1, 5, 25, 100];

export function TimeControls() {
  const t = useStrings();
  // A served run (kubeplay serve) goes only forward: it cannot be rebuilt from its start.
  const served = useWorkerStore((st) => st.served);
  const send = useUiStore((s) => s.send);
  const playing = useSimStore((s) => s.clock.playing);
  const speed = useSimStore((s) => s.clock.speed);
  // A link or a file replaying to its moment runs at full speed by itself until it arrives.
  const replaying = useSimStore((s) => s.replay !== null);
  const finished = useSimStore((s) => (s.followed ? s.followed.state !== 'running' : false));
  return (
    <div className="toolbar-group" role="group" aria-label={t.clock}>
      <button
        type="button"
        data-testid="play-pause"
        disabled={replaying}
        data-playing={playing}
        title={`${playing ? t.pause : t.play} (${t.keySpaceName})`}
        onClick={() => send({ type: playing ? 'pause' : 'play' })}
      >
        {/* The icon says it; the word is for screen readers and the tooltip (the toolbar is one line at 1280 px). */}
        {playing ? <PauseIcon /> : <PlayIcon />}
        <span className="visually-hidden">{playing ? t.pause : t.play}</span>
      </button>
      <button type="button" data-testid="step" disabled={replaying} title={`${t.step} (.)`} aria-label={t.step} onClick={() => send({ type: 'step' })}>
        <StepIcon />
      </button>
      <button
        type="button"
        data-testid="step-phase"
        // A finished request has no next phase (the worker ignores `>` then too).
        disabled={finished || replaying}
        title={`${t.stepPhase} (>)`}
        aria-label={t.stepPhase}
        onClick={() => send({ type: 'stepPhase' })}
      >
        <StepPhaseIcon />
      </button>
      <button type="button" data-testid="skip" disabled={replaying} title={t.skip} aria-label={t.skip} onClick={() => send({ type: 'skip' })}>
        <SkipIcon />
      </button>
      <select
        data-testid="speed-select"
        aria-label={t.speed}
        title={t.speed}
        value={String(speed)}
        onChange={(e) => send(speedCommand(Number(e.target.value), useUiStore.getState()))}
      >
        {(SPEEDS.includes(speed) ? SPEEDS : [...SPEEDS, speed]).map((s) => (
          <option key={s} value={String(s)}>
            {s}x
          </option>
        ))}
      </select>
      <SlowMotion />
      {/* A served run cannot start over (the served marker's dialog says how to): no Reset at all. */}
      {!served && (
        <button type="button" data-testid="reset" disabled={replaying} title={t.resetHint} aria-label={t.reset} onClick={() => send({ type: 'reset' })}>
          <ResetIcon />
        </button>
      )}
    </div>
  );
}
