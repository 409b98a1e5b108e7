// Live mode's line under the toolbar: the page is read-only, and what only the simulation can show
// (etcd members, messages, stepping, time travel) is not there. The disabled controls point here.

import { useLiveStrings } from './live-strings';
import { LIVE_NOTE_ID } from '../toolbar/Toolbar';
import { useWorkerStore } from '../store/app-store';

export function LiveNote() {
  const l = useLiveStrings();
  const live = useWorkerStore((s) => s.live !== null);
  if (!live) return null;
  return (
    <p className="worker-banner live-note" id={LIVE_NOTE_ID} data-testid="live-note">
      {l.note}
    </p>
  );
}
