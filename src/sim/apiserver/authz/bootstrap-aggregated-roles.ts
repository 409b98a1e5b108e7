// The user-facing roles admin, edit and view. Upstream they are empty shells with an
// aggregationRule; the clusterrole-aggregation controller fills their rules from every ClusterRole
// carrying the matching `rbac.authorization.k8s.io/aggregate-to-*` label, in name order. Kubeplay
// has no aggregation controller yet, so the aggregated rules are written out here, exactly as that
// controller would leave them for the default roles (source: bootstrappolicy/policy.go and
// testdata/cluster-roles.yaml).

import type { ClusterRole, PolicyRule } from './rbac-types';
import { READ, clusterRole, rule } from './bootstrap-helpers';

const WRITE = ['create', 'delete', 'deletecollection', 'patch', 'update'];

const AGGREGATE_TO_VIEW: PolicyRule[] = [
  rule(READ, [''], ['configmaps', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status']),
  rule(READ, [''], ['bindings', 'events', 'limitranges', 'namespaces/status', 'pods/log', 'pods/status', 'replicationcontrollers/status', 'resourcequotas', 'resourcequotas/status']),
  rule(READ, [''], ['namespaces']),
  rule(READ, ['discovery.k8s.io'], ['endpointslices']),
  rule(READ, ['apps'], ['controllerrevisions', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'statefulsets', 'statefulsets/scale', 'statefulsets/status']),
  rule(READ, ['autoscaling'], ['horizontalpodautoscalers', 'horizontalpodautoscalers/status']),
  rule(READ, ['batch'], ['cronjobs', 'cronjobs/status', 'jobs', 'jobs/status']),
  rule(READ, ['extensions'], ['daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale']),
  rule(READ, ['policy'], ['poddisruptionbudgets', 'poddisruptionbudgets/status']),
  rule(READ, ['networking.k8s.io'], ['ingresses', 'ingresses/status', 'networkpolicies']),
];

const AGGREGATE_TO_EDIT: PolicyRule[] = [
  rule(READ, [''], ['pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy', 'secrets', 'services/proxy']),
  rule(['impersonate'], [''], ['serviceaccounts']),
  rule(WRITE, [''], ['pods', 'pods/attach', 'pods/exec', 'pods/portforward', 'pods/proxy']),
  rule(['create'], [''], ['pods/eviction']),
  rule(WRITE, [''], ['configmaps', 'events', 'persistentvolumeclaims', 'replicationcontrollers', 'replicationcontrollers/scale', 'secrets', 'serviceaccounts', 'services', 'services/proxy']),
  rule(['create'], [''], ['serviceaccounts/token']),
  rule(WRITE, ['apps'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'replicasets', 'replicasets/scale', 'statefulsets', 'statefulsets/scale']),
  rule(WRITE, ['autoscaling'], ['horizontalpodautoscalers']),
  rule(WRITE, ['batch'], ['cronjobs', 'jobs']),
  rule(WRITE, ['extensions'], ['daemonsets', 'deployments', 'deployments/rollback', 'deployments/scale', 'ingresses', 'networkpolicies', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale']),
  rule(WRITE, ['policy'], ['poddisruptionbudgets']),
  rule(WRITE, ['networking.k8s.io'], ['ingresses', 'networkpolicies']),
  rule(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'], ['coordination.k8s.io'], ['leases']),
];

const AGGREGATE_TO_ADMIN: PolicyRule[] = [
  rule(['create'], ['authorization.k8s.io'], ['localsubjectaccessreviews']),
  rule(['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'], ['rbac.authorization.k8s.io'], ['rolebindings', 'roles']),
];

const label = (to: string) => ({ [`rbac.authorization.k8s.io/aggregate-to-${to}`]: 'true' });

function aggregated(name: string, to: string, rules: PolicyRule[], labels?: Record<string, string>): ClusterRole {
  const r = clusterRole(name, rules, labels);
  r.aggregationRule = { clusterRoleSelectors: [{ matchLabels: label(to) }] };
  return r;
}

/** admin, edit, view and the three system:aggregate-to-* roles they are assembled from. */
export function aggregatedClusterRoles(): ClusterRole[] {
  // Name order decides rule order: edit = system:aggregate-to-edit + view; admin = edit + system:aggregate-to-admin.
  const view = [...AGGREGATE_TO_VIEW];
  const edit = [...AGGREGATE_TO_EDIT, ...view];
  const admin = [...edit, ...AGGREGATE_TO_ADMIN];
  return [
    aggregated('admin', 'admin', admin),
    aggregated('edit', 'edit', edit, label('admin')),
    aggregated('view', 'view', view, label('edit')),
    clusterRole('system:aggregate-to-admin', AGGREGATE_TO_ADMIN, label('admin')),
    clusterRole('system:aggregate-to-edit', AGGREGATE_TO_EDIT, label('edit')),
    clusterRole('system:aggregate-to-view', AGGREGATE_TO_VIEW, label('view')),
  ];
}
