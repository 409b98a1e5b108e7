// `kubectl describe endpointslice` (EndpointSliceDescriber and describeEndpointSliceV1 in
// kubectl/pkg/describe/describe.go, v1.31): the address type, the ports as a small table (or
// `Ports: <unset>`), each endpoint's addresses, readiness, hostname, target, node and zone (unset
// ones `<unset>`), then the events. The lines with no tab (`Ports:`, `Endpoints:`, `Conditions:`)
// end the tabwriter's column blocks, so the padding differs from block to block.

import type { EndpointSlice } from '../../../api/service';
import type { Event } from '../../../api/types';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

type Slice = EndpointSlice & { endpoints?: (EndpointSlice['endpoints'][number] & { zone?: string })[] | null };

export function describeEndpointSlice(eps: Slice, events: Event[], now: number): string {
  let s = `Name:\t${eps.metadata.name ?? ''}\nNamespace:\t${eps.metadata.namespace ?? ''}\n`;
  s += multiline('Labels', eps.metadata.labels, '=');
  s += multiline('Annotations', eps.metadata.annotations, ': ');
  s += `AddressType:\t${eps.addressType ?? ''}\n`;
  if (!eps.ports?.length) {
    s += 'Ports: <unset>\n';
  } else {
    s += 'Ports:\n  Name\tPort\tProtocol\n  ----\t----\t--------\n';
    for (const p of eps.ports) s += `  ${p.name || '<unset>'}\t${p.port ?? '<unset>'}\t${p.protocol ?? ''}\n`;
  }
  if (!eps.endpoints?.length) {
    s += 'Endpoints: <none>\n';
  } else {
    s += 'Endpoints:\n';
    for (const e of eps.endpoints) {
      s += `  - Addresses:\t${(e.addresses ?? []).join(', ') || '<none>'}\n`;
      s += '    Conditions:\n';
      s += `      Ready:\t${e.conditions?.ready === undefined || e.conditions.ready === null ? '<unset>' : String(e.conditions.ready)}\n`;
      s += `    Hostname:\t${e.hostname ?? '<unset>'}\n`;
      if (e.targetRef) s += `    TargetRef:\t${e.targetRef.kind}/${e.targetRef.name}\n`;
      s += `    NodeName:\t${e.nodeName ?? '<unset>'}\n`;
      s += `    Zone:\t${e.zone ?? '<unset>'}\n`;
    }
  }
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
