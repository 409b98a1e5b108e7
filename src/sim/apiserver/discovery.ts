// Aggregated discovery (apidiscovery.k8s.io/v2, KEP-3352, on by default since v1.30): GET /api
// answers the core group and GET /apis every named group, each with its versions, resources,
// scope, verbs, short names and subresources, read from the resources table. kubectl uses it to
// map names to resources and for `kubectl api-resources`. Every authenticated user may read it
// (the system:discovery ClusterRole), so only authentication runs.

import { RESOURCES, type ResourceInfo } from '../api/resources';

export interface DiscoveryResource {
  resource: string;
  responseKind: { group: string; version: string; kind: string };
  scope: 'Namespaced' | 'Cluster';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  subresources?: { subresource: string; verbs: string[] }[];
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
  if (sub === 'exec') return ['create', 'get'];
  if (sub === 'proxy') return ['create', 'delete', 'get', 'patch', 'update'];
  if (sub === 'finalize') return ['update'];
  return ['get', 'patch', 'update'];
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
  if (r.subresources.length) out.subresources = r.subresources.map((s) => ({ subresource: s, verbs: subresourceVerbs(s) }));
  return out;
}

/** The discovery document for `/api` (core: true) or `/apis`, groups in the table's order. */
export function discoveryDocument(core: boolean): APIGroupDiscoveryList {
  const groups = new Map<string, Map<string, DiscoveryResource[]>>();
  for (const r of RESOURCES) {
    if ((r.group === '') !== core) continue;
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
