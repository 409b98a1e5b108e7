// pods/{name}/attach (a WebSocket GET in v1.31, or the POST of SPDY): the pod strategy's
// AttachLocation (pkg/registry/core/pod/strategy.go streamLocation) picks the container as for
// exec (the only one or the one named: `a container name must be specified`, `container x is not
// valid for pod y`) and the node (`pod y does not have a host assigned`); kube-apiserver proxies to
// the kubelet's /attach/{ns}/{pod}/{container}. RBAC has already checked `create` (or `get` for the
// WebSocket GET) on pods/attach. Each read of an attached stream is one request (api/attach-stream.ts).

import { badRequest } from '../api/errors';
import type { Effects } from '../kernel/component';
import { passOptions, proxyToKubelet, streamPod } from './kubelet-proxy';
import { containerFor } from './logs';
import { respond } from './respond';
import type { ApiserverState, RequestContext } from './state';

const ATTACH_OPTIONS = ['stdin', 'stdout', 'stderr', 'tty', 'after'];

export function startAttach(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = streamPod(ctx, s, rc);
  if (!pod) return;
  const container = containerFor(pod, rc.msg.body.query?.container);
  if (typeof container !== 'string') return respond(ctx, rc, 400, badRequest(container.error), 'Proxy');
  proxyToKubelet(ctx, s, rc, pod, `/attach/${rc.ri.namespace}/${rc.ri.name}/${container}`, passOptions(rc, ATTACH_OPTIONS), { phase: 'execution' });
}
