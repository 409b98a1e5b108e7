// The API resources Kubeplay serves, as `kubectl api-resources` lists them. Later issues add rows
// (apps/v1 Deployments, RBAC, Services...); everything that maps kinds, paths and short names reads
// this table.

export interface ResourceInfo {
  /** '' for the core group. */
  group: string;
  version: string;
  /** Plural, lowercase: `pods`. */
  resource: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: string[];
  verbs: string[];
  /** Subresources served: `status`, `binding`, `log`. */
  subresources: string[];
}

const ALL = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

function r(
  group: string,
  version: string,
  resource: string,
  kind: string,
  namespaced: boolean,
  shortNames: string[] = [],
  subresources: string[] = [],
  verbs: string[] = ALL,
): ResourceInfo {
  return {
    group,
    version,
    resource,
    singular: kind.toLowerCase(),
    kind,
    listKind: `${kind}List`,
    namespaced,
    shortNames,
    verbs,
    subresources,
  };
}

export const RESOURCES: ResourceInfo[] = [
  r('', 'v1', 'bindings', 'Binding', true, [], [], ['create']),
  r('', 'v1', 'configmaps', 'ConfigMap', true, ['cm']),
  r('', 'v1', 'events', 'Event', true, ['ev']),
  r('', 'v1', 'limitranges', 'LimitRange', true, ['limits']),
  r('', 'v1', 'namespaces', 'Namespace', false, ['ns'], ['status', 'finalize'], ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']),
  r('', 'v1', 'nodes', 'Node', false, ['no'], ['status', 'proxy']),
  r('', 'v1', 'persistentvolumeclaims', 'PersistentVolumeClaim', true, ['pvc'], ['status']),
  r('', 'v1', 'endpoints', 'Endpoints', true, ['ep']),
  r('', 'v1', 'persistentvolumes', 'PersistentVolume', false, ['pv'], ['status']),
  r('', 'v1', 'pods', 'Pod', true, ['po'], ['binding', 'status', 'log', 'eviction', 'exec']),
  r('', 'v1', 'resourcequotas', 'ResourceQuota', true, ['quota'], ['status']),
  r('', 'v1', 'secrets', 'Secret', true),
  r('', 'v1', 'serviceaccounts', 'ServiceAccount', true, ['sa'], ['token']),
  r('', 'v1', 'services', 'Service', true, ['svc'], ['status', 'proxy']),
  r('apps', 'v1', 'daemonsets', 'DaemonSet', true, ['ds'], ['status']),
  r('apps', 'v1', 'deployments', 'Deployment', true, ['deploy'], ['scale', 'status']),
  r('apps', 'v1', 'replicasets', 'ReplicaSet', true, ['rs'], ['scale', 'status']),
  r('apps', 'v1', 'statefulsets', 'StatefulSet', true, ['sts'], ['scale', 'status']),
  r('batch', 'v1', 'jobs', 'Job', true, [], ['status']),
  r('batch', 'v1', 'cronjobs', 'CronJob', true, ['cj'], ['status']),
  r('coordination.k8s.io', 'v1', 'leases', 'Lease', true),
  r('discovery.k8s.io', 'v1', 'endpointslices', 'EndpointSlice', true),
  r('storage.k8s.io', 'v1', 'storageclasses', 'StorageClass', false, ['sc']),
  r('authorization.k8s.io', 'v1', 'selfsubjectaccessreviews', 'SelfSubjectAccessReview', false, [], [], ['create']),
  r('authorization.k8s.io', 'v1', 'selfsubjectrulesreviews', 'SelfSubjectRulesReview', false, [], [], ['create']),
  // Issue 12 (policy helper): Ingress, IngressClass, HorizontalPodAutoscaler, PodDisruptionBudget.
  r('autoscaling', 'v2', 'horizontalpodautoscalers', 'HorizontalPodAutoscaler', true, ['hpa'], ['status']),
  r('networking.k8s.io', 'v1', 'ingressclasses', 'IngressClass', false),
  r('networking.k8s.io', 'v1', 'ingresses', 'Ingress', true, ['ing'], ['status']),
  r('policy', 'v1', 'poddisruptionbudgets', 'PodDisruptionBudget', true, ['pdb'], ['status']),
  r('rbac.authorization.k8s.io', 'v1', 'clusterrolebindings', 'ClusterRoleBinding', false),
  r('rbac.authorization.k8s.io', 'v1', 'clusterroles', 'ClusterRole', false),
  r('rbac.authorization.k8s.io', 'v1', 'rolebindings', 'RoleBinding', true),
  r('rbac.authorization.k8s.io', 'v1', 'roles', 'Role', true),
];

export function apiVersionOf(info: ResourceInfo): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** By apiVersion + kind, as in a manifest. */
export function resourceForKind(apiVersion: string, kind: string): ResourceInfo | undefined {
  return RESOURCES.find((x) => apiVersionOf(x) === apiVersion && x.kind === kind);
}

/** By group + plural, as in a URL path. */
export function resourceForPath(group: string, version: string, resource: string): ResourceInfo | undefined {
  return RESOURCES.find((x) => x.group === group && x.version === version && x.resource === resource);
}

/**
 * As kubectl resolves what a user typed: plural, singular, short name or kind, optionally
 * group-qualified (`pods`, `pod`, `po`, `Pod`, `leases.coordination.k8s.io`).
 */
export function resourceForName(typed: string): ResourceInfo | undefined {
  const lower = typed.toLowerCase();
  const dot = lower.indexOf('.');
  const name = dot >= 0 ? lower.slice(0, dot) : lower;
  const group = dot >= 0 ? lower.slice(dot + 1) : undefined;
  return RESOURCES.find(
    (x) =>
      (group === undefined || x.group === group) &&
      (x.resource === name || x.singular === name || x.shortNames.includes(name) || x.kind.toLowerCase() === name),
  );
}

/** `pods`, `leases.coordination.k8s.io`: how messages name a resource. */
export function groupResource(info: ResourceInfo): { group: string; resource: string } {
  return { group: info.group, resource: info.resource };
}
