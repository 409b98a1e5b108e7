// How client-go reports a request that got no HTTP answer: Go's *url.Error, `<Method> "<url>": <cause>`.
// Components log it as the `err` of their klog lines, e.g. the kubelet's
//   "Failed to update lease" err="Put \"https://10.0.0.10:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/worker-1?timeout=10s\": dial tcp 10.0.0.10:6443: connect: connection refused"
// (net/url.Error.Error; the `?timeout=10s` is client-go adding the client's timeout to every call).

import type { PendingCall } from './apiclient';

export type TransportFailure = 'timeout' | 'refused' | 'closed';

/** Go's url.Error Op: the method with only its first letter upper-case ("Put", "Get"). */
function goOp(method: string): string {
  return method.charAt(0) + method.slice(1).toLowerCase();
}

export function transportError(call: Pick<PendingCall, 'method' | 'path'>, server: string, failure: TransportFailure, timeoutSeconds = 10): string {
  const sep = call.path.includes('?') ? '&' : '?';
  const url = `https://${server}${call.path}${sep}timeout=${timeoutSeconds}s`;
  const cause =
    failure === 'refused'
      ? `dial tcp ${server}: connect: connection refused`
      : failure === 'closed'
        ? 'http2: client connection lost'
        : 'context deadline exceeded';
  return `${goOp(call.method)} "${url}": ${cause}`;
}
