// `kubectl describe ingress` (IngressDescriber.describeIngressV1 in kubectl/pkg/describe/describe.go,
// v1.31): identity, Address (the load balancer's IPs or hostnames, sorted), Ingress Class, the
// default backend, TLS, one row per host and path with its backend, annotations and events. Each
// backend Service is described as `name:port (endpoints)`: kubectl LISTs the EndpointSlices labelled
// with the Service's name and GETs the Service (to find the port's name), then prints the ready
// addresses of that port as formatEndpointSlices does (slice and endpoint order, at most three,
// then `+ N more...`); a failed request prints `name:port (<error: ...>)`.

import type { Event, KubeObject } from '../../../api/types';
import { LABEL_SERVICE_NAME, type EndpointSlice, type Service } from '../../../api/service';
import { tabwrite, KUBECTL_DESCRIBE } from '../../common/tabwriter';
import type { Fetched, FetchSpec } from './describers';
import { describeEvents, multiline } from './format';

interface ServiceBackend {
  name: string;
  port?: { number?: number; name?: string };
}

interface Backend {
  service?: ServiceBackend;
  resource?: { apiGroup?: string; kind?: string; name?: string };
}

export interface Ingress extends KubeObject {
  spec?: {
    ingressClassName?: string;
    defaultBackend?: Backend;
    tls?: { hosts?: string[]; secretName?: string }[];
    rules?: { host?: string; http?: { paths?: { path?: string; backend: Backend }[] } }[];
  };
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } };
}

/** The backends in the order describeIngressV1 describes them: the default one, then each path's. */
function backendsOf(ing: Ingress): Backend[] {
  const out: Backend[] = [];
  if (ing.spec?.defaultBackend) out.push(ing.spec.defaultBackend);
  for (const rule of ing.spec?.rules ?? []) for (const p of rule.http?.paths ?? []) out.push(p.backend);
  return out;
}

/** Two requests per Service backend: its EndpointSlices, then the Service. */
export function ingressRequests(o: KubeObject): FetchSpec[] {
  const ing = o as Ingress;
  const namespace = ing.metadata.namespace ?? '';
  return backendsOf(ing).flatMap((b) =>
    b.service ? [{ resource: 'endpointslices', namespace, labelSelector: `${LABEL_SERVICE_NAME}=${b.service.name}` }, { resource: 'services', namespace, name: b.service.name }] : [],
  );
}

/** serviceBackendStringer: `name:number` or `name:portName`. */
function backendName(b: ServiceBackend): string {
  return `${b.name}:${b.port?.number ? b.port.number : (b.port?.name ?? '')}`;
}

/** formatEndpointSlices for the ports named `portName`. */
function formatEndpointSlices(slices: EndpointSlice[], portName: string): string {
  if (slices.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  for (const slice of slices) {
    const eps = (slice.endpoints ?? []).filter((e) => e.conditions?.ready !== false);
    if (!slice.ports?.length) {
      for (const e of eps) {
        if (list.length < 3) list.push(e.addresses[0]!);
        count++;
      }
      continue;
    }
    for (const port of slice.ports) {
      if ((port.name ?? '') !== portName) continue;
      for (const e of eps) {
        const addr = e.addresses[0]!;
        if (list.length < 3) list.push(addr.includes(':') ? `[${addr}]:${port.port}` : `${addr}:${port.port}`);
        count++;
      }
    }
  }
  return count > 3 ? `${list.join(',')} + ${count - 3} more...` : list.join(',');
}

/** describeBackendV1, from the two answers kubectl got for a Service backend. */
function describeBackend(b: Backend, answers: Fetched[]): string {
  if (b.service) {
    const name = backendName(b.service);
    const [slices, svc] = answers;
    if (slices && !slices.ok) return `${name} (<error: ${slices.error}>)`;
    if (svc && !svc.ok) return `${name} (<error: ${svc.error}>)`;
    let portName = '';
    for (const sp of ((svc?.ok ? svc.body : {}) as Service).spec?.ports ?? []) {
      if (b.service.port?.number && b.service.port.number === sp.port) portName = sp.name ?? '';
      else if (b.service.port?.name && b.service.port.name === sp.name) portName = sp.name ?? '';
    }
    return `${name} (${formatEndpointSlices(((slices?.ok ? slices.body.items : []) ?? []) as EndpointSlice[], portName)})`;
  }
  if (b.resource) return `APIGroup: ${b.resource.apiGroup ?? '<none>'}, Kind: ${b.resource.kind ?? ''}, Name: ${b.resource.name ?? ''}`;
  return '';
}

export function describeIngress(ing: Ingress, events: Event[], now: number, fetched: Fetched[]): string {
  let at = 0;
  const describe = (b: Backend): string => {
    const answers = b.service ? fetched.slice(at, at + 2) : [];
    if (b.service) at += 2;
    return describeBackend(b, answers);
  };
  const lb = [...new Set((ing.status?.loadBalancer?.ingress ?? []).map((x) => x.ip || x.hostname || '').filter((x) => x))].sort();
  let s = `Name:\t${ing.metadata.name ?? ''}\n`;
  s += multiline('Labels', ing.metadata.labels, '=');
  s += `Namespace:\t${ing.metadata.namespace ?? ''}\n`;
  s += `Address:\t${lb.join(',')}\n`;
  s += `Ingress Class:\t${ing.spec?.ingressClassName ?? '<none>'}\n`;
  const def = ing.spec?.defaultBackend ? describe(ing.spec.defaultBackend) : '<default>';
  s += `Default backend:\t${def}\n`;
  if (ing.spec?.tls?.length) {
    s += 'TLS:\n';
    for (const t of ing.spec.tls) s += t.secretName ? `  ${t.secretName} terminates ${(t.hosts ?? []).join(',')}\n` : `  SNI routes ${(t.hosts ?? []).join(',')}\n`;
  }
  s += 'Rules:\n  Host\tPath\tBackends\n  ----\t----\t--------\n';
  let count = 0;
  for (const rule of ing.spec?.rules ?? []) {
    if (!rule.http) continue;
    count++;
    s += `  ${rule.host || '*'}\t\n`;
    for (const p of rule.http.paths ?? []) s += `    \t${p.path ?? ''} \t${describe(p.backend)}\n`;
  }
  if (count === 0) s += `  *\t*\t${def}\n`;
  s += multiline('Annotations', ing.metadata.annotations, ': ', ['kubectl.kubernetes.io/last-applied-configuration']);
  const ev = describeEvents(events, now);
  if (ev.inline) return tabwrite(s + ev.inline, KUBECTL_DESCRIBE);
  return tabwrite(s, KUBECTL_DESCRIBE) + tabwrite(ev.block!, KUBECTL_DESCRIBE);
}
