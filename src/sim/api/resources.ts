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
  /** Discovery categories (`all`: what `kubectl get all` lists). */
  categories?: string[];
}

/**
 * The `all` category (each type's REST storage Categories() in kube-apiserver): Pods, Services,
 * the apps workloads, HorizontalPodAutoscalers, Jobs and CronJobs. ReplicationControllers are in
 * it too but Kubeplay does not serve them.
 */
const CATEGORY_ALL = new Set(['/pods', '/replicationcontrollers', '/services', 'apps/daemonsets', 'apps/deployments', 'apps/replicasets', 'apps/statefulsets', 'autoscaling/horizontalpodautoscalers', 'batch/cronjobs', 'batch/jobs']);

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
    ...(CATEGORY_ALL.has(`${group}/${resource}`) ? { categories: ['all'] } : {}),
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
  r('', 'v1', 'pods', 'Pod', true, ['po'], ['binding', 'status', 'log', 'eviction', 'exec', 'attach', 'portforward']),
  r('', 'v1', 'resourcequotas', 'ResourceQuota', true, ['quota'], ['status']),
  r('', 'v1', 'secrets', 'Secret', true),
  r('', 'v1', 'serviceaccounts', 'ServiceAccount', true, ['sa'], ['token']),
  r('', 'v1', 'services', 'Service', true, ['svc'], ['status', 'proxy']),
  r('admissionregistration.k8s.io', 'v1', 'mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', false),
  r('admissionregistration.k8s.io', 'v1', 'validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', false),
  r('apiregistration.k8s.io', 'v1', 'apiservices', 'APIService', false, [], ['status']),
  r('apps', 'v1', 'controllerrevisions', 'ControllerRevision', true),
  r('apps', 'v1', 'daemonsets', 'DaemonSet', true, ['ds'], ['status']),
  r('apps', 'v1', 'deployments', 'Deployment', true, ['deploy'], ['scale', 'status']),
  r('apps', 'v1', 'replicasets', 'ReplicaSet', true, ['rs'], ['scale', 'status']),
  r('apps', 'v1', 'statefulsets', 'StatefulSet', true, ['sts'], ['scale', 'status']),
  r('batch', 'v1', 'jobs', 'Job', true, [], ['status']),
  r('batch', 'v1', 'cronjobs', 'CronJob', true, ['cj'], ['status']),
  r('coordination.k8s.io', 'v1', 'leases', 'Lease', true),
  r('discovery.k8s.io', 'v1', 'endpointslices', 'EndpointSlice', true),
  r('storage.k8s.io', 'v1', 'storageclasses', 'StorageClass', false, ['sc']),
  r('authentication.k8s.io', 'v1', 'selfsubjectreviews', 'SelfSubjectReview', false, [], [], ['create']),
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

/**
 * The group priorities kube-apiserver gives its built-in groups (apiVersionPriorities in
 * pkg/controlplane/apiserver/aggregator.go): discovery lists groups from the highest down.
 */
const GROUP_PRIORITY: Record<string, number> = {
  '': 18000,
  // kube-aggregator registers its own group first among the named ones.
  'apiregistration.k8s.io': 18000,
  apps: 17800,
  'events.k8s.io': 17750,
  'authentication.k8s.io': 17700,
  'authorization.k8s.io': 17600,
  autoscaling: 17500,
  batch: 17400,
  'certificates.k8s.io': 17300,
  'networking.k8s.io': 17200,
  policy: 17100,
  'rbac.authorization.k8s.io': 17000,
  'storage.k8s.io': 16800,
  'admissionregistration.k8s.io': 16700,
  'apiextensions.k8s.io': 16700,
  'scheduling.k8s.io': 16600,
  'coordination.k8s.io': 16500,
  'node.k8s.io': 16300,
  'discovery.k8s.io': 16200,
  'flowcontrol.apiserver.k8s.io': 16100,
};

/**
 * The resources in discovery's order: groups by priority, and within a group version the
 * resources sorted by name, as the APIInstaller registers their paths (sort.Strings in installer.go).
 */
export const DISCOVERY_ORDER: readonly ResourceInfo[] = [...RESOURCES].sort(
  (a, b) => (GROUP_PRIORITY[b.group] ?? 0) - (GROUP_PRIORITY[a.group] ?? 0) || (a.group < b.group ? -1 : a.group > b.group ? 1 : 0) || (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0),
);

/** The resources of a category (`all`), in discovery's order, as kubectl's category expander finds them. */
export function resourcesInCategory(category: string): ResourceInfo[] {
  return DISCOVERY_ORDER.filter((r) => r.categories?.includes(category));
}

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
