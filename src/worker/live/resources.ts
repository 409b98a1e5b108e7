// What live mode lists and watches on a real cluster: the kinds the graph, the inspector and the
// events table draw. Paths are the REST paths kubectl uses (`kubectl get pods -A -v=6` prints
// `GET /api/v1/pods`); a list's items carry no kind or apiVersion (the apiserver leaves them out of
// list items), so each resource says which to put back.

export interface LiveResource {
  /** The plural resource, as the simulation's object ids use it (`pods/default/web`). */
  resource: string;
  kind: string;
  apiVersion: string;
  /** The collection across all namespaces. */
  path: string;
  /**
   * Listed again every this many ms instead of watched. A browser opens at most 6 HTTP/1.1
   * connections to one host (kubectl proxy speaks nothing newer), and each watch holds one open: the
   * kinds the graph draws as they change are watched (MAX_LIVE_WATCHES), the rest are polled, so a
   * connection stays free for the lists, the pod log and the health checks.
   */
  pollMs?: number;
}

/** Watches live mode holds open at once: one fewer than a browser's 6 connections per host. */
export const MAX_LIVE_WATCHES = 5;
/** How often a polled kind is listed again. */
export const LIVE_POLL_MS = 10_000;

export const LIVE_RESOURCES: readonly LiveResource[] = [
  { resource: 'nodes', kind: 'Node', apiVersion: 'v1', path: '/api/v1/nodes' },
  { resource: 'pods', kind: 'Pod', apiVersion: 'v1', path: '/api/v1/pods' },
  { resource: 'services', kind: 'Service', apiVersion: 'v1', path: '/api/v1/services' },
  { resource: 'events', kind: 'Event', apiVersion: 'v1', path: '/api/v1/events' },
  { resource: 'namespaces', kind: 'Namespace', apiVersion: 'v1', path: '/api/v1/namespaces', pollMs: LIVE_POLL_MS },
  { resource: 'deployments', kind: 'Deployment', apiVersion: 'apps/v1', path: '/apis/apps/v1/deployments', pollMs: LIVE_POLL_MS },
  { resource: 'replicasets', kind: 'ReplicaSet', apiVersion: 'apps/v1', path: '/apis/apps/v1/replicasets', pollMs: LIVE_POLL_MS },
  // The Services' endpoints, as the graph's Services band draws them (ui/graph/services.ts).
  { resource: 'endpointslices', kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1', path: '/apis/discovery.k8s.io/v1/endpointslices' },
];

/** A Kubernetes object as JSON, with the metadata live mode reads. */
export interface KubeObject {
  kind?: string;
  apiVersion?: string;
  metadata?: { name?: string; namespace?: string; resourceVersion?: string; [k: string]: unknown };
  [k: string]: unknown;
}

/** `pods/default/web`, `nodes//worker-1`: the id the simulation's frames give the same object. */
export function liveObjectId(r: LiveResource, o: KubeObject): string {
  return `${r.resource}/${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
}
