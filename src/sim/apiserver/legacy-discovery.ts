// The discovery documents clients read when they do not ask for aggregated discovery (client-go
// before v1.26, @kubernetes/client-node, curl): GET /api is APIVersions, /apis an APIGroupList,
// /apis/apps an APIGroup, and /api/v1 or /apis/apps/v1 an APIResourceList with one entry per
// resource and per subresource (`pods/status`), read from the same resources table as aggregated
// discovery (k8s.io/apiserver/pkg/endpoints/discovery). A client that sends the aggregated Accept
// (`as=APIGroupDiscoveryList;g=apidiscovery.k8s.io;v=v2`) gets that instead at /api and /apis.

import { DISCOVERY_ORDER, RESOURCES } from '../api/resources';
import { subresourceKind, subresourceVerbs, type ServedGroupVersion } from './discovery';

export const AGGREGATED_DISCOVERY = 'as=APIGroupDiscoveryList';

interface ApiResource {
  name: string;
  singularName: string;
  namespaced: boolean;
  group?: string;
  version?: string;
  kind: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
}

function resourceList(group: string, version: string): Record<string, unknown> | undefined {
  const rs = RESOURCES.filter((r) => r.group === group && r.version === version);
  if (!rs.length) return undefined;
  const out: ApiResource[] = [];
  for (const r of rs) {
    out.push({ name: r.resource, singularName: r.singular, namespaced: r.namespaced, kind: r.kind, verbs: [...r.verbs], ...(r.shortNames.length && { shortNames: [...r.shortNames] }), ...(r.categories?.length && { categories: [...r.categories] }) });
    for (const sub of r.subresources) {
      const k = subresourceKind(r, sub);
      out.push({ name: `${r.resource}/${sub}`, singularName: '', namespaced: r.namespaced, ...k, verbs: subresourceVerbs(sub) });
    }
  }
  out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: group ? `${group}/${version}` : version, resources: out };
}

function apiGroup(name: string, served: ServedGroupVersion = () => true): Record<string, unknown> | undefined {
  const versions = [...new Set(RESOURCES.filter((r) => r.group === name && served(r.group, r.version)).map((r) => r.version))];
  if (!name || !versions.length) return undefined;
  const vs = versions.map((version) => ({ groupVersion: `${name}/${version}`, version }));
  return { name, versions: vs, preferredVersion: vs[0] };
}

/** The legacy document at `path`, or undefined when the path is not a discovery path (or asks for aggregated). */
export function legacyDiscovery(
  path: string,
  accept: string | undefined,
  serverAddress: string,
  aggregatedGroups: Record<string, unknown>[] = [],
  served: ServedGroupVersion = () => true,
): Record<string, unknown> | undefined {
  const parts = path.split('/').filter(Boolean);
  const trailing = path.length > 1 && path.endsWith('/');
  if (trailing && parts.length === 0) return undefined;
  const aggregated = (accept ?? '').includes(AGGREGATED_DISCOVERY);
  if (parts.length === 1 && parts[0] === 'api') {
    if (aggregated) return undefined;
    return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
  }
  if (parts.length === 1 && parts[0] === 'apis') {
    if (aggregated) return undefined;
    // handler_apis.go: the list comes from the APIService lister; /apis/<group> and below are
    // still answered by kube-apiserver itself (the aggregator delegates), so only here is `served` read.
    const groups = [...new Set(DISCOVERY_ORDER.map((r) => r.group).filter(Boolean))].map((g) => apiGroup(g, served)).filter((g) => g !== undefined);
    return { kind: 'APIGroupList', apiVersion: 'v1', groups: [...groups, ...aggregatedGroups] };
  }
  if (parts.length === 2 && parts[0] === 'api') return resourceList('', parts[1]!);
  if (parts.length === 2 && parts[0] === 'apis') {
    const g = apiGroup(parts[1]!);
    return g && { kind: 'APIGroup', apiVersion: 'v1', ...g };
  }
  if (parts.length === 3 && parts[0] === 'apis') return resourceList(parts[1]!, parts[2]!);
  return undefined;
}
