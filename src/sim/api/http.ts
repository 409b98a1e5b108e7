// HTTP over the simulated network: how kubectl, the scheduler, the kubelet and the controllers talk
// to kube-apiserver, and how the apiserver talks to a kubelet (logs). A watch is a GET with
// `watch=true` that opens a stream; the server then sends one `watch.event` per change on it.

import type { KubeObject, Status } from './types';

/** What a client presents to authenticate, as in a kubeconfig: a client certificate or a bearer token. */
export interface Credentials {
  clientCertificate?: { commonName: string; organizations: string[] };
  /**
   * A client certificate the cluster's CA did not sign (another cluster's kubeconfig): the x509
   * authenticator fails on it ("x509: certificate signed by unknown authority") rather than
   * ignoring it, so without a good token the request is 401, not anonymous.
   */
  untrustedClientCertificate?: true;
  bearerToken?: string;
  /** `kubectl --as=<user>` / `--as-group`: the Impersonate-User and Impersonate-Group headers. */
  impersonateUser?: string;
  impersonateGroups?: string[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  type: 'http.request';
  method: HttpMethod;
  /** `/api/v1/namespaces/default/pods/web`, `/apis/coordination.k8s.io/v1/...`, `/api/v1/.../pods/web/binding` */
  path: string;
  /** Query parameters: watch, resourceVersion, labelSelector, fieldSelector, dryRun, fieldManager, gracePeriodSeconds, propagationPolicy, container, tailLines, follow ... */
  query?: Record<string, string>;
  credentials: Credentials;
  userAgent: string;
  /** `application/json`, `application/merge-patch+json`, `application/strategic-merge-patch+json`, `application/apply-patch+yaml` */
  contentType?: string;
  /** What the client takes back: `application/json;as=Table;v=v1;g=meta.k8s.io` asks for server-side printing. */
  accept?: string;
  body?: unknown;
  /**
   * A watch whose client needs to know when it is established, not only when its first event
   * comes: a real HTTP client through kubeplay serve, which gets the response headers then
   * (handlers/watch.go serveWatch flushes them before any event). The apiserver sends it a
   * `watch.started`. Simulated clients learn of their watches from the events and leave this out,
   * so their traces carry no extra message.
   */
  announceWatch?: true;
}

export interface HttpResponse {
  type: 'http.response';
  /** The id of the request message this answers. */
  requestId: number;
  status: number;
  /** A KubeObject, a list, a metav1.Status, or text (logs). */
  body: KubeObject | Status | unknown;
  /** Warning headers (`299 - "unknown field \"spec.foo\""`): the texts, which kubectl prints as `Warning: <text>` on stderr. */
  warnings?: string[];
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEventBody {
  type: 'watch.event';
  /** The id of the watch request (= the stream id). */
  watchId: number;
  event: { type: WatchEventType; object: KubeObject | Status };
}

/** A watch is established: its response headers (200, chunked) are on their way (see HttpRequest.announceWatch). */
export interface WatchStartedBody {
  type: 'watch.started';
  watchId: number;
}

/**
 * An HTTP/2 PING frame and its acknowledgement: connection-level, answered by the server's HTTP/2
 * stack whatever the handlers are doing. Clients send one when a connection has been idle too long.
 */
export interface Http2Ping {
  type: 'http2.ping';
}
export interface Http2Pong {
  type: 'http2.pong';
  /** The id of the PING message this acknowledges. */
  inReplyTo: number;
}

/** What kubectl v1.31 sends to GET /api and /apis to get aggregated discovery (apidiscovery.k8s.io/v2). */
export const AGGREGATED_DISCOVERY_ACCEPT =
  'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json';
