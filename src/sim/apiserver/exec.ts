// POST (or a WebSocket GET) pods/{name}/exec: the pod strategy's ExecLocation (pkg/registry/core/
// pod/strategy.go streamLocation) picks the container — the only one, or the one named, else 400
// `a container name must be specified` / `container x is not valid for pod y` — and the node
// (`pod y does not have a host assigned`), and kube-apiserver proxies the stream to that node's
// kubelet at /exec/{ns}/{pod}/{container} with the same options. RBAC has already checked `create`
// (or, for the WebSocket GET of v1.31, `get`) on pods/exec. The answer is relayed as logs are.

import { badRequest } from '../api/errors';
import { decodeCommand } from '../api/exec-options';
import type { Effects } from '../kernel/component';
import { passOptions, proxyToKubelet, streamPod } from './kubelet-proxy';
import { containerFor } from './logs';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';

const EXEC_OPTIONS = ['command', 'stdin', 'stdout', 'stderr', 'tty'];

export function startExec(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = streamPod(ctx, s, rc);
  if (!pod) return;
  const q = rc.msg.body.query ?? {};
  if (!decodeCommand(q)?.length) return respond(ctx, rc, 400, badRequest('you must specify at least one command for the container'), 'Proxy');
  const container = containerFor(pod, q.container);
  if (typeof container !== 'string') return respond(ctx, rc, 400, badRequest(container.error), 'Proxy');
  proxyToKubelet(ctx, s, rc, pod, `/exec/${rc.ri.namespace}/${rc.ri.name}/${container}`, passOptions(rc, EXEC_OPTIONS), { phase: 'execution' });
}
