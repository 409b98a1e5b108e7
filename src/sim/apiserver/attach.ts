// pods/{name}/attach (a WebSocket GET in v1.31, or the POST of SPDY): the pod strategy's
// AttachLocation (pkg/registry/core/pod/strategy.go streamLocation) picks the container as for
// exec (the only one or the one named: `a container name must be specified`, `container x is not
// valid for pod y`) and the node (`pod y does not have a host assigned`); kube-apiserver proxies to
// the kubelet's /attach/{ns}/{pod}/{container}. RBAC has already checked `create` (or `get` for the
// WebSocket GET) on pods/attach. Each read of an attached stream is one request (api/attach-stream.ts).

import { badRequest, notFound } from '../api/errors';
import type { HttpRequest } from '../api/http';
import type { Pod } from '../api/types';
import type { Effects } from '../kernel/component';
import { kubeletId } from '../names';
import { containerFor } from './logs';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { cachedObject } from './watchcache';

const ATTACH_OPTIONS = ['stdin', 'stdout', 'stderr', 'tty', 'after'];

export function startAttach(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  if (!pod) return respond(ctx, rc, 404, notFound({ group: '', resource: 'pods' }, rc.ri.name), 'Proxy');
  const q = rc.msg.body.query ?? {};
  const container = containerFor(pod, q.container);
  if (typeof container !== 'string') return respond(ctx, rc, 400, badRequest(container.error), 'Proxy');
  if (!pod.spec.nodeName) return respond(ctx, rc, 400, badRequest(`pod ${rc.ri.name} does not have a host assigned`), 'Proxy');
  const query: Record<string, string> = {};
  for (const k of ATTACH_OPTIONS) if (q[k] !== undefined) query[k] = q[k]!;
  const path = `/attach/${rc.ri.namespace}/${rc.ri.name}/${container}`;
  const req: HttpRequest = {
    type: 'http.request',
    method: 'POST',
    path,
    query,
    credentials: { clientCertificate: { commonName: 'kube-apiserver-kubelet-client', organizations: ['kubeadm:cluster-admins'] } },
    userAgent: 'kube-apiserver',
  };
  const id = ctx.send(kubeletId(pod.spec.nodeName), req, { summary: `POST ${path}`, phase: 'execution', object: { kind: 'Pod', name: rc.ri.name, namespace: rc.ri.namespace } });
  s.requests.set(rc.msg.id, rc);
  s.proxies.set(id, { requestId: rc.msg.id, kubeletPath: path });
}
