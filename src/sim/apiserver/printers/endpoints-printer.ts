// `kubectl get endpoints` (printEndpoints in pkg/printers/internalversion/printers.go): NAME,
// ENDPOINTS, AGE, where ENDPOINTS is formatEndpoints: the ready addresses as `ip:port` for every port
// of every subset (the bare IP for a subset without ports), the first three, then `+ N more...`;
// `<none>` when the object has no subsets. (v1.31 prints no deprecation warning for Endpoints;
// that came with v1.33.)

import type { Endpoints } from '../../api/service';
import type { KubeObject } from '../../api/types';
import { parseTime } from '../../api/time';
import { humanDuration } from '../../../apimachinery/duration';
import type { TablePrinter } from './tables';

const MAX = 3;

/** formatEndpoints(endpoints, ports): only the named ports when `ports` is given (describe service). */
export function formatEndpoints(ep: Endpoints, ports?: Set<string>): string {
  const subsets = ep.subsets ?? [];
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let more = false;
  let count = 0;
  for (const ss of subsets) {
    const addresses = ss.addresses ?? [];
    if (!ss.ports?.length) {
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === MAX) {
          more = true;
          break;
        }
        list.push(a.ip);
      }
      continue;
    }
    for (const port of ss.ports) {
      if (ports && !ports.has(port.name ?? '')) continue;
      count += addresses.length;
      for (const a of addresses) {
        if (list.length === MAX) {
          more = true;
          break;
        }
        list.push(a.ip.includes(':') ? `[${a.ip}]:${port.port}` : `${a.ip}:${port.port}`);
      }
    }
  }
  const ret = list.join(',');
  return more ? `${ret} + ${count - MAX} more...` : ret;
}

export const endpointsPrinter: TablePrinter = {
  columns: ['Name', 'Endpoints', 'Age'],
  wideColumns: [],
  row(obj: KubeObject, now: number) {
    const ts = obj.metadata.creationTimestamp;
    return [obj.metadata.name ?? '', formatEndpoints(obj as Endpoints), ts ? humanDuration(now - parseTime(ts)) : '<unknown>'];
  },
};
