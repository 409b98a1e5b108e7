// Live mode's marker in the toolbar (app/live-mode.ts): `Live: read-only view of <server>`, the cluster's
// version once known, and the connection's state in words (never colour alone: UX.md).

import { useLiveStrings } from '../app/live-strings';
import type { LiveStatus } from '../app/live-mode';

export function LiveMarker({ live }: { live: LiveStatus }) {
  const l = useLiveStrings();
  const state = live.connected ? (live.version ?? '') : live.error ? l.retrying(live.error, Math.ceil((live.retryInMs ?? 0) / 1000)) : l.connecting;
  return (
    <span className={`live-marker${live.connected ? '' : ' live-marker--down'}`} data-testid="live-marker" title={l.markerHint}>
      <span className="live-marker-dot" aria-hidden="true" />
      <strong>{l.marker(live.server)}</strong>
      {state && (
        <span className="live-marker-state" role="status" data-testid="live-state">
          {state}
        </span>
      )}
    </span>
  );
}
