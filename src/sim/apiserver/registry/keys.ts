// Where kube-apiserver keeps each resource in etcd: /registry/<prefix>/<namespace>/<name> for
// namespaced resources, /registry/<prefix>/<name> otherwise. The prefixes are the real ones
// (pkg/registry/*/storage): nodes are still stored under their pre-1.0 name `minions`, and services
// under `services/specs` (beside the old `services/endpoints`). APIServices are served by the
// kube-aggregator inside kube-apiserver, whose storage is set up by EtcdOptions.ApplyTo
// (pkg/controlplane/apiserver/aggregator.go CreateAggregatorConfig, v1.31) with the
// SimpleStorageFactory (k8s.io/apiserver/pkg/server/options/etcd.go), whose ResourcePrefix is
// `<group>/<resource>`: /registry/apiregistration.k8s.io/apiservices/<name>.

import { RESOURCES, type ResourceInfo } from '../../api/resources';

export const REGISTRY_PREFIX = '/registry/';

const STORAGE_PREFIX: Record<string, string> = {
  nodes: 'minions',
  pods: 'pods',
  namespaces: 'namespaces',
  events: 'events',
  leases: 'leases',
  limitranges: 'limitranges',
  services: 'services/specs',
  endpoints: 'services/endpoints',
  endpointslices: 'endpointslices',
  deployments: 'deployments',
  replicasets: 'replicasets',
  // pkg/registry/networking/ingress/storage keeps Ingresses under the singular `ingress`.
  ingresses: 'ingress',
  apiservices: 'apiregistration.k8s.io/apiservices',
};

export function storagePrefix(info: ResourceInfo): string {
  return STORAGE_PREFIX[info.resource] ?? info.resource;
}

/** `/registry/pods/default/` or `/registry/minions/`: the prefix of a collection (all namespaces if ns is ''). */
export function collectionKey(info: ResourceInfo, namespace: string): string {
  const base = `${REGISTRY_PREFIX}${storagePrefix(info)}/`;
  return info.namespaced && namespace ? `${base}${namespace}/` : base;
}

export function objectKey(info: ResourceInfo, namespace: string, name: string): string {
  return info.namespaced ? `${REGISTRY_PREFIX}${storagePrefix(info)}/${namespace}/${name}` : `${REGISTRY_PREFIX}${storagePrefix(info)}/${name}`;
}

/** The resource a stored key belongs to, and the cache key (`ns/name` or `name`); undefined for keys Kubeplay does not serve. */
export function parseKey(key: string): { info: ResourceInfo; cacheKey: string } | undefined {
  if (!key.startsWith(REGISTRY_PREFIX)) return undefined;
  const rest = key.slice(REGISTRY_PREFIX.length);
  // A prefix may have more than one segment (`services/specs`): match it whole.
  const info = RESOURCES.find((r) => r.resource !== 'bindings' && rest.startsWith(`${storagePrefix(r)}/`));
  if (!info) return undefined;
  const parts = ['', ...rest.slice(storagePrefix(info).length + 1).split('/')];
  if (info.namespaced && parts.length === 3) return { info, cacheKey: `${parts[1]}/${parts[2]}` };
  if (!info.namespaced && parts.length === 2) return { info, cacheKey: parts[1]! };
  return undefined;
}

export function cacheKeyOf(namespace: string | undefined, name: string): string {
  return namespace ? `${namespace}/${name}` : name;
}
