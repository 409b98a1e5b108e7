// Pieces every describer shares (kubectl/pkg/describe/describe.go): RFC 1123Z times, multi-line
// labels/annotations, and the Events table, which is flushed as its own tabwriter block.

import type { Event } from '../../../api/types';
import { parseTime, simEpochMs } from '../../../api/time';
import { age } from '../../../apiserver/printers/tables';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Go's time.RFC1123Z in UTC: `Tue, 13 Aug 2024 09:00:05 +0000`. */
export function rfc1123z(ts: string | undefined | null): string {
  if (!ts) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  const d = new Date(simEpochMs() + parseTime(ts));
  const p2 = (n: number): string => String(n).padStart(2, '0');
  return `${DAYS[d.getUTCDay()]}, ${p2(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}:${p2(d.getUTCSeconds())} +0000`;
}

/** printAnnotationsMultiline's maxAnnotationLen. */
const MAX_ANNOTATION_LEN = 140;

/**
 * printLabelsMultiline / printAnnotationsMultiline: sorted, one per line, `<none>` when empty. An
 * annotation longer than 140 characters (with its key) or of several lines prints under its key,
 * each line indented by two spaces and cut to 138 characters with `...`.
 */
export function multiline(title: string, m: Record<string, string> | undefined, sep: '=' | ': ', skip: string[] = []): string {
  const keys = Object.keys(m ?? {}).filter((k) => !skip.includes(k)).sort();
  if (keys.length === 0) return `${title}:\t<none>\n`;
  return keys
    .map((k, i) => {
      const head = i === 0 ? title + ':' : '';
      const value = sep === ': ' ? m![k]!.replace(/\n$/, '') : m![k]!;
      if (sep === ': ' && (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n'))) {
        const lines = value.split('\n').map((line) => `\t  ${line.length > MAX_ANNOTATION_LEN - 2 ? `${line.slice(0, MAX_ANNOTATION_LEN - 2)}...` : line}\n`);
        return `${head}\t${k}:\n${lines.join('')}`;
      }
      return `${head}\t${k}${sep}${value}\n`;
    })
    .join('');
}

/** DescribeEvents. Returns text for its own tabwriter block (`Events:\t<none>` joins the previous one). */
export function describeEvents(events: Event[], now: number): { inline?: string; block?: string } {
  if (events.length === 0) return { inline: 'Events:\t<none>\n' };
  const sorted = [...events].sort(
    (a, b) => parseTime(a.lastTimestamp ?? a.eventTime ?? '') - parseTime(b.lastTimestamp ?? b.eventTime ?? ''),
  );
  let s = 'Events:\n  Type\tReason\tAge\tFrom\tMessage\n  ----\t------\t----\t----\t-------\n';
  for (const e of sorted) {
    const first = e.eventTime ? age(e.eventTime, now) : age(e.firstTimestamp, now);
    const interval = (e.count ?? 0) > 1 ? `${age(e.lastTimestamp, now)} (x${e.count} over ${first})` : first;
    const from = e.source?.component || e.reportingComponent || '';
    s += `  ${e.type ?? ''}\t${e.reason ?? ''}\t${interval}\t${from}\t${(e.message ?? '').trim()}\n`;
  }
  return { block: s };
}
