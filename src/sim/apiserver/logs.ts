// GET pods/{name}/log: the apiserver finds the pod's node and proxies to that node's kubelet
// (`/containerLogs/{ns}/{pod}/{container}`), relaying its answer (pod strategy LogLocation).

import { badRequest, internalError, notFound } from '../api/errors';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { Node, Pod, Status } from '../api/types';
import type { Effects, Message } from '../kernel/component';
import { kubeletId } from '../names';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { cachedObject } from './watchcache';

export const LOG_PROXY_TIMER = 'logs.timeout';
const PROXY_TIMEOUT_MS = 30_000;

export function containerFor(pod: Pod, wanted: string | undefined): string | { error: string } {
  const name = pod.metadata.name!;
  const all = [...(pod.spec.initContainers ?? []), ...pod.spec.containers].map((c) => c.name);
  if (wanted) return all.includes(wanted) ? wanted : { error: `container ${wanted} is not valid for pod ${name}` };
  if (pod.spec.containers.length === 1) return pod.spec.containers[0]!.name;
  if (pod.spec.containers.length === 0) return { error: `a container name must be specified for pod ${name}` };
  return { error: `a container name must be specified for pod ${name}, choose one of: [${all.join(' ')}]` };
}

export function startLogs(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  if (!pod) return respond(ctx, rc, 404, notFound({ group: '', resource: 'pods' }, rc.ri.name), 'Proxy');
  const q = rc.msg.body.query ?? {};
  const container = containerFor(pod, q.container);
  if (typeof container !== 'string') return respond(ctx, rc, 400, badRequest(container.error), 'Proxy');
  // An unscheduled pod has no log location: the apiserver answers an empty stream.
  if (!pod.spec.nodeName) return respond(ctx, rc, 200, '', 'Proxy');
  const query: Record<string, string> = {};
  for (const k of ['tailLines', 'previous', 'timestamps', 'follow', 'sinceSeconds', 'sinceTime', 'limitBytes']) if (q[k] !== undefined) query[k] = q[k]!;
  const req: HttpRequest = {
    type: 'http.request',
    method: 'GET',
    path: `/containerLogs/${rc.ri.namespace}/${rc.ri.name}/${container}`,
    query,
    credentials: { clientCertificate: { commonName: 'kube-apiserver-kubelet-client', organizations: ['kubeadm:cluster-admins'] } },
    userAgent: 'kube-apiserver',
  };
  const id = ctx.send(kubeletId(pod.spec.nodeName), req, { summary: `GET ${req.path}`, object: { kind: 'Pod', name: rc.ri.name, namespace: rc.ri.namespace } });
  s.requests.set(rc.msg.id, rc);
  s.proxies.set(id, { requestId: rc.msg.id, timer: ctx.setTimer(PROXY_TIMEOUT_MS, LOG_PROXY_TIMER, id) });
}

/** The kubelet answered (or refused): relay it. Returns false if the message is not a proxied answer. */
export function logsOnMessage(ctx: Effects, s: ApiserverState, msg: Message): boolean {
  const b = msg.body as HttpResponse | { type: 'conn.refused'; inReplyTo: number };
  const id = b.type === 'http.response' ? (b as HttpResponse).requestId : b.type === 'conn.refused' ? (b as { inReplyTo: number }).inReplyTo : undefined;
  if (id === undefined) return false;
  const p = s.proxies.get(id);
  if (!p) return false;
  s.proxies.delete(id);
  if (p.timer !== undefined) ctx.cancelTimer(p.timer);
  const rc = s.requests.get(p.requestId);
  if (!rc) return true;
  s.requests.delete(p.requestId);
  if (b.type === 'http.response') respond(ctx, rc, (b as HttpResponse).status, (b as HttpResponse).body, 'Proxy');
  else respond(ctx, rc, 500, proxyError(s, rc, 'connect: connection refused', p.kubeletPath), 'Proxy');
  return true;
}

/** The proxy's error as the apiserver passes it through (500, empty reason): the Go HTTP client's text. */
function proxyError(s: ApiserverState, rc: RequestContext, cause: string, kubeletPath?: string): Status {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  const nodeName = pod?.spec.nodeName ?? '';
  const node = cachedObject(s, 'nodes', nodeName) as Node | undefined;
  const ip = node?.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? nodeName;
  const container = rc.msg.body.query?.container ?? pod?.spec.containers[0]?.name ?? '';
  const url = `https://${ip}:10250${kubeletPath ?? `/containerLogs/${rc.ri.namespace}/${rc.ri.name}/${container}`}`;
  const detail = cause.startsWith('connect:') ? `dial tcp ${ip}:10250: ${cause}` : cause;
  return internalError(`Get "${url}": ${detail}`);
}

export function logsOnTimeout(ctx: Effects, s: ApiserverState, id: number): void {
  const p = s.proxies.get(id);
  if (!p) return;
  s.proxies.delete(id);
  const rc = s.requests.get(p.requestId);
  if (!rc) return;
  s.requests.delete(p.requestId);
  respond(ctx, rc, 500, proxyError(s, rc, 'context deadline exceeded'), 'Proxy');
}
