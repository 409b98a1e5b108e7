// A small corner badge for developers: a recent batch's size (measured once a second, sim-worker-host.ts) and the messages in flight now.

import type { MessageView } from '../../protocol/view';
import { formatKiB } from '../app/format';
import { useStrings } from '../app/useStrings';
import { useSimStore } from '../store/app-store';

/** The ids of the messages in flight as one string, made again only when the list changed (it is read on every store change). */
let idsFor: { list: readonly MessageView[]; text: string } = { list: [], text: '' };
function idsOf(list: readonly MessageView[]): string {
  if (list !== idsFor.list) idsFor = { list, text: list.map((m) => m.id).join(' ') };
  return idsFor.text;
}

export function DevOverlay() {
  const t = useStrings();
  const bytes = useSimStore((s) => s.lastBatchBytes);
  const inFlight = useSimStore((s) => s.inFlight.length);
  // The ids of the messages on the wire, for developers and the e2e step test (a step removes at most one).
  const ids = useSimStore((s) => idsOf(s.inFlight));
  return (
    <div className="dev-overlay mono" title={`${t.devOverlayHint}: ${t.batch} ${formatKiB(bytes)}, ${inFlight} ${t.inFlight}`}>
      <span data-testid="batch-size" data-bytes={bytes}>
        {formatKiB(bytes)}
      </span>
      {' · '}
      <span data-testid="in-flight" data-count={inFlight} data-ids={ids}>
        {inFlight} ✉
      </span>
    </div>
  );
}
