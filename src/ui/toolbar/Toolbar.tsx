// The toolbar (UX.md "The screen"): title, scenario, time controls, the simulated clock, the phase
// of the followed request, Share / Export / Import of the run, and the view toggles.

import { ScenarioPicker } from './ScenarioPicker';
import { TimeControls } from './TimeControls';
import { MessageMoment, SimClock } from './SimClock';
import { PhaseBadge } from './PhaseBadge';
import { ViewToggles } from './ViewToggles';
import { DevOverlay } from './DevOverlay';
import { RunControls } from './RunControls';
import { useStrings } from '../app/useStrings';
import './toolbar.css';

export function Toolbar() {
  const t = useStrings();
  return (
    <header className="toolbar" data-testid="toolbar">
      <h1 className="toolbar-title">{t.title}</h1>
      <ScenarioPicker />
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
