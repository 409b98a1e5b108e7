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
  return `${goOp(call.method)} "${url}": ${transportCause(server, failure)}`;
}

/** Go's url.QueryEscape: everything but letters, digits and `-_.~` is %-escaped, a space is `+`. */
function goQueryEscape(v: string): string {
  // encodeURIComponent also leaves !'()* alone; Go escapes them.
  return encodeURIComponent(v)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** Go's url.Values.Encode: keys sorted, each pair escaped, joined with `&`. */
export function goQueryEncode(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((k) => `${goQueryEscape(k)}=${goQueryEscape(query[k]!)}`)
    .join('&');
}

/** A request that got no answer, with its whole URL (client-go's informers set no client timeout). */
export function urlError(method: string, server: string, path: string, query: Record<string, string>, failure: TransportFailure): string {
  const q = goQueryEncode(query);
  return `${goOp(method)} "https://${server}${path}${q ? `?${q}` : ''}": ${transportCause(server, failure)}`;
}

function transportCause(server: string, failure: TransportFailure): string {
  if (failure === 'refused') return `dial tcp ${server}: connect: connection refused`;
  if (failure === 'closed') return 'http2: client connection lost';
  return 'context deadline exceeded';
}
