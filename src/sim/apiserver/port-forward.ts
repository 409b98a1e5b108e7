// pods/{name}/portforward (a WebSocket GET in v1.31, or the POST of SPDY): the pod strategy's
// PortForwardLocation (pkg/registry/core/pod/strategy.go) finds the pod and its node (`pod y does
// not have a host assigned`), and kube-apiserver proxies the stream to that node's kubelet at
// /portForward/{ns}/{pod}. RBAC has already checked `create` (or, for the WebSocket GET, `get`) on
// pods/portforward. Each forwarded connection is one request here (api/port-forward.ts); the
// kubelet's answer is relayed as logs and exec are.

import { badRequest, notFound } from '../api/errors';
import type { HttpRequest } from '../api/http';
import type { Pod } from '../api/types';
import type { Effects } from '../kernel/component';
import { kubeletId } from '../names';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { cachedObject } from './watchcache';

export function startPortForward(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  if (!pod) return respond(ctx, rc, 404, notFound({ group: '', resource: 'pods' }, rc.ri.name), 'Proxy');
  if (!pod.spec.nodeName) return respond(ctx, rc, 400, badRequest(`pod ${rc.ri.name} does not have a host assigned`), 'Proxy');
  const q = rc.msg.body.query ?? {};
  const query: Record<string, string> = {};
  if (q.port !== undefined) query.port = q.port;
  if (q.data !== undefined) query.data = q.data;
  const path = `/portForward/${rc.ri.namespace}/${rc.ri.name}`;
  const req: HttpRequest = {
    type: 'http.request',
    method: 'POST',
    path,
    query,
    credentials: { clientCertificate: { commonName: 'kube-apiserver-kubelet-client', organizations: ['kubeadm:cluster-admins'] } },
    userAgent: 'kube-apiserver',
  };
  const summary = q.port === undefined ? `POST ${path} (upgrade)` : `POST ${path} port ${q.port}`;
  const id = ctx.send(kubeletId(pod.spec.nodeName), req, { summary, phase: 'networking', object: { kind: 'Pod', name: rc.ri.name, namespace: rc.ri.namespace } });
  s.requests.set(rc.msg.id, rc);
  s.proxies.set(id, { requestId: rc.msg.id, kubeletPath: path });
}
