// The toolbar (UX.md "The screen"): title, scenario, time controls, the simulated clock, the phase
// of the followed request, Share / Export / Import of the run, and the view toggles. In live mode
// (app/live-mode.ts) the marker of the real cluster takes the scenario's place, the time controls
// stay, disabled, with the reason as their tooltip and description, and Share / Export / Import
// (of a simulated run) are left out so the toolbar fits one row on a projector.

import { ScenarioPicker } from './ScenarioPicker';
import { TimeControls } from './TimeControls';
import { MessageMoment, SimClock } from './SimClock';
import { PhaseBadge } from './PhaseBadge';
import { ViewToggles } from './ViewToggles';
import { DevOverlay } from './DevOverlay';
import { RunControls } from './RunControls';
import { StartButton } from '../start/StartButton';
import { useStrings } from '../app/useStrings';
import { useLiveStrings } from '../app/live-strings';
import { LiveMarker } from './LiveMarker';
import { ServedMarker } from './ServedMarker';
import { useWorkerStore } from '../store/app-store';
import './toolbar.css';

/** The id of live mode's note under the toolbar (app/LiveNote.tsx), which the disabled controls point to. */
export const LIVE_NOTE_ID = 'live-note';

export function Toolbar() {
  const t = useStrings();
  const l = useLiveStrings();
  const live = useWorkerStore((s) => s.live);
  const served = useWorkerStore((s) => s.served);
  if (live) {
    return (
      <header className="toolbar" data-testid="toolbar">
        <h1 className="toolbar-title">{t.title}</h1>
        <LiveMarker live={live} />
        <span className="toolbar-sep" aria-hidden="true" />
        {/* A disabled fieldset disables every control in it; its title is the reason, shown on hover. */}
        <fieldset className="toolbar-unavailable" disabled title={l.controlsUnavailable} aria-describedby={LIVE_NOTE_ID} data-testid="live-unavailable-controls">
          <legend className="visually-hidden">{l.controlsUnavailable}</legend>
          <TimeControls />
        </fieldset>
        <span className="toolbar-spacer" />
        <ViewToggles />
      </header>
    );
  }
  return (
    <header className="toolbar" data-testid="toolbar">
      <h1 className="toolbar-title">{t.title}</h1>
      {/* kubeplay serve plays the scenario it was started with: its marker stands where the picker would. */}
      {served ? <ServedMarker /> : <ScenarioPicker />}
      {!served && <StartButton />}
      <span className="toolbar-sep" aria-hidden="true" />
      <TimeControls />
      <SimClock />
      <MessageMoment />
      <PhaseBadge />
      <RunControls />
      <span className="toolbar-spacer" />
      <DevOverlay />
      <ViewToggles />
    </header>
  );
}
