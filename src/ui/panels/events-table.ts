// `kubectl get events` as rows: the columns of kubectl's printEvent (pkg/printers/internalversion/
// printers.go) computed from Event objects and the simulated clock, and a stable sort for the table.

import type { ObjectView } from '../../protocol/view';
import { humanDuration, simTimeOf } from '../app/format';

export interface EventRow {
  id: string;
  namespace: string;
  /** Simulated ms of the last occurrence (undefined when the event has no timestamp). */
  lastSeenAt?: number;
  type: string;
  reason: string;
  /** `pod/web`: the involved object's kind in lower case and its name. */
  object: string;
  involved: { kind: string; namespace: string; name: string; uid: string };
  message: string;
  source: string;
  count: number;
}

export type EventColumn = 'lastSeen' | 'type' | 'reason' | 'object' | 'message' | 'source' | 'count';
export type SortDir = 'asc' | 'desc';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const rec = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {});

export function eventRow(view: ObjectView): EventRow {
  const e = view.object;
  const first = simTimeOf(e.firstTimestamp) ?? simTimeOf(e.eventTime);
  const series = rec(e.series);
  const last = simTimeOf(series.lastObservedTime) ?? simTimeOf(e.lastTimestamp) ?? first;
  const io = rec(e.involvedObject);
  const kind = str(io.kind);
  const name = str(io.name);
  const src = rec(e.source);
  const component = str(src.component) || str(e.reportingComponent) || str(e.reportingController);
  const host = str(src.host) || str(e.reportingInstance);
  const count = typeof series.count === 'number' ? series.count : typeof e.count === 'number' && e.count > 0 ? e.count : 1;
  return {
    id: view.id,
    namespace: view.namespace,
    ...(last !== undefined ? { lastSeenAt: last } : {}),
    type: str(e.type),
    reason: str(e.reason),
    object: name ? `${kind.toLowerCase()}/${name}` : kind.toLowerCase(),
    involved: { kind, namespace: str(io.namespace), name, uid: str(io.uid) },
    message: str(e.message),
    source: host && component ? `${component}, ${host}` : component || host,
    count,
  };
}

export function eventRows(objects: Record<string, ObjectView>): EventRow[] {
  return Object.values(objects)
    .filter((o) => o.kind === 'Event')
    .map(eventRow);
}

/** kubectl's LAST SEEN cell. */
export function lastSeen(row: EventRow, now: number): string {
  return row.lastSeenAt === undefined ? '<unknown>' : humanDuration(now - row.lastSeenAt);
}

function key(row: EventRow, col: EventColumn): string | number {
  switch (col) {
    case 'lastSeen':
      return row.lastSeenAt ?? -Infinity;
    case 'count':
      return row.count;
    default:
      return row[col];
  }
}

/** Sorts by one column; ties keep the order of occurrence (then the name) so rows never jump. */
export function sortRows(rows: readonly EventRow[], col: EventColumn, dir: SortDir): EventRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a, col);
    const kb = key(b, col);
    if (ka < kb) return -sign;
    if (ka > kb) return sign;
    const ta = a.lastSeenAt ?? -Infinity;
    const tb = b.lastSeenAt ?? -Infinity;
    if (ta !== tb) return ta - tb;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

/** Events about one object (the inspector's list): by uid when both have one, else by kind, namespace and name. */
export function eventsFor(rows: readonly EventRow[], target: { kind: string; namespace: string; name: string; uid?: string }): EventRow[] {
  return rows.filter((r) =>
    r.involved.uid && target.uid
      ? r.involved.uid === target.uid
      : r.involved.kind === target.kind && r.involved.name === target.name && r.involved.namespace === target.namespace,
  );
}
