// `kubectl describe endpoints` (describeEndpoints in kubectl/pkg/describe/describe.go, v1.31): name,
// namespace, labels, annotations, then each subset's ready and not-ready addresses and its ports
// as a small table at LEVEL_2, a blank line after each subset, and the events.

import type { Endpoints } from '../../../api/service';
import type { Event } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

export function describeEndpoints(ep: Endpoints, events: Event[], now: number): string {
  let s = `Name:\t${ep.metadata.name ?? ''}\nNamespace:\t${ep.metadata.namespace ?? ''}\n`;
  s += multiline('Labels', ep.metadata.labels, '=');
  s += multiline('Annotations', ep.metadata.annotations, ': ');
  s += 'Subsets:\n';
  for (const ss of ep.subsets ?? []) {
    const ips = (list: { ip: string }[] | undefined): string => (list ?? []).map((a) => a.ip).join(',') || '<none>';
    s += `  Addresses:\t${ips(ss.addresses)}\n`;
    s += `  NotReadyAddresses:\t${ips(ss.notReadyAddresses)}\n`;
    if (ss.ports?.length) {
      s += '  Ports:\n    Name\tPort\tProtocol\n    ----\t----\t--------\n';
      for (const p of ss.ports) s += `    ${p.name || '<unset>'}\t${p.port}\t${p.protocol ?? ''}\n`;
    }
    s += '\n';
  }
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
