// Aggregated discovery (apidiscovery.k8s.io/v2, KEP-3352, on by default since v1.30): GET /api
// answers the core group and GET /apis every named group, each with its versions, resources,
// scope, verbs, short names and subresources, read from the resources table. kubectl uses it to
// map names to resources and for `kubectl api-resources`. Every authenticated user may read it
// (the system:discovery ClusterRole), so only authentication runs.

import { DISCOVERY_ORDER, type ResourceInfo } from '../api/resources';

export interface DiscoveryResource {
  resource: string;
  responseKind: { group: string; version: string; kind: string };
  scope: 'Namespaced' | 'Cluster';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: { subresource: string; responseKind: { group: string; version: string; kind: string }; verbs: string[] }[];
}

export interface APIGroupDiscovery {
  metadata: { name?: string };
  versions: { version: string; resources: DiscoveryResource[]; freshness: 'Current' }[];
}

export interface APIGroupDiscoveryList {
  apiVersion: 'apidiscovery.k8s.io/v2';
  kind: 'APIGroupDiscoveryList';
  metadata: Record<string, never>;
  items: APIGroupDiscovery[];
}

/** The verbs a subresource serves (status and scale: get, patch, update; binding and eviction: create). */
export function subresourceVerbs(sub: string): string[] {
  if (sub === 'binding' || sub === 'eviction' || sub === 'token') return ['create'];
  if (sub === 'log') return ['get'];
  if (sub === 'exec' || sub === 'attach' || sub === 'portforward') return ['create', 'get'];
  if (sub === 'proxy') return ['create', 'delete', 'get', 'patch', 'update'];
  if (sub === 'finalize') return ['update'];
  return ['get', 'patch', 'update'];
}

/** Subresources whose kind is not the resource's own (types in apis/policy, autoscaling, ...). */
const SUBRESOURCE_KINDS: Record<string, { group?: string; version?: string; kind: string }> = {
  binding: { kind: 'Binding' },
  eviction: { group: 'policy', version: 'v1', kind: 'Eviction' },
  scale: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  token: { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' },
};

/** The kind a subresource answers with (only its kind when it is the resource's own group and version). */
export function subresourceKind(r: ResourceInfo, sub: string): { group?: string; version?: string; kind: string } {
  if (sub === 'proxy') return { kind: `${r.kind}ProxyOptions` };
  return Object.hasOwn(SUBRESOURCE_KINDS, sub) ? SUBRESOURCE_KINDS[sub]! : { kind: r.kind };
}

function toResource(r: ResourceInfo): DiscoveryResource {
  const out: DiscoveryResource = {
    resource: r.resource,
    responseKind: { group: r.group, version: r.version, kind: r.kind },
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singular,
    verbs: [...r.verbs],
  };
  if (r.shortNames.length) out.shortNames = [...r.shortNames];
  if (r.categories?.length) out.categories = [...r.categories];
  // kubectl finds a subresource's kind here (`kubectl autoscale` and `scale` look up deployments/scale).
  const responseKind = (s: string): { group: string; version: string; kind: string } => {
    const k = subresourceKind(r, s);
    return { group: k.group ?? r.group, version: k.version ?? r.version, kind: k.kind };
  };
  if (r.subresources.length) out.subresources = r.subresources.map((s) => ({ subresource: s, responseKind: responseKind(s), verbs: subresourceVerbs(s) }));
  return out;
}

/** Whether the aggregator lists a built-in group/version (aggregator/local-apiservices.ts). */
export type ServedGroupVersion = (group: string, version: string) => boolean;

/**
 * The discovery document for `/api` (core: true) or `/apis`, groups in kube-apiserver's priority
 * order; `served` leaves out a named group/version whose Local APIService was deleted.
 */
export function discoveryDocument(core: boolean, aggregated: APIGroupDiscovery[] = [], served: ServedGroupVersion = () => true): APIGroupDiscoveryList {
  const groups = new Map<string, Map<string, DiscoveryResource[]>>();
  for (const r of DISCOVERY_ORDER) {
    if ((r.group === '') !== core) continue;
    if (!core && !served(r.group, r.version)) continue;
    const versions = groups.get(r.group) ?? new Map<string, DiscoveryResource[]>();
    const list = versions.get(r.version) ?? [];
    list.push(toResource(r));
    versions.set(r.version, list);
    groups.set(r.group, versions);
  }
  const items: APIGroupDiscovery[] = [...groups.entries()].map(([group, versions]) => ({
    metadata: group ? { name: group } : {},
    versions: [...versions.entries()].map(([version, resources]) => ({ version, resources, freshness: 'Current' as const })),
  }));
  if (!core) items.push(...aggregated);
  return { apiVersion: 'apidiscovery.k8s.io/v2', kind: 'APIGroupDiscoveryList', metadata: {}, items };
}

/** `/api` or `/apis` (with or without a trailing slash): the discovery roots. */
export function isDiscoveryRoot(method: string, path: string): 'api' | 'apis' | undefined {
  if (method !== 'GET') return undefined;
  const p = path.replace(/\/+$/, '');
  if (p === '/api') return 'api';
  if (p === '/apis') return 'apis';
  return undefined;
}
