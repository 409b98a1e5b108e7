// The per-controller roles of kube-controller-manager (bootstrappolicy/controller_policy.go, golden
// file testdata/controller-roles.yaml). kubeadm runs the controller manager with
// --use-service-account-credentials=true, so each controller loop authenticates as the service
// account kube-system/<controller> and is bound to ClusterRole system:controller:<controller>. Only
// the controllers Kubeplay runs are listed.

import type { ClusterRole, ClusterRoleBinding } from './rbac-types';
import { EVENTS_RULE, READ, clusterRole, clusterRoleBinding, rule, serviceAccount } from './bootstrap-helpers';

export const CONTROLLER_ROLE_PREFIX = 'system:controller:';

const CONTROLLER_RULES = {
  'deployment-controller': [
    rule(['get', 'list', 'update', 'watch'], ['apps', 'extensions'], ['deployments']),
    rule(['update'], ['apps', 'extensions'], ['deployments/status']),
    rule(['update'], ['apps', 'extensions'], ['deployments/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['get', 'list', 'update', 'watch'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'replicaset-controller': [
    rule(['get', 'list', 'update', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/status']),
    rule(['update'], ['apps', 'extensions'], ['replicasets/finalizers']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'daemon-set-controller': [
    rule(['get', 'list', 'watch'], ['apps', 'extensions'], ['daemonsets']),
    rule(['update'], ['apps', 'extensions'], ['daemonsets/status']),
    rule(['update'], ['apps', 'extensions'], ['daemonsets/finalizers']),
    rule(['list', 'watch'], [''], ['nodes']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    rule(['create'], [''], ['pods/binding']),
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], ['apps'], ['controllerrevisions']),
    EVENTS_RULE,
  ],
  'job-controller': [
    rule(['get', 'list', 'patch', 'update', 'watch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['jobs/status']),
    rule(['update'], ['batch'], ['jobs/finalizers']),
    rule(['create', 'delete', 'list', 'patch', 'watch'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'cronjob-controller': [
    rule(['get', 'list', 'watch', 'update'], ['batch'], ['cronjobs']),
    rule(['get', 'list', 'watch', 'create', 'update', 'delete', 'patch'], ['batch'], ['jobs']),
    rule(['update'], ['batch'], ['cronjobs/status']),
    rule(['update'], ['batch'], ['cronjobs/finalizers']),
    rule(['list', 'delete'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'statefulset-controller': [
    rule(['list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], ['apps'], ['statefulsets']),
    rule(['update'], ['apps'], ['statefulsets/status']),
    rule(['update'], ['apps'], ['statefulsets/finalizers']),
    rule(['get', 'create', 'delete', 'update', 'patch'], [''], ['pods']),
    rule(['get', 'create', 'delete', 'update', 'patch', 'list', 'watch'], ['apps'], ['controllerrevisions']),
    rule(['get', 'create'], [''], ['persistentvolumeclaims']),
    EVENTS_RULE,
  ],
  'node-controller': [
    rule(['delete', 'get', 'list', 'patch', 'update', 'watch'], [''], ['nodes']),
    rule(['patch', 'update'], [''], ['nodes/status']),
    rule(['patch', 'update'], [''], ['pods/status']),
    rule(['delete', 'get', 'list', 'watch'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'endpoint-controller': [
    rule(READ, [''], ['pods', 'services']),
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], [''], ['endpoints']),
    rule(['create'], [''], ['endpoints/restricted']),
    EVENTS_RULE,
  ],
  'endpointslice-controller': [
    rule(READ, [''], ['nodes', 'pods', 'services']),
    rule(['update'], [''], ['services/finalizers']),
    rule(['create', 'delete', 'get', 'list', 'update', 'watch'], ['discovery.k8s.io'], ['endpointslices']),
    EVENTS_RULE,
  ],
  'namespace-controller': [
    rule(['delete', 'get', 'list', 'watch'], [''], ['namespaces']),
    rule(['update'], [''], ['namespaces/finalize', 'namespaces/status']),
    rule(['delete', 'deletecollection', 'get', 'list', 'watch'], ['*'], ['*']),
  ],
  'generic-garbage-collector': [rule(['delete', 'get', 'list', 'patch', 'update', 'watch'], ['*'], ['*']), EVENTS_RULE],
  'pod-garbage-collector': [
    rule(['delete', 'list', 'watch'], [''], ['pods']),
    rule(READ, [''], ['nodes']),
    rule(['patch'], [''], ['pods/status']),
  ],
  'service-account-controller': [rule(['create'], [''], ['serviceaccounts']), EVENTS_RULE],
  'root-ca-cert-publisher': [rule(['create', 'update'], [''], ['configmaps']), EVENTS_RULE],
  // Kubeplay's binder writes merge patches where the real one updates: `patch` is added beside `update`.
  'persistent-volume-binder': [
    rule(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumes']),
    rule(['patch', 'update'], [''], ['persistentvolumes/status']),
    rule(['get', 'list', 'patch', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['patch', 'update'], [''], ['persistentvolumeclaims/status']),
    rule(['create', 'delete', 'get', 'list', 'watch'], [''], ['pods']),
    rule(['get', 'list', 'watch'], ['storage.k8s.io'], ['storageclasses']),
    rule(['get', 'list', 'watch'], [''], ['nodes']),
    EVENTS_RULE,
  ],
  'pvc-protection-controller': [
    rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumeclaims']),
    rule(['get', 'list', 'watch'], [''], ['pods']),
    EVENTS_RULE,
  ],
  'pv-protection-controller': [rule(['get', 'list', 'update', 'watch'], [''], ['persistentvolumes']), EVENTS_RULE],
  'resourcequota-controller': [rule(['list', 'watch'], ['*'], ['*']), rule(['update'], [''], ['resourcequotas/status']), EVENTS_RULE],
  'disruption-controller': [
    rule(['get', 'list', 'watch'], ['extensions', 'apps'], ['deployments']),
    rule(['get', 'list', 'watch'], ['apps', 'extensions'], ['replicasets']),
    rule(['get', 'list', 'watch'], [''], ['replicationcontrollers']),
    rule(['get', 'list', 'watch'], ['policy'], ['poddisruptionbudgets']),
    rule(['get', 'list', 'watch'], ['apps'], ['statefulsets']),
    rule(['update'], ['policy'], ['poddisruptionbudgets/status']),
    rule(['get'], ['*'], ['*/scale']),
    rule(['patch', 'update'], [''], ['pods/status']),
    EVENTS_RULE,
  ],
};

export type ControllerName = keyof typeof CONTROLLER_RULES;

export const CONTROLLER_NAMES = Object.keys(CONTROLLER_RULES) as ControllerName[];

export function controllerClusterRoles(): ClusterRole[] {
  return CONTROLLER_NAMES.map((n) => clusterRole(`${CONTROLLER_ROLE_PREFIX}${n}`, CONTROLLER_RULES[n]));
}

export function controllerClusterRoleBindings(): ClusterRoleBinding[] {
  return CONTROLLER_NAMES.map((n) => clusterRoleBinding(`${CONTROLLER_ROLE_PREFIX}${n}`, [serviceAccount('kube-system', n)]));
}
