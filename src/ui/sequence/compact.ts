// "Key messages only": a request's chain without what a class does not need on the first pass —
// the Event objects components write as they go (Scheduled, Pulling, Pulled, ...: each a request
// of its own, through etcd and back) and the watch events nobody acted on (every MODIFIED echo to
// the scheduler and the controller-manager). The first fan-out of a new object (ADDED) stays: it
// is phase 2 itself. The full chain is one click away.

import type { TraceRecord } from '../../protocol/view';

/** A component writing an Event object: `POST event Pulling: ...`, `POST /api/v1/namespaces/default/events (Scheduled)`. */
function writesEvent(r: TraceRecord): boolean {
  return r.kind === 'message' && r.type === 'http.request' && (/^POST event /.test(r.summary) || /^POST \S*\/events\b/.test(r.summary));
}

export function keyMessages(records: readonly TraceRecord[]): TraceRecord[] {
  const hidden = new Set<number>();
  // Records that led to a message (a timer between counts as the way there): walked backwards,
  // as every record comes after its cause.
  const ledOn = new Set<number>();
  for (let i = records.length - 1; i >= 0; i--) {
    const r = records[i]!;
    if (r.cause !== null && (r.kind === 'message' || ledOn.has(r.id))) ledOn.add(r.cause);
  }
  for (const r of records) {
    // Records arrive after their causes, so one pass carries a hidden request's subtree.
    if (r.cause !== null && hidden.has(r.cause)) hidden.add(r.id);
    else if (writesEvent(r)) hidden.add(r.id);
    else if (r.type === 'watch.event' && !r.summary.startsWith('ADDED') && !ledOn.has(r.id)) hidden.add(r.id);
  }
  return records.filter((r) => !hidden.has(r.id));
}
