// `kubectl get events` as a live table: click a header to sort, click a row to inspect its object.

import { useMemo, useState } from 'react';
import { useStrings } from '../app/useStrings';
import { useStickToBottom } from './useStickToBottom';
import { eventRows, lastSeen, sortRows, type EventColumn, type EventRow, type SortDir } from './events-table';
import { useSimStore, useUiStore } from '../store/app-store';

const COLUMNS: { col: EventColumn; title: string }[] = [
  { col: 'lastSeen', title: 'LAST SEEN' },
  { col: 'type', title: 'TYPE' },
  { col: 'reason', title: 'REASON' },
  { col: 'object', title: 'OBJECT' },
  { col: 'source', title: 'SOURCE' },
  { col: 'count', title: 'COUNT' },
  { col: 'message', title: 'MESSAGE' },
];

/** The ObjectView id of an event's object (`pods/default/web`). */
export function involvedId(r: EventRow): string {
  return `${r.involved.kind.toLowerCase()}s/${r.involved.namespace}/${r.involved.name}`;
}

export function TypeCell({ type }: { type: string }) {
  const t = useStrings();
  if (type !== 'Warning') return <>{type}</>;
  return (
    <span className="event-warning">
      <span aria-hidden="true">⚠ </span>
      {t.warning}
    </span>
  );
}

export function EventsPanel() {
  const t = useStrings();
  const objects = useSimStore((s) => s.objects);
  // LAST SEEN moves once per simulated second; re-rendering on every frame would be wasted work.
  const second = useSimStore((s) => Math.floor(s.clock.time / 1000));
  const select = useUiStore((s) => s.select);
  const [sort, setSort] = useState<{ col: EventColumn; dir: SortDir }>({ col: 'lastSeen', dir: 'asc' });
  const rows = useMemo(() => sortRows(eventRows(objects), sort.col, sort.dir), [objects, sort]);
  const now = second * 1000;

  const onSort = (col: EventColumn): void =>
    setSort((s) => ({ col, dir: s.col === col && s.dir === 'asc' ? 'desc' : 'asc' }));

  // Sorted by LAST SEEN ascending (the default), the newest event is the last row: keep it in view.
  const { ref, onScroll } = useStickToBottom<HTMLDivElement>(rows.length);
  return (
    <div className="panel-scroll" ref={ref} onScroll={onScroll}>
      <table className="data-table events-table" data-testid="events-table" data-rows={rows.length}>
        <thead>
          <tr>
            {COLUMNS.map(({ col, title }) => (
              <th
                key={col}
                aria-sort={sort.col === col ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
              >
                <button type="button" className="th-button" data-testid={`events-sort-${col}`} onClick={() => onSort(col)}>
                  {title}
                  <span aria-hidden="true">{sort.col === col ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className={r.type === 'Warning' ? 'row-warning' : undefined}
              data-testid="event-row"
              data-reason={r.reason}
              onClick={() => select({ kind: 'object', id: involvedId(r) })}
            >
              <td className="mono">{lastSeen(r, now)}</td>
              <td>
                <TypeCell type={r.type} />
              </td>
              <td>{r.reason}</td>
              <td className="mono">{r.object}</td>
              <td>{r.source}</td>
              <td className="num">{r.count}</td>
              <td className="event-message">{r.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 && <p className="panel-empty">{t.noEvents}</p>}
    </div>
  );
}
