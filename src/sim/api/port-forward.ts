// pods/{name}/portforward. Real clients open one stream connection (SPDY, or SPDY tunnelled over a
// WebSocket) and then, for each connection to a local port, a pair of streams naming the remote
// port: `data` carries the bytes both ways, `error` the kubelet's error text. Kubeplay's requests
// are whole exchanges, so one request is one request on a forwarded connection (an HTTP request,
// a redis command): `port` and `data` (what the client sent, base64, so that any bytes travel and
// are recorded as one line) in the query, the answer what the pod's program wrote back and
// whether it then closed the connection, or the error. A request
// without `port` is the upgrade itself: kube-apiserver and the kubelet check the pod and say yes.

export interface PortForwardStreamBody {
  kind: 'PortForwardStream';
  /** The bytes the program in the pod wrote back before the connection ended. */
  data: string;
  /** What the kubelet wrote on the error stream (`error forwarding port 80 to pod ...`). */
  error?: string;
  /** The program closed the connection after writing `data`; otherwise it stays open for the next request. */
  close?: boolean;
}

export function isPortForwardStream(body: unknown): body is PortForwardStreamBody {
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === 'PortForwardStream';
}
