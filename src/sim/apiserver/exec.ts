// POST (or a WebSocket GET) pods/{name}/exec: the pod strategy's ExecLocation (pkg/registry/core/
// pod/strategy.go streamLocation) picks the container — the only one, or the one named, else 400
// `a container name must be specified` / `container x is not valid for pod y` — and the node
// (`pod y does not have a host assigned`), and kube-apiserver proxies the stream to that node's
// kubelet at /exec/{ns}/{pod}/{container} with the same options. RBAC has already checked `create`
// (or, for the WebSocket GET of v1.31, `get`) on pods/exec. The answer is relayed as logs are.

import { badRequest, notFound } from '../api/errors';
import { decodeCommand } from '../api/exec-options';
import type { HttpRequest } from '../api/http';
import type { Pod } from '../api/types';
import type { Effects } from '../kernel/component';
import { kubeletId } from '../names';
import { containerFor } from './logs';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';
import { cachedObject } from './watchcache';

const EXEC_OPTIONS = ['command', 'stdin', 'stdout', 'stderr', 'tty'];

export function startExec(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = cachedObject(s, 'pods', `${rc.ri.namespace}/${rc.ri.name}`) as Pod | undefined;
  if (!pod) return respond(ctx, rc, 404, notFound({ group: '', resource: 'pods' }, rc.ri.name), 'Proxy');
  const q = rc.msg.body.query ?? {};
  if (!decodeCommand(q)?.length) return respond(ctx, rc, 400, badRequest('you must specify at least one command for the container'), 'Proxy');
  const container = containerFor(pod, q.container);
  if (typeof container !== 'string') return respond(ctx, rc, 400, badRequest(container.error), 'Proxy');
  if (!pod.spec.nodeName) return respond(ctx, rc, 400, badRequest(`pod ${rc.ri.name} does not have a host assigned`), 'Proxy');
  const query: Record<string, string> = {};
  for (const k of EXEC_OPTIONS) if (q[k] !== undefined) query[k] = q[k]!;
  const path = `/exec/${rc.ri.namespace}/${rc.ri.name}/${container}`;
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
