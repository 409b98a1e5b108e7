// pods/{name}/portforward (a WebSocket GET in v1.31, or the POST of SPDY): the pod strategy's
// PortForwardLocation (pkg/registry/core/pod/strategy.go) finds the pod and its node (`pod y does
// not have a host assigned`), and kube-apiserver proxies the stream to that node's kubelet at
// /portForward/{ns}/{pod}. RBAC has already checked `create` (or, for the WebSocket GET, `get`) on
// pods/portforward. Each forwarded connection is one request here (api/port-forward.ts); the
// kubelet's answer is relayed as logs and exec are.

import type { Effects } from '../kernel/component';
import { passOptions, proxyToKubelet, streamPod } from './kubelet-proxy';
import type { ApiserverState, RequestContext } from './state';

export function startPortForward(ctx: Effects, s: ApiserverState, rc: RequestContext): void {
  const pod = streamPod(ctx, s, rc);
  if (!pod) return;
  const port = rc.msg.body.query?.port;
  const path = `/portForward/${rc.ri.namespace}/${rc.ri.name}`;
  const summary = port === undefined ? `POST ${path} (upgrade)` : `POST ${path} port ${port}`;
  proxyToKubelet(ctx, s, rc, pod, path, passOptions(rc, ['port', 'data']), { summary, phase: 'networking' });
}
