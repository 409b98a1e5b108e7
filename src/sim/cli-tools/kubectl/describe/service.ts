// `kubectl describe service` (describeService in kubectl/pkg/describe/describe.go). The Endpoints
// line lists the ready addresses of the Service's EndpointSlices for that port name, `ip:port`,
// in the slices' own order (kubectl v1.31 does not sort them), at most three and then `+ N more...`
// (formatEndpointSlices).

import type { Event, KubeObject } from '../../../api/types';
import { LABEL_SERVICE_NAME, type EndpointSlice, type Service, type ServicePort } from '../../../api/service';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import { describeEvents, multiline } from './format';

/** labels.FormatLabels: sorted `k=v` pairs, or `<none>`. */
function formatLabels(m: Record<string, string> | undefined): string {
  const keys = Object.keys(m ?? {}).sort();
  return keys.length ? keys.map((k) => `${k}=${m![k]}`).join(',') : '<none>';
}

/** formatEndpoints over the Service's slices: `<none>` when it has no endpoints at all. */
export function endpointsText(svc: Service, slices: KubeObject[], portName: string): string {
  const mine = (slices as EndpointSlice[]).filter(
    (s) => s.metadata.labels?.[LABEL_SERVICE_NAME] === svc.metadata.name && s.metadata.namespace === svc.metadata.namespace,
  );
  const all = mine.flatMap((s) => s.endpoints ?? []);
  if (all.length === 0) return '<none>';
  const ready = all.filter((e) => e.conditions?.ready !== false).flatMap((e) => e.addresses.slice(0, 1));
  const ports = mine.flatMap((s) => s.ports ?? []).filter((p) => (p.name ?? '') === portName);
  const uniquePorts = [...new Set(ports.map((p) => p.port ?? 0))];
  const list = uniquePorts.length === 0 ? ready : uniquePorts.flatMap((port) => ready.map((ip) => `${ip}:${port}`));
  const shown = list.slice(0, 3).join(',');
  return list.length > 3 ? `${shown} + ${list.length - 3} more...` : shown;
}

function portLines(svc: Service, p: ServicePort, slices: KubeObject[]): string {
  const name = p.name || '<unset>';
  const proto = p.protocol ?? 'TCP';
  let s = `Port:\t${name}\t${p.port}/${proto}\n`;
  s += `TargetPort:\t${p.targetPort ?? p.port}/${proto}\n`;
  if (p.nodePort) s += `NodePort:\t${name}\t${p.nodePort}/${proto}\n`;
  return s + `Endpoints:\t${endpointsText(svc, slices, p.name ?? '')}\n`;
}

export function describeService(svc: Service, events: Event[], slices: KubeObject[], now: number): string {
  const m = svc.metadata;
  const sp = svc.spec;
  let s = `Name:\t${m.name ?? ''}\nNamespace:\t${m.namespace ?? ''}\n`;
  s += multiline('Labels', m.labels, '=');
  s += multiline('Annotations', m.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  s += `Selector:\t${formatLabels(sp.selector)}\nType:\t${sp.type ?? ''}\n`;
  if (sp.ipFamilyPolicy) s += `IP Family Policy:\t${sp.ipFamilyPolicy}\n`;
  if (sp.ipFamilies?.length) s += `IP Families:\t${sp.ipFamilies.join(',')}\n`;
  s += `IP:\t${sp.clusterIP ?? ''}\n`;
  if (sp.clusterIPs?.length) s += `IPs:\t${sp.clusterIPs.join(',')}\n`;
  if (sp.externalIPs?.length) s += `External IPs:\t${sp.externalIPs.join(',')}\n`;
  if (sp.externalName) s += `External Name:\t${sp.externalName}\n`;
  for (const p of sp.ports ?? []) s += portLines(svc, p, slices);
  s += `Session Affinity:\t${sp.sessionAffinity ?? ''}\n`;
  if (sp.externalTrafficPolicy) s += `External Traffic Policy:\t${sp.externalTrafficPolicy}\n`;
  if (sp.internalTrafficPolicy) s += `Internal Traffic Policy:\t${sp.internalTrafficPolicy}\n`;
  const ev = describeEvents(events, now);
  return tabwrite(s + (ev.inline ?? ev.block ?? ''), KUBECTL_DESCRIBE);
}
