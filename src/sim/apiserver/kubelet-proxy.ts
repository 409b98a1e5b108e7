// The part the pod strategy's stream locations share (pkg/registry/core/pod/strategy.go
// streamLocation, PortForwardLocation): find the pod in the watch cache (404 when gone) and its node
// (`pod y does not have a host assigned`), then proxy the request to that node's kubelet with
// kube-apiserver's kubelet client certificate. exec.ts, attach.ts and port-forward.ts add what each
// subresource checks and forwards; the kubelet's answer is relayed as logs are.

import { badRequest, notFound } from '../api/errors';
import type { HttpRequest } from '../api/http';
import type { Pod } from '../api/types';
import type { Effects, Phase } from '../kernel/component';
import { kubeletId } from '../names';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { cachedObject } from './watchcache';

/** The pod a stream request names, or undefined once it has answered 404. */
export function streamPod(ctx: Effects, s: ApiserverState, rc: RequestContext): Pod | undefined {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  if (!pod) respond(ctx, rc, 404, notFound({ group: '', resource: 'pods' }, rc.ri.name), 'Proxy');
  return pod;
}

/** The request's own options among `names`, as kube-apiserver passes them on to the kubelet. */
export function passOptions(rc: RequestContext, names: readonly string[]): Record<string, string> {
  const q = rc.msg.body.query ?? {};
  const query: Record<string, string> = {};
  for (const k of names) if (q[k] !== undefined) query[k] = q[k]!;
  return query;
}

/** Send the stream to the pod's kubelet at `path`, or answer 400 when the pod has no node yet. */
export function proxyToKubelet(ctx: Effects, s: ApiserverState, rc: RequestContext, pod: Pod, path: string, query: Record<string, string>, trace: { summary?: string; phase: Phase }): void {
  if (!pod.spec.nodeName) return respond(ctx, rc, 400, badRequest(`pod ${rc.ri.name} does not have a host assigned`), 'Proxy');
  const req: HttpRequest = {
    type: 'http.request',
    method: 'POST',
    path,
    query,
    credentials: { clientCertificate: { commonName: 'kube-apiserver-kubelet-client', organizations: ['kubeadm:cluster-admins'] } },
    userAgent: 'kube-apiserver',
  };
  const id = ctx.send(kubeletId(pod.spec.nodeName), req, { summary: trace.summary ?? `POST ${path}`, phase: trace.phase, object: { kind: 'Pod', name: rc.ri.name, namespace: rc.ri.namespace } });
  s.requests.set(rc.msg.id, rc);
  s.proxies.set(id, { requestId: rc.msg.id, kubeletPath: path });
}
